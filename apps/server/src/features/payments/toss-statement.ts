import type { FastifyBaseLogger } from 'fastify';
import { MSG_DEPOSIT } from '@partsmall/contract';
import { cancelDone, cancelOutcome, type TossGateway, type TossPayment } from './toss.js';

/**
 * Toss's side of a card window of a 외상 statement that had nothing left to pay when its approval
 * came (docs/requirements.md#credit-deposits). The success page confirms nothing for it, so the card
 * is never captured; a confirm that raced the payment that settled the statement (two windows
 * approved at once) is cancelled at Toss, and the card refunded.
 */

/** The reason Toss records with the cancel (its dashboard and the buyer's card statement show it). */
export const STATEMENT_PAID_CANCEL_REASON = '이미 결제된 명세서라 결제 취소';

/**
 * The buyer's text once whatever Toss took of such a window is cancelled there. A cancel Toss does not
 * take (no answer, a refusal) leaves money at Toss the shop did not credit: it is logged for staff,
 * who refund it from Toss's dashboard, and the buyer is told so.
 */
export async function cancelPaidStatementCard(
  gateway: TossGateway,
  log: FastifyBaseLogger,
  toss: TossPayment,
): Promise<string> {
  if (toss.status !== 'DONE') return MSG_DEPOSIT.statementAlreadyPaid;
  const cancelled = await gateway.cancel(toss.paymentKey, STATEMENT_PAID_CANCEL_REASON);
  if (cancelDone(cancelled)) return MSG_DEPOSIT.statementAlreadyPaid;
  log.error(
    { orderId: toss.orderId, paymentKey: toss.paymentKey, amount: toss.totalAmount, result: cancelOutcome(cancelled) },
    'card of an already paid statement held at toss: refund it by hand',
  );
  return MSG_DEPOSIT.statementAlreadyPaidRefund;
}
