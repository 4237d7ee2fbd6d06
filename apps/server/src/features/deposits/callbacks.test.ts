import { describe, expect, it } from 'vitest';
import { callbackTime, sameSecret } from './callbacks.js';
import { accountDue } from './jobs.js';

const now = new Date('2026-11-02T03:00:00Z'); // 12:00 in Seoul

describe('a deposit callback', () => {
  it("reads Toss's createdAt (Seoul wall clock, microseconds) and ISO times with an offset", () => {
    expect(callbackTime('2026-11-02T10:05:00.123456', now).toISOString()).toBe('2026-11-02T01:05:00.123Z');
    expect(callbackTime('2026-11-02T10:05:00', now).toISOString()).toBe('2026-11-02T01:05:00.000Z');
    expect(callbackTime('2026-11-02T10:05:00+09:00', now).toISOString()).toBe('2026-11-02T01:05:00.000Z');
    expect(callbackTime('2026-11-02T01:05:00Z', now).toISOString()).toBe('2026-11-02T01:05:00.000Z');
    // Missing or not a time: the moment it arrived.
    expect(callbackTime(undefined, now)).toBe(now);
    expect(callbackTime('어제', now)).toBe(now);
  });

  it('compares the secret whole, whatever its length', () => {
    expect(sameSecret('ps_abc123', 'ps_abc123')).toBe(true);
    expect(sameSecret('ps_abc123', 'ps_abc124')).toBe(false);
    expect(sameSecret('ps_abc123', 'ps_abc')).toBe(false);
    expect(sameSecret('ps_abc123', '')).toBe(false);
  });
});

describe("a statement account's expiry", () => {
  it('the end of the due day in Seoul', () => {
    expect(accountDue('2026-11-10', now).toISOString()).toBe('2026-11-10T14:59:59.000Z');
  });
  it("at most Toss's 30 days ahead, at least three days for a statement already due", () => {
    expect(accountDue('2026-12-31', now).getTime()).toBe(now.getTime() + 30 * 86400_000 - 10 * 60_000);
    expect(accountDue('2026-10-10', now).getTime()).toBe(now.getTime() + 3 * 86400_000);
  });
});
