import type { CreditSummary } from '@partsmall/contract';

/** What checkout offers of 외상 for an order of `total` won (docs/requirements.md#credit). */
export interface CreditOffer {
  /** '외상' is shown beside cash: the company has an account that is active or on hold. */
  shown: boolean;
  /** On hold: why (the server refuses a credit order and says so). */
  hold: string | null;
  /** How much the order goes over what is left of the limit (0 when it fits, or the account may exceed). */
  short: number;
  /** What is left of the limit after this order (never below 0). */
  after: number;
}

const NONE: CreditOffer = { shown: false, hold: null, short: 0, after: 0 };

/**
 * 외상 is offered to a company with an active credit account, and shown on hold with its reason (the
 * server then refuses it with its own message); a company without an account, one the server does not
 * let this member use (a sub-account not allowed), or a suspended one sees only cash.
 */
export function creditOffer(summary: CreditSummary | null | undefined, total: number, holdText: string): CreditOffer {
  if (!summary || summary.status === 'suspended') return NONE;
  const over = Math.max(0, total - summary.available);
  return {
    shown: true,
    hold: summary.status === 'on_hold' ? (summary.holdReason ?? holdText) : null,
    short: summary.allowExceed ? 0 : over,
    after: Math.max(0, summary.available - total),
  };
}
