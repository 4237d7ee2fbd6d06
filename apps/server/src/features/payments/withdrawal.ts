import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companyById, lockCompany } from '../members/repository.js';
import { enqueue } from '../../shared/job-queue.js';
import { payments } from './schema.js';

/**
 * Payments of a company that withdrew (docs/requirements.md#payments): what it bought (cash, licence
 * days, a statement paid by card) is nobody's once its accounts are gone, so no money is taken for
 * it after the withdrawal.
 */

type PaymentRow = typeof payments.$inferSelect;

/**
 * Ends the company's payments still waiting for money (declined at `now`), on the withdrawal's
 * transaction. Called before the withdrawal locks the company's orders and row: a confirmation
 * locks its payment first and the company after, so both take the locks in one order. Its Toss bank
 * transfers may have an account Toss keeps open until its due time: a `payment.withdrawalCancel` job,
 * written on the same transaction, closes them there once the withdrawal has committed.
 */
export async function endPaymentsOnWithdrawal(tx: Tx, companyId: number, now: Date): Promise<PaymentRow[]> {
  const waiting = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.status, 'pending')))
    .orderBy(payments.id)
    .for('update');
  if (waiting.length === 0) return [];
  const ended = await tx
    .update(payments)
    .set({ status: 'declined', declinedAt: now })
    .where(
      and(
        inArray(
          payments.id,
          waiting.map((p) => p.id),
        ),
        eq(payments.status, 'pending'),
      ),
    )
    .returning();
  const transfers = ended.filter((p) => p.provider === 'toss' && p.pgcode === 'banktransfer').map((p) => p.id);
  if (transfers.length > 0)
    await enqueue(
      tx,
      'payment.withdrawalCancel',
      { companyId, paymentIds: transfers },
      { key: `company:${companyId}` },
    );
  return ended;
}

/**
 * True when the payment's company withdrew and the payment is one the withdrawal ended (declined at
 * or after it) or still pending (stored by a session the withdrawal had not ended yet).
 */
export async function endedByWithdrawal(db: Db | Tx, p: PaymentRow): Promise<boolean> {
  const company = await companyById(db, p.companyId);
  return withdrawnBefore(company?.withdrawnAt ?? null, p);
}

function withdrawnBefore(withdrawnAt: Date | null, p: PaymentRow): boolean {
  if (!withdrawnAt) return false;
  if (p.status === 'pending') return true;
  return p.status === 'declined' && p.declinedAt !== null && p.declinedAt.getTime() >= withdrawnAt.getTime();
}

/**
 * True when the company has withdrawn, read under its row lock (the lock the withdrawal holds until
 * it commits): a confirmation asking this last waits for a withdrawal in flight and sees it.
 */
export async function companyWithdrawnLocked(tx: Tx, companyId: number): Promise<boolean> {
  return Boolean((await lockCompany(tx, companyId))?.withdrawnAt);
}

/** Declines a payment still pending (its company withdrew); answers the row as it stands. */
export async function endPayment(db: Db | Tx, p: PaymentRow, now: Date): Promise<PaymentRow> {
  const [ended] = await db
    .update(payments)
    .set({ status: 'declined', declinedAt: now })
    .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
    .returning();
  if (ended) return ended;
  const [row] = await db.select().from(payments).where(eq(payments.id, p.id));
  return row ?? p;
}
