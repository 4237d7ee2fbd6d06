import { describe, expect, it } from 'vitest';
import { callbackTime, readProviderTime, sameSecret } from './callbacks.js';
import { accountDue } from './jobs.js';

const now = new Date('2026-11-02T03:00:00Z'); // 12:00 in Seoul

describe('a deposit callback', () => {
  const opened = new Date('2026-11-01T03:00:00Z'); // the account was written a day before `now`
  const at = (text: string | undefined) => callbackTime(text, now, opened).toISOString();

  it("reads Toss's createdAt (Seoul wall clock, microseconds) and ISO times with an offset", () => {
    expect(at('2026-11-02T10:05:00.123456')).toBe('2026-11-02T01:05:00.123Z');
    expect(at('2026-11-02T10:05:00')).toBe('2026-11-02T01:05:00.000Z');
    expect(at('2026-11-02T10:05:00+09:00')).toBe('2026-11-02T01:05:00.000Z');
    expect(at('2026-11-02T01:05:00Z')).toBe('2026-11-02T01:05:00.000Z');
    // Missing or not a time: the moment it arrived.
    expect(callbackTime(undefined, now, opened)).toBe(now);
    expect(callbackTime('어제', now, opened)).toBe(now);
  });

  it('reads only a real calendar date and time, with an offset of at most 14 hours', () => {
    const read = (text: string) => readProviderTime(text)?.toISOString() ?? null;
    expect(read('2028-02-29T12:00:00')).toBe('2028-02-29T03:00:00.000Z');
    expect(read('2026-02-28T23:59:59.999999')).toBe('2026-02-28T14:59:59.999Z');
    expect(read('2026-11-02T16:00:00+14:00')).toBe('2026-11-02T02:00:00.000Z');
    expect(read('2026-11-01T12:00:00-14:00')).toBe('2026-11-02T02:00:00.000Z');
    expect(read('2026-11-02T16:00:00+14:01')).toBeNull();
    expect(read('2026-11-01T12:00:00-14:01')).toBeNull();
    expect(read('2026-11-02T16:00:00+15:00')).toBeNull();
    // Off the calendar or the clock: never rolled over into the next day or month.
    expect(read('2026-02-29T12:00:00')).toBeNull();
    expect(read('2026-02-30T25:61:61')).toBeNull();
    expect(read('2026-11-02T24:00:00')).toBeNull();
    expect(read('2026-11-02T23:60:00')).toBeNull();
    expect(read('2026-11-02T23:59:60')).toBeNull();
    expect(read('2026-13-01T00:00:00')).toBeNull();
    // Years JavaScript reads but the database cannot keep, or reads as another year (0 as 1900).
    expect(read('-271821-04-20T00:00:00Z')).toBeNull();
    expect(read('+275760-09-13T00:00:00Z')).toBeNull();
    expect(read('0001-01-01T00:00:00+14:00')).toBeNull();
    expect(read('0000-01-01T00:00:00')).toBeNull();
    expect(read('1999-12-31T23:59:59')).toBeNull();
    expect(read('2000-01-01T09:00:00')).toBe('2000-01-01T00:00:00.000Z');
    expect(read('2100-12-31T23:59:59+09:00')).toBe('2100-12-31T14:59:59.000Z');
    expect(read('2101-01-01T09:00:00')).toBeNull();
    // Not ISO: JavaScript's other forms are not Toss's.
    expect(read('Mon, 02 Nov 2026 01:05:00 GMT')).toBeNull();
    expect(read('2026-11-02')).toBeNull();
    expect(read('2026-11-02 10:05:00')).toBeNull();
  });

  it('an impossible time reads as the moment it arrived: never a 500, never before a real event', () => {
    for (const text of [
      '-271821-04-20T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '0001-01-01T00:00:00+14:00',
      '2026-02-30T25:61:61',
      '0000-01-01T00:00:00',
      '9999-12-31T00:00:00',
    ])
      expect(callbackTime(text, now, opened)).toBe(now);
  });

  it('a time before the account was opened, or after it arrived, reads as its arrival (5 minutes of clock skew allowed)', () => {
    // Opened 2026-11-01T03:00Z (12:00 in Seoul): Toss's clock may be five minutes behind ours.
    expect(at('2026-11-01T11:55:00')).toBe('2026-11-01T02:55:00.000Z');
    expect(at('2026-11-01T11:54:59.999')).toBe(now.toISOString());
    // Arrived 2026-11-02T03:00Z (12:00 in Seoul): five minutes ahead of our clock at most.
    expect(at('2026-11-02T12:05:00')).toBe('2026-11-02T03:05:00.000Z');
    expect(at('2026-11-02T12:05:00.001')).toBe(now.toISOString());
    expect(at('2026-11-02T12:05:00.001+09:00')).toBe(now.toISOString());
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
