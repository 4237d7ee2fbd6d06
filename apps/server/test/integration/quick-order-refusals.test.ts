import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_QUICK_ORDER, type QuickOrderRowAnswer } from '@partsmall/contract';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeBuyers, makeProduct, type BuyerTokens } from '../order-helpers.js';

/**
 * api/resolveQuickOrder's refusals and limits (docs/requirements.md#quick-order): quantities of one
 * product past one cart line's limit, a wrong column role, two files, and the 401 of a call without a
 * token (docs/requirements.md#answers-and-errors).
 */
let server: TestServer;
let tokens: BuyerTokens;

beforeAll(async () => {
  server = await startTestServer();
  ({ tokens } = await makeBuyers(server, { buyer: '한도', other: '남의한도' }));
}, 60_000);
afterAll(() => server?.close());

const product = (pid: string, stock: number) =>
  makeProduct(server, { pid, stock, tiers: [9000, 9500, 10_000, 11_000], salePrice: 12_000 });

const resolve = async (text: string) =>
  (await call(server, 'resolveQuickOrder', { text }, { token: tokens.main })).body.results as QuickOrderRowAnswer[];

async function upload(parts: [string, Blob | string, string?][]) {
  const form = new FormData();
  for (const [name, value, filename] of parts)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  const res = await fetch(`${server.base}/api/resolveQuickOrder`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.main}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; message: string; field?: string } };
}

describe('lines of one number whose quantities together pass 100,000', () => {
  it('are one row short of the stock, offering the stock, not a row that cannot be ordered', async () => {
    const p = await product('QL-SUM-18', 18);
    const rows = await resolve('QL-SUM-18 60000\nQL-SUM-18 60000');
    expect(rows.map((r) => [r.line, r.status, r.productId, r.qty, r.orderQty, r.mergedLines, r.message])).toEqual([
      [1, 'short', p.id, 120000, 18, [2], MSG_QUICK_ORDER.short(18)],
    ]);
  });

  it('with more stock than one cart line takes, offer 100,000 and say why', async () => {
    const p = await product('QL-SUM-BIG', 150_000);
    const rows = await resolve('QL-SUM-BIG 60000\nQL-SUM-BIG 60000');
    expect(rows.map((r) => [r.status, r.productId, r.qty, r.orderQty, r.message])).toEqual([
      ['exact', p.id, 120000, 100000, '한 줄에 100,000개까지 담을 수 있어 수량을 100,000개로 줄였습니다.'],
    ]);
  });
});

describe('refusals say what to do', () => {
  it('a column role it does not know, sent as JSON, asks for the columns again', async () => {
    const res = await call(
      server,
      'resolveQuickOrder',
      { text: '42215489599 2', columns: ['품번'] as never },
      { token: tokens.main },
    );
    expect([res.status, res.body.message]).toEqual([400, MSG_QUICK_ORDER.columns]);
  });

  it('two files in one upload: one file at a time', async () => {
    const csv = () => new Blob(['42215489599,2\n']);
    const res = await upload([
      ['file', csv(), 'a.csv'],
      ['file', csv(), 'b.csv'],
    ]);
    expect([res.status, res.body.message]).toEqual([400, '파일은 한 번에 하나씩 올려 주세요.']);
  });
});

describe('401 without a token and with a dead one', () => {
  it('no token: 로그인이 필요합니다; an unknown token: 로그인이 만료되었습니다', async () => {
    const none = await call(server, 'resolveQuickOrder', { text: 'A1 1' });
    expect([none.status, none.body]).toEqual([401, { code: 401, message: MSG.loginRequired }]);
    const dead = await call(server, 'resolveQuickOrder', { text: 'A1 1' }, { token: 'made-up-token' });
    expect([dead.status, dead.body]).toEqual([401, { code: 401, message: MSG.tokenExpired }]);
  });
});
