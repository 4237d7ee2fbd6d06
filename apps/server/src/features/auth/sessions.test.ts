import { describe, expect, it } from 'vitest';
import { bearerToken } from './sessions.js';

describe('bearerToken: the token of an Authorization header', () => {
  it('takes "Bearer <token>" in any case of the scheme, with any spaces between', () => {
    expect(bearerToken('Bearer abc-DEF_123')).toBe('abc-DEF_123');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(bearerToken('BEARER\tabc')).toBe('abc');
  });

  it('refuses anything else: no header, another scheme, a prefix, a second word, nothing after the scheme', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Basic YWxhZGRpbjpvcGVuc2VzYW1l')).toBeNull();
    expect(bearerToken('xBearer abc')).toBeNull();
    expect(bearerToken('Bearer abc def')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('abc')).toBeNull();
  });
});
