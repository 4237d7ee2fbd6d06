import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CREDIT } from '@partsmall/contract';
import { creditAccountAudit, statements } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { closeMonth } from '../../src/features/credit/index.js';
import { addDays, statementName } from '../../src/features/credit/rules.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { makeProduct, placeOrder, seoulToday } from '../order-helpers.js';
import { creditBuyers, giveCredit, type CreditTokens } from '../credit-helpers.js';

/**
 * The hold an overdue statement puts on (docs/requirements.md#overdue) is written when it is found,
 * not only by the 09:00 check: a credit checkout refused for it leaves the account on hold although
 * the order itself rolls back, and a close that makes a statement already overdue holds at once.
 */
let server: TestServer;
let t: CreditTokens;
let productId: number;
const month = seoulToday().slice(0, 7);
const today = seoulToday();
const noon = (day: string) => new Date(`${day}T12:00:00+09:00`);

const pay = (token: string, qty: number, payWith?: 'credit') =>
  placeOrder(server, token, [{ productId, qty }], { payWith });
async function ship(seq: number) {
  for (const extra of [{ status: 1 }, { status: 2, carrier: 'CJ대한통운', waybill: String(600_000_000_000 + seq) }])
    expect((await call(server, 'adminSetOrderStatus', { seq, ...extra }, { token: t.staff })).body.code).toBe(201);
}
/** A company with credit (grace 5 days, threshold 10,000) and one shipped credit order of `qty` × 10,000. */
async function shippedCompany(label: string, qty: number) {
  const c = await makeCompany(server, label, 0);
  const token = (await createSession(server.db, c.main.seq)).token;
  await giveCredit(server, t.admin, c.companyId, { limit: 1_000_000, graceDays: 5, overdueThreshold: 10_000 });
  const order = await pay(token, qty, 'credit');
  expect(order.body.code, order.body.message).toBe(201);
  await ship(order.body.results!.orderSeq);
  return { companyId: c.companyId, token };
}
const summaryOf = async (token: string) => (await call(server, 'getCreditSummary', {}, { token })).body.results!;
async function auditReasons(companyId: number) {
  const rows = await server.db
    .select({ actorName: creditAccountAudit.actorName, reason: creditAccountAudit.reason })
    .from(creditAccountAudit)
    .where(eq(creditAccountAudit.companyId, companyId))
    .orderBy(sql`${creditAccountAudit.id}`);
  return rows.map((r) => `${r.actorName}: ${r.reason}`);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens: t } = await creditBuyers(server, '보류기록'));
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 500 }))
    .id;
});
afterAll(async () => {
  await server?.close();
});

describe('a hold is written when the overdue statement is found', () => {
  it('a credit checkout refused for an overdue statement puts the account on hold, even after staff lifted it', async () => {
    const { companyId, token } = await shippedCompany('결제시보류', 5);
    await closeMonth(server.db, { month, companyId, allowOpenMonth: true });
    const [s] = await server.db
      .update(statements)
      .set({ dueDate: addDays(today, -6) })
      .where(eq(statements.companyId, companyId))
      .returning();
    const name = statementName(s!.month);
    expect(await summaryOf(token)).toMatchObject({ status: 'active' });

    const refused = await pay(token, 1, 'credit');
    expect([refused.status, refused.body.message]).toEqual([400, MSG_CREDIT.onHold(name)]);
    // The order rolled back; the hold did not: the checkout now offers 외상 with its reason.
    expect(await summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    // After the account's creation (staff's row), the system's hold.
    expect((await auditReasons(companyId)).slice(1)).toEqual([`시스템: ${name} 연체`]);

    // Staff lift it; the next credit checkout finds the statement overdue again and holds again.
    const lifted = await call(
      server,
      'adminLiftCreditHold',
      { companyId, reason: '입금 약속 받음' },
      { token: t.staff },
    );
    expect(lifted.body.code).toBe(201);
    expect((await summaryOf(token)).status).toBe('active');
    const again = await pay(token, 1, 'credit');
    expect([again.status, again.body.message]).toEqual([400, MSG_CREDIT.onHold(name)]);
    expect(await summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
  });

  it('a late close that makes a statement already overdue holds the account at once', async () => {
    const { companyId, token } = await shippedCompany('늦은마감', 4);
    // Closed 70 days on: the statement (due the 10th of next month, grace 5 days) is overdue when made.
    const later = noon(addDays(today, 70));
    const closed = await closeMonth(server.db, { month, companyId, now: later });
    expect(closed.closed).toBe(1);
    const name = statementName(month);
    expect(await summaryOf(token)).toMatchObject({ status: 'on_hold', holdReason: MSG_CREDIT.onHold(name) });
    expect((await auditReasons(companyId)).at(-1)).toBe(`시스템: ${name} 연체`);
  });

  it('a close whose statement is not yet due leaves the account as it was', async () => {
    const { companyId, token } = await shippedCompany('제때마감', 2);
    await closeMonth(server.db, { month, companyId, allowOpenMonth: true, now: noon(today) });
    expect(await summaryOf(token)).toMatchObject({ status: 'active', used: 20_000 });
  });
});
