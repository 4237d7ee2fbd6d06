import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber, productNameColumns } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';

/**
 * Rows the SQL reads but the ranking drops (docs/search.md#what-a-search-costs): '우' of 오른쪽 is
 * inside 아우디, so a LIKE finds every 아우디 name, and the ranking keeps only the names where 우
 * stands as a word. When such rows fill the first read, the search reads on: the right rows past
 * them are found, `more` says only what a next page holds, and a word no kept row has is named.
 */
let server: TestServer;
const right: number[] = [];

async function add(name: string, n: number): Promise<number[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const pid = `DRP-${name.length}-${i}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
    return {
      name,
      ...productNameColumns(name),
      pid,
      pidKey: alphaNumber(pid),
      priceA: 1000,
      priceB: 1000,
      priceC: 1000,
      priceD: 1000,
      salePrice: 1200,
      hasAmount: 2,
      stockName: '한국 김포물류센터',
      storageId: 1,
    };
  });
  const out = await server.db.insert(products).values(rows).returning({ id: products.id });
  return out.map((r) => r.id);
}

beforeAll(async () => {
  server = await startTestServer();
  right.push(...(await add('퀀텀램프 (우)', 2)));
  await add('아우디 A6 퀀텀램프 (좌)', 250);
  right.push(...(await add('퀀텀램프 (우)', 3)));
  await add('아우디 A4 퀀텀미러 (좌)', 250);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Answer = { results: { seq: number }[]; more: boolean; unmatchedWord?: string };
const search = async (keyword: string, page: number, size: number) => {
  const res = await call(server, 'getProductHome', { searchType: 'name', searchKeyword: keyword, page, size });
  expect(res.status).toBe(200);
  return res.body as unknown as Answer;
};

describe('rows the ranking drops after the read', () => {
  it('reads on past them: every page has rows while `more` says so, and the right rows past them are found', async () => {
    const pages: Answer[] = [];
    for (let page = 1; page <= 4; page++) pages.push(await search('퀀텀램프 오른쪽', page, 2));
    expect(pages.map((p) => [p.results.length, p.more])).toEqual([
      [2, true],
      [2, true],
      [1, false],
      [0, false],
    ]);
    expect(pages.flatMap((p) => p.results.map((r) => r.seq)).sort((a, b) => a - b)).toEqual(right);
  });

  it('names the word when every row read is dropped', async () => {
    expect((await search('퀀텀미러', 1, 100)).results).toHaveLength(100);
    const none = await search('퀀텀미러 오른쪽', 1, 100);
    expect([none.results.length, none.more, none.unmatchedWord]).toEqual([0, false, '오른쪽']);
  });
});
