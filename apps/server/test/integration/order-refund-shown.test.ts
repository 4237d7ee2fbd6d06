import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, RETURN_REASON_CHANGE_OF_MIND } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf, insertOrder, makeProduct } from '../order-helpers.js';

/**
 * An undone order (출고취소, 판매자취소, 반품승인) tells its buyer what came back (docs/requirements.md#order-statuses):
 * the order's answer carries `refunded`, the won the refund gave back, which is what the company's cash
 * grew by; a return for change of mind keeps the shipping. An order nothing was refunded on has none.
 */
let server: TestServer;
let shop: TestCompany;
let buyer: string;
let staff: string;
let productId = 0;

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '환불표시', 0);
  [buyer, staff] = await Promise.all([
    loginAs(server, shop.main.id, shop.main.pw),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
  ]);
  productId = (await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 50 })).id;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** An order of 25,200 won of goods and 6,000 won of shipping, in `status`. */
const orderIn = (status: number, returnReason: number | null = null) =>
  insertOrder(server, {
    companyId: shop.companyId,
    memberId: shop.main.seq,
    status,
    productId,
    qty: 2,
    totalAmount: 25_200,
    shipping: 6000,
    shippedAt: status === ORDER_STATUS.purchaseRequest ? null : new Date(),
    returnReason,
  });

const staffMove = (seq: number, status: number) =>
  call(server, 'adminSetOrderStatus', { seq, status }, { token: staff });
const detail = async (seq: number) =>
  (await call(server, 'getMallOrderDetail', { seq }, { token: buyer })).body.results!;

describe("an undone order's refund, as the buyer reads it", () => {
  it("the buyer's cancel: everything back, in the cancel's answer, the detail and the list", async () => {
    const seq = await orderIn(ORDER_STATUS.purchaseRequest);
    const cash = await balanceOf(server, shop.companyId);
    const res = await call(server, 'cancelMallOrder', { seq }, { token: buyer });
    expect([res.body.code, res.body.results?.status, res.body.results?.refunded]).toEqual([201, 3, 31_200]);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 31_200);
    expect((await detail(seq)).refunded).toBe(31_200);
    const list = await call(server, 'getMallOrderInfo', { page: 1, size: 50 }, { token: buyer });
    expect(list.body.results?.find((o) => o.seq === seq)?.refunded).toBe(31_200);
  });

  it("the seller's cancel: everything back", async () => {
    const seq = await orderIn(ORDER_STATUS.shipmentConfirmed);
    const cash = await balanceOf(server, shop.companyId);
    expect((await staffMove(seq, ORDER_STATUS.sellerCancelled)).body.code).toBe(201);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 31_200);
    expect((await detail(seq)).refunded).toBe(31_200);
  });

  it('a return for a fault: everything back; for change of mind: the goods alone, the shipping kept', async () => {
    const faulty = await orderIn(ORDER_STATUS.returnRequested, 0);
    const changedMind = await orderIn(ORDER_STATUS.returnRequested, RETURN_REASON_CHANGE_OF_MIND);
    const cash = await balanceOf(server, shop.companyId);
    expect((await staffMove(faulty, ORDER_STATUS.returnApproved)).body.code).toBe(201);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 31_200);
    expect((await staffMove(changedMind, ORDER_STATUS.returnApproved)).body.code).toBe(201);
    expect(await balanceOf(server, shop.companyId)).toBe(cash + 31_200 + 25_200);
    expect([(await detail(faulty)).refunded, (await detail(changedMind)).refunded]).toEqual([31_200, 25_200]);
  });

  it('an order nothing was refunded on carries no refund', async () => {
    for (const status of [
      ORDER_STATUS.purchaseRequest,
      ORDER_STATUS.shipmentConfirmed,
      ORDER_STATUS.shipmentComplete,
      ORDER_STATUS.returnRequested,
      ORDER_STATUS.returnOnHold,
    ]) {
      const seq = await orderIn(status, status >= ORDER_STATUS.returnRequested ? 0 : null);
      expect(await detail(seq), `status ${status}`).not.toHaveProperty('refunded');
    }
  });

  it("a return whose reason was erased with its dispute details (docs/requirements.md#retention): the amount isn't guessed", async () => {
    const seq = await orderIn(ORDER_STATUS.returnApproved, null);
    expect(await detail(seq)).not.toHaveProperty('refunded');
  });
});
