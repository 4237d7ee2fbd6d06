import { inArray } from 'drizzle-orm';
import type { JobHandler } from '../../shared/job-types.js';
import type { VirtualAccountProvider } from './types.js';
import { payments } from './schema.js';
import { WITHDRAWAL_CANCEL_REASON } from './toss-withdrawal.js';

/**
 * `payment.withdrawalCancel` (docs/requirements.md#payments, docs/architecture.md#jobs): the Toss bank
 * transfers a company's withdrawal declined may have a virtual account Toss issued before it and
 * keeps open until its due time. Each is closed at Toss, once per payment (`payment:<id>`); a retry
 * finds those closed before recorded, and Toss answers a cancel of a cancelled payment as done.
 * Money paid in before anyone could close the account is not credited: it is logged for staff, who
 * refund it from Toss's dashboard.
 */
export const withdrawalCancelJob: JobHandler<
  'payment.withdrawalCancel',
  { virtualAccounts?: VirtualAccountProvider }
> = async (job, deps) => {
  const rows = await deps.db.select().from(payments).where(inArray(payments.id, job.data.paymentIds));
  for (const row of rows) {
    // Only what the withdrawal declined: a payment credited or declined otherwise has nothing open.
    if (row.provider !== 'toss' || row.pgcode !== 'banktransfer' || row.status !== 'declined') continue;
    const close = deps.virtualAccounts?.closeTransfer;
    // Another provider configured now: fail, to be retried and parked for staff, rather than skip.
    if (deps.virtualAccounts?.name !== 'toss' || !close) throw new Error('PAYMENT_PROVIDER is not toss');
    await job.once(`payment:${row.id}`, async () => {
      const outcome = await close(row.gatewayId, WITHDRAWAL_CANCEL_REASON);
      if (outcome === 'paid')
        deps.log.error(
          { orderId: row.gatewayId, amount: row.amount, companyId: row.companyId },
          'money of a withdrawn company held at toss: refund it by hand',
        );
    });
  }
};
