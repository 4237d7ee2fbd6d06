import { describe, expect, it } from 'vitest';
import { seoulDay, startOfSeoulDay } from '@partsmall/contract';
import { adjustLicenseEnd, extendLicense, licenseDaysLeft } from '../../src/shared/time.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('Seoul day boundaries', () => {
  it('the Seoul day changes at 15:00 UTC', () => {
    expect(seoulDay(at('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(seoulDay(at('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });

  it('startOfSeoulDay is Seoul midnight', () => {
    expect(startOfSeoulDay(at('2026-11-22T00:01+09:00')).toISOString()).toBe('2026-11-21T15:00:00.000Z');
    expect(startOfSeoulDay(at('2026-11-21T23:59+09:00')).toISOString()).toBe('2026-11-20T15:00:00.000Z');
  });
});

describe('extendLicense', () => {
  it('buying 30 days at 23:59 Seoul ends 29 days after the coming midnight', () => {
    const end = extendLicense(null, 30, at('2026-11-21T23:59+09:00'));
    expect(end.toISOString()).toBe(at('2026-12-21T00:00+09:00').toISOString());
  });

  it('buying 30 days two minutes later, at 00:01 the next Seoul day, ends one day later', () => {
    const end = extendLicense(null, 30, at('2026-11-22T00:01+09:00'));
    expect(end.toISOString()).toBe(at('2026-12-22T00:00+09:00').toISOString());
  });

  it('a 1-day package bought today ends at the end of today', () => {
    expect(extendLicense(null, 1, at('2026-03-05T10:00+09:00')).toISOString()).toBe(
      at('2026-03-06T00:00+09:00').toISOString(),
    );
  });

  it('uses the Seoul day, not the UTC day (01:00 Seoul is the previous UTC day)', () => {
    expect(extendLicense(null, 1, at('2026-03-05T01:00+09:00')).toISOString()).toBe(
      at('2026-03-06T00:00+09:00').toISOString(),
    );
  });

  it.each([90, 365])('%d days from 12:00 Seoul end at midnight N-1 days after today', (days) => {
    const now = at('2026-01-10T12:00+09:00');
    const end = extendLicense(null, days, now);
    expect(end.getTime()).toBe(at('2026-01-11T00:00+09:00').getTime() + (days - 1) * DAY);
  });

  it('extends a running licence by exactly N days', () => {
    const now = at('2026-11-22T10:00+09:00');
    const running = at('2026-12-01T00:00+09:00');
    expect(extendLicense(running, 30, now).toISOString()).toBe(at('2026-12-31T00:00+09:00').toISOString());
    expect(extendLicense(running, 1, now).toISOString()).toBe(at('2026-12-02T00:00+09:00').toISOString());
  });

  it('a repeat purchase adds to the first one', () => {
    const now = at('2026-11-21T23:59+09:00');
    const first = extendLicense(null, 30, now);
    const second = extendLicense(first, 90, now);
    expect(second.getTime() - first.getTime()).toBe(90 * DAY);
  });

  it('an expired licence starts over from today, not from its old end', () => {
    const now = at('2026-11-22T10:00+09:00');
    const expired = at('2026-11-01T00:00+09:00');
    expect(extendLicense(expired, 30, now).toISOString()).toBe(at('2026-12-22T00:00+09:00').toISOString());
  });

  it('a licence ending exactly now counts as expired', () => {
    const now = at('2026-11-22T00:00+09:00');
    expect(extendLicense(now, 1, now).toISOString()).toBe(at('2026-11-23T00:00+09:00').toISOString());
  });
});

describe('licenseDaysLeft', () => {
  it('is 0 without a licence, when expired and at the exact end', () => {
    const now = at('2026-11-22T10:00+09:00');
    expect(licenseDaysLeft(null, now)).toBe(0);
    expect(licenseDaysLeft(at('2026-11-21T00:00+09:00'), now)).toBe(0);
    expect(licenseDaysLeft(now, now)).toBe(0);
  });

  it('rounds up: a minute left is one day, 24 h is one day, 24 h and a second is two', () => {
    const now = at('2026-11-22T10:00+09:00');
    expect(licenseDaysLeft(new Date(now.getTime() + 60_000), now)).toBe(1);
    expect(licenseDaysLeft(new Date(now.getTime() + DAY), now)).toBe(1);
    expect(licenseDaysLeft(new Date(now.getTime() + DAY + 1000), now)).toBe(2);
  });

  it('30 days bought at 23:59 show 30 days, and 29 two minutes later (after midnight)', () => {
    const buyAt = at('2026-11-21T23:59+09:00');
    const end = extendLicense(null, 30, buyAt);
    expect(licenseDaysLeft(end, buyAt)).toBe(30);
    expect(licenseDaysLeft(end, at('2026-11-22T00:01+09:00'))).toBe(29);
  });

  it('30 days bought at 00:01 show 30 days all that day and 29 the next day', () => {
    const buyAt = at('2026-11-22T00:01+09:00');
    const end = extendLicense(null, 30, buyAt);
    expect(licenseDaysLeft(end, buyAt)).toBe(30);
    expect(licenseDaysLeft(end, at('2026-11-22T23:59+09:00'))).toBe(30);
    expect(licenseDaysLeft(end, at('2026-11-23T00:01+09:00'))).toBe(29);
  });

  it('counts down to the last day and then to 0', () => {
    const end = extendLicense(null, 30, at('2026-11-22T09:00+09:00'));
    expect(licenseDaysLeft(end, at('2026-12-21T12:00+09:00'))).toBe(1);
    expect(licenseDaysLeft(end, at('2026-12-21T23:59:59+09:00'))).toBe(1);
    expect(licenseDaysLeft(end, at('2026-12-22T00:00+09:00'))).toBe(0);
  });

  it('extending a running licence by N adds N to the days shown', () => {
    const now = at('2026-11-22T15:30+09:00');
    const end = extendLicense(null, 30, now);
    const before = licenseDaysLeft(end, now);
    expect(licenseDaysLeft(extendLicense(end, 90, now), now)).toBe(before + 90);
    expect(licenseDaysLeft(extendLicense(end, 1, now), now)).toBe(before + 1);
  });

  it('licence days shown = package days minus 1 plus up to 24 hours, rounded up', () => {
    for (const hour of ['00:00:01', '06:00', '12:00', '18:00', '23:59:59']) {
      const now = at(`2026-05-05T${hour}+09:00`);
      for (const days of [1, 30, 90, 365]) {
        const left = licenseDaysLeft(extendLicense(null, days, now), now);
        expect(left, `${days} days at ${hour}`).toBe(days);
      }
    }
  });

  it('does not depend on the process time zone (end is a fixed instant)', () => {
    const end = extendLicense(null, 30, at('2026-11-21T23:59+09:00'));
    expect(end.getTime()).toBe(Date.UTC(2026, 11, 20, 15, 0, 0));
    expect(end.getTime() % HOUR).toBe(0);
  });
});

describe('adjustLicenseEnd (an admin adding or taking days)', () => {
  const now = at('2026-03-05T10:00+09:00');
  it('adds to a lapsed licence as a purchase does: 30 days end at the 30th Seoul midnight from today', () => {
    expect(adjustLicenseEnd(at('2026-02-28T10:00+09:00'), 30, now).toISOString()).toBe(
      at('2026-04-04T00:00+09:00').toISOString(),
    );
    expect(adjustLicenseEnd(null, 30, now).toISOString()).toBe(at('2026-04-04T00:00+09:00').toISOString());
  });

  it('adds to a running licence from its end, and takes days back from it', () => {
    const running = at('2026-03-15T18:30+09:00');
    expect(adjustLicenseEnd(running, 5, now).toISOString()).toBe(at('2026-03-20T18:30+09:00').toISOString());
    expect(adjustLicenseEnd(running, -4, now).toISOString()).toBe(at('2026-03-11T18:30+09:00').toISOString());
  });

  it('taking more than is left ends it now; a licence over keeps its end; none ends now', () => {
    expect(adjustLicenseEnd(at('2026-03-15T18:30+09:00'), -30, now).toISOString()).toBe(now.toISOString());
    const lapsed = at('2026-02-28T10:00+09:00');
    expect(adjustLicenseEnd(lapsed, -10, now).toISOString()).toBe(lapsed.toISOString());
    expect(adjustLicenseEnd(null, -10, now).toISOString()).toBe(now.toISOString());
  });
});
