import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER, ORDER_STATUS } from '@partsmall/contract';
import { companies, members, orders, receivablesLedger, statements } from '../../src/db/schema.js';
import { createSession } from '../../src/features/auth/sessions.js';
import { closeMonth } from '../../src/features/credit/index.js';
import { call, loginAs } from '../helpers.js';
import { makeCompany, withdrawAccount, type TestCompany } from '../member-helpers.js';
import { fund, seoulToday } from '../order-helpers.js';
import { giveCredit, startOverdueShop, type OverdueShop } from '../credit-helpers.js';

/**
 * A company cannot withdraw while it owes 외상 (docs/requirements.md#withdrawal): statements not paid,
 * or shipped charges not on a statement yet. Its main account is told how much and where to pay it.
 */
let shop: OverdueShop;

beforeAll(async () => {
  shop = await startOverdueShop('외상탈퇴');
});
afterAll(async () => {
  await shop?.close();
});

const companyWithdrawn = async (id: number) =>
  (await shop.server.db.select().from(companies).where(eq(companies.id, id)))[0]!.withdrawnAt !== null;
const statusOf = async (seq: number) =>
  (await shop.server.db.select().from(members).where(eq(members.id, seq)))[0]!.status;
const withdrawCheck = async (token: string) => (await call(shop.server, 'withdrawCheck', {}, { token })).body.results!;
/** A company with 외상 and one credit order of `qty` × 10,000 handed over (출고완료). */
async function shippedCompany(label: string, qty: number) {
  const company = await makeCompany(shop.server, label, 0);
  await giveCredit(shop.server, shop.t.admin, company.companyId);
  const token = (await createSession(shop.server.db, company.main.seq)).token;
  const order = await shop.pay(token, qty, 'credit');
  expect(order.body.code, order.body.message).toBe(201);
  await shop.server.db
    .update(orders)
    .set({ status: ORDER_STATUS.shipmentComplete, shippedAt: new Date() })
    .where(eq(orders.id, order.body.results!.orderSeq));
  return { company, token };
}

/** A shippedCompany whose month is closed: its charge is on a statement, due 2099-01-10. */
async function billedCompany(label: string, qty: number) {
  const shipped = await shippedCompany(label, qty);
  const month = seoulToday().slice(0, 7);
  await closeMonth(shop.server.db, { month, companyId: shipped.company.companyId, allowOpenMonth: true });
  const [statement] = await shop.server.db
    .update(statements)
    .set({ dueDate: '2099-01-10' })
    .where(eq(statements.companyId, shipped.company.companyId))
    .returning();
  return { ...shipped, statement: statement! };
}

const ledgerSum = async (companyId: number) =>
  (await shop.server.db.select().from(receivablesLedger).where(eq(receivablesLedger.companyId, companyId))).reduce(
    (sum, row) => sum + row.amount,
    0,
  );

describe('a company that owes 외상 cannot withdraw', () => {
  it('a shipped credit order not billed yet: withdrawCheck names the amount, the withdrawal is refused', async () => {
    const { company, token } = await shippedCompany('미청구외상', 3);
    expect(await withdrawCheck(token)).toEqual({ pwRequired: false, ordersInProgress: 0, creditOwed: 30_000 });

    const res = await withdrawAccount(shop.server, company.main);
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 400, MSG_MEMBER.withdrawCreditOwed(30_000)]);
    expect(res.body.message).toBe(
      '외상 미수금 30,000원이 남아 있어 탈퇴할 수 없습니다. 마이페이지 > 외상 거래에서 명세서를 결제(카드, 가상계좌, 캐시)한 뒤 탈퇴하세요. 명세서에 아직 오르지 않은 금액은 월말 마감으로 명세서가 나온 뒤 결제할 수 있습니다.',
    );
    expect(await companyWithdrawn(company.companyId)).toBe(false);
    expect(await statusOf(company.main.seq)).toBe('active');
    expect(await loginAs(shop.server, company.main.id, company.main.pw)).toEqual(expect.any(String));
  });

  it('an unpaid statement holds it back until it is paid; then the company withdraws', async () => {
    const { company, token, statement } = await billedCompany('명세서외상', 2);
    expect(statement.amountDue).toBe(20_000);
    expect((await withdrawCheck(token)).creditOwed).toBe(20_000);
    expect((await withdrawAccount(shop.server, company.main)).body.message).toBe(MSG_MEMBER.withdrawCreditOwed(20_000));

    await fund(shop.server, company.companyId, 25_000);
    const paid = await call(shop.server, 'payStatement', { seq: statement.id, method: 'cash' }, { token });
    expect([paid.body.code, paid.body.message]).toEqual([200, '캐시 20,000원으로 결제를 마쳤습니다.']);
    expect(await withdrawCheck(token)).toEqual({ pwRequired: false, ordersInProgress: 0, creditOwed: 0 });
    const res = await withdrawAccount(shop.server, company.main);
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    expect(await companyWithdrawn(company.companyId)).toBe(true);
    // The cash left over is not refunded: it stays on the withdrawn company's record (docs/requirements.md#withdrawal).
    const [row] = await shop.server.db.select().from(companies).where(eq(companies.id, company.companyId));
    expect(row!.point).toBe(5_000);
  });

  it('a sub-account still leaves alone: what the company owes is the main account’s to settle', async () => {
    const company = await makeCompany(shop.server, '부계정외상', 1);
    await giveCredit(shop.server, shop.t.admin, company.companyId);
    const mainToken = (await createSession(shop.server.db, company.main.seq)).token;
    const order = await shop.pay(mainToken, 1, 'credit');
    expect(order.body.code, order.body.message).toBe(201);
    const subToken = await loginAs(shop.server, company.subs[0]!.id, company.subs[0]!.pw);
    expect(await withdrawCheck(subToken)).toEqual({ pwRequired: false, ordersInProgress: 0, creditOwed: 0 });
    const res = await withdrawAccount(shop.server, company.subs[0]!);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await companyWithdrawn(company.companyId)).toBe(false);
  });
});

describe('a credit checkout and the withdrawal at once', () => {
  it('round after round, a withdrawn company never owes 외상', async () => {
    for (let round = 0; round < 10; round++) {
      const company: TestCompany = await makeCompany(shop.server, `외상경합${round}`, 0, { cheapPasswords: true });
      await giveCredit(shop.server, shop.t.admin, company.companyId);
      const token = await loginAs(shop.server, company.main.id, company.main.pw);
      const buy = () => shop.pay(token, 1, 'credit');
      const leave = () => withdrawAccount(shop.server, company.main);
      const [paid, gone] =
        round % 2 === 0
          ? await Promise.all([buy(), leave()])
          : await Promise.all([leave(), buy()]).then(([l, p]) => [p, l] as const);
      expect(paid.status, paid.body.message).toBeLessThan(500);
      expect(gone.status, gone.body.message).toBeLessThan(500);
      if (await companyWithdrawn(company.companyId)) {
        expect([gone.body.code, paid.status, await ledgerSum(company.companyId)]).toEqual([201, 401, 0]);
      } else {
        expect([gone.body.message, paid.body.code, await ledgerSum(company.companyId)]).toEqual([
          MSG_MEMBER.withdrawOrdersInProgress,
          201,
          10_000,
        ]);
      }
    }
  });
});
