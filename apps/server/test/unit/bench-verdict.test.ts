import { describe, expect, it } from 'vitest';
import {
  controlSpread,
  judgeRatio,
  overallVerdict,
  pooledAndPerStart,
  verdict,
  verdictCell,
} from '../../../../bench/verdict.js';

/** The ratio benchmarks' verdict (docs/performance.md#how-the-benchmarks-run). */
describe('a ratio against its goal, given the control spread', () => {
  it('is met at or above the goal', () => {
    expect(verdict(0.85, 0.85, 0.04)).toEqual({ word: 'met', met: true });
    expect(verdict(0.93, 0.85, 0)).toEqual({ word: 'met', met: true });
  });

  it('is within noise (met) below the goal by no more than the spread, the edge included', () => {
    expect(verdict(0.84, 0.85, 0.04)).toEqual({ word: 'within noise', met: true });
    expect(verdict(0.81, 0.85, 0.04)).toEqual({ word: 'within noise', met: true });
  });

  it('is NOT met further below the goal than the spread', () => {
    expect(verdict(0.8, 0.85, 0.04)).toEqual({ word: 'NOT met', met: false });
    expect(verdict(0.84, 0.85, 0)).toEqual({ word: 'NOT met', met: false });
  });

  it('judges the figures as printed, to two decimals', () => {
    // 0.8449 prints 0.84, 0.0051 prints 0.01: 0.84 is 0.85 less 0.01, within noise.
    expect(verdict(0.8449, 0.85, 0.0051).word).toBe('within noise');
    // 0.8351 prints 0.84 and 0.0049 prints 0.00: short of the goal by more than the spread.
    expect(verdict(0.8351, 0.85, 0.0049).word).toBe('NOT met');
  });

  it('turns round for a goal that is a ceiling (queue on / off at most 1.10)', () => {
    expect(verdict(1.04, 1.1, 0.05, 'at most').word).toBe('met');
    expect(verdict(1.14, 1.1, 0.05, 'at most').word).toBe('within noise');
    expect(verdict(1.16, 1.1, 0.05, 'at most').word).toBe('NOT met');
  });

  it('is NOT met when a figure is missing', () => {
    expect(verdict(NaN, 0.85, 0.02).word).toBe('NOT met');
    expect(verdict(0.9, 0.85, NaN).word).toBe('NOT met');
  });
});

describe('the control spread', () => {
  it('is the largest distance from 1 of the pooled and the per-start control / bare ratios', () => {
    expect(controlSpread(0.98, [1.03, 0.96, 1.01])).toBeCloseTo(0.04, 10);
    expect(controlSpread(1.02)).toBeCloseTo(0.02, 10);
    expect(controlSpread(1.05, [1.01])).toBeCloseTo(0.05, 10);
  });

  it('is NaN when a ratio is', () => {
    expect(controlSpread(1, [NaN])).toBeNaN();
  });
});

describe('pooled and per-start ratios', () => {
  it('sums the rounds of all starts and of each start', () => {
    const { pooled, perStart } = pooledAndPerStart([90, 110, 80, 100], [100, 100, 100, 100], 2, 2);
    expect(pooled).toBeCloseTo(0.95, 10);
    expect(perStart[0]).toBeCloseTo(1.0, 10);
    expect(perStart[1]).toBeCloseTo(0.9, 10);
  });
});

describe('judgeRatio', () => {
  const bare = [1000, 1000, 1000, 1000];

  it('judges project / bare with the spread of the control over pooled rounds and each start', () => {
    const judged = judgeRatio({ project: [830, 830, 820, 840], bare, control: [1000, 1000, 960, 980] }, 2, 2, 0.85);
    expect(judged.ratio).toBeCloseTo(0.83, 10);
    expect(judged.control).toBeCloseTo(0.985, 10);
    // The second start's control read 0.97: the spread is 0.03, and 0.83 is 0.02 short of 0.85.
    expect(judged.spread).toBeCloseTo(0.03, 10);
    expect(judged.verdict.word).toBe('within noise');
  });

  it('uses only the pooled control of a single start', () => {
    const judged = judgeRatio({ project: [800, 800], bare: [1000, 1000], control: [990, 1010] }, 1, 2, 0.85);
    expect(judged.spread).toBeCloseTo(0, 10);
    expect(judged.verdict.word).toBe('NOT met');
  });
});

describe('what the tables print', () => {
  it('sums up a goal over its ratios', () => {
    const met = verdict(0.9, 0.85, 0.02);
    const noise = verdict(0.84, 0.85, 0.02);
    const miss = verdict(0.7, 0.85, 0.02);
    expect(overallVerdict([met, met])).toBe('met');
    expect(overallVerdict([met, noise, met])).toBe('met (1 of 3 within noise)');
    expect(overallVerdict([met, noise, miss])).toBe('NOT met (1 of 3)');
  });

  it('prints the spread beside the verdict', () => {
    expect(verdictCell(0.034, verdict(0.84, 0.85, 0.034))).toBe('±0.03: within noise');
    expect(verdictCell(0.01, verdict(0.7, 0.85, 0.01))).toBe('±0.01: **NOT met**');
    expect(verdictCell(NaN, verdict(0.9, 0.85, NaN))).toBe('±?: **NOT met**');
  });
});
