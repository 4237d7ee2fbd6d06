import type { FastifyBaseLogger } from 'fastify';
import { MSG_MEMBER } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { paymentByGatewayId } from './service.js';
import { cancelDone, cancelOutcome, type TossGateway, type TossPayment } from './toss.js';
import { endedByWithdrawal, endPayment } from './withdrawal.js';

/**
 * Toss's side of a payment its company's withdrawal ended (docs/requirements.md#payments). The shop
 * confirms nothing for such a payment, so an authorised card is never captured and no account is
 * issued; what Toss still took or opened in the moment between (a confirm that raced the withdrawal)
 * is cancelled there.
 */

/** The reason Toss records with the cancel (its dashboard and the buyer's card statement show it). */
export const WITHDRAWAL_CANCEL_REASON = '회원 탈퇴로 결제 취소';

/** True when the Toss payment is money paid into a virtual account (its refund needs the depositor's account). */
const depositReceived = (toss: TossPayment) =>
  toss.status === 'DONE' && (toss.method === '가상계좌' || Boolean(toss.virtualAccount?.accountNumber));

/**
 * The buyer's text for a payment that a withdrawal ended, after cancelling at Toss whatever Toss
 * holds of it (a captured card, an account waiting for its deposit); undefined when the payment is
 * no such payment. Money already paid into an account cannot be sent back without the depositor's
 * account: it is logged for staff, who refund it from Toss's dashboard, and the buyer is told so.
 */
export async function endedAtToss(
  db: Db,
  gateway: TossGateway,
  log: FastifyBaseLogger,
  toss: TossPayment,
): Promise<string | undefined> {
  const row = await paymentByGatewayId(db, gateway.name, toss.orderId);
  if (!row || !(await endedByWithdrawal(db, row))) return undefined;
  await endPayment(db, row, new Date());
  if (!['DONE', 'WAITING_FOR_DEPOSIT'].includes(toss.status)) return MSG_MEMBER.paymentEnded;
  if (!depositReceived(toss)) {
    const cancelled = await gateway.cancel(toss.paymentKey, WITHDRAWAL_CANCEL_REASON);
    if (cancelDone(cancelled)) return MSG_MEMBER.paymentEnded;
    log.error(
      { orderId: toss.orderId, result: cancelOutcome(cancelled) },
      'toss cancel of a withdrawn company payment failed',
    );
  }
  log.error(
    { orderId: toss.orderId, paymentKey: toss.paymentKey, amount: toss.totalAmount, tossStatus: toss.status },
    'money of a withdrawn company held at toss: refund it by hand',
  );
  return MSG_MEMBER.paymentEndedRefund;
}

/**
 * Closes at Toss the virtual account of a bank transfer its company's withdrawal ended (the
 * `payment.withdrawalCancel` job): an account still waiting for its deposit is cancelled, so nobody
 * pays into it up to its due time. Cancelling one already cancelled is success; an order Toss never
 * issued an account for (the buyer left its window) has nothing to close. Throws when Toss does not
 * answer or refuses, for the job to retry.
 */
export async function closeTransferAtToss(
  gateway: TossGateway,
  orderId: string,
  reason: string,
): Promise<'closed' | 'none' | 'paid'> {
  const found = await gateway.fetchByOrder(orderId);
  if (found.kind === 'unanswered') throw new Error(`toss lookup unanswered: ${found.reason}`);
  if (found.kind === 'refused') {
    if (found.status === 404) return 'none';
    throw new Error(`toss lookup refused: ${found.code}`);
  }
  const toss = found.payment;
  if (toss.status === 'DONE') return 'paid';
  if (toss.status === 'CANCELED') return 'closed';
  if (toss.status !== 'WAITING_FOR_DEPOSIT') return 'none';
  const cancelled = await gateway.cancel(toss.paymentKey, reason);
  if (cancelDone(cancelled)) return 'closed';
  throw new Error(`toss cancel of ${orderId} not done: ${cancelOutcome(cancelled)}`);
}
