import { describe, expect, it } from 'vitest';
import { agingParts, agingTotal, usedPercent, worstBucket } from './aging';

const aging = (current: number, d1_30: number, d31_60: number, d61_90: number, d90plus: number) => ({
  current,
  d1_30,
  d31_60,
  d61_90,
  d90plus,
});

describe('aging as the screens show it', () => {
  it('lists the five buckets in order with their Korean labels, amounts and shares', () => {
    const parts = agingParts(aging(500_000, 300_000, 200_000, 0, 0));
    expect(parts.map((p) => [p.label, p.amount, p.share])).toEqual([
      ['기한 전', 500_000, 50],
      ['1~30일', 300_000, 30],
      ['31~60일', 200_000, 20],
      ['61~90일', 0, 0],
      ['90일 초과', 0, 0],
    ]);
    expect(agingTotal(aging(500_000, 300_000, 200_000, 0, 0))).toBe(1_000_000);
  });

  it('rounds the shares so that they add up to exactly 100, the largest remainders first', () => {
    // Thirds: 33.3 each; the first gets the leftover point.
    const thirds = agingParts(aging(100, 100, 100, 0, 0)).map((p) => p.share);
    expect(thirds).toEqual([34, 33, 33, 0, 0]);
    // 1 won of 3: 33.3 and 66.7 → 33 and 67.
    expect(agingParts(aging(1, 0, 0, 0, 2)).map((p) => p.share)).toEqual([33, 0, 0, 0, 67]);
    // A tiny bucket still shows money but no point stolen from an empty one.
    const tiny = agingParts(aging(999_999, 1, 0, 0, 0)).map((p) => p.share);
    expect(tiny).toEqual([100, 0, 0, 0, 0]);
    expect(tiny.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('gives zero shares when nothing is owed', () => {
    expect(agingParts(aging(0, 0, 0, 0, 0)).map((p) => p.share)).toEqual([0, 0, 0, 0, 0]);
    expect(worstBucket(aging(0, 0, 0, 0, 0))).toBeNull();
  });

  it('names the oldest bucket that holds money', () => {
    expect(worstBucket(aging(10, 0, 5, 0, 0))).toBe('d31_60');
    expect(worstBucket(aging(0, 0, 0, 0, 1))).toBe('d90plus');
    expect(worstBucket(aging(7, 0, 0, 0, 0))).toBe('current');
  });

  it('fills the gauge by the share of the limit used, full when the limit is exceeded', () => {
    expect(usedPercent(1_250_000, 5_000_000)).toBe(25);
    expect(usedPercent(7_000_000, 5_000_000)).toBe(100);
    expect(usedPercent(0, 0)).toBe(0);
    expect(usedPercent(1, 0)).toBe(100);
    expect(usedPercent(2, 3)).toBe(67);
  });
});
