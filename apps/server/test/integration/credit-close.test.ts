import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT, MSG_PAPERWORK, creditNoteMgtKey, statementMgtKey } from '@partsmall/contract';
import { MALL_CONFIG } from '../../src/seed/mall-config.js';
import { queryRows } from '../../src/db/client.js';
import {
  companies,
  orderLines,
  receivablesLedger,
  smsOutbox,
  statementLines,
  statements,
  taxInvoiceOutbox,
  taxInvoices,
} from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { closeMonth } from '../../src/features/credit/close.js';
import { applyStatementPayment, postLedgerEntry } from '../../src/features/credit/index.js';
import { dueDateOf, nextMonth } from '../../src/features/credit/rules.js';
import { call, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * The monthly close (docs/requirements.md#monthly-close): one statement per company and month with
 * its lines and 월합계 invoice, exactly once however often it runs; the test clock; the statement
 * PDF, list, preview and re-send; a return after the close; the aging report.
 */
let server: TestServer;
let t: CreditTokens;
let x: TestCompany;
let y: TestCompany;
let z: TestCompany;
let yToken: string;
let productId: number;
const month = seoulToday().slice(0, 7);
const orderIds = { a: 0, b: 0, c: 0, d: 0, e: 0 };

async function creditOrder(token: string, qty: number) {
  const res = await placeOrder(server, token, [{ productId, qty }], { payWith: 'credit' });
  expect(res.body.code, res.body.message).toBe(201);
  return res.body.results!.orderSeq;
}
async function move(seq: number, status: number, extra: Record<string, unknown> = {}) {
  const res = await call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: t.staff });
  expect(res.body.code, res.body.message).toBe(201);
}
async function ship(seq: number) {
  await move(seq, 1);
  await move(seq, 2); // picked up (placeOrder's default): handed over, no carrier
}
const count = async (table: 'statements' | 'tax_invoices' | 'statement_lines') =>
  (await queryRows<{ n: number }>(server.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  let buyer: TestCompany;
  ({ buyer, tokens: t } = await creditBuyers(server, '마감'));
  x = buyer;
  y = await makeCompany(server, '계산서없음', 0);
  z = await makeCompany(server, '거래없음', 0);
  yToken = (await createSession(server.db, y.main.seq)).token;
  await server.db
    .update(companies)
    .set({ ceo: '김마감', bizType: '서비스', bizItem: '자동차 정비', invoiceMail: 'tax@magam.kr' })
    .where(eq(companies.id, x.companyId));
  for (const c of [x, y, z]) await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000 });
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 500 }))
    .id;
  orderIds.a = await creditOrder(t.main, 3); // shipped: billed
  await ship(orderIds.a);
  orderIds.b = await creditOrder(t.main, 2); // shipped, then returned before the close: charge and reversal
  await ship(orderIds.b);
  expect(
    (await call(server, 'returnMallOrder', { seq: orderIds.b, returnReason: 1 }, { token: t.main })).body.code,
  ).toBe(201);
  await move(orderIds.b, 5);
  orderIds.c = await creditOrder(t.main, 1); // not shipped: an open order, not billed
  orderIds.d = await creditOrder(t.main, 4); // cancelled before shipping: never billed
  expect((await call(server, 'cancelMallOrder', { seq: orderIds.d }, { token: t.main })).body.code).toBe(201);
  orderIds.e = await creditOrder(yToken, 1); // a company without invoice fields
  await ship(orderIds.e);
});
afterAll(async () => {
  await server?.close();
});

describe('api/admin/closeMonth', () => {
  it('only an admin closes; a bad or future month is refused in Korean', async () => {
    expect((await call(server, 'adminCloseMonth', { month })).status).toBe(401);
    for (const token of [t.main, t.sub, t.other, t.staff])
      expect((await call(server, 'adminCloseMonth', { month }, { token })).status).toBe(403);
    const bad = await call(server, 'POST', 'api/admin/closeMonth', { month: '2026-13' }, t.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_CREDIT.monthInvalid);
    const ahead = await call(server, 'adminCloseMonth', { month: nextMonth(month) }, { token: t.admin });
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe(MSG_CREDIT.monthNotEnded);
    expect(await count('statements')).toBe(0);
  });

  it('production refuses the running month; demo mode (the test clock) closes it', async () => {
    await expect(closeMonth(server.db, { month, allowOpenMonth: false })).rejects.toMatchObject({
      message: MSG_CREDIT.monthNotEnded,
    });
    expect(await count('statements')).toBe(0);
  });

  it('the staff preview shows what the close will make, writing nothing', async () => {
    const res = await call(server, 'adminPreviewStatement', { companyId: x.companyId, month }, { token: t.staff });
    expect(res.status).toBe(200);
    // The running month's statement falls due next month: unpaid, named as the closed one will be.
    expect(res.body.results).toMatchObject({
      opening: 0,
      charges: 50_000,
      credits: -20_000,
      closing: 30_000,
      paid: 0,
      unpaid: 30_000,
      status: 'unpaid',
      statusLabel: '미결제',
      makesStatement: true,
    });
    // 거래없음 has credit but no line and nothing carried in: the close makes it no statement (below),
    // and the preview says so.
    const none = await call(server, 'adminPreviewStatement', { companyId: z.companyId, month }, { token: t.staff });
    expect(none.status).toBe(200);
    expect(none.body.results).toMatchObject({ opening: 0, closing: 0, amountDue: 0, lines: [], makesStatement: false });
    expect(res.body.results!.lines.map((l) => [l.kind, l.orderSeq, l.amount])).toEqual([
      ['charge', orderIds.a, 30_000],
      ['charge', orderIds.b, 20_000],
      ['reversal', orderIds.b, -20_000],
    ]);
    expect(
      (await call(server, 'adminPreviewStatement', { companyId: x.companyId, month }, { token: t.main })).status,
    ).toBe(403);
    // Two months after the running one has nothing to show: refused, as is the last the month field
    // takes (the next month stays open: after an early close in demo mode, new lines go there).
    for (const ahead of [nextMonth(nextMonth(month)), '2199-12']) {
      const res = await call(
        server,
        'adminPreviewStatement',
        { companyId: x.companyId, month: ahead },
        { token: t.staff },
      );
      expect([res.status, res.body.message]).toEqual([400, MSG_CREDIT.previewAhead]);
    }
    expect(await count('statements')).toBe(0);
  });

  it('closes each company with something to bill once: statement, lines, 월합계 invoice; a company without invoice fields is parked', async () => {
    // A second line on order a, named before its first in any collation: the statement names the order
    // after its first line, as its 알림톡 does, not after the alphabetically first.
    const [first] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderIds.a));
    await server.db.insert(orderLines).values({ ...first!, id: undefined, name: '가스켓 (마감 시험)', qty: 1 });
    const res = await call(server, 'adminCloseMonth', { month }, { token: t.admin });
    await server.db
      .delete(orderLines)
      .where(and(eq(orderLines.orderId, orderIds.a), eq(orderLines.name, '가스켓 (마감 시험)')));
    expect(res.body.code, res.body.message).toBe(201);
    expect(res.body.results).toMatchObject({ month, closed: 2, already: 0, parked: 1 });
    expect(res.body.message).toBe(
      '2개 업체의 명세서를 마감했습니다. 세금계산서 1건은 회사 정보가 부족해 보류되었습니다.',
    );

    const [sx] = await server.db.select().from(statements).where(eq(statements.companyId, x.companyId));
    expect(sx).toMatchObject({
      month,
      opening: 0,
      charges: 50_000,
      credits: -20_000,
      payments: 0,
      adjustments: 0,
      closing: 30_000,
      amountDue: 30_000,
      paid: 0,
      status: 'unpaid',
      termLabel: '월말 마감 익월 10일',
      dueDate: dueDateOf(month, { rule: 'next_month_day', value: 10 }),
    });
    const lines = await server.db.select().from(statementLines).where(eq(statementLines.statementId, sx!.id));
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.kind === 'charge' && l.orderId === orderIds.a)!.description).toMatch(
      new RegExp(`^주문 #${orderIds.a} 출고 · ${first!.name.replace(/[()]/g, '\\$&')} 외 1건$`),
    );
    // The 월합계: order a only (b nets to nothing); 작성일자 the month's last day.
    const invoice = await until('X invoice sent', async () => {
      const [row] = await server.db
        .select()
        .from(taxInvoices)
        .where(eq(taxInvoices.mgtKey, statementMgtKey(sx!.id)));
      return row?.status === 'sent' ? row : null;
    });
    if (!invoice) throw new Error('no invoice');
    expect(invoice).toMatchObject({
      kind: 'monthly',
      month,
      statementId: sx!.id,
      total: 30_000,
      supply: 27_273,
      tax: 2_727,
    });
    expect(invoice.items.map((i) => i.orderSeq)).toEqual([orderIds.a]);
    // Billed now, paid by the due date: the invoice says 청구, not 영수.
    const [statementDoc] = await server.db
      .select()
      .from(taxInvoiceOutbox)
      .where(eq(taxInvoiceOutbox.mgtKey, statementMgtKey(sx!.id)));
    expect(statementDoc!.fields).toMatchObject({ purpose: '청구', total: 30_000 });
    expect(invoice.writeDate).toBe(
      `${month.replace('-', '')}${new Date(Date.UTC(+month.slice(0, 4), +month.slice(5), 0)).getUTCDate()}`,
    );
    expect(sx!.taxInvoiceId).toBe(invoice.id);
    // No per-order invoice for a credit order.
    expect(await server.db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderIds.a))).toEqual([]);

    const [sy] = await server.db.select().from(statements).where(eq(statements.companyId, y.companyId));
    expect(sy).toMatchObject({ charges: 10_000, closing: 10_000, amountDue: 10_000 });
    const parked = await until('Y invoice parked', async () => {
      const [row] = await server.db
        .select()
        .from(taxInvoices)
        .where(eq(taxInvoices.mgtKey, statementMgtKey(sy!.id)));
      return row?.status === 'failed' ? row : null;
    });
    expect(parked?.error).toBe(MSG_PAPERWORK.invoiceFieldsMissing('업태, 종목, 세금계산서 이메일'));
    expect(await server.db.select().from(statements).where(eq(statements.companyId, z.companyId))).toEqual([]);
  });

  it('closing again, or two closes at once, makes nothing more', async () => {
    const before = { s: await count('statements'), l: await count('statement_lines'), i: await count('tax_invoices') };
    const again = await call(server, 'adminCloseMonth', { month }, { token: t.admin });
    expect(again.body.results).toMatchObject({ closed: 0, already: 2 });
    const both = await Promise.all([
      closeMonth(server.db, { month, allowOpenMonth: true }),
      closeMonth(server.db, { month, allowOpenMonth: true, companyId: x.companyId }),
    ]);
    expect(both.map((r) => r.closed)).toEqual([0, 0]);
    expect({ s: await count('statements'), l: await count('statement_lines'), i: await count('tax_invoices') }).toEqual(
      before,
    );
  });

  it('a close stopped midway (one company done) and run again ends with each statement once', async () => {
    const late = await makeCompany(server, '재실행', 0);
    const late2 = await makeCompany(server, '재실행둘', 0);
    for (const c of [late, late2]) {
      await giveCredit(server, t.admin, c.companyId, { limit: 500_000 });
      const token = (await createSession(server.db, c.main.seq)).token;
      await ship(await creditOrder(token, 1));
    }
    // The first company's transaction committed before the "crash"; the rest did not run.
    const first = await closeMonth(server.db, { month, allowOpenMonth: true, companyId: late.companyId });
    expect(first.closed).toBe(1);
    const rerun = await closeMonth(server.db, { month, allowOpenMonth: true });
    expect(rerun).toMatchObject({ closed: 1, already: 3 });
    for (const c of [late, late2])
      expect(await server.db.select().from(statements).where(eq(statements.companyId, c.companyId))).toHaveLength(1);
  });
});

describe('statements as buyers and staff read them', () => {
  it('api/getStatements: the main account its own; a sub-account not allowed, another company none, staff 403', async () => {
    // The close asked for the statement's virtual account; the deposits feature's job issues it.
    await until('virtual account issued', async () => {
      const [s] = await server.db.select().from(statements).where(eq(statements.companyId, x.companyId));
      return s?.vaAccountNumber ? s : null;
    });
    const mine = await call(server, 'getStatements', { page: 1, size: 15 }, { token: t.main });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(1);
    expect(mine.body.results![0]).toMatchObject({
      month,
      companyId: x.companyId,
      amountDue: 30_000,
      unpaid: 30_000,
      status: 'unpaid',
      statusLabel: '미결제',
      taxInvoice: { status: 'sent', statusLabel: '국세청 전송' },
      virtualAccount: { holder: MALL_CONFIG.mallBottom.companyName },
    });
    expect(mine.body.results![0]!.virtualAccount!.accountNumber).toMatch(/^\d{3}-\d{6}-\d{3}$/);
    const sub = await call(server, 'getStatements', {}, { token: t.sub });
    expect(sub.status).toBe(403);
    expect(sub.body.message).toBe(MSG_CREDIT.notForSubAccount);
    const other = await call(server, 'getStatements', {}, { token: t.other });
    expect(other.status).toBe(404);
    expect((await call(server, 'getStatements', {}, { token: t.staff })).status).toBe(403);
    expect((await call(server, 'getStatements', {})).status).toBe(401);
    const range = await call(
      server,
      'getStatements',
      { startDate: '2020-01-01', endDate: '2020-12-31', page: 1, size: 15 },
      { token: t.main },
    );
    expect(range.body.results).toEqual([]);
  });

  it('GET api/statementPdf: the own company and staff get the PDF; another company 404', async () => {
    const [sx] = await server.db.select().from(statements).where(eq(statements.companyId, x.companyId));
    const get = (token?: string) =>
      fetch(`${server.base}/api/statementPdf?seq=${sx!.id}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    for (const token of [t.main, t.staff]) {
      const res = await get(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    expect((await get()).status).toBe(401);
    const other = await get(yToken);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe(MSG_CREDIT.statementNotFound);
  });

  it('staff list and re-send a statement: presses at once send one 알림톡; after a minute it may go again', async () => {
    const list = await call(server, 'adminStatementList', { month, page: 1, size: 20 }, { token: t.staff });
    expect(list.body.results!.map((r) => r.companyId)).toEqual(expect.arrayContaining([x.companyId, y.companyId]));
    expect((await call(server, 'adminStatementList', { page: 1, size: 20 }, { token: t.main })).status).toBe(403);
    const row = list.body.results!.find((r) => r.companyId === x.companyId)!;
    expect(row.unpaid).toBeGreaterThan(0);
    const seq = row.seq;
    const jobs = () =>
      queryRows<{ key: string; state: string }>(
        server.db,
        sql`select singleton_key as key, state::text as state from pgboss.job
          where name = 'notify.send' and singleton_key like ${`statement:${seq}:%`} order by created_on`,
      );
    // The buyer's 알림톡 of this statement, once every job of it has run.
    const sent = async () => {
      await until('the statement 알림톡 sent', async () => (await jobs()).every((j) => j.state === 'completed'));
      const texts = await server.db
        .select({ text: smsOutbox.text })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.phone, x.main.phone), eq(smsOutbox.event, 'creditStatement')));
      return texts.length;
    };
    expect((await jobs()).map((j) => j.key)).toEqual([`statement:${seq}:issued`]);
    expect(await sent()).toBe(1);
    // Staff and the admin at the same moment, and staff's double click: one of them sends.
    const answers = await Promise.all(
      [t.staff, t.admin, t.staff].map((token) => call(server, 'adminResendStatement', { seq }, { token })),
    );
    const again =
      '방금 다시 보낸 명세서입니다. 알림톡이 두 번 가지 않도록 이번에는 보내지 않았습니다. 1분 뒤에 다시 보낼 수 있습니다.';
    expect(answers.map((a) => `${a.body.code} ${a.body.message}`).sort()).toEqual([
      `200 ${again}`,
      `200 ${again}`,
      '201 명세서를 다시 보냈습니다.',
    ]);
    expect(await jobs()).toHaveLength(2);
    expect(await sent()).toBe(2);
    // A minute after the last re-send, it goes again.
    await server.db
      .update(statements)
      .set({ resentAt: new Date(Date.now() - 61_000) })
      .where(eq(statements.id, seq));
    const later = await call(server, 'adminResendStatement', { seq }, { token: t.staff });
    expect([later.body.code, later.body.message]).toEqual([201, '명세서를 다시 보냈습니다.']);
    expect(await jobs()).toHaveLength(3);
    expect(await sent()).toBe(3);
    expect((await call(server, 'adminResendStatement', { seq: 99_999_999 }, { token: t.staff })).status).toBe(404);
    expect((await call(server, 'adminResendStatement', { seq }, { token: t.main })).status).toBe(403);
  });
});

describe('after the close', () => {
  it('exposure counts the unpaid statement and the open order; a return after the close is a credit note for the next statement', async () => {
    const summary = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(summary.body.results).toMatchObject({ used: 40_000, available: 960_000 });
    expect(summary.body.results!.aging.current).toBe(30_000);

    expect(
      (await call(server, 'returnMallOrder', { seq: orderIds.a, returnReason: 1 }, { token: t.main })).body.code,
    ).toBe(201);
    await move(orderIds.a, 5);
    const [note] = await server.db
      .select()
      .from(receivablesLedger)
      .where(eq(receivablesLedger.idemKey, `reversal:order:${orderIds.a}:5`));
    expect(note).toMatchObject({ kind: 'credit_note', amount: -30_000 });
    expect(note!.note).toContain('명세서 차감');
    await ship(orderIds.c);
    const next = await call(
      server,
      'adminPreviewStatement',
      { companyId: x.companyId, month: nextMonth(month) },
      { token: t.staff },
    );
    expect(next.body.results).toMatchObject({ opening: 30_000, charges: 10_000, credits: -30_000, closing: 10_000 });
  });

  it('api/admin/receivablesAging lists every company with credit and the totals; CSV too', async () => {
    const res = await call(server, 'adminReceivablesAging', {}, { token: t.staff });
    expect(res.status).toBe(200);
    const rowX = res.body.results!.rows.find((r) => r.companyId === x.companyId)!;
    // The credit note (−30,000) waits for the next statement: it lowers what is used, not the statement's age.
    expect(rowX).toMatchObject({ companyName: '마감상사', used: 10_000, current: 30_000, total: 30_000, d1_30: 0 });
    // Each company's own position (read for all companies in one statement): Y's one shipped order, billed.
    const rowY = res.body.results!.rows.find((r) => r.companyId === y.companyId)!;
    expect(rowY).toMatchObject({ companyName: '계산서없음상사', used: 10_000, current: 10_000, total: 10_000 });
    const rowZ = res.body.results!.rows.find((r) => r.companyId === z.companyId)!;
    expect(rowZ).toMatchObject({ total: 0, used: 0, oldestDue: null });
    const totals = res.body.results!.totals;
    expect(totals.total).toBe(res.body.results!.rows.reduce((s, r) => s + r.total, 0));
    for (const token of [t.main, t.sub, t.other])
      expect((await call(server, 'adminReceivablesAging', {}, { token })).status).toBe(403);
    expect((await call(server, 'adminReceivablesAging', {})).status).toBe(401);
    const csv = await call(server, 'adminReceivablesAgingExport', {}, { token: t.admin });
    expect(csv.body.results!.csv.split('\r\n')[0]).toBe(
      '\uFEFF업체번호,업체,상태,한도,사용액,기한 전,1~30일,31~60일,61~90일,90일 초과,미수 합계,가장 오래된 결제기한',
    );
    expect(csv.body.results!.csv).toContain(
      `${x.companyId},마감상사,정상,1000000,10000,30000,0,0,0,0,30000,${rowX.oldestDue}`,
    );
    expect(csv.body.results!.rows).toBe(res.body.results!.rows.length);
  });
});

describe('the next close after a return', () => {
  it('a company whose 월합계 was parked returns an order after the close, then fills in its invoice fields', async () => {
    expect(
      (await call(server, 'returnMallOrder', { seq: orderIds.e, returnReason: 1 }, { token: yToken })).body.code,
    ).toBe(201);
    await move(orderIds.e, 5);
    await server.db
      .update(companies)
      .set({ ceo: '김계산', bizType: '서비스', bizItem: '자동차 정비', invoiceMail: 'tax@gyesan.kr' })
      .where(eq(companies.id, y.companyId));
  });

  it('bills the credit note on the next statement and corrects the 월합계 by one 수정세금계산서, however often it closes', async () => {
    const next = nextMonth(month);
    // The test clock: the next month has ended.
    const later = new Date(`${nextMonth(next)}-01T12:00:00+09:00`);
    const result = await closeMonth(server.db, { month: next, now: later });
    expect(result.statements.find((r) => r.companyId === x.companyId)?.closing).toBe(10_000);

    const [first] = await server.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, x.companyId), eq(statements.month, month)));
    const [second] = await server.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, x.companyId), eq(statements.month, next)));
    expect(second).toMatchObject({ opening: 30_000, charges: 10_000, credits: -30_000, closing: 10_000 });
    const [note] = await server.db
      .select()
      .from(receivablesLedger)
      .where(eq(receivablesLedger.idemKey, `reversal:order:${orderIds.a}:5`));
    const lines = await server.db.select().from(statementLines).where(eq(statementLines.statementId, second!.id));
    expect(lines.map((l) => [l.kind, l.orderId, l.amount, l.ledgerId]).sort()).toEqual(
      [
        ['charge', orderIds.c, 10_000, expect.any(Number)],
        ['credit_note', orderIds.a, -30_000, note!.id],
      ].sort(),
    );

    // The credit the next statement has beyond its charges (20,000) pays the first one: what is left
    // unpaid is what the ledger says is owed (10,000), and the next statement is settled.
    const [firstAfter] = await server.db.select().from(statements).where(eq(statements.id, first!.id));
    const [secondAfter] = await server.db.select().from(statements).where(eq(statements.id, second!.id));
    expect(firstAfter).toMatchObject({ amountDue: 30_000, paid: 20_000, status: 'partial' });
    expect(secondAfter).toMatchObject({ amountDue: -20_000, paid: -20_000, status: 'paid' });
    const summary = await call(server, 'getCreditSummary', {}, { token: t.main });
    expect(summary.body.results).toMatchObject({ used: 10_000, available: 990_000 });
    const [ledger] = await queryRows<{ owed: number }>(
      server.db,
      sql`select sum(amount)::int as owed from receivables_ledger where company_id = ${x.companyId}`,
    );
    expect(ledger!.owed).toBe(10_000);

    // One negative 수정세금계산서 against the first month's 월합계 (환입: 수정사유 3), keyed by the credit note.
    const correctionsOf = () =>
      server.db.select().from(taxInvoices).where(eq(taxInvoices.originalId, first!.taxInvoiceId!));
    const [correction, ...more] = await correctionsOf();
    expect(more).toEqual([]);
    expect(correction).toMatchObject({
      kind: 'correction',
      companyId: x.companyId,
      orderId: orderIds.a,
      mgtKey: creditNoteMgtKey(statementMgtKey(first!.id), note!.id),
      total: -30_000,
      supply: -27_273,
      tax: -2_727,
      items: [{ orderSeq: orderIds.a, total: -30_000, supply: -27_273, tax: -2_727 }],
      writeDate: seoulToday().replace(/-/g, ''),
    });
    const sent = await until('correction sent', async () => {
      const [row] = await server.db.select().from(taxInvoices).where(eq(taxInvoices.id, correction!.id));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent).toBeTruthy();
    const [original] = await server.db.select().from(taxInvoices).where(eq(taxInvoices.id, first!.taxInvoiceId!));
    const [doc] = await server.db
      .select()
      .from(taxInvoiceOutbox)
      .where(eq(taxInvoiceOutbox.mgtKey, correction!.mgtKey));
    expect(doc!.fields).toMatchObject({
      total: -30_000,
      supply: -27_273,
      tax: -2_727,
      modifyCode: 3,
      purpose: '청구',
      correctionOf: statementMgtKey(first!.id),
      originalWriteDate: original!.writeDate,
      originalNtsConfirmNum: original!.ntsConfirmNum,
    });
    // The next statement's own 월합계 lists what it billed: order c.
    const [own] = await server.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.mgtKey, statementMgtKey(second!.id)));
    expect(own).toMatchObject({
      kind: 'monthly',
      total: 10_000,
      items: [expect.objectContaining({ orderSeq: orderIds.c })],
    });

    // Closing again, twice at once: nothing more.
    const before = { s: await count('statements'), l: await count('statement_lines'), i: await count('tax_invoices') };
    const again = await Promise.all([
      closeMonth(server.db, { month: next, now: later }),
      closeMonth(server.db, { month: next, now: later, companyId: x.companyId }),
    ]);
    expect(again.map((r) => r.closed)).toEqual([0, 0]);
    expect({ s: await count('statements'), l: await count('statement_lines'), i: await count('tax_invoices') }).toEqual(
      before,
    );
    expect(await correctionsOf()).toHaveLength(1);
    const [firstAgain] = await server.db.select().from(statements).where(eq(statements.id, first!.id));
    expect(firstAgain).toMatchObject({ paid: 20_000, status: 'partial' });
  });
});

describe('a statement the credit of an earlier one pays whole', () => {
  it('asks for nothing (no 알림톡, no virtual account); the credit waiting on a statement lowers 사용액', async () => {
    const w = await makeCompany(server, '차감완납', 0);
    await giveCredit(server, t.admin, w.companyId, { limit: 1_000_000 });
    const token = (await createSession(server.db, w.main.seq)).token;
    const jobsOf = async (seq: number) =>
      (
        await queryRows<{ name: string; key: string }>(
          server.db,
          sql`select name, singleton_key as key from pgboss.job
            where singleton_key in (${`statement:${seq}:issued`}, ${`statement:${seq}`}) order by name`,
        )
      ).map((j) => [j.name, j.key]);
    const statementOfMonth = async (m: string) =>
      (
        await server.db
          .select()
          .from(statements)
          .where(and(eq(statements.companyId, w.companyId), eq(statements.month, m)))
      )[0]!;
    const endOf = (m: string) => new Date(`${nextMonth(m)}-01T12:00:00+09:00`);
    // Month 1: an order of 30,000 billed, and paid.
    const first = await creditOrder(token, 3);
    await ship(first);
    await closeMonth(server.db, { month, now: endOf(month), companyId: w.companyId });
    const s1 = await statementOfMonth(month);
    expect(await jobsOf(s1.id)).toEqual([
      ['notify.send', `statement:${s1.id}:issued`],
      ['statement.account', `statement:${s1.id}`],
    ]);
    await server.db.transaction((tx) =>
      applyStatementPayment(tx, { statementId: s1.id, amount: 30_000, idemKey: `test:pay:${s1.id}`, via: 'transfer' }),
    );
    // Month 2: staff credit 30,000 (an adjustment), nothing bought: a statement of -30,000 whose credit
    // waits. (A return of the paid order would go back to cash at the close: credit-refund.test.ts.)
    await server.db.transaction((tx) =>
      postLedgerEntry(tx, {
        companyId: w.companyId,
        kind: 'adjustment',
        amount: -30_000,
        idemKey: `test:adjust:${w.companyId}`,
        note: '배송 지연 보상',
      }),
    );
    // An order of 40,000 not shipped: 사용액 is it less the credit's 30,000, before and after the
    // close that bills it (its credit then waits on the statement).
    await creditOrder(token, 4);
    const used = async () => (await call(server, 'getCreditSummary', {}, { token })).body.results!.used;
    expect(await used()).toBe(10_000);
    const month2 = nextMonth(month);
    await closeMonth(server.db, { month: month2, now: endOf(month2), companyId: w.companyId });
    const s2 = await statementOfMonth(month2);
    expect(s2).toMatchObject({ amountDue: -30_000, paid: 0 });
    expect(await jobsOf(s2.id)).toEqual([]);
    expect(await used()).toBe(10_000);
    // Month 3: an order of 10,000, paid whole by the credit at the close.
    await ship(await creditOrder(token, 1));
    const month3 = nextMonth(month2);
    await closeMonth(server.db, { month: month3, now: endOf(month3), companyId: w.companyId });
    const s3 = await statementOfMonth(month3);
    expect(s3).toMatchObject({ amountDue: 10_000, paid: 10_000, status: 'paid' });
    expect(await jobsOf(s3.id)).toEqual([]);
    // 20,000 of the credit left; the 40,000 order still open.
    expect(await used()).toBe(20_000);
    // 다시 보내기 asks nothing of a statement with nothing left to pay: paid by a payment (s1),
    // crediting more than it bills (s2) or paid by that credit (s3). Refused, and no 알림톡 written.
    const notices = async () =>
      (
        await queryRows<{ key: string }>(
          server.db,
          sql`select singleton_key as key from pgboss.job where name = 'notify.send'
            and singleton_key ~ ${`^statement:(${s1.id}|${s2.id}|${s3.id}):`}`,
        )
      ).map((j) => j.key);
    expect(await notices()).toEqual([`statement:${s1.id}:issued`]);
    for (const s of [s1, s2, s3]) {
      const res = await call(server, 'adminResendStatement', { seq: s.id }, { token: t.staff });
      expect([res.status, res.body.code, res.body.message]).toEqual([
        409,
        409,
        '결제가 끝난 명세서는 다시 보내지 않습니다. 명세서 알림톡은 결제를 요청하는 안내입니다.',
      ]);
    }
    expect(await notices()).toEqual([`statement:${s1.id}:issued`]);
  });
});

describe('a credit note against a parked 월합계', () => {
  it('its 수정세금계산서 waits, failed with a Korean message, until staff issue the original; then it is issued once', async () => {
    const [sy] = await server.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, y.companyId), eq(statements.month, month)));
    const byKind = async () => {
      const rows = await server.db.select().from(taxInvoices).where(eq(taxInvoices.companyId, y.companyId));
      return {
        original: rows.find((r) => r.id === sy!.taxInvoiceId)!,
        corrections: rows.filter((r) => r.kind === 'correction'),
      };
    };
    const waiting = await until('correction refused', async () => {
      const { corrections } = await byKind();
      return corrections[0]?.status === 'failed' ? corrections : null;
    });
    expect(waiting).toHaveLength(1);
    expect(waiting![0]).toMatchObject({
      total: -10_000,
      originalId: sy!.taxInvoiceId,
      error: MSG_PAPERWORK.originalNotIssued,
    });

    expect((await call(server, 'adminRetryTaxInvoice', { seq: sy!.taxInvoiceId! }, { token: t.staff })).body.code).toBe(
      201,
    );
    await until('original sent', async () => ((await byKind()).original.status === 'sent' ? true : null));
    // Staff retry it (unless the job's own retry, after its back-off, has issued it already).
    if ((await byKind()).corrections[0]!.status === 'failed')
      expect((await call(server, 'adminRetryTaxInvoice', { seq: waiting![0]!.id }, { token: t.staff })).body.code).toBe(
        201,
      );
    const sent = await until('correction sent', async () => {
      const { corrections } = await byKind();
      return corrections[0]?.status === 'sent' ? corrections : null;
    });
    expect(sent).toHaveLength(1);
    const [doc] = await server.db.select().from(taxInvoiceOutbox).where(eq(taxInvoiceOutbox.mgtKey, sent![0]!.mgtKey));
    expect(doc!.fields).toMatchObject({ total: -10_000, modifyCode: 3, correctionOf: statementMgtKey(sy!.id) });
  });
});
