import { MEMBER_TYPE_MAIN, MSG_CREDIT } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { companyStatementToPay, lockCreditAccount } from '../credit/repository.js';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { recordDeposit } from './record.js';

/** A statement the caller may pay now, with what is left to pay. */
export interface PayableStatement {
  id: number;
  companyId: number;
  month: string;
  unpaid: number;
}

/**
 * The company's statement `seq` with something left to pay (api/payStatement): another company's or
 * none is 404, a paid one 400; a sub-account pays only when the credit account allows sub-accounts.
 */
export async function payableStatement(
  db: Db | Tx,
  who: { companyId: number; memberType: number },
  seq: number,
): Promise<PayableStatement> {
  const row = await companyStatementToPay(db, who.companyId, seq);
  if (!row) throw notFound(MSG_CREDIT.statementNotFound);
  if (who.memberType !== MEMBER_TYPE_MAIN && !row.allowSubAccounts) throw forbidden(MSG_CREDIT.notForSubAccount);
  const unpaid = row.amountDue - row.paid;
  if (unpaid <= 0) throw new AppError(400, MSG_CREDIT.statementPaid, 400, 'seq');
  return { id: row.id, companyId: row.companyId, month: row.month, unpaid };
}

/** '2026-03' as a card slip reads it. */
export const statementMonthLabel = (month: string) => `${month.slice(0, 4)}년 ${Number(month.slice(5, 7))}월`;

/**
 * What the card slip says (the payment's product name, Toss's orderName): an invoiced 외상 statement
 * is paid, not goods bought, so no 현금영수증 or second invoice is due for it.
 */
export const statementPaymentName = (month: string) =>
  `외상 명세서 결제 (${statementMonthLabel(month)}, 세금계산서 발행분)`;

/** What is left to pay of the company's statement `id` (0 or less: nothing; an unknown statement: 0). */
export async function statementLeft(db: Db | Tx, companyId: number, id: number): Promise<number> {
  const row = await companyStatementToPay(db, companyId, id);
  return row ? row.amountDue - row.paid : 0;
}

/**
 * Where a confirmed card payment of a statement went: nothing (its statement had nothing left to
 * pay, so it must not be taken), or paid into its statement (`own`), the company's other statements
 * (`others`) and its cash (`cash`), as the ladder placed it.
 */
export type CardPaymentPlaced =
  { kind: 'nothingLeft' } | { kind: 'recorded'; own: number; others: number; cash: number };

/**
 * A card payment of a statement was confirmed (payments' confirmPayment, on its transaction): it is
 * a deposit of its own (`card:{paymentId}`, once), applied to that statement first by the ladder.
 * The statement is read under the credit account's lock, which every payment of the company's
 * statements takes first, so that of two card windows approved at once the second sees what the
 * first paid: a statement with nothing left records nothing and the caller declines the payment
 * (docs/requirements.md#credit-deposits).
 */
export async function recordCardPayment(
  tx: Tx,
  p: { id: number; companyId: number; memberId: number | null; amount: number; statementId: number },
  payerName: string,
  now: Date,
): Promise<CardPaymentPlaced> {
  await lockCreditAccount(tx, p.companyId);
  if ((await statementLeft(tx, p.companyId, p.statementId)) <= 0) return { kind: 'nothingLeft' };
  const { ladder } = await recordDeposit(
    tx,
    {
      source: 'card',
      sourceKey: `card:${p.id}`,
      depositorName: payerName,
      amount: p.amount,
      depositedAt: now,
      companyId: p.companyId,
      paymentId: p.id,
      ownStatementId: p.statementId,
      recordedBy: p.memberId,
    },
    null,
    now,
  );
  const own = (ladder?.allocations ?? [])
    .filter((a) => a.itemId === p.statementId)
    .reduce((sum, a) => sum + a.amount, 0);
  const cash = ladder?.toCash ?? 0;
  return { kind: 'recorded', own: ladder ? own : p.amount, others: ladder ? p.amount - own - cash : 0, cash };
}
