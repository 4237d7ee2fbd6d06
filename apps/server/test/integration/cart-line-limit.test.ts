import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@partsmall/contract';
import { cartItems } from '../../src/db/schema.js';
import { call, lockWaiters, startTestServer, type TestServer, type TypedResult } from '../helpers.js';
import { insertOrder, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * One cart line holds at most 100,000 units, as checkout takes (docs/requirements.md#cart-and-checkout):
 * an add that would take a line past it is refused, the line keeping what it held, whichever way it
 * comes (장바구니, a quick order); a reorder puts in what still fits and says why no more.
 */
let server: TestServer;
let tokens: BuyerTokens;
let buyer: Awaited<ReturnType<typeof makeBuyers>>['buyer'];

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens, buyer } = await makeBuyers(server, { buyer: '한줄한도', other: '남의한줄' }));
}, 60_000);
afterAll(() => server?.close());

const product = (pid: string, stock: number, name: string) =>
  makeProduct(server, { pid, stock, name, tiers: [9000, 9500, 10_000, 11_000], salePrice: 12_000 });

/** A shipped order of the buyer's of 30,000 of this product (what a reorder puts back). */
const shippedOrderOf30000 = (productId: number) =>
  insertOrder(server, {
    companyId: buyer.companyId,
    memberId: buyer.main.seq,
    status: ORDER_STATUS.shipmentComplete,
    productId,
    qty: 30_000,
    totalAmount: 30_000 * 9500,
  });

/** What the buyer's main account has in the cart of this product. */
async function inCart(productId: number): Promise<number | undefined> {
  const res = await call(server, 'getMallCartInfo', {}, { token: tokens.main });
  return res.body.results!.find((l) => l.productInfo.seq === productId)?.qty;
}

describe('an add past one cart line’s 100,000', () => {
  it('a quick order is refused naming the line, and the cart keeps its 100,000', async () => {
    const p = await product('CL-QO-250K', 250_000, '엔진오일 필터 대량');
    const add = (qty: number) =>
      call(server, 'addQuickOrderToCart', { lines: [{ productId: p.id, qty }] }, { token: tokens.main });
    expect((await add(100_000)).body.code).toBe(201);
    const res = await add(100_000);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      '장바구니 한 줄에는 100,000개까지 담을 수 있어 아무것도 담지 않았습니다: 엔진오일 필터 대량 (장바구니 100,000개). 수량을 확인한 뒤 다시 담아 주세요.',
    );
    expect(await inCart(p.id)).toBe(100_000);
  });

  it('장바구니 (api/addToCart) is refused with the limit and what the cart holds', async () => {
    const p = await product('CL-CART-250K', 250_000, '에어 필터 대량');
    const add = (hasAmount: number) =>
      call(server, 'addToCart', { productId: p.id, hasAmount }, { token: tokens.main });
    expect((await add(60_000)).body.code).toBe(201);
    const res = await add(60_000);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: '수량은 100,000개까지 입력할 수 있습니다. (장바구니 60,000개)',
      field: 'hasAmount',
    });
    expect(await inCart(p.id)).toBe(60_000);
    expect((await add(40_000)).body.code).toBe(201);
    expect(await inCart(p.id)).toBe(100_000);
  });
});

describe('api/reorder beside a line near 100,000', () => {
  it('adds what still fits and says the line’s limit stopped it, then adds nothing more', async () => {
    const p = await product('CL-RE-250K', 250_000, '브레이크 패드 대량');
    const order = await shippedOrderOf30000(p.id);
    await call(server, 'addToCart', { productId: p.id, hasAmount: 80_000 }, { token: tokens.main });
    const first = await call(server, 'reorder', { seq: order }, { token: tokens.main });
    expect(first.body.results!.map((l) => [l.change, l.addedQty, l.message])).toEqual([
      ['short', 20_000, '한 줄에 100,000개까지 담을 수 있어 20,000개만 담았습니다.'],
    ]);
    expect(await inCart(p.id)).toBe(100_000);
    const again = await call(server, 'reorder', { seq: order }, { token: tokens.main });
    expect(again.body.results!.map((l) => [l.change, l.addedQty, l.message])).toEqual([
      [
        'inCart',
        0,
        '장바구니에 이미 100,000개가 담겨 있어 더 담지 않았습니다. 한 줄에 100,000개까지 담을 수 있습니다.',
      ],
    ]);
    expect(await inCart(p.id)).toBe(100_000);
  });

  // PGlite runs one statement at a time, so the add never lands inside the reorder there: this race is PostgreSQL's.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a reorder whose line an add meanwhile took near 100,000 is refused naming the line, and adds nothing',
    async () => {
      const p = await product('CL-RE-RACE', 250_000, '브레이크 디스크 대량');
      const order = await shippedOrderOf30000(p.id);
      const waiting = () => lockWaiters(server.db, 'insert into "cart_items"%');
      await call(server, 'addToCart', { productId: p.id, hasAmount: 10_000 }, { token: tokens.main });
      let reorder: Promise<TypedResult<'reorder'>> | undefined;
      // An add raising the line to 90,000, not yet committed: it changes a cart row, not the product's,
      // so the reorder locks the product, reads 10,000 and its own add waits for this one.
      await server.db.transaction(async (tx) => {
        await tx
          .update(cartItems)
          .set({ qty: 90_000 })
          .where(and(eq(cartItems.memberId, buyer.main.seq), eq(cartItems.productId, p.id)));
        reorder = call(server, 'reorder', { seq: order }, { token: tokens.main });
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1);
      });
      const res = await reorder!;
      expect([res.status, res.body.message]).toEqual([
        409,
        '장바구니 한 줄에는 100,000개까지 담을 수 있어 아무것도 담지 않았습니다: 브레이크 디스크 대량 (장바구니 90,000개). 수량을 확인한 뒤 다시 담아 주세요.',
      ]);
      expect(await inCart(p.id)).toBe(90_000);
    },
  );
});
