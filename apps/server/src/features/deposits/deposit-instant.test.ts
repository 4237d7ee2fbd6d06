import { describe, expect, it } from 'vitest';
import { depositInstant } from './routes.js';

describe('depositInstant', () => {
  const iso = (text: string) => depositInstant(text)?.toISOString() ?? null;

  it('a day is the start of that day in Seoul', () => {
    expect(iso('2026-03-31')).toBe('2026-03-30T15:00:00.000Z');
  });

  it('a time without an offset is Seoul time; with one, as written', () => {
    expect(iso('2026-03-31T23:30')).toBe('2026-03-31T14:30:00.000Z');
    expect(iso('2026-03-31T23:30:15')).toBe('2026-03-31T14:30:15.000Z');
    expect(iso('2026-03-31T23:30:00Z')).toBe('2026-03-31T23:30:00.000Z');
    expect(iso('2026-03-31T23:30:00+09:00')).toBe('2026-03-31T14:30:00.000Z');
    expect(iso('2026-03-31T23:30:00-0500')).toBe('2026-04-01T04:30:00.000Z');
  });

  it('a day off the calendar, or text that is no time, is null', () => {
    expect(iso('2026-02-29')).toBeNull();
    expect(iso('2028-02-29')).toBe('2028-02-28T15:00:00.000Z');
    expect(iso('2026-13-01')).toBeNull();
    expect(iso('2026-03-31T25:00')).toBeNull();
    expect(iso('어제')).toBeNull();
  });

  it('a year before 2000 or after 2100 is null (year 0 is no date the database keeps)', () => {
    expect(iso('2000-01-01')).toBe('1999-12-31T15:00:00.000Z');
    expect(iso('2100-12-31T23:59')).toBe('2100-12-31T14:59:00.000Z');
    expect(iso('1999-12-31')).toBeNull();
    expect(iso('0001-01-01')).toBeNull();
    expect(iso('0000-01-01')).toBeNull();
    expect(iso('1970-01-01T00:00:00.000000001Z')).toBeNull();
    expect(iso('2101-01-01')).toBeNull();
  });
});
