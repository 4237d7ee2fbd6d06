import { MSG } from '@partsmall/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { rawCall, startTestServer } from '../helpers.js';

/**
 * Every answer carries the security headers (docs/security.md#headers), the refusals made before any
 * route runs too: a known path asked with another method (a CORS preflight is the usual way to meet
 * that 405), an unknown path, a body that cannot be read.
 */
const server = await startTestServer({ seed: false });
afterAll(async () => {
  await server.close();
});

describe('the security headers of refusals made before any route', () => {
  it.each([
    ['a known call asked with GET', 'GET', '/api/login', {}, undefined, 405, MSG.methodNotAllowed],
    [
      'a CORS preflight of a call from another origin',
      'OPTIONS',
      '/api/getMallCartInfo',
      { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      undefined,
      405,
      MSG.methodNotAllowed,
    ],
    ['an unknown call', 'POST', '/api/nothing', { 'content-type': 'application/json' }, '{}', 404, MSG.notFound],
    ['broken JSON', 'POST', '/api/login', { 'content-type': 'application/json' }, '{"id": ', 400, MSG.badRequest],
    [
      'a body over the limit',
      'POST',
      '/api/login',
      { 'content-type': 'application/json' },
      `{"id":"${'a'.repeat(1_100_000)}"}`,
      413,
      MSG.payloadTooLarge,
    ],
  ])('%s: the envelope, with the CSP, nosniff, no framing and the referrer rule', async (...args) => {
    const [, method, path, headers, body, status, message] = args;
    const res = await rawCall(server, method, path, { headers, body });
    expect({
      status: res.status,
      body: res.body,
      csp: res.headers.get('content-security-policy')?.includes("frame-ancestors 'none'"),
      nosniff: res.headers.get('x-content-type-options'),
      frames: res.headers.get('x-frame-options'),
      referrer: res.headers.get('referrer-policy'),
    }).toEqual({
      status,
      body: { code: status, message },
      csp: true,
      nosniff: 'nosniff',
      frames: 'DENY',
      referrer: 'strict-origin-when-cross-origin',
    });
  });
});
