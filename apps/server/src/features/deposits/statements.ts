import { MEMBER_TYPE_MAIN, MSG_CREDIT } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { companyStatementToPay } from '../credit/repository.js';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { recordDeposit, type Recorded } from './record.js';

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

/**
 * A card payment of a statement was confirmed (payments' confirmPayment, on its transaction): it is
 * a deposit of its own (`card:{paymentId}`, once), applied to that statement first by the ladder.
 */
export function recordCardPayment(
  tx: Tx,
  p: { id: number; companyId: number; memberId: number | null; amount: number; statementId: number },
  payerName: string,
  now: Date,
): Promise<Recorded> {
  return recordDeposit(
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
}
