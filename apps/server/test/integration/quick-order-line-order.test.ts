import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, QuickOrderRowAnswer } from '@partsmall/contract';
import { linesOf, statementLinesOf } from '../../src/features/orders/repository.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { fund, makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';
import type { TestCompany } from '../member-helpers.js';

/**
 * A quick order keeps its estimate's order (docs/requirements.md#quick-order): the lines added
 * together stand in the cart, on the order and on the 거래명세서 as the estimate listed them, whatever
 * the products' ids; a later add comes after them.
 */
let server: TestServer;
let buyer: TestCompany;
let tokens: BuyerTokens;

beforeAll(async () => {
  server = await startTestServer();
  ({ buyer, tokens } = await makeBuyers(server, { buyer: '순서', other: '남의순서' }));
  await fund(server, buyer.companyId, 10_000_000);
}, 60_000);
afterAll(() => server?.close());

const part = (pid: string) =>
  makeProduct(server, {
    pid,
    stock: 50,
    name: `순서 부품 ${pid}`,
    tiers: [9000, 9500, 10_000, 11_000],
    salePrice: 12_000,
  });

describe('a quick order in estimate order', () => {
  it('cart listing, order lines and statement lines follow the estimate, not the product ids', async () => {
    // Products made 1 to 6: their ids ascend; the estimate lists them 6, 2, 5, 1, 4, 3.
    const made = [];
    for (let i = 1; i <= 6; i++) made.push(await part(`QO-ORD-${i}`));
    const estimateOrder = [6, 2, 5, 1, 4, 3];
    const text = [
      '순번\t품번\t수량\t비고',
      ...estimateOrder.map((n, k) => `${k + 1}\tQO-ORD-${n}\t${k + 1}\t메모${k + 1}`),
    ].join('\n');
    const resolved = await call(server, 'resolveQuickOrder', { text }, { token: tokens.main });
    const rows = resolved.body.results as QuickOrderRowAnswer[];
    expect(rows.map((r) => [r.line, r.partNumber, r.status])).toEqual([
      [2, 'QO-ORD-6', 'exact'],
      [3, 'QO-ORD-2', 'exact'],
      [4, 'QO-ORD-5', 'exact'],
      [5, 'QO-ORD-1', 'exact'],
      [6, 'QO-ORD-4', 'exact'],
      [7, 'QO-ORD-3', 'exact'],
    ]);
    const lines = rows.map((r) => ({
      productId: r.productId!,
      qty: r.orderQty,
      memo: r.memo,
      jobRef: `JOB-${r.line}`,
    }));
    expect((await call(server, 'addQuickOrderToCart', { lines }, { token: tokens.main })).body.code).toBe(201);

    // A later add of one more product comes after the estimate's lines.
    const later = await part('QO-ORD-LATER');
    expect((await call(server, 'addToCart', { productId: later.id, qty: 1 }, { token: tokens.main })).body.code).toBe(
      201,
    );

    const cart = (await call(server, 'getMallCartInfo', {}, { token: tokens.main })).body.results as CartLine[];
    const wanted = ['QO-ORD-6', 'QO-ORD-2', 'QO-ORD-5', 'QO-ORD-1', 'QO-ORD-4', 'QO-ORD-3', 'QO-ORD-LATER'];
    expect(cart.map((c) => c.productInfo.pid)).toEqual(wanted);
    expect(cart.map((c) => c.jobRef)).toEqual(['JOB-2', 'JOB-3', 'JOB-4', 'JOB-5', 'JOB-6', 'JOB-7', '']);

    // Paid with the lines sent in another order than the cart's (a client may send them as picked).
    const carts = [...cart].reverse().map((c) => ({ seq: c.seq, qty: c.qty }));
    const paid = await call(
      server,
      'requestPaymentProduct',
      { shippingInfo: { name: '김작업', phone: '01055556789', shippingValue: 4, shippingPayType: 2 }, carts },
      { token: tokens.main },
    );
    expect(paid.body.code).toBe(201);
    const orderId = paid.body.results!.orderSeq as number;
    const orderLines = (await linesOf(server.db, [orderId])).get(orderId)!;
    expect(orderLines.map((l) => [l.pid, l.qty, l.jobRef])).toEqual([
      ['QO-ORD-6', 1, 'JOB-2'],
      ['QO-ORD-2', 2, 'JOB-3'],
      ['QO-ORD-5', 3, 'JOB-4'],
      ['QO-ORD-1', 4, 'JOB-5'],
      ['QO-ORD-4', 5, 'JOB-6'],
      ['QO-ORD-3', 6, 'JOB-7'],
      ['QO-ORD-LATER', 1, ''],
    ]);
    const statement = await statementLinesOf(server.db, [orderId]);
    expect(statement.map((l) => [l.pid, l.memo])).toEqual([
      ['QO-ORD-6', '메모1'],
      ['QO-ORD-2', '메모2'],
      ['QO-ORD-5', '메모3'],
      ['QO-ORD-1', '메모4'],
      ['QO-ORD-4', '메모5'],
      ['QO-ORD-3', '메모6'],
      ['QO-ORD-LATER', ''],
    ]);
  });
});
