import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * The product grid reuses an answer for PRODUCT_LIST_CACHE_MS, per query and per price tier. The
 * TTL here is long enough that no slow moment of the machine ends an entry within a test; when an
 * entry ends is tested with a hand-moved clock (src/features/products/list-cache.test.ts).
 */
const TTL = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ productListCacheMs: TTL });
});
afterAll(async () => {
  await server?.close();
});

const firstPage = (token?: string) => call(server, 'getProductHome', { page: 1, size: 12 }, { token });

describe('product grid cache', () => {
  it('answers a repeated query from the cache while the product page reads the change at once', async () => {
    const before = (await firstPage()).body.results![0]!;
    await server.db.update(products).set({ name: '캐시 확인용 새 이름' }).where(eq(products.id, before.seq));
    // The product page always reads fresh; the grid may lag by the TTL.
    expect((await call(server, 'getProductHomeDetail', { seq: before.seq })).body.results!.name).toBe(
      '캐시 확인용 새 이름',
    );
    expect((await firstPage()).body.results![0]!.name).toBe(before.name);
    // Another query is not answered from that entry: it reads the change.
    const bigger = await call(server, 'getProductHome', { page: 1, size: 60 });
    expect(bigger.body.results![0]!.name).toBe('캐시 확인용 새 이름');
  });

  it('keeps visitors, levels and queries apart: a visitor never gets a cached member price', async () => {
    const gold = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const bronze = await loginAs(server, 'other@partsmall.kr', 'demo1234');
    const [visitor, goldPage, bronzePage, visitorAgain] = [
      await firstPage(),
      await firstPage(gold),
      await firstPage(bronze),
      await firstPage(),
    ];
    expect(visitor.body.results!.every((p) => p.price === undefined)).toBe(true);
    expect(visitorAgain.body.results!.every((p) => p.price === undefined)).toBe(true);
    expect(goldPage.body.results!.every((p) => typeof p.price === 'number')).toBe(true);
    // The seed prices tiers apart, so two levels answered from two entries differ somewhere.
    expect(goldPage.body.results!.map((p) => p.price)).not.toEqual(bronzePage.body.results!.map((p) => p.price));
    const second = await call(server, 'getProductHome', { page: 2, size: 12 });
    expect(second.body.results![0]!.seq).not.toBe(visitor.body.results![0]!.seq);
    const cached = await call(server, 'getProductHome', { page: 1, size: 12 });
    expect(cached.body).toEqual(visitorAgain.body);
  });
});
