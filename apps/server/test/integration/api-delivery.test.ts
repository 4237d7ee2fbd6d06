import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestServer, type TestServer } from '../helpers.js';

/**
 * How API answers and uploaded files travel: JSON of 1 KB and more compressed as the request
 * allows (brotli, else gzip), small answers and requests without Accept-Encoding as they are;
 * uploaded files cached by what their names promise.
 */

/** The home grid's first page as a visitor asks for it: 60 products, about 26 KB of JSON. */
const firstPage = { searchType: '', searchKeyword: '', page: 1, size: 60 };

let server: TestServer;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-uploads-'));
  server = await startTestServer({ env: { UPLOAD_DIR: uploadDir } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('JSON answers', () => {
  it('of 1 KB and more travel in brotli when the request accepts it, and decode to the same answer', async () => {
    const plain = await rawRequest(server, 'POST', '/api/getProductHome', {}, firstPage);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const answer = JSON.parse(plain.body.toString()) as { code: number; results: unknown[] };
    expect(answer.code).toBe(200);
    expect(answer.results).toHaveLength(60);
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await rawRequest(
      server,
      'POST',
      '/api/getProductHome',
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      firstPage,
    );
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toContain('accept-encoding');
    // Still personal: compressed answers keep the no-store of the API.
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(answer);
  });

  it('travel in gzip when brotli is not accepted, and as they are when nothing is', async () => {
    const gz = await rawRequest(server, 'POST', '/api/getProductHome', { 'accept-encoding': 'gzip' }, firstPage);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(zlib.gunzipSync(gz.body).toString()) as { results: unknown[] }).results).toHaveLength(60);

    const refused = await rawRequest(
      server,
      'POST',
      '/api/getProductHome',
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      firstPage,
    );
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refused.body.toString()) as { results: unknown[] }).results).toHaveLength(60);
  });

  it('under 1 KB are sent as they are: the refusal envelope of a visitor', async () => {
    const refusal = await rawRequest(server, 'POST', '/api/getMallCartInfo', { 'accept-encoding': 'br, gzip' }, {});
    expect(refusal.status).toBe(401);
    expect(refusal.body.length).toBeLessThan(1024);
    expect(refusal.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refusal.body.toString()) as { code: number }).code).toBe(401);
  });
});

describe('uploaded files', () => {
  it('named by their content are cached a year as immutable', async () => {
    fs.mkdirSync(path.join(uploadDir, 'epc'), { recursive: true });
    fs.writeFileSync(
      path.join(uploadDir, 'epc', '0123456789abcdef0123456789abcdef.png'),
      Buffer.from('89504e470d0a1a0a', 'hex'),
    );
    const res = await rawRequest(server, 'GET', '/uploads/epc/0123456789abcdef0123456789abcdef.png');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('with other names (the seeded product pictures) are kept ten minutes, then revalidated by ETag', async () => {
    const res = await rawRequest(server, 'GET', '/uploads/products/filter-1.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const again = await rawRequest(server, 'GET', '/uploads/products/filter-1.svg', {
      'if-none-match': res.headers.etag!,
    });
    expect(again.status).toBe(304);
  });

  it('a name that is almost a content hash (31 hex digits) is not taken for one', async () => {
    fs.writeFileSync(
      path.join(uploadDir, 'epc', '0123456789abcdef0123456789abcde.png'),
      Buffer.from('89504e470d0a1a0a', 'hex'),
    );
    const res = await rawRequest(server, 'GET', '/uploads/epc/0123456789abcdef0123456789abcde.png');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });
});
