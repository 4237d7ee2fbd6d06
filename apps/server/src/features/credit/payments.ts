/**
 * Money applied to statements (docs/requirements.md#credit-deposits): the one way a payment reaches
 * the receivables. Each application is a `payment` ledger row naming the statement (and the deposit),
 * posted once per idempotency key, the statement's paid amount raised on the same transaction, and the
 * account's hold looked at again.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { onStatementPaid } from './overdue.js';
import { postLedgerEntry } from './repository.js';
import { statements } from './tables.js';

export interface StatementPayment {
  statementId: number;
  /** Won applied, > 0. */
  amount: number;
  /** E.g. `payment:deposit:<id>:statement:<id>`: a retried application writes nothing. */
  idemKey: string;
  depositId?: number | null;
  memberId?: number | null;
  note?: string;
  now?: Date;
}

/** Applies a payment to a statement; answers whether this call applied it (false: applied before). */
export async function applyStatementPayment(tx: Tx, p: StatementPayment): Promise<boolean> {
  const [s] = await tx.select().from(statements).where(eq(statements.id, p.statementId)).for('update');
  if (!s) throw new Error(`statement ${p.statementId} not found`);
  const { created } = await postLedgerEntry(tx, {
    companyId: s.companyId,
    kind: 'payment',
    amount: -p.amount,
    idemKey: p.idemKey,
    statementId: s.id,
    depositId: p.depositId ?? null,
    memberId: p.memberId ?? null,
    note: p.note ?? '입금',
  });
  if (!created) return false;
  await tx
    .update(statements)
    .set({
      paid: sql`${statements.paid} + ${p.amount}`,
      status: sql`case when ${statements.paid} + ${p.amount} >= ${statements.amountDue} then 'paid' else 'partial' end`,
      updatedAt: new Date(),
    })
    .where(eq(statements.id, s.id));
  await onStatementPaid(tx, s.companyId, p.now);
  return true;
}

/** Takes a payment back (a deposit returned to WAITING): a payment_reversal row, the statement's paid lowered. */
export async function reverseStatementPayment(tx: Tx, p: StatementPayment): Promise<boolean> {
  const [s] = await tx.select().from(statements).where(eq(statements.id, p.statementId)).for('update');
  if (!s) throw new Error(`statement ${p.statementId} not found`);
  const { created } = await postLedgerEntry(tx, {
    companyId: s.companyId,
    kind: 'payment_reversal',
    amount: p.amount,
    idemKey: p.idemKey,
    statementId: s.id,
    depositId: p.depositId ?? null,
    memberId: p.memberId ?? null,
    note: p.note ?? '입금 취소',
  });
  if (!created) return false;
  await tx
    .update(statements)
    .set({
      paid: sql`${statements.paid} - ${p.amount}`,
      status: sql`case when ${statements.paid} - ${p.amount} <= 0 then 'unpaid' else 'partial' end`,
      updatedAt: new Date(),
    })
    .where(eq(statements.id, s.id));
  await onStatementPaid(tx, s.companyId, p.now);
  return true;
}
