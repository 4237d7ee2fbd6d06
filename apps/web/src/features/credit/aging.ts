import { AGING_BUCKETS, AGING_LABELS, type Aging, type AgingBucket } from '@partsmall/contract';

/** One age bucket as the screens show it: its label, amount and share of the whole in percent. */
export interface AgingPart {
  bucket: AgingBucket;
  label: string;
  amount: number;
  /** Whole percent of the total (0 when nothing is owed); the shares of the parts add up to 100. */
  share: number;
}

/** The sum of the buckets: what is owed in all. */
export function agingTotal(aging: Aging): number {
  return AGING_BUCKETS.reduce((sum, b) => sum + aging[b], 0);
}

/**
 * The buckets in order (기한 전, 1~30일 … 90일 초과) with their shares, rounded so that they add up to
 * exactly 100 (the largest remainders get the leftover points), for the bar and the table.
 */
export function agingParts(aging: Aging): AgingPart[] {
  const total = agingTotal(aging);
  const raw = AGING_BUCKETS.map((b) => (total > 0 ? (Math.max(aging[b], 0) * 100) / Math.max(total, 1) : 0));
  const shares = raw.map(Math.floor);
  if (total > 0) {
    let left = 100 - shares.reduce((a, b) => a + b, 0);
    const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [, i] of order) {
      if (left <= 0) break;
      if (aging[AGING_BUCKETS[i]!] <= 0) continue;
      shares[i]! += 1;
      left -= 1;
    }
  }
  return AGING_BUCKETS.map((bucket, i) => ({
    bucket,
    label: AGING_LABELS[bucket],
    amount: aging[bucket],
    share: shares[i]!,
  }));
}

/** How much of the limit is used, in whole percent for the gauge: 0 to 100 (an exceeded limit shows full). */
export function usedPercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used * 100) / limit)));
}

/** The worst bucket that holds money (the tone of a row in the report); null when nothing is owed. */
export function worstBucket(aging: Aging): AgingBucket | null {
  for (let i = AGING_BUCKETS.length - 1; i >= 0; i -= 1) {
    const b = AGING_BUCKETS[i]!;
    if (aging[b] > 0) return b;
  }
  return null;
}
