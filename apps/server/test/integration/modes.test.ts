import http from 'node:http';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER } from '@partsmall/contract';
import { ConfigError, loadConfig } from '../../src/config.js';
import { companies, payments } from '../../src/db/schema.js';
import { DEMO_COMPANY } from '../../src/seed/demo.js';
import { call, fromAddress, loginAs, rawCall, sendPhoneCode, startTestServer, type TestServer } from '../helpers.js';

/**
 * Demo mode and production mode (docs/operations.md#modes): what each
 * refuses, the banner flag, the sandbox page, links from PUBLIC_URL, the dev outbox, /docs and the
 * security headers.
 */
const SECRET = 'modes-test-secret';
/** Production with every simulated integration switched on by name. */
const PRODUCTION = {
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ALLOW_CONSOLE_SMS: 'true',
  PUBLIC_URL: 'https://shop.partsmall.test',
  PAYMENT_SANDBOX_SECRET: SECRET,
  SEED_DEMO: 'true',
};

let demo: TestServer;
let production: TestServer;
beforeAll(async () => {
  [demo, production] = await Promise.all([
    startTestServer({ env: { PAYMENT_SANDBOX_SECRET: SECRET } }),
    startTestServer({ env: PRODUCTION }),
  ]);
});
afterAll(async () => {
  await Promise.all([demo?.close(), production?.close()]);
});

const pageKey = (paymentId: string) => createHmac('sha256', SECRET).update(`page:${paymentId}`).digest('base64url');
const point = async (server: TestServer) =>
  (
    await server.db
      .select({ point: companies.point })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license))
  )[0]!.point;

async function startCash(server: TestServer, amount: number, headers: Record<string, string> = {}) {
  const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  const res = await call<{ paymentId: string; online_url: string }>(
    server,
    'POST',
    'payCenter/showCashPaymentWinow',
    { pgcode: 'creditcard', amount },
    token,
    headers,
  );
  expect(res.body.code).toBe(200);
  return res.body.results!;
}

function press(
  server: TestServer,
  paymentId: string,
  action: string,
  opts: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = opts.key === undefined ? pageKey(paymentId) : opts.key;
  return rawCall(server, 'POST', `payCenter/sandbox/${paymentId}/${action}${key === null ? '' : `?key=${key}`}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
    body: '',
  });
}

describe('production mode refuses to start with simulated integrations unless each is switched on by name', () => {
  it('says why in one line, naming every switch', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    for (const name of ['NODE_ENV=production', 'ALLOW_SANDBOX_PAYMENTS=true', 'ALLOW_CONSOLE_SMS=true', 'PUBLIC_URL'])
      expect(message).toContain(name);
  });

  it('each switch lifts its own refusal only', () => {
    const missing = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', ...env });
        return [];
      } catch (err) {
        return ['ALLOW_SANDBOX_PAYMENTS', 'ALLOW_CONSOLE_SMS', 'PUBLIC_URL'].filter((n) =>
          (err as Error).message.includes(n),
        );
      }
    };
    expect(missing({ ALLOW_SANDBOX_PAYMENTS: 'true' })).toEqual(['ALLOW_CONSOLE_SMS', 'PUBLIC_URL']);
    expect(missing({ ALLOW_CONSOLE_SMS: 'true', PUBLIC_URL: 'https://a.kr' })).toEqual(['ALLOW_SANDBOX_PAYMENTS']);
    // Only the word true switches: 'yes' or '1' is not a decision by name.
    expect(missing({ ALLOW_SANDBOX_PAYMENTS: '1', ALLOW_CONSOLE_SMS: 'yes', PUBLIC_URL: 'https://a.kr' })).toEqual([
      'ALLOW_SANDBOX_PAYMENTS',
      'ALLOW_CONSOLE_SMS',
    ]);
    expect(missing({ ALLOW_SANDBOX_PAYMENTS: 'true', ALLOW_CONSOLE_SMS: 'true', PUBLIC_URL: 'https://a.kr' })).toEqual(
      [],
    );
  });

  it('without NODE_ENV the server is in demo mode: outbox, docs, approve buttons and demo seed on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'demo',
      demo: true,
      devOutbox: true,
      apiDocs: true,
      sandboxApproveButtons: true,
      seedDemo: true,
    });
    const prod = loadConfig({ ...PRODUCTION, SEED_DEMO: '' });
    expect(prod).toMatchObject({
      mode: 'production',
      demo: false,
      devOutbox: false,
      apiDocs: false,
      sandboxApproveButtons: false,
      seedDemo: false,
    });
    expect(loadConfig({ ...PRODUCTION, ALLOW_DEV_OUTBOX: 'true', API_DOCS: 'true' })).toMatchObject({
      devOutbox: true,
      apiDocs: true,
    });
  });
});

describe("the '데모 상점' flag", () => {
  it('getMallConfig answers demo: true in demo mode and demo: false in production', async () => {
    const a = await call<{ demo: boolean }>(demo, 'POST', 'api/getMallConfig', {});
    const b = await call<{ demo: boolean }>(production, 'POST', 'api/getMallConfig', {});
    expect([a.body.results?.demo, b.body.results?.demo]).toEqual([true, false]);
  });
});

describe('payment links come from PUBLIC_URL, never from the request', () => {
  /** A request with any Host header (fetch does not let one choose it). */
  function withHost(
    server: TestServer,
    host: string,
    token: string,
    extra: Record<string, string> = {},
  ): Promise<{ online_url: string }> {
    const body = JSON.stringify({ pgcode: 'creditcard', amount: 10_000 });
    const url = new URL(`${server.base}/payCenter/showCashPaymentWinow`);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { host, 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(JSON.parse(text) as { online_url: string }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('Host: evil.example or X-Forwarded-Host do not reach the link', async () => {
    for (const server of [demo, production]) {
      const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
      const base = server === production ? PRODUCTION.PUBLIC_URL : demo.base;
      const variants: Record<string, string>[] = [
        {},
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      ];
      for (const headers of variants) {
        const answer = await withHost(server, 'evil.example', token, headers);
        expect(answer.online_url.startsWith(`${base}/payCenter/sandbox/sbx_`)).toBe(true);
        expect(answer.online_url).not.toContain('evil');
      }
    }
  });
});

describe('the sandbox page', () => {
  it('in production, approving gives no cash: only a signed callback credits', async () => {
    const before = await point(production);
    const { paymentId, online_url } = await startCash(production, 50_000);
    const page = await rawCall(production, 'GET', online_url.slice(PRODUCTION.PUBLIC_URL.length + 1));
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('>승인<');
    const approved = await press(production, paymentId, 'approve', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(approved.status).toBe(403);
    expect(await point(production)).toBe(before);
    const [row] = await production.db.select().from(payments).where(eq(payments.gatewayId, paymentId));
    expect(row!.status).toBe('pending');
    const body = { paymentId, amount: 50_000, status: 'paid' };
    const signature = createHmac('sha256', SECRET).update(`${paymentId}:50000:paid`).digest('hex');
    expect((await call(production, 'POST', 'payCenter/callback', { ...body, signature })).body.code).toBe(200);
    expect(await point(production)).toBe(before + 50_000);
  });

  it("in demo, the page and its buttons need the link's own key, and a press must come from the page itself", async () => {
    const before = await point(demo);
    const { paymentId } = await startCash(demo, 20_000);
    expect((await rawCall(demo, 'GET', `payCenter/sandbox/${paymentId}`)).status).toBe(404);
    expect((await rawCall(demo, 'GET', `payCenter/sandbox/${paymentId}?key=${pageKey('sbx_other')}`)).status).toBe(404);
    expect((await press(demo, paymentId, 'approve', { key: null })).status).toBe(404);
    expect((await press(demo, paymentId, 'approve', { key: pageKey(`${paymentId}x`) })).status).toBe(404);
    expect((await press(demo, paymentId, 'approve', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(await point(demo)).toBe(before);
    const done = await press(demo, paymentId, 'approve', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect([done.status, done.text.includes(MSG_MEMBER.paymentDone)]).toEqual([200, true]);
    expect(await point(demo)).toBe(before + 20_000);
  });
});

describe('the dev outbox', () => {
  it('answers a caller on this computer in demo mode', async () => {
    const code = await sendPhoneCode(demo, '01055550001');
    expect(code).toMatch(/^\d{6}$/);
  });

  it('answers nobody else: a client address from a proxy, a forwarded request the server does not trust', async () => {
    await sendPhoneCode(demo, '01055550002');
    const remote = await call(
      demo,
      'GET',
      'dev/outbox',
      { phone: '01055550002' },
      undefined,
      fromAddress('203.0.113.9'),
    );
    expect([remote.status, remote.body.code]).toEqual([404, 404]);
    const noHops = await startTestServer({ seed: false, env: { TRUST_PROXY_HOPS: '0' } });
    try {
      const forwarded = await call(noHops, 'GET', 'dev/outbox', { phone: '01055550002' }, undefined, {
        'x-forwarded-for': '127.0.0.1',
      });
      expect(forwarded.status).toBe(404);
      expect((await call(noHops, 'GET', 'dev/outbox', { phone: '01055550002' })).status).toBe(200);
    } finally {
      await noHops.close();
    }
  });

  it('does not exist in production', async () => {
    const res = await call(production, 'GET', 'dev/outbox', { phone: '01055550001' });
    expect([res.status, res.body.code]).toEqual([404, 404]);
  });
});

describe('/docs', () => {
  it('is served in demo mode and off in production unless API_DOCS=true', async () => {
    expect((await rawCall(demo, 'GET', 'docs/json')).status).toBe(200);
    expect((await rawCall(demo, 'GET', 'docs')).status).toBe(200);
    expect((await rawCall(production, 'GET', 'docs/json')).status).toBe(404);
    expect((await rawCall(production, 'GET', 'docs')).status).toBe(404);
    const withDocs = await startTestServer({
      seed: false,
      env: { ...PRODUCTION, SEED_DEMO: 'false', API_DOCS: 'true' },
    });
    try {
      expect((await rawCall(withDocs, 'GET', 'docs/json')).status).toBe(200);
    } finally {
      await withDocs.close();
    }
  });
});

describe('security headers', () => {
  it('every answer has a CSP without inline script, nosniff, frame protection and a referrer policy', async () => {
    for (const path of ['api/getMallConfig', 'no/such/page', 'payCenter/sandbox/sbx_none']) {
      const res = await fetch(`${demo.base}/${path}`, { method: path.startsWith('api/') ? 'POST' : 'GET' });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toMatch(
        /^(no-referrer|strict-origin-when-cross-origin|same-origin)$/,
      );
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(script, path).not.toContain('unsafe-inline');
      expect(script, path).not.toContain('unsafe-eval');
    }
  });

  it("the app's policy names the postcode widget's and the map's hosts and nothing else outside", async () => {
    const csp =
      (await fetch(`${demo.base}/api/getMallConfig`, { method: 'POST' })).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => (new RegExp(`(?:^|; *)${name} ([^;]*)`).exec(csp)?.[1] ?? '').split(' ');
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'", 'https://t1.daumcdn.net', 'https://ssl.daumcdn.net']);
    expect(directive('frame-src')).toEqual([
      'https://postcode.map.daum.net',
      'https://postcode.map.kakao.com',
      'https://maps.google.com',
      'https://www.google.com',
    ]);
    expect(directive('connect-src')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
  });

  it('answers that carry a token, or anything personal, are never stored', async () => {
    const login = await fetch(`${demo.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'other@partsmall.kr', pw: 'demo1234' }),
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const { results } = (await login.json()) as { results: { token: string } };
    const info = await fetch(`${demo.base}/api/updateMyInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${results.token}` },
      body: JSON.stringify({ name: '대성대표', phone: '01012345603', mail: 'other@partsmall.kr' }),
    });
    expect([info.status, info.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const chat = await fetch(`${demo.base}/api/chatJoin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.0.1' },
      body: JSON.stringify({
        id: 'nostore@chat.kr',
        pw: 'chat1234',
        cpw: 'chat1234',
        phone: '01055550009',
        companyName: '캐시상사',
        companyArea: '서울',
      }),
    });
    expect([chat.status, chat.headers.get('cache-control')]).toEqual([200, 'no-store']);
    const refused = await fetch(`${demo.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
