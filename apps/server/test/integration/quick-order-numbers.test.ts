import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_QUICK_ORDER, type QuickOrderRowAnswer } from '@partsmall/contract';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * A quick-order line whose number found nothing is looked up as the search box does
 * (docs/search.md#one-box, docs/search.md#paste-anything): a Mercedes-Benz number typed without its
 * A (10 to 14 digits), an aftermarket number typed without its maker.
 */
let server: TestServer;
let tokens: BuyerTokens;

const product = (pid: string, factoryNum = '') =>
  makeProduct(server, {
    pid,
    factoryNum,
    stock: 10,
    name: `빠른주문 번호 ${pid}`,
    tiers: [9000, 9500, 10_000, 11_000],
    salePrice: 12_000,
  });

async function resolve(text: string): Promise<QuickOrderRowAnswer[]> {
  const res = await call(server, 'resolveQuickOrder', { text }, { token: tokens.main });
  expect(res.status).toBe(200);
  return res.body.results as QuickOrderRowAnswer[];
}

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens } = await makeBuyers(server, { buyer: '번호', other: '남번' }));
}, 60_000);
afterAll(() => server?.close());

describe('api/resolveQuickOrder: numbers as the search box reads them', () => {
  it('a Mercedes-Benz number without its A: 10 and 14 digits are found with the A, 9 and 15 are not', async () => {
    const ten = await product('A9874123305');
    const fourteen = await product('A98741233051234');
    await product('A987412330');
    await product('A987412330512345');
    const rows = await resolve(['9874123305 2', '98741233051234 1', '987412330 1', '987412330512345 1'].join('\n'));
    expect(rows.map((r) => [r.line, r.status, r.productId, r.partNumber, r.qty, r.orderQty, r.message])).toEqual([
      [1, 'exact', ten.id, '9874123305', 2, 2, MSG_QUICK_ORDER.exact],
      [2, 'exact', fourteen.id, '98741233051234', 1, 1, MSG_QUICK_ORDER.exact],
      [3, 'unknown', null, '987412330', 1, 0, MSG_QUICK_ORDER.unknown],
      [4, 'unknown', null, '987412330512345', 1, 0, MSG_QUICK_ORDER.unknown],
    ]);
    expect(rows[0]!.candidates.map((c) => [c.productId, c.match, c.label])).toEqual([
      [ten.id, 'own', '품번 일치 (A9874123305)'],
    ]);
    expect(rows[1]!.candidates.map((c) => c.label)).toEqual(['품번 일치 (A98741233051234)']);
  });

  it('an aftermarket number without its maker: one product is exact, two are a choice, a number one character off is unknown', async () => {
    const one = await product('QO-MK-1', 'QOMAKER QW 55 Y');
    const first = await product('QO-MK-2', 'QOFILT QZ 918 X');
    const second = await product('QO-MK-3', 'QOFILT QZ 918 X');
    const bare = await product('QO-MK-4', 'QOMAG MARELLI 71402194Q1');
    const rows = await resolve(['QW55Y 3', 'QZ918X 2', '71402194Q1 1', 'QZ918 1', 'QZ918XX 1'].join('\n'));
    expect(rows.map((r) => [r.line, r.status, r.productId, r.qty, r.orderQty, r.message])).toEqual([
      [1, 'exact', one.id, 3, 3, MSG_QUICK_ORDER.exact],
      [2, 'choose', null, 2, 2, MSG_QUICK_ORDER.choose(2)],
      [3, 'exact', bare.id, 1, 1, MSG_QUICK_ORDER.exact],
      [4, 'unknown', null, 1, 0, MSG_QUICK_ORDER.unknown],
      [5, 'unknown', null, 1, 0, MSG_QUICK_ORDER.unknown],
    ]);
    expect(rows[0]!.candidates.map((c) => [c.productId, c.match, c.label])).toEqual([
      [one.id, 'own', '품번 일치 (QOMAKER QW 55 Y)'],
    ]);
    expect(rows[1]!.candidates.map((c) => [c.productId, c.match, c.label])).toEqual([
      [first.id, 'own', '품번 일치 (QOFILT QZ 918 X)'],
      [second.id, 'own', '품번 일치 (QOFILT QZ 918 X)'],
    ]);
    expect(rows[2]!.candidates.map((c) => c.label)).toEqual(['품번 일치 (QOMAG MARELLI 71402194Q1)']);
  });

  it('a lone x before the quantity: the last letter of a number that has it, else a times sign', async () => {
    const times = await product('QX40123456');
    const lettered = await product('QOX-1', 'QOFILT QY 816 X');
    await product('QOX-2', 'QOFILT QY 816');
    const rows = await resolve(['QX40123456 x 3 급함', 'QY 816 X 4', 'QX40123457 x 2'].join('\n'));
    expect(rows.map((r) => [r.line, r.status, r.productId, r.partNumber, r.qty, r.orderQty, r.memo])).toEqual([
      [1, 'exact', times.id, 'QX40123456', 3, 3, '급함'],
      [2, 'exact', lettered.id, 'QY 816 X', 4, 4, ''],
      [3, 'unknown', null, 'QX40123457 x', 2, 0, ''],
    ]);
  });

  it('a number found as typed is not looked up further: its own product only', async () => {
    const own = await product('QV77Y');
    await product('QO-MK-5', 'QOMAKER QV 77 Y');
    const rows = await resolve('QV77Y 1');
    expect(rows.map((r) => [r.status, r.productId, r.candidates.map((c) => [c.productId, c.label])])).toEqual([
      ['exact', own.id, [[own.id, '품번 일치']]],
    ]);
  });
});
