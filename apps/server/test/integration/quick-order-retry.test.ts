import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_QUICK_ORDER } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { cartItems } from '../../src/db/schema.js';
import { pruneCartRequests } from '../../src/features/cart/repository.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { type TestCompany } from '../member-helpers.js';
import { insertOrder, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * A cart write sent again with its clientRequestId (docs/requirements.md#quick-order): a quick order
 * or a reorder whose answer never came, retried, adds its lines once; the original client, without an
 * id, adds every time.
 */
let server: TestServer;
let buyer: TestCompany;
let tokens: BuyerTokens;

const product = (pid: string, stock: number) =>
  makeProduct(server, {
    pid,
    stock,
    name: `재시도 부품 ${pid}`,
    tiers: [9000, 9500, 10_000, 11_000],
    salePrice: 12_000,
  });
const add = (token: string, lines: { productId: number; qty: number }[], clientRequestId?: string) =>
  call(server, 'addQuickOrderToCart', { lines, ...(clientRequestId ? { clientRequestId } : {}) }, { token });
const qtyInCart = async (memberId: number, productId: number) =>
  (
    await server.db
      .select({ qty: cartItems.qty })
      .from(cartItems)
      .where(and(eq(cartItems.memberId, memberId), eq(cartItems.productId, productId)))
  )[0]?.qty ?? 0;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens } = await makeBuyers(server, { buyer: '재시도', other: '남의재시도' }));
}, 60_000);
afterAll(() => server?.close());

describe('api/addQuickOrderToCart with a clientRequestId', () => {
  it('five copies of one request sent at once add the lines once, and each is answered as the first', async () => {
    const a = await product('RT-ONCE-A', 50);
    const b = await product('RT-ONCE-B', 40);
    const lines = [
      { productId: a.id, qty: 3 },
      { productId: b.id, qty: 7 },
    ];
    const answers = await Promise.all(Array.from({ length: 5 }, () => add(tokens.main, lines, 'retry-once-0001')));
    for (const res of answers) expect(res.body).toMatchObject({ code: 201, message: MSG_QUICK_ORDER.added(2) });
    expect(answers.map((r) => r.body.results)).toEqual(Array.from({ length: 5 }, () => ({ added: 2 })));
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(3);
    expect(await qtyInCart(buyer.main.seq, b.id)).toBe(7);

    // Another request id is another write: the quantities add up.
    expect((await add(tokens.main, lines, 'retry-once-0002')).body.code).toBe(201);
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(6);
  });

  it('without an id (the original client) every request adds', async () => {
    const a = await product('RT-NOID', 50);
    await add(tokens.main, [{ productId: a.id, qty: 4 }]);
    await add(tokens.main, [{ productId: a.id, qty: 4 }]);
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(8);
  });

  it('the same id with other lines is refused in Korean and changes nothing', async () => {
    const a = await product('RT-OTHER', 50);
    expect((await add(tokens.main, [{ productId: a.id, qty: 2 }], 'retry-other-01')).body.code).toBe(201);
    const res = await add(tokens.main, [{ productId: a.id, qty: 5 }], 'retry-other-01');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG_QUICK_ORDER.requestReused);
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(2);
  });

  it('a first request refused for its stock leaves its id free: the retry after a restock adds', async () => {
    const a = await product('RT-STOCK', 2);
    const first = await add(tokens.main, [{ productId: a.id, qty: 3 }], 'retry-stock-01');
    expect(first.status).toBe(409);
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(0);
    await server.db.execute(sql`update products set has_amount = 10 where id = ${a.id}`);
    const again = await add(tokens.main, [{ productId: a.id, qty: 3 }], 'retry-stock-01');
    expect(again.body).toMatchObject({ code: 201, results: { added: 1 } });
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(3);
  });

  it("an id is the member's own: the sub-account's request with the same id is a write of its own", async () => {
    const a = await product('RT-MEMBER', 50);
    expect((await add(tokens.main, [{ productId: a.id, qty: 1 }], 'retry-member-1')).body.code).toBe(201);
    expect((await add(tokens.sub, [{ productId: a.id, qty: 2 }], 'retry-member-1')).body.code).toBe(201);
    expect(await qtyInCart(buyer.main.seq, a.id)).toBe(1);
    expect(await qtyInCart(buyer.subs[0]!.seq, a.id)).toBe(2);
  });

  it.each([['short7x'], ['x'.repeat(65)], ['공백 없는 한글 요청번호'], ['retry id 01'], [12_345_678]])(
    'refuses the id %j with a Korean message and adds nothing',
    async (clientRequestId) => {
      const a = await product(`RT-BAD-${String(clientRequestId).length}-${typeof clientRequestId}`, 50);
      const res = await call(
        server,
        'addQuickOrderToCart',
        { lines: [{ productId: a.id, qty: 1 }], clientRequestId } as never,
        { token: tokens.main },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_QUICK_ORDER.requestId);
      expect(await qtyInCart(buyer.main.seq, a.id)).toBe(0);
    },
  );
});

describe('api/reorder with a clientRequestId', () => {
  it('three copies at once put the order in the cart once, each answered with the same lines', async () => {
    const a = await product('RT-REORDER', 30);
    const order = await insertOrder(server, {
      companyId: buyer.companyId,
      memberId: buyer.main.seq,
      status: 2,
      productId: a.id,
      qty: 4,
      totalAmount: 36_000,
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call(server, 'reorder', { seq: order, clientRequestId: 'reorder-once-1' }, { token: tokens.sub }),
      ),
    );
    for (const res of answers) expect(res.body.code).toBe(201);
    expect(answers[0]!.body.results).toMatchObject([{ productId: a.id, addedQty: 4 }]);
    expect(answers[1]!.body.results).toEqual(answers[0]!.body.results);
    expect(answers[2]!.body.results).toEqual(answers[0]!.body.results);
    expect(await qtyInCart(buyer.subs[0]!.seq, a.id)).toBe(4);
    // A reorder asked again later, with a new id, adds again (a second job with the same parts).
    await call(server, 'reorder', { seq: order, clientRequestId: 'reorder-once-2' }, { token: tokens.sub });
    expect(await qtyInCart(buyer.subs[0]!.seq, a.id)).toBe(8);
  });
});

describe('the retention of request ids', () => {
  it('prunes the ids older than seven days and keeps the newer', async () => {
    const a = await product('RT-PRUNE', 50);
    await add(tokens.main, [{ productId: a.id, qty: 1 }], 'prune-old-0001');
    await add(tokens.main, [{ productId: a.id, qty: 1 }], 'prune-new-0001');
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await server.db.execute(
      sql`update cart_requests set created_at = ${ago(8)}::timestamptz where request_id = 'prune-old-0001'`,
    );
    await server.db.execute(
      sql`update cart_requests set created_at = ${ago(6)}::timestamptz where request_id = 'prune-new-0001'`,
    );
    await pruneCartRequests(server.db, now, 1);
    const left = await queryRows<{ request_id: string }>(
      server.db,
      sql`select request_id from cart_requests where request_id like 'prune-%' order by request_id`,
    );
    expect(left.map((r) => r.request_id)).toEqual(['prune-new-0001']);
  });
});
