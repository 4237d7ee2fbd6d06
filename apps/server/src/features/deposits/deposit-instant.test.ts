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
});
