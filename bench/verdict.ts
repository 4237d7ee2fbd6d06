/**
 * The verdict of a ratio benchmark against its goal, given the noise of the run
 * (docs/performance.md#how-the-benchmarks-run). Pure: no servers, no I/O (its unit test is
 * apps/server/test/unit/bench-verdict.test.ts).
 *
 * Every ratio benchmark measures a control beside the project and the bare server: a second bare
 * server identical to the first, in the same interleaved rounds. Identical servers ought to read
 * 1.00 of each other; how far the control reads from 1 is the run's noise, its spread. A goal is met
 * when the ratio is at or past the goal less the spread; a ratio short of the goal but within the
 * spread is "within noise" (met: the run cannot tell it from the goal).
 */

/** Sum of the figures. */
const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

/**
 * The ratio of the sums of `top` and `bottom` over all rounds (pooled), and over the rounds of each
 * start: the rounds are `starts` runs of `rounds` each, in that order. A start whose bottom is 0 reads
 * NaN.
 */
export function pooledAndPerStart(
  top: number[],
  bottom: number[],
  starts: number,
  rounds: number,
): { pooled: number; perStart: number[] } {
  const perStart = Array.from({ length: starts }, (_, k) => {
    const slice = (xs: number[]) => xs.slice(k * rounds, (k + 1) * rounds);
    const b = sum(slice(bottom));
    return b > 0 ? sum(slice(top)) / b : NaN;
  });
  const b = sum(bottom);
  return { pooled: b > 0 ? sum(top) / b : NaN, perStart };
}

/**
 * The control's spread: the largest distance from 1 of the control / bare ratio, pooled over every
 * round and over the rounds of each start (a benchmark that starts its servers once has only the
 * pooled one). A ratio that could not be computed (NaN) makes the spread NaN: no verdict can rest on it.
 */
export function controlSpread(pooled: number, perStart: number[] = []): number {
  return Math.max(...[pooled, ...perStart].map((r) => Math.abs(r - 1)));
}

export type VerdictWord = 'met' | 'within noise' | 'NOT met';

export interface Verdict {
  word: VerdictWord;
  /** True for 'met' and 'within noise'. */
  met: boolean;
}

/**
 * The verdict of `ratio` against `goal` given the control's `spread`, on the figures as printed (two
 * decimals), so that a table's figures and its verdict agree. `direction` 'at least' (a throughput:
 * project / bare at least the goal) or 'at most' (a latency: queue on / off at most the goal).
 * - met: the ratio reaches the goal;
 * - within noise: it does not, but is no further from it than the spread (met);
 * - NOT met: it is further from the goal than the spread, or a figure is missing (NaN).
 */
export function verdict(
  ratio: number,
  goal: number,
  spread: number,
  direction: 'at least' | 'at most' = 'at least',
): Verdict {
  const hundredths = (x: number) => Math.round(x * 100);
  const [r, g, s] = [hundredths(ratio), hundredths(goal), hundredths(spread)];
  if (!Number.isFinite(r) || !Number.isFinite(g) || !Number.isFinite(s)) return { word: 'NOT met', met: false };
  const short = direction === 'at least' ? g - r : r - g;
  if (short <= 0) return { word: 'met', met: true };
  if (short <= s) return { word: 'within noise', met: true };
  return { word: 'NOT met', met: false };
}

/** The verdict of the whole goal over its ratios: "met", "met (2 of 6 within noise)" or "NOT met (1 of 6)". */
export function overallVerdict(verdicts: Verdict[]): string {
  const notMet = verdicts.filter((v) => !v.met).length;
  if (notMet > 0) return `NOT met (${notMet} of ${verdicts.length})`;
  const noise = verdicts.filter((v) => v.word === 'within noise').length;
  return noise > 0 ? `met (${noise} of ${verdicts.length} within noise)` : 'met';
}

/** A table cell: the control's spread beside the verdict, e.g. "±0.03: within noise". */
export function verdictCell(spread: number, v: Verdict): string {
  return `±${Number.isFinite(spread) ? spread.toFixed(2) : '?'}: ${v.word === 'NOT met' ? '**NOT met**' : v.word}`;
}

/** A ratio judged against its goal beside the control of the same rounds. */
export interface Judged {
  /** Project / bare, pooled over every round, and over each start's rounds. */
  ratio: number;
  perStart: number[];
  /** Control / bare, the same way. */
  control: number;
  controlPerStart: number[];
  spread: number;
  verdict: Verdict;
}

/**
 * Project / bare against `goal` (at least), with the control's spread: each a figure per round (e.g.
 * requests answered), the rounds `starts` runs of `rounds` each in that order.
 */
export function judgeRatio(
  figures: { project: number[]; bare: number[]; control: number[] },
  starts: number,
  rounds: number,
  goal: number,
): Judged {
  const p = pooledAndPerStart(figures.project, figures.bare, starts, rounds);
  const c = pooledAndPerStart(figures.control, figures.bare, starts, rounds);
  const spread = controlSpread(c.pooled, starts > 1 ? c.perStart : []);
  return {
    ratio: p.pooled,
    perStart: p.perStart,
    control: c.pooled,
    controlPerStart: c.perStart,
    spread,
    verdict: verdict(p.pooled, goal, spread),
  };
}
