import type { FastifyBaseLogger } from 'fastify';
import { MSG_MEMBER, type PendingTransfer } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../shared/http.js';
import type { EventSink } from '../../shared/events.js';
import {
  confirmPayment,
  paymentByGatewayId,
  transferAccountIssued,
  type ConfirmOutcome,
  type PaymentRow,
} from './service.js';
import {
  TOSS_VIRTUAL_ACCOUNT_HOURS,
  bankName,
  settledStatus,
  type TossGateway,
  type TossPayment,
  type TossResult,
} from './toss.js';

/** What applying a payment fetched from the Toss API did. */
export type TossApplied =
  | { kind: 'unknown' }
  | { kind: 'unsettled'; payment: PaymentRow; toss: TossPayment }
  | { kind: 'applied'; outcome: ConfirmOutcome; toss: TossPayment };

/**
 * Applies the state of a payment as the Toss API answered it, through the one confirmation path
 * the sandbox uses (credit exactly once, amount checked against what the server stored). Only a
 * payment fetched by this process from the Toss API comes here; its order id names our payment.
 */
export async function applyTossPayment(
  db: Db,
  events: EventSink,
  gateway: TossGateway,
  toss: TossPayment,
): Promise<TossApplied> {
  const row = await paymentByGatewayId(db, gateway.name, toss.orderId);
  if (!row) return { kind: 'unknown' };
  if (toss.totalAmount !== row.amount) throw badRequest(MSG_MEMBER.paymentAmountMismatch, 'amount');
  const status = settledStatus(toss.status);
  if (!status) {
    if (toss.status === 'WAITING_FOR_DEPOSIT' && toss.virtualAccount?.accountNumber) {
      // The account is issued: the member is told where to pay, once (docs/requirements.md#notifications).
      const v = toss.virtualAccount;
      const due = Date.parse(v.dueDate ?? '');
      await transferAccountIssued(db, gateway.name, row.gatewayId, {
        bank: v.bank ?? bankName(v.bankCode),
        account: v.accountNumber!.slice(0, 40),
        due: new Date(Number.isNaN(due) ? row.createdAt.getTime() + TOSS_VIRTUAL_ACCOUNT_HOURS * 3600_000 : due),
      });
    }
    return { kind: 'unsettled', payment: row, toss };
  }
  const c = { paymentId: row.gatewayId, amount: toss.totalAmount, status };
  return {
    kind: 'applied',
    outcome: await confirmPayment(db, events, gateway, { ...c, signature: gateway.vouch(c) }),
    toss,
  };
}

type TossRefusal = Extract<TossResult, { kind: 'refused' }>;

/** Toss holds no payment of that id (NOT_FOUND_PAYMENT, 404): not this shop's, or not started yet. */
export const notFoundAtToss = (r: TossResult): r is TossRefusal =>
  r.kind === 'refused' && (r.status === 404 || r.code === 'NOT_FOUND_PAYMENT');

/** Toss's codes for the shop's own key or contract, whatever their status (400, 401, 403). */
const SHOP_REFUSAL_CODES = new Set([
  'UNAUTHORIZED_KEY',
  'INVALID_API_KEY',
  'INCORRECT_BASIC_AUTH_FORMAT',
  'FORBIDDEN_REQUEST',
]);

/**
 * Toss refused the shop rather than the buyer's payment: the secret key (401 UNAUTHORIZED_KEY, a wrong
 * or rotated TOSS_SECRET_KEY; 400 INVALID_API_KEY; 403 INCORRECT_BASIC_AUTH_FORMAT, a key sent badly)
 * or what the contract allows (FORBIDDEN_REQUEST). A card refusal is a 403 too (REJECT_CARD_PAYMENT),
 * so the code decides, not the status alone.
 */
export const refusedTheShop = (r: TossRefusal): boolean => r.status === 401 || SHOP_REFUSAL_CODES.has(r.code ?? '');

/**
 * A read-back Toss refused for another reason than "not found": a wrong or rotated TOSS_SECRET_KEY
 * (401 UNAUTHORIZED_KEY), a request Toss does not allow (403 FORBIDDEN_REQUEST). Nothing of the
 * payment can be known until staff mend it (docs/operations.md#payments-toss-payments), so it is
 * logged as an error: the order and Toss's answer, never the key.
 */
export function logRefusedReadBack(log: FastifyBaseLogger, orderId: string | undefined, r: TossRefusal) {
  log.error(
    { orderId, status: r.status, code: r.code, reason: r.message },
    'toss refused to read the payment back: check TOSS_SECRET_KEY',
  );
}

/**
 * A pending payment read back from Toss by its order id (its link opened again, the pending
 * transfers listed): a refusal other than "not found" is logged for staff.
 */
export async function readBackPending(
  gateway: TossGateway,
  log: FastifyBaseLogger,
  payment: PaymentRow,
): Promise<TossResult> {
  const read = await gateway.fetchByOrder(payment.gatewayId);
  if (read.kind === 'refused' && !notFoundAtToss(read)) logRefusedReadBack(log, payment.gatewayId, read);
  return read;
}

/** The payment as Toss holds it, when it is this pending payment's (order id and amount) and DONE there. */
export function doneAtToss(read: TossResult, payment: PaymentRow): TossPayment | undefined {
  if (read.kind !== 'payment') return undefined;
  const p = read.payment;
  return p.orderId === payment.gatewayId && p.totalAmount === payment.amount && p.status === 'DONE' ? p : undefined;
}

/**
 * Where a pending transfer at Toss is paid: the account Toss issued (its 예금주, the shop, is the
 * caller's to add), or null (not issued yet, Toss unreadable, or settled). One Toss holds as DONE is credited here through the one confirmation path
 * and is no longer listed (docs/operations.md#payments-toss-payments).
 */
export async function tossPendingAccount(
  db: Db,
  events: EventSink,
  gateway: TossGateway,
  log: FastifyBaseLogger,
  payment: PaymentRow,
): Promise<Pick<PendingTransfer, 'bank' | 'account' | 'dueDate'> | null> {
  const found = await readBackPending(gateway, log, payment);
  const done = doneAtToss(found, payment);
  if (done) {
    await applyTossPayment(db, events, gateway, done).catch((err: unknown) => {
      // Settled the other way meanwhile (409): the webhook's path sorts it out; the list goes on.
      if (!(err instanceof AppError)) throw err;
      log.warn({ orderId: payment.gatewayId, reason: err.message }, 'toss payment done but not applied');
    });
    return null;
  }
  if (
    found.kind !== 'payment' ||
    found.payment.status !== 'WAITING_FOR_DEPOSIT' ||
    found.payment.totalAmount !== payment.amount
  )
    return null;
  const v = found.payment.virtualAccount;
  if (!v?.accountNumber) return null;
  const due = v.dueDate ? new Date(v.dueDate) : null;
  return {
    bank: v.bank ?? bankName(v.bankCode),
    account: v.accountNumber,
    dueDate: due && !Number.isNaN(due.getTime()) ? due.toISOString() : null,
  };
}
