import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statements } from '../../src/db/schema.js';
import { closeMonth } from '../../src/features/credit/close.js';
import { applyStatementPayment, postLedgerEntry } from '../../src/features/credit/index.js';
import { nextMonth } from '../../src/features/credit/rules.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { balanceOf, COURIER, makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';
import type { TestCompany } from '../member-helpers.js';

/**
 * A return after the close (docs/requirements.md#credit-summary-and-statements): its credit note
 * lowers 사용 at once but no statement until the next close, so the buyer's summary says how much the
 * next close takes off (`pendingCredit`): what 사용 and 기간별 미수 differ by. Credit a close left on a
 * statement is `statementCredit`; what the buyer had paid of it goes back to its cash at that close.
 */
let server: TestServer;
let t: CreditTokens;
let buyer: TestCompany;
let productId: number;
const month = seoulToday().slice(0, 7);

const summary = async () => (await call(server, 'getCreditSummary', {}, { token: t.main })).body.results!;
const figures = async () => {
  const s = await summary();
  // Absent when nothing is pending (an answer as before the field), so 0 here.
  return { used: s.used, current: s.aging.current, pendingCredit: s.pendingCredit ?? 0 };
};
async function move(seq: number, status: number, extra: Record<string, unknown> = {}) {
  const res = await call(server, 'adminSetOrderStatus', { seq, status, ...extra }, { token: t.staff });
  expect(res.body.code, res.body.message).toBe(201);
}
async function shippedCreditOrder(qty: number, shippingInfo?: typeof COURIER) {
  const res = await placeOrder(server, t.main, [{ productId, qty }], { payWith: 'credit', shippingInfo });
  expect(res.body.code, res.body.message).toBe(201);
  const seq = res.body.results!.orderSeq;
  await move(seq, 1);
  // A parcel has its carrier; a pickup (placeOrder's default) is handed over without one.
  await move(seq, 2, shippingInfo ? { carrier: 'CJ대한통운', waybill: String(600_000_000_000 + seq) } : {});
  return seq;
}
const statementOf = async (m: string) =>
  (
    await server.db
      .select()
      .from(statements)
      .where(and(eq(statements.companyId, buyer.companyId), eq(statements.month, m)))
  )[0]!;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens: t } = await creditBuyers(server, '차감예정'));
  await giveCredit(server, t.admin, buyer.companyId, { limit: 3_000_000 });
  productId = (await makeProduct(server, { tiers: [30_500, 30_500, 30_500, 30_500], salePrice: 30_500, stock: 100 }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

describe('getCreditSummary after a return past the close', () => {
  let returned: number;

  it('says nothing is pending while every statement bills what it should', async () => {
    // The order of the finding: 3 x 30,500 by parcel (6,000), 97,500 on 외상.
    returned = await shippedCreditOrder(3, COURIER);
    expect(await figures()).toEqual({ used: 97_500, current: 97_500, pendingCredit: 0 });
    expect(await summary()).not.toHaveProperty('pendingCredit');
    expect((await closeMonth(server.db, { month, companyId: buyer.companyId, allowOpenMonth: true })).closed).toBe(1);
    expect(await statementOf(month)).toMatchObject({ amountDue: 97_500, paid: 0 });
    expect(await figures()).toEqual({ used: 97_500, current: 97_500, pendingCredit: 0 });
  });

  it('a return approved after the close: 사용 6,000원, 미수 97,500원, and 91,500원 to be taken off at the next close', async () => {
    const asked = await call(server, 'returnMallOrder', { seq: returned, returnReason: 1 }, { token: t.main });
    expect(asked.body.code, asked.body.message).toBe(201);
    await move(returned, 5);
    // The statement still bills 97,500 (a closed statement never changes): the difference is the credit note.
    expect(await statementOf(month)).toMatchObject({ amountDue: 97_500, paid: 0 });
    expect(await figures()).toEqual({ used: 6_000, current: 97_500, pendingCredit: 91_500 });
  });

  it('a shipped order not billed yet is netted with it: the next statement takes off what is left', async () => {
    await shippedCreditOrder(1);
    // 97,500 + 30,500 - 91,500 = 36,500 used; the next statement bills 30,500 - 91,500 = -61,000.
    expect(await figures()).toEqual({ used: 36_500, current: 97_500, pendingCredit: 61_000 });
  });

  it('paid in full now, the next close gives the paid money back to cash: nothing is pending after it', async () => {
    const first = await statementOf(month);
    await server.db.transaction((tx) =>
      applyStatementPayment(tx, {
        statementId: first.id,
        amount: 97_500,
        idemKey: `test:pay:${first.id}`,
        via: 'transfer',
      }),
    );
    expect(await figures()).toEqual({ used: 0, current: 0, pendingCredit: 61_000 });
    const next = nextMonth(month);
    await closeMonth(server.db, {
      month: next,
      companyId: buyer.companyId,
      now: new Date(`${nextMonth(next)}-01T12:00:00+09:00`),
    });
    // Before, the 61,000 stayed on that statement for good, still pending (docs/requirements.md#monthly-close).
    expect(await statementOf(next)).toMatchObject({ amountDue: -61_000, paid: -61_000, status: 'paid' });
    expect(await balanceOf(server, buyer.companyId)).toBe(61_000);
    expect(await figures()).toEqual({ used: 0, current: 0, pendingCredit: 0 });
    expect(await summary()).not.toHaveProperty('statementCredit');
  });

  it('credit a close left on a statement (a staff adjustment, never cash) is told apart from what is pending', async () => {
    await server.db.transaction((tx) =>
      postLedgerEntry(tx, {
        companyId: buyer.companyId,
        kind: 'adjustment',
        amount: -20_000,
        idemKey: `test:adjust:${buyer.companyId}`,
        note: '배송 지연 보상',
      }),
    );
    // Not on a statement yet: the next close takes it off.
    expect(await figures()).toEqual({ used: 0, current: 0, pendingCredit: 20_000 });
    const later = nextMonth(nextMonth(month));
    await closeMonth(server.db, {
      month: later,
      companyId: buyer.companyId,
      now: new Date(`${nextMonth(later)}-01T12:00:00+09:00`),
    });
    expect(await balanceOf(server, buyer.companyId)).toBe(61_000);
    expect(await figures()).toEqual({ used: 0, current: 0, pendingCredit: 0 });
    expect(await summary()).toMatchObject({ statementCredit: 20_000 });
  });

  it("staff see the same figures on the company's credit page", async () => {
    const page = await call(server, 'adminGetCreditAccount', { companyId: buyer.companyId }, { token: t.staff });
    expect(page.body.results!.summary).toMatchObject({ used: 0, statementCredit: 20_000 });
    expect(page.body.results!.summary).not.toHaveProperty('pendingCredit');
  });
});
