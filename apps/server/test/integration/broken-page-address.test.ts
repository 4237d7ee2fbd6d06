import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { rawGet, rawRequest, startTestServer, type TestServer } from '../helpers.js';

/**
 * A page address with a broken percent escape (a deep link cut short in a message, '/epcMain/%E0%A4%A/all')
 * opened in a browser gets the app's page, which reads its address itself, not the API's JSON
 * refusal (docs/security.md#hostile-input); a call or any request that does not ask for HTML keeps the
 * JSON 400.
 */

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-broken-page-'));
const PAGE = '<!doctype html><html><head><title>PartsMall</title></head><body><div id="root"></div></body></html>';
let server: TestServer;
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dist, 'route-paths.json'), JSON.stringify(['/home', '/epcMain/*']));
  server = await startTestServer({ webDist: dist, seed: false });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

describe('a page address with a broken percent escape', () => {
  it('opened in a browser: the app page (200 for a route of the app, 404 for another), with the security headers', async () => {
    const answers = [];
    for (const address of ['/epcMain/%E0%A4%A/all', '/home/%ZZ', '/%']) {
      const res = await rawGet(server, address, BROWSER);
      const body = res.body.toString('utf8');
      answers.push([
        address,
        res.status,
        res.headers['content-type'],
        body.includes('<div id="root">'),
        res.headers['cache-control'],
        res.headers['x-content-type-options'],
        String(res.headers['content-security-policy']).includes("default-src 'self'"),
      ]);
    }
    expect(answers).toEqual([
      ['/epcMain/%E0%A4%A/all', 200, 'text/html; charset=utf-8', true, 'no-cache', 'nosniff', true],
      ['/home/%ZZ', 404, 'text/html; charset=utf-8', true, 'no-cache', 'nosniff', true],
      ['/%', 404, 'text/html; charset=utf-8', true, 'no-cache', 'nosniff', true],
    ]);
  });

  it('a call, a picture, a POST or a request that does not ask for HTML keeps the JSON 400', async () => {
    const refused = { code: 400, message: MSG.badRequest };
    const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;
    const answers = [
      await rawGet(server, '/epc/getCarsVinEx%E0%A4%A', BROWSER),
      await rawGet(server, '/api/getProductInfo%E0%A4%A', BROWSER),
      await rawGet(server, '/uploads/%E0%A4%A', BROWSER),
      await rawGet(server, '/epcMain/%E0%A4%A/all', { accept: 'application/json' }),
      await rawGet(server, '/epcMain/%E0%A4%A/all'),
      await rawRequest(server, 'POST', '/epcMain/%E0%A4%A/all', BROWSER, {}),
    ].map((res) => [res.status, json(res.body)]);
    expect(answers).toEqual(Array(6).fill([400, refused]));
  });
});
