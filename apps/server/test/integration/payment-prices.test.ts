import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangedPrices, type PaymentFinishEvent, type PaymentResult } from '@partsmall/contract';
import { cartItems, orders, products } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf, fund, makeProduct, COURIER } from '../order-helpers.js';

/**
 * The buyer pays only the prices the checkout showed (docs/requirements.md#cart-and-checkout): each
 * line may carry the unit price shown (ours, optional); a price changed since refuses the payment
 * (409) with the current prices and changes nothing. The original payload, without prices, is
 * charged today's prices as before.
 */
let server: TestServer;
let shop: TestCompany;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  // A bronze company (level d) pays the fourth tier.
  shop = await makeCompany(server, '가격확인', 0);
  await fund(server, shop.companyId, 500_000);
  token = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

const pay = (body: Record<string, unknown>) =>
  call<PaymentResult | ChangedPrices>(server, 'POST', 'api/requestPaymentProduct', body, token);
const ordersOf = async () => server.db.select().from(orders).where(eq(orders.companyId, shop.companyId));
const stockOf = async (id: number) =>
  (await server.db.select({ n: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.n;
const raise = (id: number, priceD: number) => server.db.update(products).set({ priceD }).where(eq(products.id, id));

describe('requestPaymentProduct with the prices the buyer was shown', () => {
  it('pays when every shown price is the current one', async () => {
    const pad = await makeProduct(server, {
      name: '가격 패드',
      tiers: [40_000, 31_000, 22_000, 13_000],
      salePrice: 45_000,
    });
    const before = await balanceOf(server, shop.companyId);
    const res = await pay({ shippingInfo: COURIER, carts: [{ productId: pad.id, qty: 2, price: 13_000 }] });
    expect([res.body.code, res.body.results]).toMatchObject([201, { totalAmount: 26_000, shipping: 6000 }]);
    expect(await balanceOf(server, shop.companyId)).toBe(before - 32_000);
  });

  it('refuses a raised price with both prices named and every line priced now, and changes nothing', async () => {
    const pad = await makeProduct(server, {
      name: '인상 패드',
      tiers: [41_000, 32_000, 23_000, 14_000],
      salePrice: 46_000,
      stock: 7,
    });
    const disc = await makeProduct(server, {
      name: '그대로 디스크',
      tiers: [58_000, 47_500, 36_000, 25_000],
      salePrice: 60_000,
      stock: 9,
    });
    await call(server, 'POST', 'api/addToCart', { productId: pad.id, hasAmount: 2 }, token);
    const [line] = await server.db.select().from(cartItems).where(eq(cartItems.productId, pad.id));
    await raise(pad.id, 15_500);
    const before = await balanceOf(server, shop.companyId);
    const ordersBefore = (await ordersOf()).length;
    const res = await pay({
      clientRequestId: 'price-raised-1',
      shippingInfo: COURIER,
      carts: [
        { seq: line!.id, qty: 2, price: 14_000 },
        { productId: disc.id, qty: 1, price: 25_000 },
      ],
    });
    expect([res.status, res.body.code, res.body.field, res.body.message]).toEqual([
      409,
      409,
      'carts',
      `'${pad.name}' 상품의 가격이 14,000원에서 15,500원으로 바뀌었습니다. 바뀐 가격을 확인하고 다시 결제해 주세요.`,
    ]);
    expect(res.body.results).toEqual({
      prices: [
        { productId: pad.id, price: 15_500 },
        { productId: disc.id, price: 25_000 },
      ],
    });
    expect(await balanceOf(server, shop.companyId)).toBe(before);
    expect([await stockOf(pad.id), await stockOf(disc.id)]).toEqual([7, 9]);
    expect((await ordersOf()).length).toBe(ordersBefore);
    expect(await server.db.select().from(cartItems).where(eq(cartItems.id, line!.id))).toHaveLength(1);

    // The same request again with the prices now shown pays them: the refusal kept its id free.
    const again = await pay({
      clientRequestId: 'price-raised-1',
      shippingInfo: COURIER,
      carts: [
        { seq: line!.id, qty: 2, price: 15_500 },
        { productId: disc.id, qty: 1, price: 25_000 },
      ],
    });
    expect([again.body.code, again.body.results]).toMatchObject([
      201,
      { repeated: false, totalAmount: 56_000, shipping: 6000 },
    ]);
    expect(await balanceOf(server, shop.companyId)).toBe(before - 62_000);
  });

  it('refuses a lowered price too: the buyer sees what is charged before paying', async () => {
    const filter = await makeProduct(server, { name: '인하 필터', tiers: [9000, 8000, 7000, 6000], salePrice: 9500 });
    await raise(filter.id, 5500);
    const before = await balanceOf(server, shop.companyId);
    const res = await pay({ shippingInfo: COURIER, carts: [{ productId: filter.id, qty: 1, price: 6000 }] });
    expect([res.status, res.body.message]).toEqual([
      409,
      `'${filter.name}' 상품의 가격이 6,000원에서 5,500원으로 바뀌었습니다. 바뀐 가격을 확인하고 다시 결제해 주세요.`,
    ]);
    expect(await balanceOf(server, shop.companyId)).toBe(before);
  });

  it('charges the original payload (no prices) today’s price, as before', async () => {
    const belt = await makeProduct(server, {
      name: '원본 벨트',
      tiers: [19_000, 18_000, 17_000, 16_000],
      salePrice: 20_000,
    });
    await raise(belt.id, 16_800);
    const before = await balanceOf(server, shop.companyId);
    const res = await pay({ shippingInfo: COURIER, carts: [{ productId: belt.id, qty: 1 }] });
    expect([res.body.code, (res.body.results as PaymentResult).totalAmount]).toEqual([201, 16_800]);
    expect(await balanceOf(server, shop.companyId)).toBe(before - 22_800);
  });

  it('answers a repeat of a paid request with its order even when the price changed since', async () => {
    const lamp = await makeProduct(server, {
      name: '반복 램프',
      tiers: [30_000, 29_000, 28_000, 27_000],
      salePrice: 31_000,
    });
    const body = {
      clientRequestId: 'price-repeat-1',
      shippingInfo: COURIER,
      carts: [{ productId: lamp.id, qty: 1, price: 27_000 }],
    };
    const first = await pay(body);
    expect(first.body.code).toBe(201);
    await raise(lamp.id, 29_900);
    const before = await balanceOf(server, shop.companyId);
    const repeat = await pay(body);
    expect([repeat.body.code, repeat.body.results]).toMatchObject([
      201,
      { repeated: true, orderSeq: (first.body.results as PaymentResult).orderSeq, totalAmount: 27_000 },
    ]);
    expect(await balanceOf(server, shop.companyId)).toBe(before);
  });

  it('refuses a wrong kind of price with its Korean message', async () => {
    const cap = await makeProduct(server, { name: '형식 캡', tiers: [5000, 4000, 3000, 2000], salePrice: 5500 });
    for (const price of [-1, 1.5, '2000', null]) {
      const res = await pay({ shippingInfo: COURIER, carts: [{ productId: cap.id, qty: 1, price }] });
      expect([res.status, res.body.message]).toEqual([400, '상품 가격이 올바르지 않습니다.']);
    }
  });
});

describe('the trade channel', () => {
  it("carries a refused payment's current prices in paymentFinish", async () => {
    const hose = await makeProduct(server, {
      name: '소켓 호스',
      tiers: [12_000, 11_000, 10_000, 9000],
      salePrice: 13_000,
    });
    await raise(hose.id, 9900);
    const socket = tradeSocket(server, token);
    try {
      const finished = nextEvent<PaymentFinishEvent>(socket, 'paymentFinish');
      socket.emit('requestPaymentProduct', {
        clientRequestId: 'price-socket-1',
        shippingInfo: COURIER,
        carts: [{ productId: hose.id, qty: 1, price: 9000 }],
      });
      const answer = await finished;
      expect(answer).toEqual({
        code: 409,
        message: `'${hose.name}' 상품의 가격이 9,000원에서 9,900원으로 바뀌었습니다. 바뀐 가격을 확인하고 다시 결제해 주세요.`,
        field: 'carts',
        clientRequestId: 'price-socket-1',
        results: { prices: [{ productId: hose.id, price: 9900 }] },
      });
    } finally {
      socket.close();
    }
  });
});
