import { describe, expect, it } from 'vitest';
import { allocateVat, splitWithTotal } from './rules.js';
import { formatSeoulDate, formatSeoulDateTime, seoulMonth } from './seoul-time.js';

describe('splitWithTotal (splitVat with the amount): 공급가액 = round(합계 / 1.1) half up, 세액 = the rest', () => {
  it.each([
    [11_000, 10_000, 1_000],
    [12_300, 11_182, 1_118], // 11,181.8 rounds up
    [10_000, 9_091, 909], // 9,090.9 rounds up
    [10_001, 9_092, 909], // 9,091.8
    [10_005, 9_095, 910], // 9,095.45 rounds down
    [1, 1, 0],
    [5, 5, 0], // 4.545 rounds up
    [6, 5, 1], // 5.45 rounds down
    [0, 0, 0],
    [2_147_483_647, 1_952_257_861, 195_225_786],
  ])('%i won → %i + %i', (total, supply, tax) => {
    expect(splitWithTotal(total)).toEqual({ supply, tax, total });
  });

  it('splits a negative amount (a refund) as its positive counterpart, negated', () => {
    expect(splitWithTotal(-12_300)).toEqual({ supply: -11_182, tax: -1_118, total: -12_300 });
  });

  it('refuses a fraction of a won', () => {
    expect(() => splitWithTotal(100.5)).toThrow(RangeError);
    expect(() => splitWithTotal(Number.NaN)).toThrow(RangeError);
  });

  it('agrees with the floating-point definition on every amount up to 100,000 won, and negates exactly below zero', () => {
    const wrong: number[] = [];
    for (let t = 0; t <= 100_000; t++) {
      const supply = Math.round((t * 10) / 11);
      if (splitWithTotal(t).supply !== supply || splitWithTotal(-t).supply + supply !== 0) wrong.push(t);
    }
    expect(wrong).toEqual([]);
  });
});

describe('allocateVat: lines split one by one, columns add up to the split of the sum', () => {
  it('leaves lines alone when their sums already agree', () => {
    expect(allocateVat([11_000, 22_000])).toEqual([
      { supply: 10_000, tax: 1_000, total: 11_000 },
      { supply: 20_000, tax: 2_000, total: 22_000 },
    ]);
  });

  it('gives the leftover won to the largest line', () => {
    // Each 10,001 splits 9,092 + 909 (2,727 VAT in all); the sum 30,003 splits 27,275 + 2,728.
    const lines = allocateVat([10_001, 10_001, 10_001]);
    expect(lines).toEqual([
      { supply: 9_091, tax: 910, total: 10_001 },
      { supply: 9_092, tax: 909, total: 10_001 },
      { supply: 9_092, tax: 909, total: 10_001 },
    ]);
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(splitWithTotal(30_003).tax);
  });

  it('takes won away when per-line rounding gave too much VAT', () => {
    // 6 splits 5 + 1; three lines give 3 VAT, the sum 18 splits 16 + 2.
    const lines = allocateVat([6, 6, 7]);
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(splitWithTotal(19).tax);
    expect(lines.reduce((a, l) => a + l.supply, 0)).toBe(splitWithTotal(19).supply);
    expect(lines.map((l) => l.supply + l.tax)).toEqual([6, 6, 7]);
  });

  it('always adds up, for many lines of odd amounts', () => {
    const totals = Array.from({ length: 50 }, (_, i) => 1_001 + i * 777);
    const lines = allocateVat(totals);
    const sum = totals.reduce((a, b) => a + b, 0);
    expect(lines.reduce((a, l) => a + l.tax, 0)).toBe(splitWithTotal(sum).tax);
    expect(lines.reduce((a, l) => a + l.supply, 0)).toBe(splitWithTotal(sum).supply);
  });

  it('handles no lines', () => {
    expect(allocateVat([])).toEqual([]);
  });
});

describe('Seoul formats', () => {
  it('writes an instant as its Asia/Seoul date and time', () => {
    expect(formatSeoulDateTime(new Date('2026-11-21T05:05:00Z'))).toBe('2026.11.21 14:05');
    expect(formatSeoulDateTime('2026-11-21T15:30:00Z')).toBe('2026.11.22 00:30');
    expect(formatSeoulDate(new Date('2026-11-21T14:59:59Z'))).toBe('2026.11.21');
    expect(formatSeoulDate(new Date('2026-11-21T15:00:00Z'))).toBe('2026.11.22');
  });

  it("gives '' for what is not a date", () => {
    expect(formatSeoulDateTime('not a date')).toBe('');
    expect(formatSeoulDate(new Date(Number.NaN))).toBe('');
  });

  it('puts an instant in its Seoul month', () => {
    expect(seoulMonth(new Date('2026-10-31T14:59:59Z'))).toBe('2026-10');
    expect(seoulMonth(new Date('2026-10-31T15:00:00Z'))).toBe('2026-11');
  });
});
