import { MSG_ADMIN, type PaymentSort } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { ListSort } from '../../db/page.js';
import { countPayments, paymentById, paymentWhere } from '../payments/repository.js';
import { companyPoint } from '../members/repository.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import type { PaymentGateway } from '../payments/index.js';
import { confirmPayment } from '../payments/index.js';
import { recordAudit } from './audit.js';
import { paymentRows } from './companies.js';
import { escapeLike } from './search.js';
import type { EventSink } from '../../shared/events.js';

/** Gateway records and the manual 'deposit confirmed' of bank transfers. */

export interface PaymentQuery extends ListSort<PaymentSort> {
  status?: string | undefined;
  pgcode?: string | undefined;
  kind?: string | undefined;
  company?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  page: number;
  size: number;
}

export async function listPayments(db: Db, q: PaymentQuery) {
  const w = paymentWhere({
    status: q.status,
    pgcode: q.pgcode,
    kind: q.kind,
    companyPattern: q.company ? `%${escapeLike(q.company)}%` : undefined,
    from: q.startDate,
    to: q.endDate,
  });
  const [results, total] = await Promise.all([
    paymentRows(db, w, q.size, (q.page - 1) * q.size, q),
    countPayments(db, w),
  ]);
  return { results, total };
}

/**
 * Staff saw the money arrive on the shop's account: the payment is confirmed through the very path
 * a gateway confirmation takes (payments/service.ts confirmPayment), with the stored amount, so it
 * moves pending → paid once and credits once however often staff press the button.
 */
export async function confirmDeposit(db: Db, events: EventSink, staffId: number, seq: number) {
  const p = await paymentById(db, seq);
  if (!p) throw notFound(MSG_ADMIN.paymentNotFound);
  if (p.pgcode !== 'banktransfer' || p.status === 'declined') throw badRequest(MSG_ADMIN.depositNotWaiting, 'seq');
  // The staff member is the one who vouches for this confirmation (the route checked the role).
  const manual: PaymentGateway = {
    name: p.provider,
    start: () => Promise.reject(new Error('manual confirmation only')),
    verify: () => true,
  };
  const outcome = await confirmPayment(db, events, manual, {
    paymentId: p.gatewayId,
    amount: p.amount,
    status: 'paid',
    signature: 'staff',
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 409) throw badRequest(MSG_ADMIN.depositNotWaiting, 'seq');
    throw err;
  });
  if (!outcome.repeated) {
    await recordAudit(db, {
      memberId: staffId,
      action: 'confirmDeposit',
      target: `payment:${seq}`,
      before: { status: p.status },
      after: { status: 'paid', amount: p.amount },
    });
  }
  const [row] = await paymentRows(db, paymentWhere({ id: seq }), 1);
  return { payment: row!, point: (await companyPoint(db, p.companyId)) ?? 0, repeated: outcome.repeated };
}

/**
 * What staff are told of a confirmation: cash charged, or a licence extended by its days (no cash
 * moves: docs/requirements.md#licence), or that it had been confirmed before and nothing changed.
 */
export function depositConfirmedMessage(result: { payment: { kind: string; days: number | null }; repeated: boolean }) {
  if (result.repeated) return MSG_ADMIN.depositAlreadyConfirmed;
  if (result.payment.kind === 'license') return MSG_ADMIN.depositLicenseConfirmed(result.payment.days ?? 0);
  return MSG_ADMIN.depositConfirmed;
}
