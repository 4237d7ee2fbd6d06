/**
 * The receivables ledger's rows (docs/requirements.md#credit-deposits): their kinds, how a payment's
 * money came, and the label the back office shows for each.
 */

import { groupDigits } from './rules.js';

/** Kinds of rows of the receivables ledger; amount signed: + the company owes more, − less. */
export const RECEIVABLE_KINDS = [
  'charge',
  'reversal',
  'credit_note',
  'payment',
  'payment_reversal',
  'adjustment',
] as const;
export type ReceivableKind = (typeof RECEIVABLE_KINDS)[number];
export const RECEIVABLE_KIND_LABELS: Record<ReceivableKind, string> = {
  charge: '외상 주문',
  reversal: '주문 취소·반품',
  credit_note: '마감 후 반품 (차감)',
  payment: '입금',
  payment_reversal: '입금 취소',
  adjustment: '관리자 조정',
};

/**
 * How the money of a `payment` row (and of its `payment_reversal`) reached the statement: a bank
 * transfer (a deposit staff entered or a bank file's line), the statement's virtual account, a card,
 * the company's cash, or the amount a credit note left on another statement.
 */
export const RECEIVABLE_VIAS = ['transfer', 'virtual_account', 'card', 'cash', 'credit_note'] as const;
export type ReceivableVia = (typeof RECEIVABLE_VIAS)[number];
/** The ledger's label of a payment, and of its reversal, by how the money came. */
export const RECEIVABLE_VIA_LABELS: Record<ReceivableVia, { payment: string; payment_reversal: string }> = {
  transfer: { payment: '입금', payment_reversal: '입금 취소' },
  virtual_account: { payment: '가상계좌 입금', payment_reversal: '가상계좌 입금 취소' },
  card: { payment: '카드 결제', payment_reversal: '카드 결제 취소' },
  cash: { payment: '캐시 결제', payment_reversal: '캐시로 환급' },
  credit_note: { payment: '차감액으로 결제', payment_reversal: '차감액 사용' },
};
/** A receivables ledger row's label: a payment's (or its reversal's) by how the money came. */
export function receivableLabel(kind: ReceivableKind, via: ReceivableVia | null): string {
  if (via && (kind === 'payment' || kind === 'payment_reversal')) return RECEIVABLE_VIA_LABELS[via][kind];
  return RECEIVABLE_KIND_LABELS[kind];
}

/**
 * What became of a statement's credit, when it bills less than nothing (docs/requirements.md#monthly-close),
 * in the words its PDF and the statement lists share: refunded to the company's cash, used to pay
 * other statements, and what is left for the next one. Empty for a statement that bills something.
 */
export function statementCreditParts(s: { amountDue: number; paid: number; refunded: number }): string[] {
  if (s.amountDue >= 0) return [];
  const left = Math.max(0, s.paid - s.amountDue);
  const used = -s.amountDue - s.refunded - left;
  return [
    ...(s.refunded > 0 ? [`캐시로 환급 ${groupDigits(s.refunded)}원`] : []),
    ...(used > 0 ? [`다른 명세서 결제에 사용 ${groupDigits(used)}원`] : []),
    ...(left > 0 ? [`차감 잔액 ${groupDigits(left)}원은 다음 명세서에서 차감`] : []),
  ];
}
