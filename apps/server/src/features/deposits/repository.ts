import { and, eq, gte, inArray, isNotNull, lt, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { idsAmong, type Tx } from '../../db/client.js';
import { depositEvents, depositorNames, deposits, statementAccounts } from './schema.js';

/** What other features ask of the deposits' tables (docs/architecture.md#the-database). */

/**
 * Forgets the depositor names staff taught for a company (a withdrawal, docs/requirements.md#retention):
 * a person's name on a bank transfer, kept only to match that company's next deposits. The deposits
 * themselves keep the name as written, as the record of the payment.
 */
export async function forgetDepositorNames(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(depositorNames).where(eq(depositorNames.companyId, companyId));
}

/**
 * Which of `companyIds` (a subquery) have a deposit, a virtual account or a deposit callback made at
 * or after `since`, or any at all without `since` (the retention sweep keeps a company's 외상 book
 * whole until its newest record is old, and looks only at companies that have one).
 */
export async function companiesWithDepositsSince(tx: Tx, companyIds: SQLWrapper, since?: SQL): Promise<number[]> {
  const own = since && or(gte(deposits.createdAt, since), gte(deposits.reversedAt, since));
  // A callback is made on an account, so without `since` the accounts alone answer.
  const calledBack = (at: SQL) =>
    tx.select({ id: depositEvents.accountId }).from(depositEvents).where(gte(depositEvents.receivedAt, at));
  const account =
    since && or(gte(statementAccounts.createdAt, since), inArray(statementAccounts.id, calledBack(since)));
  return [
    ...(await idsAmong(tx, deposits.companyId, companyIds, own)),
    ...(await idsAmong(tx, statementAccounts.companyId, companyIds, account)),
  ];
}

/**
 * Destroys the deposits of these companies with their virtual accounts and those accounts' callbacks
 * (their 외상 books' periods have ended, docs/requirements.md#retention). Before the statements and
 * the payments the rows name.
 */
export async function deleteDepositsOf(tx: Tx, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  const accounts = tx
    .select({ id: statementAccounts.id })
    .from(statementAccounts)
    .where(inArray(statementAccounts.companyId, companyIds));
  await tx.delete(depositEvents).where(inArray(depositEvents.accountId, accounts));
  await tx.delete(deposits).where(or(inArray(deposits.companyId, companyIds), inArray(deposits.accountId, accounts)));
  await tx.delete(statementAccounts).where(inArray(statementAccounts.companyId, companyIds));
}

/**
 * Destroys the deposits staff set aside (paid to no company) before `before`: a record of money the
 * shop received, kept its 5 years (docs/requirements.md#retention), with the depositor's name.
 */
export async function deleteDismissedDeposits(tx: Tx, before: SQL): Promise<void> {
  await tx.delete(deposits).where(and(eq(deposits.status, 'ignored'), lt(deposits.dismissedAt, before)));
}

/** The payments a deposit names, as a subquery (a payment a deposit still names is kept). */
export const depositPaymentIds = (tx: Tx) =>
  tx.select({ id: deposits.paymentId }).from(deposits).where(isNotNull(deposits.paymentId));
