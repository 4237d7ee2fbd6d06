import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDemoBanner } from '../../src/web-app/serve.js';
import { rawGet, startTestServer, type TestServer } from '../helpers.js';

/**
 * How the built web app travels (docs/performance.md#what-keeps-the-figures). Runs the server on the real build (npm test
 * builds it first), because the precompressed copies and the font stylesheet come from the build.
 */
const webDist = path.resolve(import.meta.dirname, '../../../web/dist');

let server: TestServer;
/** The page as built, and as the demo shop (this test's server) sends it: with its banner. */
let indexHtml: string;
let demoHtml: string;
/** The entry script and the stylesheet index.html links (the ones the first paint waits for). */
let entryScript: string;
let blockingStylesheets: string[];

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web app not built: run npm run build');
  indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  demoHtml = withDemoBanner(indexHtml);
  entryScript = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1]!;
  blockingStylesheets = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
  server = await startTestServer({ webDist, seed: false });
});
afterAll(async () => {
  await server?.close();
});

const onDisk = (urlPath: string) => fs.readFileSync(path.join(webDist, urlPath));

describe('hashed assets', () => {
  it('are cached for a year as immutable', async () => {
    for (const asset of [entryScript, ...blockingStylesheets]) {
      const res = await rawGet(server, asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answer accept-encoding br with the brotli copy made at build time', async () => {
    const res = await rawGet(server, entryScript, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.body.equals(onDisk(`${entryScript}.br`))).toBe(true);
    expect(zlib.brotliDecompressSync(res.body).equals(onDisk(entryScript))).toBe(true);
    expect(res.body.length).toBeLessThan(onDisk(entryScript).length / 3);
  });

  it('answer accept-encoding gzip with the gzip copy, and no accept-encoding with the file itself', async () => {
    const [stylesheet] = blockingStylesheets;
    const gz = await rawGet(server, stylesheet!, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(zlib.gunzipSync(gz.body).equals(onDisk(stylesheet!))).toBe(true);

    const plain = await rawGet(server, stylesheet!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk(stylesheet!))).toBe(true);

    const refused = await rawGet(server, entryScript, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(onDisk(entryScript))).toBe(true);
  });

  it('do not expose the compressed copies as files of their own, and a missing one is a 404, not the page', async () => {
    expect((await rawGet(server, `${entryScript}.br`)).status).toBe(404);
    const missing = await rawGet(server, '/assets/index-00000000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });
});

describe('index.html', () => {
  it('is revalidated on every visit (no-cache) and answers 304 to its ETag', async () => {
    const first = await rawGet(server, '/home', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(demoHtml);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);

    const repeat = await rawGet(server, '/productDetail/1', { 'if-none-match': etag });
    expect(repeat.status).toBe(304);
    expect(repeat.body.length).toBe(0);

    const plain = await rawGet(server, '/login');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.toString()).toBe(demoHtml);
  });

  it("carries the demo shop's banner in demo mode (gzip too), and is the build's page unchanged in production", async () => {
    // Before the app's root, a named region with the banner's words: painted with the page, moving nothing later.
    expect(demoHtml).toContain(
      '<section class="demo-banner" id="demo-banner" data-testid="demo-banner" aria-label="데모 상점 안내"><p><b>데모 상점</b> 체험용 상점입니다. 결제는 모의 결제로 처리되며 실제로 청구되지 않습니다.</p></section><div id="root">',
    );
    expect(demoHtml.replace(/<section class="demo-banner"[^]*?<\/section>/, '')).toBe(indexHtml);
    const gzip = await rawGet(server, '/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(demoHtml);

    const production = await startTestServer({
      webDist,
      seed: false,
      env: {
        NODE_ENV: 'production',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ALLOW_CONSOLE_SMS: 'true',
        PUBLIC_URL: 'https://shop.partsmall.test',
        PAYMENT_SANDBOX_SECRET: 'web-delivery-secret',
      },
    });
    try {
      const br = await rawGet(production, '/home', { 'accept-encoding': 'br' });
      expect(br.body.equals(onDisk('/index.html.br'))).toBe(true);
      const plain = await rawGet(production, '/home');
      expect(plain.body.toString()).toBe(indexHtml);
      expect(plain.body.toString()).not.toContain('demo-banner');
    } finally {
      await production.close();
    }
  });

  it('unhashed files of public/ are revalidated too', async () => {
    const res = await rawGet(server, '/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('addresses no route takes (soft 404)', () => {
  it('answer 404 with the app, which shows its not-found page, and are not cached as a page', async () => {
    for (const address of ['/no-such-page', '/home/extra', '/notice/1/2', '/productDetail/1/2', '/favicon.ico']) {
      const res = await rawGet(server, address, { 'accept-encoding': 'br' });
      expect(res.status, address).toBe(404);
      expect(res.headers['content-type'], address).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.headers.etag, address).toBeUndefined();
      expect(zlib.brotliDecompressSync(res.body).toString(), address).toBe(demoHtml);
    }
  });

  it('while every address of the route table answers 200, whatever its parameters, query or letter case', async () => {
    for (const address of [
      '/',
      '/home',
      '/home?searchType=pid&keyword=A1',
      '/HOME',
      '/login',
      '/mobile',
      '/productDetail/1',
      '/productDetail',
      '/notice/3',
      '/noticem/3',
      '/management/chargeCash',
      '/epcMain/bmw/x5',
      '/orderDetail?seq=1',
    ]) {
      const res = await rawGet(server, address);
      expect(res.status, address).toBe(200);
      expect(res.body.toString(), address).toBe(demoHtml);
    }
  });

  it('the build lists the route table’s patterns for the server, the catch-all left out', () => {
    const patterns = JSON.parse(onDisk('/route-paths.json').toString()) as string[];
    expect(patterns).toEqual(
      expect.arrayContaining([
        '/',
        '/home',
        '/login',
        '/mobile',
        '/productDetail/:id?',
        '/notice/:id',
        '/management/:path?',
        '/epcMain/*',
        '/chatStart/:route?',
        '/admin/*',
      ]),
    );
    expect(patterns).not.toContain('*');
    expect(patterns).not.toContain('/*');
  });

  it('unknown API addresses keep the JSON envelope', async () => {
    for (const address of ['/api/noSuchCall', '/uploads/none.png', '/assets/none.js']) {
      const res = await rawGet(server, address);
      expect(res.status, address).toBe(404);
      expect(res.headers['content-type'], address).toContain('application/json');
      expect(JSON.parse(res.body.toString()), address).toEqual({
        code: 404,
        message: '요청한 정보를 찾을 수 없습니다.',
      });
    }
  });
});

describe('the first paint', () => {
  it('waits for no @font-face rules: the font faces come in their own stylesheet, woff2 only', () => {
    expect(blockingStylesheets.length).toBeGreaterThan(0);
    for (const href of blockingStylesheets) {
      const css = onDisk(href).toString();
      expect(css, href).not.toContain('@font-face');
      expect(css.length, href).toBeLessThan(100_000);
    }
    const assets = fs.readdirSync(path.join(webDist, 'assets'));
    const faces = assets.filter((f) => f.endsWith('.css') && onDisk(`/assets/${f}`).toString().includes('@font-face'));
    expect(faces).toHaveLength(1);
    const css = onDisk(`/assets/${faces[0]}`).toString();
    expect(css).toContain('font-family:Noto Sans KR');
    expect(css).toContain('font-display:swap');
    expect(css).toMatch(/url\(\/assets\/noto-sans-kr-119-400-normal-[\w-]+\.woff2\)/);
    expect(css).not.toMatch(/\.woff\)/);
    // An installed copy of the font serves first: one local-only face per weight, after its slices.
    const faceRules = css.match(/@font-face\{[^}]*\}/g)!;
    const installed = faceRules.filter((rule) => rule.includes('local('));
    expect(installed).toHaveLength(2);
    expect(installed.every((rule) => !rule.includes('url(') && rule.includes('local(Noto Sans CJK KR'))).toBe(true);
    expect(css.lastIndexOf('-400-normal-')).toBeLessThan(css.indexOf('font-weight:400;src:local('));
    // No woff copies in the build at all.
    expect(assets.filter((f) => f.endsWith('.woff'))).toEqual([]);
  });
});
