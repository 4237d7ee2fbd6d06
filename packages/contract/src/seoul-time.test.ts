import { describe, expect, it } from 'vitest';
import {
  addSeoulDays,
  addSeoulMonths,
  calendarDay,
  endOfSeoulDay,
  endOfSeoulMonth,
  seoulDay,
  seoulMonth,
  seoulParts,
  startOfSeoulDay,
  startOfSeoulMonth,
} from './seoul-time.js';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('the Seoul day of an instant', () => {
  it('changes at 15:00 UTC, which is 00:00 in Seoul', () => {
    expect(seoulDay(at('2026-03-09T14:59:59.999Z'))).toBe('2026-03-09');
    expect(seoulDay(at('2026-03-09T15:00:00.000Z'))).toBe('2026-03-10');
    expect(seoulDay(at('2026-03-10T00:00:00.000Z'))).toBe('2026-03-10');
  });

  it('has no daylight saving: the boundary is 15:00 UTC in July as in January', () => {
    expect(seoulDay(at('2026-07-15T14:59:59.999Z'))).toBe('2026-07-15');
    expect(seoulDay(at('2026-07-15T15:00:00.000Z'))).toBe('2026-07-16');
  });

  it('crosses month and year ends and the leap day in Seoul', () => {
    expect(seoulDay(at('2026-04-30T15:00:00Z'))).toBe('2026-05-01');
    expect(seoulDay(at('2026-12-31T14:59:59Z'))).toBe('2026-12-31');
    expect(seoulDay(at('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    expect(seoulDay(at('2028-02-28T15:00:00Z'))).toBe('2028-02-29');
    expect(seoulDay(at('2028-02-29T15:00:00Z'))).toBe('2028-03-01');
  });

  it('gives the clock fields and weekday in Seoul', () => {
    // 2026-11-21 is a Saturday; 15:30 UTC is 00:30 on Sunday the 22nd in Seoul.
    expect(seoulParts(at('2026-11-21T15:30:45Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 0,
      minute: 30,
      second: 45,
      weekday: 0,
    });
  });
});

describe('the Seoul month of an instant', () => {
  it('changes at 15:00 UTC on the last day of the month', () => {
    expect(seoulMonth(at('2026-01-31T14:59:59.999Z'))).toBe('2026-01');
    expect(seoulMonth(at('2026-01-31T15:00:00.000Z'))).toBe('2026-02');
    expect(seoulMonth(at('2026-12-31T15:00:00Z'))).toBe('2027-01');
  });
});

describe('start and end of a Seoul day as instants', () => {
  it('starts at 15:00 UTC of the day before', () => {
    expect(iso(startOfSeoulDay('2026-11-22'))).toBe('2026-11-21T15:00:00.000Z');
    expect(iso(startOfSeoulDay(at('2026-11-22T00:01+09:00')))).toBe('2026-11-21T15:00:00.000Z');
    expect(iso(startOfSeoulDay(at('2026-11-21T23:59+09:00')))).toBe('2026-11-20T15:00:00.000Z');
    expect(iso(startOfSeoulDay(at('2026-11-21T15:00:00Z')))).toBe('2026-11-21T15:00:00.000Z');
  });

  it('ends (exclusive) where the next day starts, across a leap day and a year end', () => {
    expect(iso(endOfSeoulDay('2028-02-28'))).toBe('2028-02-28T15:00:00.000Z');
    expect(iso(endOfSeoulDay('2028-02-29'))).toBe('2028-02-29T15:00:00.000Z');
    expect(iso(endOfSeoulDay(at('2026-12-31T23:59:59+09:00')))).toBe('2026-12-31T15:00:00.000Z');
  });
});

describe('start and end of a Seoul month as instants', () => {
  it('starts at 15:00 UTC on the last day of the month before', () => {
    expect(iso(startOfSeoulMonth('2026-03'))).toBe('2026-02-28T15:00:00.000Z');
    expect(iso(startOfSeoulMonth(at('2026-03-01T00:00+09:00')))).toBe('2026-02-28T15:00:00.000Z');
    expect(iso(startOfSeoulMonth(at('2026-02-28T23:59+09:00')))).toBe('2026-01-31T15:00:00.000Z');
    expect(iso(startOfSeoulMonth('2026-01'))).toBe('2025-12-31T15:00:00.000Z');
  });

  it('ends (exclusive) where the next month starts: February of a leap year has 29 days', () => {
    expect(iso(endOfSeoulMonth('2028-02'))).toBe('2028-02-29T15:00:00.000Z');
    expect(iso(endOfSeoulMonth('2026-02'))).toBe('2026-02-28T15:00:00.000Z');
    expect(iso(endOfSeoulMonth('2026-12'))).toBe('2026-12-31T15:00:00.000Z');
    expect(iso(endOfSeoulMonth(at('2026-04-30T23:59+09:00')))).toBe('2026-04-30T15:00:00.000Z');
  });
});

describe('calendar days before and after', () => {
  it('counts over month, year and leap-day ends', () => {
    expect(addSeoulDays('2026-03-03', -6)).toBe('2026-02-25');
    expect(addSeoulDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addSeoulDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addSeoulDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addSeoulDays('2026-11-22', -29)).toBe('2026-10-24');
  });

  it('goes back months and keeps the day inside a shorter month', () => {
    expect(addSeoulMonths('2026-05-15', -1)).toBe('2026-04-15');
    expect(addSeoulMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addSeoulMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addSeoulMonths('2026-02-10', -3)).toBe('2025-11-10');
    expect(addSeoulMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('writes calendar fields as YYYY-MM-DD', () => {
    expect(calendarDay({ year: 2026, month: 3, day: 9 })).toBe('2026-03-09');
  });
});
