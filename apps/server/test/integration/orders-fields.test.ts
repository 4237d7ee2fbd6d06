import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@partsmall/contract';
import { orders, products, shippingAddresses } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import type { TestCompany } from '../member-helpers.js';
import { COURIER, balanceOf, fund, insertOrder, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * The order calls' fields over HTTP (docs/requirements.md#validation): a blank recipient is refused
 * before anything is charged, an order number may come as a string of digits ('3'), and each refusal
 * carries the field's Korean message, never the generic '요청 형식이 올바르지 않습니다.'.
 */
let server: TestServer;
let buyer: TestCompany;
let tokens: BuyerTokens;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens } = await makeBuyers(server, { buyer: '주문필드', other: '남의회사' }));
  await fund(server, buyer.companyId, 1_000_000);
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: Record<string, unknown>, token = tokens.main) =>
  call(server, 'POST', path, body, token);
const pay = (productId: number, qty: number, shippingInfo: Record<string, unknown> = COURIER) =>
  post('api/requestPaymentProduct', { clientRequestId: randomUUID(), shippingInfo, carts: [{ productId, qty }] });
const answer = (r: { status: number; body: { message: string; field?: string } }) => [
  r.status,
  r.body.message,
  r.body.field,
];
const statusOf = async (seq: number) => (await server.db.select().from(orders).where(eq(orders.id, seq)))[0]!.status;
const ordersOfBuyer = async () =>
  (await server.db.select().from(orders).where(eq(orders.companyId, buyer.companyId))).length;

/** An order of the buyer in `status`, placed and (from 2 on) shipped just now. */
async function orderIn(status: number) {
  const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 50 });
  return insertOrder(server, {
    companyId: buyer.companyId,
    memberId: buyer.main.seq,
    status,
    productId: p.id,
    totalAmount: 5000,
    shippedAt: status >= ORDER_STATUS.shipmentComplete ? new Date() : null,
    returnReason: status === ORDER_STATUS.returnRequested ? 0 : null,
  });
}

describe("a recipient's name", () => {
  it('a checkout to a name of Hangul fillers or zero-width spaces is refused and nothing is charged', async () => {
    const p = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 7000, stock: 10 });
    const cash = await balanceOf(server, buyer.companyId);
    const placed = await ordersOfBuyer();
    for (const name of ['\u3164\u3164', '\u200B\u200B', ' \u3164 ']) {
      expect(answer(await pay(p.id, 1, { ...COURIER, name })), JSON.stringify(name)).toEqual([
        400,
        '받는 분 이름을 입력하세요.',
        'shippingInfo.name',
      ]);
    }
    expect(await balanceOf(server, buyer.companyId)).toBe(cash);
    expect(await ordersOfBuyer()).toBe(placed);
    const paid = await pay(p.id, 1, { ...COURIER, name: '\u3164김수' });
    expect(paid.body.code).toBe(201);
    expect(await balanceOf(server, buyer.companyId)).toBe(cash - 7000 - 6000);
  });

  it('a saved address named by invisible characters alone is refused and not stored', async () => {
    const address = { phone: '01055550000', postNum: '04790', address: '서울 성동구 성수이로 77', addrSub: '3층' };
    const saved = async () =>
      (await server.db.select().from(shippingAddresses).where(eq(shippingAddresses.companyId, buyer.companyId))).length;
    const before = await saved();
    expect(answer(await post('api/setMallShppingInfo', { ...address, name: '\u200B\u3164' }))).toEqual([
      400,
      '받는 분 이름을 입력하세요.',
      'name',
    ]);
    expect(await saved()).toBe(before);
    expect((await post('api/setMallShppingInfo', { ...address, name: '김수' })).body.code).toBe(201);
    expect(await saved()).toBe(before + 1);
  });
});

describe("a saved address's detail (상세주소)", () => {
  const spec = { name: '이영희', phone: '01055550001', postNum: '12345', address: '서울 강남구' };
  const saved = async () =>
    (await server.db.select().from(shippingAddresses).where(eq(shippingAddresses.companyId, buyer.companyId))).length;

  it('one character or fillers alone are refused, as the checkout refuses them, and nothing is stored', async () => {
    const before = await saved();
    for (const addrSub of ['1', '\u3164\u3164', '', undefined]) {
      const r = await post('api/setMallShppingInfo', { ...spec, addrSub });
      expect(answer(r), JSON.stringify(addrSub)).toEqual([400, '상세주소는 2~100자로 입력하세요.', 'addrSub']);
    }
    expect(await saved()).toBe(before);
  });

  it('a detail of two characters is saved, and the checkout to that address is paid', async () => {
    const p = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 7000, stock: 10 });
    const before = await saved();
    const r = await post('api/setMallShppingInfo', { ...spec, addrSub: '1층' });
    expect([r.status, r.body.code]).toEqual([200, 201]);
    expect(await saved()).toBe(before + 1);
    const [row] = await server.db
      .select()
      .from(shippingAddresses)
      .where(eq(shippingAddresses.id, (r.body.results as { seq: number }).seq));
    const shippingInfo = { ...COURIER, ...spec, addrSub: row!.addrSub };
    expect((await pay(p.id, 1, shippingInfo)).body.code).toBe(201);
  });
});

const BAD_SEQS: unknown[] = ['3a', '-1', 0, 1.5, true];
const REFUSED = [400, '주문을 선택하세요.', 'seq'];

describe('an order number sent as a string of digits', () => {
  it('getMallOrderDetail and admin/getOrderEvents read "3" as order 3 and refuse what is not a number', async () => {
    const seq = await orderIn(ORDER_STATUS.purchaseRequest);
    const detail = await post('api/getMallOrderDetail', { seq: String(seq) });
    expect([detail.status, (detail.body.results as { seq: number }).seq]).toEqual([200, seq]);
    const events = await post('api/admin/getOrderEvents', { seq: String(seq) }, tokens.staff);
    expect([events.status, events.body.results]).toEqual([200, []]);
    for (const bad of BAD_SEQS) {
      expect(answer(await post('api/getMallOrderDetail', { seq: bad })), JSON.stringify(bad)).toEqual(REFUSED);
      expect(answer(await post('api/admin/getOrderEvents', { seq: bad }, tokens.staff))).toEqual(REFUSED);
    }
  });

  it('cancelMallOrder cancels order "3" and refuses a bad number, leaving the order', async () => {
    const seq = await orderIn(ORDER_STATUS.purchaseRequest);
    for (const bad of BAD_SEQS) {
      expect(answer(await post('api/cancelMallOrder', { seq: bad })), JSON.stringify(bad)).toEqual(REFUSED);
    }
    expect(await statusOf(seq)).toBe(ORDER_STATUS.purchaseRequest);
    expect((await post('api/cancelMallOrder', { seq: String(seq) })).status).toBe(200);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.shipmentCancelled);
  });

  it('returnMallOrder takes "3" and refuses a bad number', async () => {
    const seq = await orderIn(ORDER_STATUS.shipmentComplete);
    for (const bad of BAD_SEQS) {
      const r = await post('api/returnMallOrder', { seq: bad, returnReason: 0 });
      expect(answer(r), JSON.stringify(bad)).toEqual(REFUSED);
    }
    expect(await statusOf(seq)).toBe(ORDER_STATUS.shipmentComplete);
    expect((await post('api/returnMallOrder', { seq: String(seq), returnReason: 0 })).status).toBe(200);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.returnRequested);
  });

  it('admin/setOrderStatus takes "3"; a bad or missing number answers \'주문을 선택하세요.\'', async () => {
    const seq = await orderIn(ORDER_STATUS.purchaseRequest);
    const move = (body: Record<string, unknown>) => post('api/admin/setOrderStatus', body, tokens.staff);
    for (const bad of BAD_SEQS) {
      expect(answer(await move({ seq: bad, status: 1 })), JSON.stringify(bad)).toEqual(REFUSED);
    }
    expect(answer(await move({ status: 1 }))).toEqual(REFUSED);
    expect(answer(await move({ seq: String(seq), status: 'x' }))).toEqual([
      400,
      '변경할 주문 상태를 선택하세요.',
      'status',
    ]);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.purchaseRequest);
    expect((await move({ seq: String(seq), status: ORDER_STATUS.shipmentConfirmed })).status).toBe(200);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.shipmentConfirmed);
  });

  it('reorder puts order "3" back in the cart and refuses a bad number', async () => {
    const seq = await orderIn(ORDER_STATUS.shipmentComplete);
    for (const bad of BAD_SEQS) {
      expect(answer(await post('api/reorder', { seq: bad })), JSON.stringify(bad)).toEqual(REFUSED);
    }
    const r = await post('api/reorder', { seq: String(seq) });
    expect([r.status, (r.body.results as { addedQty: number }[]).map((l) => l.addedQty)]).toEqual([200, [1]]);
  });

  it('getOrderTracking reads order "3"\'s shipment and refuses a bad number', async () => {
    const seq = await orderIn(ORDER_STATUS.shipmentComplete);
    await server.db.update(orders).set({ carrier: '직접 배송', waybill: '' }).where(eq(orders.id, seq));
    for (const bad of BAD_SEQS) {
      expect(answer(await post('api/getOrderTracking', { seq: bad })), JSON.stringify(bad)).toEqual(REFUSED);
    }
    const r = await post('api/getOrderTracking', { seq: String(seq) });
    expect([r.status, (r.body.results as { carrierName: string }).carrierName]).toEqual([200, '직접 배송']);
  });
});

describe('a return reason', () => {
  it("a return without a reason answers '반품 사유를 선택하세요.' and the order stays shipped", async () => {
    const seq = await orderIn(ORDER_STATUS.shipmentComplete);
    for (const body of [{ seq }, { seq, returnReason: null }, { seq, returnReason: 7 }]) {
      expect(answer(await post('api/returnMallOrder', body)), JSON.stringify(body)).toEqual([
        400,
        '반품 사유를 선택하세요.',
        'returnReason',
      ]);
    }
    expect(await statusOf(seq)).toBe(ORDER_STATUS.shipmentComplete);
    expect((await post('api/returnMallOrder', { seq, returnReason: 3 })).status).toBe(200);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.returnRequested);
  });

  it('a staff move carrying reason 7 is refused with the same message', async () => {
    const seq = await orderIn(ORDER_STATUS.returnRequested);
    const move = (returnReason: number) =>
      post('api/admin/setOrderStatus', { seq, status: ORDER_STATUS.returnOnHold, returnReason }, tokens.staff);
    expect(answer(await move(7))).toEqual([400, '반품 사유를 선택하세요.', 'returnReason']);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.returnRequested);
    expect((await move(0)).status).toBe(200);
    expect(await statusOf(seq)).toBe(ORDER_STATUS.returnOnHold);
  });
});

describe('a checkout quantity', () => {
  it('over 100,000 names the limit; 100,000 itself reaches the stock check; nothing is charged', async () => {
    const p = await makeProduct(server, { tiers: [900, 900, 900, 900], salePrice: 900, stock: 100 });
    const cash = await balanceOf(server, buyer.companyId);
    expect(answer(await pay(p.id, 100_001))).toEqual([400, '수량은 100,000개까지 입력할 수 있습니다.', 'carts.0.qty']);
    expect(answer(await pay(p.id, 100_000))).toEqual([
      400,
      `'${p.name}' 상품의 재고가 부족합니다. 주문 가능 수량은 100개입니다.`,
      'carts',
    ]);
    expect(await balanceOf(server, buyer.companyId)).toBe(cash);
    expect(
      await server.db
        .select()
        .from(orders)
        .where(and(eq(orders.companyId, buyer.companyId), eq(orders.totalAmount, 900 * 100_000))),
    ).toEqual([]);
  });
});

describe('a payment short of stock', () => {
  /** The product's stock set to `left`, as another buyer's order or the shop would between add and pay. */
  const setStock = (id: number, left: number) =>
    server.db.update(products).set({ hasAmount: left }).where(eq(products.id, id));
  const cartLineOf = async (productId: number) =>
    (await call(server, 'getMallCartInfo', {}, { token: tokens.main })).body.results!.find(
      (l) => l.productInfo.seq === productId,
    )!.seq;
  const payLine = (seq: number, qty: number) =>
    post('api/requestPaymentProduct', { clientRequestId: randomUUID(), shippingInfo: COURIER, carts: [{ seq, qty }] });

  it('a cart line says how many are left now; none left says the product is out of stock; nothing is charged', async () => {
    const p = await makeProduct(server, {
      tiers: [800, 800, 800, 800],
      salePrice: 800,
      stock: 10,
      name: '재고 시험 필터',
    });
    expect((await call(server, 'addToCart', { productId: p.id, hasAmount: 5 }, { token: tokens.main })).body.code).toBe(
      201,
    );
    const seq = await cartLineOf(p.id);
    const cash = await balanceOf(server, buyer.companyId);
    await setStock(p.id, 3);
    expect(answer(await payLine(seq, 5))).toEqual([
      400,
      "'재고 시험 필터' 상품의 재고가 부족합니다. 주문 가능 수량은 3개입니다.",
      'carts',
    ]);
    await setStock(p.id, 0);
    expect(answer(await payLine(seq, 5))).toEqual([400, "'재고 시험 필터' 상품의 재고가 부족합니다.", 'carts']);
    expect(await balanceOf(server, buyer.companyId)).toBe(cash);
    // Exactly the stock left passes.
    await setStock(p.id, 5);
    expect((await payLine(seq, 5)).body.code).toBe(201);
  });

  it("a quick order's line paid after the stock fell says how many are left now, with thousands separators", async () => {
    const p = await makeProduct(server, {
      tiers: [10, 10, 10, 10],
      salePrice: 10,
      stock: 5000,
      name: '재고 시험 볼트',
    });
    const added = await call(
      server,
      'addQuickOrderToCart',
      { lines: [{ productId: p.id, qty: 4000 }] },
      { token: tokens.main },
    );
    expect(added.body.code, added.body.message).toBe(201);
    const seq = await cartLineOf(p.id);
    await setStock(p.id, 1234);
    expect(answer(await payLine(seq, 4000))).toEqual([
      400,
      "'재고 시험 볼트' 상품의 재고가 부족합니다. 주문 가능 수량은 1,234개입니다.",
      'carts',
    ]);
  });
});
