import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT, ORDER_STATUS } from '@partsmall/contract';
import { companies, receivablesLedger, statementLines, statements, taxInvoices } from '../../src/db/schema.js';
import { reversalKey } from '../../src/features/credit/checkout.js';
import { closeMonth } from '../../src/features/credit/close.js';
import { postLedgerEntry } from '../../src/features/credit/index.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';
import { createSession } from '../../src/features/auth/sessions.js';

/**
 * What a month's statement holds (docs/requirements.md#monthly-close): the ledger rows made before
 * the month's end and not yet billed, an order's charge only once the order shipped before it; the
 * opening is the closing of the statement before it; payments count net of the ones taken back.
 * Past months are closed with rows written at their instants (the ledger takes inserts only).
 */
let server: TestServer;
let t: CreditTokens;

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens: t } = await creditBuyers(server, '마감경계'));
});
afterAll(async () => {
  await server?.close();
});

/** A ledger row written at `at` (an instant in Seoul time), as the shop would have then. */
async function rowAt(companyId: number, kind: string, amount: number, at: string) {
  await server.db.insert(receivablesLedger).values({
    companyId,
    kind,
    amount,
    idemKey: `test:${kind}:${randomUUID()}`,
    // A payment (or its reversal) says how its money came: here a bank transfer.
    via: kind === 'payment' || kind === 'payment_reversal' ? 'transfer' : null,
    note: `${kind} (시험)`,
    createdAt: new Date(at),
  });
}

async function statementOfMonth(companyId: number, month: string) {
  const [s] = await server.db
    .select()
    .from(statements)
    .where(and(eq(statements.companyId, companyId), eq(statements.month, month)));
  if (!s) return undefined;
  const lines = await server.db
    .select({ kind: statementLines.kind, amount: statementLines.amount, date: statementLines.lineDate })
    .from(statementLines)
    .where(eq(statementLines.statementId, s.id))
    .orderBy(statementLines.id);
  return { statement: s, lines };
}

describe('three months closed in turn', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await makeCompany(server, '석달마감', 0);
    await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000 });
    await rowAt(c.companyId, 'adjustment', 30_000, '2026-08-14T10:00:00+09:00');
    await rowAt(c.companyId, 'adjustment', 25_000, '2026-09-15T10:00:00+09:00');
    // Two minutes into October, before the scheduled close at 00:05: October's, not September's.
    await rowAt(c.companyId, 'adjustment', 7_000, '2026-10-01T00:02:00+09:00');
    // A deposit of 30,000 in October, taken back by the bank the next day.
    await rowAt(c.companyId, 'payment', -30_000, '2026-10-05T11:00:00+09:00');
    await rowAt(c.companyId, 'payment_reversal', 30_000, '2026-10-06T09:00:00+09:00');
    for (const month of ['2026-08', '2026-09', '2026-10'])
      expect((await closeMonth(server.db, { month, companyId: c.companyId })).closed).toBe(1);
  });

  it('August bills what was made in August', async () => {
    expect(await statementOfMonth(c.companyId, '2026-08')).toMatchObject({
      statement: {
        opening: 0,
        charges: 0,
        credits: 0,
        payments: 0,
        adjustments: 30_000,
        closing: 30_000,
        amountDue: 30_000,
      },
      lines: [{ kind: 'adjustment', amount: 30_000, date: '2026-08-14' }],
    });
  });

  it("September opens with August's closing and leaves what came after its end for October", async () => {
    expect(await statementOfMonth(c.companyId, '2026-09')).toMatchObject({
      statement: {
        opening: 30_000,
        charges: 0,
        credits: 0,
        payments: 0,
        adjustments: 25_000,
        closing: 55_000,
        amountDue: 25_000,
      },
      lines: [{ kind: 'adjustment', amount: 25_000, date: '2026-09-15' }],
    });
  });

  it("October opens with September's closing (not August's); a deposit taken back nets to no payment", async () => {
    expect(await statementOfMonth(c.companyId, '2026-10')).toMatchObject({
      statement: {
        opening: 55_000,
        charges: 0,
        credits: 0,
        payments: 0,
        adjustments: 7_000,
        closing: 62_000,
        amountDue: 7_000,
      },
      lines: [
        { kind: 'adjustment', amount: 7_000, date: '2026-10-01' },
        { kind: 'payment', amount: -30_000, date: '2026-10-05' },
        { kind: 'payment_reversal', amount: 30_000, date: '2026-10-06' },
      ],
    });
  });
});

describe('the running month closed at an instant (the test clock)', () => {
  it('an order charged before the instant but shipped after it waits, as does a row made after it', async () => {
    const c = await makeCompany(server, '시계마감', 0);
    await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000 });
    const token = (await createSession(server.db, c.main.seq)).token;
    const product = (
      await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 50 })
    ).id;
    await server.db.transaction((tx) =>
      postLedgerEntry(tx, {
        companyId: c.companyId,
        kind: 'adjustment',
        amount: 1_000,
        idemKey: `test:${randomUUID()}`,
      }),
    );
    const ordered = await placeOrder(server, token, [{ productId: product, qty: 2 }], { payWith: 'credit' });
    expect(ordered.body.code, ordered.body.message).toBe(201);
    const seq = ordered.body.results!.orderSeq;
    await new Promise((r) => setTimeout(r, 20));
    const instant = new Date();
    await new Promise((r) => setTimeout(r, 20));
    for (const [status, extra] of [
      [1, {}],
      [2, {}], // picked up (placeOrder's default): handed over, no carrier
    ] as const) {
      const moved = await call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: t.staff });
      expect(moved.body.code, moved.body.message).toBe(201);
    }
    await server.db.transaction((tx) =>
      postLedgerEntry(tx, {
        companyId: c.companyId,
        kind: 'adjustment',
        amount: 2_000,
        idemKey: `test:${randomUUID()}`,
      }),
    );

    const month = seoulToday().slice(0, 7);
    const closed = await closeMonth(server.db, { month, companyId: c.companyId, allowOpenMonth: true, now: instant });
    expect(closed.closed).toBe(1);
    const s = await statementOfMonth(c.companyId, month);
    expect(s!.lines.map((l) => [l.kind, l.amount])).toEqual([['adjustment', 1_000]]);
    expect(s!.statement).toMatchObject({ opening: 0, charges: 0, adjustments: 1_000, closing: 1_000 });
  });
});

describe('a return approved after its month ended, before that month was closed', () => {
  it("is credited by the next statement and corrects the month's 월합계 by a 수정세금계산서", async () => {
    const c = await makeCompany(server, '경계반품', 0);
    await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000 });
    await server.db
      .update(companies)
      .set({ ceo: '김경계', bizType: '도소매', bizItem: '자동차 부품', invoiceMail: 'tax@gyeonggye.kr' })
      .where(eq(companies.id, c.companyId));
    const product = (await makeProduct(server, { tiers: [33_000, 33_000, 33_000, 33_000], salePrice: 33_000 })).id;
    const shippedAt = new Date('2026-09-30T16:00:00+09:00');
    const orderId = await insertOrder(server, {
      companyId: c.companyId,
      memberId: c.main.seq,
      status: 5,
      productId: product,
      totalAmount: 33_000,
      shipping: 0,
      createdAt: new Date('2026-09-29T10:00:00+09:00'),
      shippedAt,
    });
    const entry = (kind: 'charge' | 'reversal', amount: number, idemKey: string, at: string) =>
      server.db
        .insert(receivablesLedger)
        .values({ companyId: c.companyId, kind, amount, orderId, idemKey, note: '', createdAt: new Date(at) });
    await entry('charge', 33_000, `charge:order:${orderId}`, '2026-09-30T16:00:00+09:00');
    // Approved one minute into October, before September's close: a reversal, not a credit note.
    await entry('reversal', -33_000, reversalKey(orderId, ORDER_STATUS.returnApproved), '2026-10-01T00:01:00+09:00');
    for (const month of ['2026-09', '2026-10'])
      expect((await closeMonth(server.db, { month, companyId: c.companyId })).closed).toBe(1);

    const september = (await statementOfMonth(c.companyId, '2026-09'))!.statement;
    expect(september).toMatchObject({ charges: 33_000, amountDue: 33_000 });
    expect((await statementOfMonth(c.companyId, '2026-10'))!.statement).toMatchObject({ credits: -33_000 });
    const [monthly] = await server.db.select().from(taxInvoices).where(eq(taxInvoices.id, september.taxInvoiceId!));
    expect(monthly).toMatchObject({ kind: 'monthly', total: 33_000 });
    const corrections = await server.db.select().from(taxInvoices).where(eq(taxInvoices.originalId, monthly!.id));
    expect(corrections.map((x) => [x.kind, x.orderId, x.total, x.writeDate])).toEqual([
      ['correction', orderId, -33_000, '20261001'],
    ]);
  });
});

describe('a month no close took (a close that failed for good, or a server down across the 1st)', () => {
  it('is closed first by the next close, so each statement and 월합계 bills its own month', async () => {
    const c = await makeCompany(server, '밀린마감', 0);
    await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000 });
    await server.db
      .update(companies)
      .set({ ceo: '박밀림', bizType: '도소매', bizItem: '자동차 부품', invoiceMail: 'tax@millim.kr' })
      .where(eq(companies.id, c.companyId));
    const product = (await makeProduct(server, { tiers: [41_000, 41_000, 41_000, 41_000], salePrice: 41_000 })).id;
    const shippedOrder = async (amount: number, at: string) => {
      const orderId = await insertOrder(server, {
        companyId: c.companyId,
        memberId: c.main.seq,
        status: ORDER_STATUS.shipmentComplete,
        productId: product,
        totalAmount: amount,
        shipping: 0,
        createdAt: new Date(at),
        shippedAt: new Date(at),
      });
      await server.db.insert(receivablesLedger).values({
        companyId: c.companyId,
        kind: 'charge',
        amount,
        orderId,
        idemKey: `charge:order:${orderId}`,
        note: '',
        createdAt: new Date(at),
      });
      return orderId;
    };
    const july = await shippedOrder(41_000, '2026-07-20T11:00:00+09:00');
    await rowAt(c.companyId, 'adjustment', 3_000, '2026-08-10T10:00:00+09:00');
    const september = await shippedOrder(82_000, '2026-09-08T15:00:00+09:00');

    // Staff preview September first: it shows the statement the close will make after July's and
    // August's (their lines on those, their closing as its opening), and names those months.
    const preview = async (month: string) => {
      const res = await call(server, 'adminPreviewStatement', { companyId: c.companyId, month }, { token: t.staff });
      expect(res.status).toBe(200);
      const p = res.body.results!;
      return {
        figures: [p.opening, p.charges, p.adjustments, p.closing, p.amountDue],
        lines: p.lines.map((l) => [l.kind, l.amount, l.date]),
        catchUpMonths: p.catchUpMonths,
        status: [p.status, p.statusLabel, p.dueDate],
        makesStatement: p.makesStatement,
      };
    };
    expect(await preview('2026-09')).toEqual({
      figures: [44_000, 82_000, 0, 126_000, 82_000],
      lines: [['charge', 82_000, '2026-09-08']],
      catchUpMonths: ['2026-07', '2026-08'],
      // Due on 10 October (월말 마감 익월 10일), a Saturday, so on Monday the 12th; long past: overdue,
      // as the close will show it.
      status: ['overdue', '연체', '2026-10-12'],
      makesStatement: true,
    });
    // August's preview: July's is made first; August's own line only.
    expect(await preview('2026-08')).toEqual({
      figures: [41_000, 0, 3_000, 44_000, 3_000],
      lines: [['adjustment', 3_000, '2026-08-10']],
      catchUpMonths: ['2026-07'],
      status: ['overdue', '연체', '2026-09-10'],
      makesStatement: true,
    });

    // July, August and September's closes never ran: September's makes July's and August's first.
    const closed = await closeMonth(server.db, { month: '2026-09', companyId: c.companyId });
    expect(closed).toMatchObject({ closed: 1, already: 0, caughtUp: 2 });
    const byMonth = async (month: string) => {
      const s = (await statementOfMonth(c.companyId, month))!;
      const [invoice] = s.statement.taxInvoiceId
        ? await server.db.select().from(taxInvoices).where(eq(taxInvoices.id, s.statement.taxInvoiceId))
        : [];
      return {
        figures: [s.statement.opening, s.statement.charges, s.statement.adjustments, s.statement.closing],
        lines: s.lines.map((l) => [l.kind, l.amount, l.date]),
        invoice: invoice ? [invoice.total, invoice.writeDate, invoice.items.map((i) => i.orderSeq)] : null,
      };
    };
    expect(await byMonth('2026-07')).toEqual({
      figures: [0, 41_000, 0, 41_000],
      lines: [['charge', 41_000, '2026-07-20']],
      invoice: [41_000, '20260731', [july]],
    });
    expect(await byMonth('2026-08')).toEqual({
      figures: [41_000, 0, 3_000, 44_000],
      lines: [['adjustment', 3_000, '2026-08-10']],
      invoice: null,
    });
    expect(await byMonth('2026-09')).toEqual({
      figures: [44_000, 82_000, 0, 126_000],
      lines: [['charge', 82_000, '2026-09-08']],
      invoice: [82_000, '20260930', [september]],
    });

    // October's preview after the close: nothing to catch up, September's closing opens it.
    // Nothing billed in it: nothing due, so paid; the 126,000 carried in still makes a statement.
    expect(await preview('2026-10')).toEqual({
      figures: [126_000, 0, 0, 126_000, 0],
      lines: [],
      catchUpMonths: [],
      status: ['paid', '결제 완료', '2026-11-10'],
      makesStatement: true,
    });
    // September's, and August's (September's close made it), are closed: the preview says so, not an
    // empty statement the close would never write.
    for (const month of ['2026-09', '2026-08']) {
      const res = await call(server, 'adminPreviewStatement', { companyId: c.companyId, month }, { token: t.staff });
      expect([res.status, res.body.message]).toEqual([400, MSG_CREDIT.previewClosed]);
    }

    // Run again: nothing more is made.
    expect(await closeMonth(server.db, { month: '2026-09', companyId: c.companyId })).toMatchObject({
      closed: 0,
      already: 1,
      caughtUp: 0,
    });
  });
});
