import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { rawGet, startTestServer, type TestServer } from '../helpers.js';

/**
 * robots.txt and the sitemap of product pages, built from the seeded database
 * (330 demo products, ids 1-330) with addresses from the configured PUBLIC_URL (docs/operations.md#modes), whatever the
 * request's Host says.
 */
const PUBLIC_URL = 'https://shop.partsmall.test';

/** The demo shop on a fresh database, with a public address other than the one it listens on. */
const startShop = () => startTestServer({ env: { PUBLIC_URL } });

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function addProduct(server: TestServer, id: number) {
  const pid = `SM-${id}`;
  await server.db.insert(products).values({
    id,
    name: `사이트맵 테스트 부품 ${id}`,
    pid,
    pidKey: alphaNumber(pid),
    stockName: '한국 김포물류센터',
    storageId: 1,
  });
}

describe('robots.txt and a catalogue that fits one sitemap', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startShop();
    // The last id that still belongs in the first (and only) file.
    await addProduct(server, 50_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('robots.txt names the sitemap by PUBLIC_URL, keeps private pages out and leaves the API reachable', async () => {
    const res = await rawGet(server, '/robots.txt', { host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.toString().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Sitemap: https://shop.partsmall.test/sitemap.xml');
    for (const prefix of ['/management', '/cart', '/checkOut', '/chat', '/epcMain', '/dev/', '/docs']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).not.toContain('Disallow: /productDetail');
    expect(lines).not.toContain('Disallow: /api/');
    expect(res.body.toString()).not.toContain('evil.example');
  });

  it('sitemap.xml lists every product page of the database, and only those', async () => {
    const res = await rawGet(server, '/sitemap.xml', { host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body.toString();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const urls = locs(xml);
    expect(urls).toHaveLength(331);
    expect(urls[0]).toBe('https://shop.partsmall.test/productDetail/1');
    expect(urls[329]).toBe('https://shop.partsmall.test/productDetail/330');
    expect(urls[330]).toBe('https://shop.partsmall.test/productDetail/50000');
    expect(new Set(urls).size).toBe(331);
  });

  it('is sent gzipped to a crawler that accepts it', async () => {
    const res = await rawGet(server, '/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(locs(zlib.gunzipSync(res.body).toString())).toHaveLength(331);
  });
});

describe('a catalogue beyond 50,000 addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startShop();
    // Ids 1-330 (page 1), 50,001 (first of page 2) and 150,000 (last of page 3); page 4 stays empty.
    await addProduct(server, 50_001);
    await addProduct(server, 150_000);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sitemap.xml becomes a sitemap index of the non-empty files', async () => {
    const xml = (await rawGet(server, '/sitemap.xml')).body.toString();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      'https://shop.partsmall.test/sitemap-products-1.xml',
      'https://shop.partsmall.test/sitemap-products-2.xml',
      'https://shop.partsmall.test/sitemap-products-3.xml',
    ]);
  });

  it('each file holds the products of its 50,000 ids', async () => {
    const first = locs((await rawGet(server, '/sitemap-products-1.xml')).body.toString());
    expect(first).toHaveLength(330);
    expect(first.at(-1)).toBe('https://shop.partsmall.test/productDetail/330');
    expect(locs((await rawGet(server, '/sitemap-products-2.xml')).body.toString())).toEqual([
      'https://shop.partsmall.test/productDetail/50001',
    ]);
    expect(locs((await rawGet(server, '/sitemap-products-3.xml')).body.toString())).toEqual([
      'https://shop.partsmall.test/productDetail/150000',
    ]);
  });

  it('an empty or impossible file is a 404', async () => {
    for (const file of [
      '/sitemap-products-4.xml',
      '/sitemap-products-0.xml',
      '/sitemap-products-99999999.xml',
      '/sitemap-products-x.xml',
    ]) {
      const res = await rawGet(server, file);
      expect(res.status, file).toBe(404);
      expect(res.headers['content-type'], file).toContain('application/json');
    }
  });
});
