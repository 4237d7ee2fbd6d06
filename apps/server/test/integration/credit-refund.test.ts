import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatSeoulDateTime } from '@partsmall/contract';
import { cashLedger, receivablesLedger, statements, taxInvoices } from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { closeMonth } from '../../src/features/credit/close.js';
import { nextMonth } from '../../src/features/credit/rules.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { balanceOf, fund, makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';
import { expectLedgerMatchesBalances, type TestCompany } from '../member-helpers.js';
import { pdfText } from '../pdf-text.js';

/**
 * Money paid on a 외상 statement and then returned (docs/requirements.md#monthly-close): the close
 * whose statement credits more than it bills gives back what the buyer had paid, to its cash, once;
 * what was never paid only cancels the charge.
 */
let server: TestServer;
let t: CreditTokens;
let productId: number;
const month = seoulToday().slice(0, 7);
const next = nextMonth(month);
const afterNext = new Date(`${nextMonth(next)}-01T12:00:00+09:00`);

async function move(seq: number, status: number, extra: Record<string, unknown> = {}) {
  const res = await call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: t.staff });
  expect(res.body.code, res.body.message).toBe(201);
}
async function shipped(token: string, qty: number) {
  const res = await placeOrder(server, token, [{ productId, qty }], { payWith: 'credit' });
  expect(res.body.code, res.body.message).toBe(201);
  const seq = res.body.results!.orderSeq;
  await move(seq, 1);
  await move(seq, 2); // picked up (placeOrder's default): handed over, no carrier
  return seq;
}
async function returned(token: string, seq: number) {
  const asked = await call(server, 'returnMallOrder', { seq, returnReason: 0 }, { token });
  expect(asked.body.code, asked.body.message).toBe(201);
  await move(seq, 5);
}
const statementOf = async (companyId: number, m: string) =>
  (
    await server.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, companyId), eq(statements.month, m)))
  )[0]!;
const refundsOf = (companyId: number) =>
  server.db
    .select()
    .from(cashLedger)
    .where(and(eq(cashLedger.companyId, companyId), sql`${cashLedger.note} like '외상 반품 환급%'`));
const ledgerSum = async (companyId: number) =>
  Number(
    (
      await queryRows<{ s: string }>(
        server.db,
        sql`select coalesce(sum(amount), 0)::text as s from receivables_ledger where company_id = ${companyId}`,
      )
    )[0]!.s,
  );
const statementRows = async (token: string) =>
  (await call(server, 'getStatements', { page: 1, size: 10 }, { token })).body.results!;

beforeAll(async () => {
  server = await startTestServer();
  productId = (await makeProduct(server, { tiers: [40_000, 40_000, 40_000, 40_000], salePrice: 40_000, stock: 500 }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

describe('a statement paid from cash, then its orders returned', () => {
  let buyer: TestCompany;
  let paidCash: number;
  let due: number;

  beforeAll(async () => {
    ({ buyer, tokens: t } = await creditBuyers(server, '환급업체'));
    await giveCredit(server, t.admin, buyer.companyId, { limit: 5_000_000 });
    await fund(server, buyer.companyId, 1_000_000);
  });

  it('the next close gives the paid money back to cash, once, even when run twice at once', async () => {
    const a = await shipped(t.main, 3);
    const b = await shipped(t.main, 5);
    await closeMonth(server.db, { month, companyId: buyer.companyId, allowOpenMonth: true });
    const first = await statementOf(buyer.companyId, month);
    expect(first.amountDue).toBe(320_000);
    const pay = await call(server, 'payStatement', { seq: first.id, method: 'cash' }, { token: t.main });
    expect(pay.body.results?.amount, pay.body.message).toBe(320_000);
    paidCash = await balanceOf(server, buyer.companyId);
    expect(paidCash).toBe(680_000);
    await returned(t.main, a);
    await returned(t.main, b);
    await shipped(t.main, 1);
    // 40,000 shipped − 320,000 returned: the next statement credits 280,000 more than it bills.
    due = -280_000;

    // Two closes at once, held on the company's credit account until both wait for it.
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          server.db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    let both: Promise<unknown>[] = [];
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`select company_id from credit_accounts where company_id = ${buyer.companyId} for update`);
      both = [
        closeMonth(server.db, { month: next, companyId: buyer.companyId, now: afterNext }),
        closeMonth(server.db, { month: next, companyId: buyer.companyId, now: afterNext }),
      ];
      if (process.env.TEST_DATABASE_URL) await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(2);
    });
    await Promise.all(both);

    const second = await statementOf(buyer.companyId, next);
    expect(second).toMatchObject({ amountDue: due, paid: due, status: 'paid' });
    expect(await balanceOf(server, buyer.companyId)).toBe(paidCash + 280_000);
    const refunds = await refundsOf(buyer.companyId);
    expect(refunds.map((r) => [r.type, r.amount, r.note])).toEqual([
      ['return', 280_000, `외상 반품 환급 (${next} 명세서)`],
    ]);
    // The receivables: nothing owed, nothing owed back.
    expect(await ledgerSum(buyer.companyId)).toBe(0);
    await expectLedgerMatchesBalances(server);
  });

  it('the statement answers the refund and nothing to pay; the summary has nothing pending', async () => {
    const rows = await statementRows(t.main);
    const second = rows.find((r) => r.month === next)!;
    expect(second).toMatchObject({ amountDue: due, refunded: 280_000, unpaid: 0, status: 'paid' });
    expect(rows.find((r) => r.month === month)).toMatchObject({ refunded: 0, unpaid: 0 });
    const summary = (await call(server, 'getCreditSummary', {}, { token: t.main })).body.results!;
    expect(summary).toMatchObject({ used: 0 });
    expect(summary).not.toHaveProperty('pendingCredit');
    expect(summary).not.toHaveProperty('statementCredit');
  });

  it('the 월합계 and its 수정세금계산서 still cancel the returned orders', async () => {
    const first = await statementOf(buyer.companyId, month);
    const corrections = await server.db
      .select({ total: taxInvoices.total })
      .from(taxInvoices)
      .where(eq(taxInvoices.originalId, first.taxInvoiceId!));
    expect(corrections.map((c) => c.total).sort()).toEqual([-120_000, -200_000]);
  });

  it('its PDF says where the credit went, never a negative amount as 영원, and dates itself by the close', async () => {
    const second = await statementOf(buyer.companyId, next);
    const res = await fetch(`${server.base}/api/statementPdf?seq=${second.id}`, {
      headers: { authorization: `Bearer ${t.main}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    const flat = text.replace(/\s+/g, '');
    expect(flat).not.toContain('영원정');
    expect(flat).not.toContain('₩-');
    expect(flat).toContain('캐시로환급280,000원');
    expect(flat).toContain(`${formatSeoulDateTime(second.closedAt)}발행`.replace(/\s+/g, ''));
  });

  it('a later close, or the same close again, gives nothing more', async () => {
    const again = await closeMonth(server.db, { month: next, companyId: buyer.companyId, now: afterNext });
    expect(again.closed).toBe(0);
    const later = nextMonth(next);
    await closeMonth(server.db, {
      month: later,
      companyId: buyer.companyId,
      now: new Date(`${nextMonth(later)}-01T12:00:00+09:00`),
    });
    expect(await refundsOf(buyer.companyId)).toHaveLength(1);
    expect(await balanceOf(server, buyer.companyId)).toBe(paidCash + 280_000);
    // The refund is a line of the statement after it, which then opens and closes at 0.
    expect(await statementOf(buyer.companyId, later)).toMatchObject({ opening: due, closing: 0, amountDue: 0 });
    const lines = await server.db
      .select({ kind: receivablesLedger.kind, via: receivablesLedger.via, amount: receivablesLedger.amount })
      .from(receivablesLedger)
      .where(and(eq(receivablesLedger.companyId, buyer.companyId), sql`${receivablesLedger.idemKey} like 'refund:%'`))
      .orderBy(asc(receivablesLedger.id));
    expect(lines).toEqual([{ kind: 'payment_reversal', via: 'cash', amount: 280_000 }]);
  });
});

describe('a statement paid in part, then its order returned', () => {
  it('gives back only what was paid; the unpaid rest just cancels the charge', async () => {
    const { buyer, tokens } = await creditBuyers(server, '부분환급');
    t = tokens;
    await giveCredit(server, t.admin, buyer.companyId, { limit: 5_000_000 });
    await fund(server, buyer.companyId, 50_000);
    const a = await shipped(t.main, 4);
    await closeMonth(server.db, { month, companyId: buyer.companyId, allowOpenMonth: true });
    const first = await statementOf(buyer.companyId, month);
    expect(first.amountDue).toBe(160_000);
    await call(server, 'payStatement', { seq: first.id, method: 'cash' }, { token: t.main });
    expect(await balanceOf(server, buyer.companyId)).toBe(0);
    await returned(t.main, a);
    await closeMonth(server.db, { month: next, companyId: buyer.companyId, now: afterNext });
    // 160,000 credited: 110,000 pays what was unpaid, the 50,000 paid goes back to cash.
    expect(await statementOf(buyer.companyId, month)).toMatchObject({ paid: 160_000, status: 'paid' });
    expect(await balanceOf(server, buyer.companyId)).toBe(50_000);
    expect((await refundsOf(buyer.companyId)).map((r) => r.amount)).toEqual([50_000]);
    expect(await ledgerSum(buyer.companyId)).toBe(0);
    const rows = await statementRows(t.main);
    expect(rows.find((r) => r.month === next)).toMatchObject({ amountDue: -160_000, refunded: 50_000, unpaid: 0 });
  });

  it('a statement never paid gets no cash back', async () => {
    const { buyer, tokens } = await creditBuyers(server, '미결제반품');
    t = tokens;
    await giveCredit(server, t.admin, buyer.companyId, { limit: 5_000_000 });
    const a = await shipped(t.main, 2);
    await closeMonth(server.db, { month, companyId: buyer.companyId, allowOpenMonth: true });
    await returned(t.main, a);
    await closeMonth(server.db, { month: next, companyId: buyer.companyId, now: afterNext });
    expect(await statementOf(buyer.companyId, month)).toMatchObject({ amountDue: 80_000, paid: 80_000 });
    expect(await balanceOf(server, buyer.companyId)).toBe(0);
    expect(await refundsOf(buyer.companyId)).toEqual([]);
    expect(await ledgerSum(buyer.companyId)).toBe(0);
  });
});
