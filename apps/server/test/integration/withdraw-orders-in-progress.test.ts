import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER, MSG_ORDER, ORDER_STATUS } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { companies, members, orders, products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, staffSession, withdrawAccount, type TestCompany } from '../member-helpers.js';
import { fund, insertOrder, makeProduct, placeOrder, TEST_ADDRESS } from '../order-helpers.js';

/**
 * A main account cannot withdraw while its company has an order the shop still has to handle
 * (docs/requirements.md#withdrawal): a paid order waiting to ship, or a return waiting to be settled.
 */
let server: TestServer;
let staff: string;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  staff = (await staffSession(server)).token;
  productId = (await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

const orderRow = async (id: number) => (await server.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const companyWithdrawn = async (id: number) =>
  (await server.db.select().from(companies).where(eq(companies.id, id)))[0]!.withdrawnAt !== null;
const memberStatus = async (seq: number) =>
  (await server.db.select().from(members).where(eq(members.id, seq)))[0]!.status;
const order = (shop: TestCompany, status: number) =>
  insertOrder(server, { companyId: shop.companyId, memberId: shop.main.seq, status, productId });
const staffMove = async (seq: number, status: number, extra: Record<string, unknown> = {}) => {
  const res = await call(server, 'POST', 'api/admin/setOrderStatus', { seq, status, ...extra }, staff);
  expect([res.status, res.body.code, res.body.message], `move ${seq} to ${status}`).toEqual([
    200,
    201,
    MSG_ORDER.statusChanged,
  ]);
};
const ship = (seq: number) =>
  staffMove(seq, ORDER_STATUS.shipmentComplete, { carrier: '시험택배', waybill: `${seq}0001` });
const lockWaits = async (like: string) => {
  const [row] = await queryRows<{ n: number }>(
    server.db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike ${like}`,
  );
  return row!.n;
};
const agreed = { agree1: true, agree2: true, agree3: true, agree4: true };
const withdrawCheck = async (token: string) => (await call(server, 'withdrawCheck', {}, { token })).body.results!;

describe('a main account with orders in progress cannot withdraw', () => {
  it.each([
    ['구매요청', ORDER_STATUS.purchaseRequest],
    ['출고확정', ORDER_STATUS.shipmentConfirmed],
    ['반품요청', ORDER_STATUS.returnRequested],
    ['반품보류', ORDER_STATUS.returnOnHold],
  ])('an order in %s: 400 with the message, nothing changed', async (_label, status) => {
    const shop = await makeCompany(server, '진행주문', 1);
    const seq = await order(shop, status);
    await order(shop, ORDER_STATUS.shipmentComplete);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    expect(await withdrawCheck(token)).toEqual({ pwRequired: false, ordersInProgress: 1, creditOwed: 0 });

    const res = await withdrawAccount(server, shop.main);
    expect([res.status, res.body.code, res.body.message, res.body.field]).toEqual([
      400,
      400,
      MSG_MEMBER.withdrawOrdersInProgress,
      undefined,
    ]);
    expect(MSG_MEMBER.withdrawOrdersInProgress).toBe(
      '처리 중인 주문이 있어 탈퇴할 수 없습니다. 주문이 출고 완료되거나 취소·반품 처리된 뒤 탈퇴하세요.',
    );
    expect(await companyWithdrawn(shop.companyId)).toBe(false);
    expect([await memberStatus(shop.main.seq), await memberStatus(shop.subs[0]!.seq)]).toEqual(['active', 'active']);
    // The session the refusal came through goes on; the account still logs in.
    expect((await call(server, 'POST', 'api/getMyShippingInfo', {}, token)).status).toBe(200);
    expect(await loginAs(server, shop.main.id, shop.main.pw)).toEqual(expect.any(String));
    const kept = await orderRow(seq);
    expect([kept.status, kept.name, kept.phone, kept.addrSub]).toEqual([
      status,
      TEST_ADDRESS.name,
      TEST_ADDRESS.phone,
      TEST_ADDRESS.addrSub,
    ]);
  });

  it('withdraws once every order is shipped, cancelled or its return approved; the orders are blanked then', async () => {
    const shop = await makeCompany(server, '주문정리', 0);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const shipped = await order(shop, ORDER_STATUS.purchaseRequest);
    const byBuyer = await order(shop, ORDER_STATUS.purchaseRequest);
    const bySeller = await order(shop, ORDER_STATUS.shipmentConfirmed);
    const returned = await order(shop, ORDER_STATUS.purchaseRequest);
    expect((await withdrawCheck(token)).ordersInProgress).toBe(4);

    await staffMove(shipped, ORDER_STATUS.shipmentConfirmed);
    await ship(shipped);
    expect((await call(server, 'cancelMallOrder', { seq: byBuyer }, { token })).body.code).toBe(201);
    await staffMove(bySeller, ORDER_STATUS.sellerCancelled);
    await staffMove(returned, ORDER_STATUS.shipmentConfirmed);
    await ship(returned);
    const asked = await call(server, 'returnMallOrder', { seq: returned, returnReason: 0 }, { token });
    expect(asked.body.code).toBe(201);
    expect((await withdrawAccount(server, shop.main)).body.message).toBe(MSG_MEMBER.withdrawOrdersInProgress);
    await staffMove(returned, ORDER_STATUS.returnOnHold, { note: '확인 중' });
    expect((await withdrawCheck(token)).ordersInProgress).toBe(1);
    await staffMove(returned, ORDER_STATUS.returnApproved);
    expect((await withdrawCheck(token)).ordersInProgress).toBe(0);

    const res = await withdrawAccount(server, shop.main);
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    expect(await companyWithdrawn(shop.companyId)).toBe(true);
    for (const seq of [shipped, byBuyer, bySeller, returned]) {
      const o = await orderRow(seq);
      expect([o.name, o.phone, o.addrSub]).toEqual(['탈퇴회원', '', '']);
    }
    expect((await orderRow(shipped)).status).toBe(ORDER_STATUS.shipmentComplete);
    expect((await orderRow(byBuyer)).status).toBe(ORDER_STATUS.shipmentCancelled);
    expect((await orderRow(bySeller)).status).toBe(ORDER_STATUS.sellerCancelled);
    expect((await orderRow(returned)).status).toBe(ORDER_STATUS.returnApproved);
  });

  it('a sub-account leaves alone whatever the orders: they stay as they are', async () => {
    const shop = await makeCompany(server, '부계정주문', 1);
    const sub = shop.subs[0]!;
    const seq = await order(shop, ORDER_STATUS.purchaseRequest);
    const subToken = await loginAs(server, sub.id, sub.pw);
    expect(await withdrawCheck(subToken)).toEqual({ pwRequired: false, ordersInProgress: 0, creditOwed: 0 });
    const res = await withdrawAccount(server, sub);
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, MSG_MEMBER.withdrawn]);
    expect(await memberStatus(sub.seq)).toBe('withdrawn');
    expect(await companyWithdrawn(shop.companyId)).toBe(false);
    const kept = await orderRow(seq);
    expect([kept.status, kept.name, kept.phone, kept.addrSub]).toEqual([
      ORDER_STATUS.purchaseRequest,
      TEST_ADDRESS.name,
      TEST_ADDRESS.phone,
      TEST_ADDRESS.addrSub,
    ]);
  });
});

describe('a withdrawal and an order placed at the same moment', () => {
  it('a payment that passed its session check before the withdrawal committed places nothing after it', async () => {
    const shop = await makeCompany(server, '탈퇴중주문', 0);
    await fund(server, shop.companyId, 50_000);
    const product = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 7000 });
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    // The payment waits on its product's row, its session already checked.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const productLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, product.id)).for('update');
      locked();
      await released;
    });
    await productLocked;
    const paying = placeOrder(server, token, [{ productId: product.id, qty: 1 }]);
    await until('the payment waits for the product', async () => (await lockWaits('%"products"%')) > 0);

    const res = await withdrawAccount(server, shop.main);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    release();
    await holder;
    const paid = await paying;
    expect([paid.status, paid.body.message]).toEqual([401, MSG.tokenExpired]);
    expect(await server.db.select().from(orders).where(eq(orders.companyId, shop.companyId))).toEqual([]);
    expect((await server.db.select().from(companies).where(eq(companies.id, shop.companyId)))[0]!.point).toBe(50_000);
  });

  it('a return asked for while the withdrawal held the orders is refused after it', async () => {
    const shop = await makeCompany(server, '탈퇴중반품', 1);
    const seq = await order(shop, ORDER_STATUS.shipmentComplete);
    await server.db.update(orders).set({ shippedAt: new Date() }).where(eq(orders.id, seq));
    const subToken = await loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw);
    // The withdrawal holds the company's orders and waits for the company row.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const companyLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, shop.companyId)).for('update');
      locked();
      await released;
    });
    await companyLocked;
    const withdrawing = withdrawAccount(server, shop.main);
    await until('the withdrawal waits for the company', async () => (await lockWaits('%"companies"%')) > 0);
    const asking = call(server, 'returnMallOrder', { seq, returnReason: 0 }, { token: subToken });
    await until('the return waits for the order', async () => (await lockWaits('%"orders"%')) > 0);
    release();
    await holder;
    const res = await withdrawing;
    expect([res.status, res.body.code]).toEqual([200, 201]);
    const asked = await asking;
    expect([asked.status, asked.body.message]).toEqual([401, MSG.tokenExpired]);
    const o = await orderRow(seq);
    expect([o.status, o.name]).toEqual([ORDER_STATUS.shipmentComplete, '탈퇴회원']);
  });

  it('round after round, a withdrawn company never keeps an order in progress', async () => {
    const product = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 1000 });
    for (let round = 0; round < 12; round++) {
      const shop = await makeCompany(server, `경합${round}`, 1, { cheapPasswords: true });
      await fund(server, shop.companyId, 50_000);
      const subToken = await loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw);
      const mainToken = await loginAs(server, shop.main.id, shop.main.pw);
      const pay = () => placeOrder(server, subToken, [{ productId: product.id, qty: 1 }]);
      const leave = () =>
        call(server, 'POST', 'api/WithdrawMember', { ...agreed, userName: shop.main.name }, mainToken);
      // Both sent at once, each round the other one first.
      const [paid, gone] =
        round % 2 === 0
          ? await Promise.all([pay(), leave()])
          : await Promise.all([leave(), pay()]).then(([l, p]) => [p, l] as const);
      expect(paid.status, paid.body.message).toBeLessThan(500);
      expect(gone.status, gone.body.message).toBeLessThan(500);
      const left = await server.db.select().from(orders).where(eq(orders.companyId, shop.companyId));
      if (await companyWithdrawn(shop.companyId)) {
        // Withdrawn: the payment was refused, so no order of the company waits for staff with a blanked recipient.
        expect([gone.body.code, paid.status, left]).toEqual([201, 401, []]);
      } else {
        expect([gone.body.message, paid.body.code]).toEqual([MSG_MEMBER.withdrawOrdersInProgress, 201]);
        expect(left.map((o) => [o.status, o.name, o.phone])).toEqual([
          [ORDER_STATUS.purchaseRequest, TEST_ADDRESS.name, TEST_ADDRESS.phone],
        ]);
      }
    }
  });
});
