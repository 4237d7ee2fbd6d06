import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ORDER, type PaymentFinishEvent, type PaymentResult } from '@partsmall/contract';
import { orders, products } from '../../src/db/schema.js';
import { call, loginAs, nextEvent, startTestServer, tradeSocket, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, type TestCompany } from '../member-helpers.js';
import { balanceOf, fund, makeProduct, COURIER } from '../order-helpers.js';

/**
 * The original API's payment payload (docs/requirements.md#cart-and-checkout) is `{ shippingInfo, carts }`. The client request id
 * is a safety net the web app adds: without it a payment is accepted (and not deduplicated), with
 * it a repeated request still pays once.
 */
let server: TestServer;
let shop: TestCompany;
let token: string;

const shippingInfo = COURIER;

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '결제번호', 0);
  await fund(server, shop.companyId, 200_000);
  token = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

/** api/requestPaymentProduct over HTTP, as the company's main account unless another token is given. */
const pay = (body: Record<string, unknown>, as = token) =>
  call<PaymentResult>(server, 'POST', 'api/requestPaymentProduct', body, as);

/** `answer` answered the order `first` paid, as a repeat: nothing was charged again. */
function expectRepeatOf(answer: Awaited<ReturnType<typeof pay>>, first: Awaited<ReturnType<typeof pay>>) {
  expect([answer.body.code, answer.body.results?.repeated, answer.body.results?.orderSeq]).toEqual([
    201,
    true,
    first.body.results!.orderSeq,
  ]);
}

const ordersOf = async () => server.db.select().from(orders).where(eq(orders.companyId, shop.companyId));

describe('requestPaymentProduct over HTTP', () => {
  it('accepts the original { shippingInfo, carts } and pays: each such request is a payment of its own', async () => {
    const p = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 9000, stock: 10 });
    const before = await balanceOf(server, shop.companyId);
    const first = await pay({ shippingInfo, carts: [{ productId: p.id, qty: 1 }] });
    expect([first.status, first.body.code, first.body.message]).toEqual([200, 201, MSG_ORDER.paid]);
    expect(first.body.results).toMatchObject({
      repeated: false,
      totalAmount: 7000,
      shipping: 6000,
      point: before - 13_000,
    });
    expect(first.body.results).not.toHaveProperty('clientRequestId');
    const second = await pay({ shippingInfo, carts: [{ productId: p.id, qty: 1 }] });
    expect([second.body.code, second.body.results!.repeated]).toEqual([201, false]);
    expect(second.body.results!.orderSeq).not.toBe(first.body.results!.orderSeq);
    expect(await balanceOf(server, shop.companyId)).toBe(before - 26_000);
  });

  it('with a clientRequestId, the same request twice pays once and answers the same order', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 6000, stock: 10 });
    const clientRequestId = randomUUID();
    const before = await balanceOf(server, shop.companyId);
    const body = { clientRequestId, shippingInfo, carts: [{ productId: p.id, qty: 2 }] };
    const [a, b] = await Promise.all([pay(body), pay(body)]);
    expect([a.body.code, b.body.code]).toEqual([201, 201]);
    expect(a.body.results!.orderSeq).toBe(b.body.results!.orderSeq);
    expect([a.body.results!.repeated, b.body.results!.repeated].sort()).toEqual([false, true]);
    expect(a.body.results!.clientRequestId).toBe(clientRequestId);
    expect(await balanceOf(server, shop.companyId)).toBe(before - 16_000);
    expect((await ordersOf()).filter((o) => o.clientRequestId === clientRequestId)).toHaveLength(1);
  });

  it('a cart payment sent again after its answer was lost answers the paid order: its cart lines are gone, nothing is charged twice', async () => {
    const p = await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 5000, stock: 10 });
    expect((await call(server, 'addToCart', { productId: p.id, hasAmount: 3 }, { token })).body.code).toBe(201);
    const line = (await call(server, 'getMallCartInfo', {}, { token })).body.results!.find(
      (l) => l.productInfo.seq === p.id,
    )!;
    const before = await balanceOf(server, shop.companyId);
    const body = { clientRequestId: randomUUID(), shippingInfo, carts: [{ seq: line.seq, qty: 3 }] };
    const first = await pay(body);
    expect([first.body.code, first.body.results!.repeated]).toEqual([201, false]);
    const again = await pay(body);
    expectRepeatOf(again, first);
    expect(again.body.results).toMatchObject({ totalAmount: 12_000, shipping: 6000, point: before - 18_000 });
    expect(await balanceOf(server, shop.companyId)).toBe(before - 18_000);
  });

  // The checkout keeps one id while the buyer edits (docs/requirements.md#cart-and-checkout): after a
  // lost answer, an edited retry must not pay a second time.
  it('the same clientRequestId with another quantity and address answers the paid order: nothing more is charged or taken', async () => {
    const p = await makeProduct(server, { tiers: [3000, 3000, 3000, 3000], salePrice: 3500, stock: 10 });
    const clientRequestId = randomUUID();
    const before = await balanceOf(server, shop.companyId);
    const first = await pay({ clientRequestId, shippingInfo, carts: [{ productId: p.id, qty: 2 }] });
    expect([first.body.code, first.body.results!.repeated]).toEqual([201, false]);
    const edited = await pay({
      clientRequestId,
      shippingInfo: { ...shippingInfo, addrSub: '2층' },
      carts: [{ productId: p.id, qty: 5 }],
    });
    expectRepeatOf(edited, first);
    // The answer names what was paid: 2 × 3,000 and the 6,000 courier fee.
    expect(edited.body.results).toMatchObject({ totalAmount: 6000, shipping: 6000, point: before - 12_000 });
    expect(await balanceOf(server, shop.companyId)).toBe(before - 12_000);
    const [product] = await server.db.select({ stock: products.hasAmount }).from(products).where(eq(products.id, p.id));
    expect(product!.stock).toBe(8);
    expect((await ordersOf()).filter((o) => o.clientRequestId === clientRequestId)).toHaveLength(1);

    // Another company sending the same id pays its own order: ids are kept per company.
    const other = await makeCompany(server, '결제번호타사', 0);
    await fund(server, other.companyId, 50_000);
    const otherToken = await loginAs(server, other.main.id, other.main.pw);
    const theirs = await pay({ clientRequestId, shippingInfo, carts: [{ productId: p.id, qty: 1 }] }, otherToken);
    expect([theirs.body.code, theirs.body.results?.repeated]).toEqual([201, false]);
    expect(theirs.body.results!.orderSeq).not.toBe(first.body.results!.orderSeq);
    expect(await balanceOf(server, other.companyId)).toBe(50_000 - 9000);
  });
});

describe('requestPaymentProduct over the trade channel', () => {
  it('pays the original payload without a request id, twice as two orders', async () => {
    const p = await makeProduct(server, { tiers: [3000, 3000, 3000, 3000], salePrice: 4000, stock: 10 });
    const socket = tradeSocket(server, token);
    try {
      const before = await balanceOf(server, shop.companyId);
      const seqs: number[] = [];
      for (let i = 0; i < 2; i++) {
        const finished = nextEvent<PaymentFinishEvent>(socket, 'paymentFinish');
        socket.emit('requestPaymentProduct', { shippingInfo, carts: [{ productId: p.id, qty: 1 }] });
        const answer = await finished;
        expect([answer.code, answer.message]).toEqual([201, MSG_ORDER.paid]);
        seqs.push((answer.results as PaymentResult).orderSeq);
      }
      expect(new Set(seqs).size).toBe(2);
      expect(await balanceOf(server, shop.companyId)).toBe(before - 2 * 9000);
    } finally {
      socket.close();
    }
  });

  it('a refused payment is answered with its message, its field and the clientRequestId it came with', async () => {
    const p = await makeProduct(server, {
      tiers: [9000, 9000, 9000, 9000],
      salePrice: 9000,
      stock: 0,
      name: '품절 시험 부품',
    });
    const socket = tradeSocket(server, token);
    try {
      const clientRequestId = randomUUID();
      const finished = nextEvent<PaymentFinishEvent>(socket, 'paymentFinish');
      socket.emit('requestPaymentProduct', { clientRequestId, shippingInfo, carts: [{ productId: p.id, qty: 1 }] });
      expect(await finished).toEqual({
        code: 400,
        message: MSG_ORDER.soldOut('품절 시험 부품'),
        field: 'carts',
        clientRequestId,
      });
      expect((await ordersOf()).filter((o) => o.clientRequestId === clientRequestId)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('the books balance', async () => {
    await expectLedgerMatchesBalances(server);
  });
});
