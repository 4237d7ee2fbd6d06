import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { securityHeaderValues, securityHeaders } from './security-headers.js';

describe('securityHeaderValues', () => {
  it("is helmet's header set for the shop's options, computed once", () => {
    const headers = securityHeaderValues(securityHeaders(loadConfig({ PUBLIC_URL: 'http://localhost:3000' })));
    expect(Object.keys(headers).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('adds HSTS on https only', () => {
    const headers = securityHeaderValues(securityHeaders(loadConfig({ PUBLIC_URL: 'https://shop.example.kr' })));
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('refuses a CSP directive computed per request, which one fixed set cannot carry', () => {
    expect(() =>
      securityHeaderValues({
        contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow(/per request/);
  });
});
