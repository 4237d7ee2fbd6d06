import { and, count, desc, eq, gte, inArray, isNotNull, lt, notInArray, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { idsAmong, type Db, type Tx } from '../../db/client.js';
import { sortedBy, type ListSort } from '../../db/page.js';
import { companyNameMatches, companyNameSql, memberNameSql } from '../members/repository.js';
import { payments } from './schema.js';
import { withinSeoulDays } from '../../shared/time.js';

/** Gateway payment records for staff (docs/architecture.md#the-database). */

export type PaymentRecord = typeof payments.$inferSelect;

/** The back office's sorts of the payment list (its whitelist): 금액. */
const PAYMENT_SORTS = { amount: payments.amount };

/** Payments matching `where`, newest first or as `sort` asks, with company and member names. */
export async function paymentsWithNames(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number; sort?: ListSort<keyof typeof PAYMENT_SORTS> },
): Promise<(PaymentRecord & { companyName: string; memberName: string })[]> {
  const rows = await db
    .select({
      payment: payments,
      companyName: companyNameSql(payments.companyId),
      memberName: memberNameSql(payments.memberId),
    })
    .from(payments)
    .where(where)
    .orderBy(sortedBy(PAYMENT_SORTS, payments.id, page.sort, [desc(payments.id)]))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => ({ ...r.payment, companyName: r.companyName, memberName: r.memberName ?? '' }));
}

export async function countPayments(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(payments).where(where);
  return row?.n ?? 0;
}

/** A page of payments matching `where`, newest paid first, with the name of the member who paid ('' for none). */
export async function paymentsWithPayer(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ payment: payments, userName: memberNameSql(payments.memberId) })
    .from(payments)
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
}

/** A bank transfer still waiting for its deposit. */
export const waitingTransfer = [eq(payments.pgcode, 'banktransfer'), eq(payments.status, 'pending')];

/** The condition of the back office's payment list (its company's name is an ILIKE pattern; days are Seoul days). */
export function paymentWhere(f: {
  id?: number;
  companyId?: number;
  status?: string | undefined;
  pgcode?: string | undefined;
  kind?: string | undefined;
  companyPattern?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): SQL | undefined {
  if (f.id !== undefined) return eq(payments.id, f.id);
  if (f.companyId !== undefined) return eq(payments.companyId, f.companyId);
  const c: SQL[] = [];
  if (f.status) c.push(eq(payments.status, f.status));
  if (f.pgcode) c.push(eq(payments.pgcode, f.pgcode));
  if (f.kind) c.push(eq(payments.kind, f.kind));
  if (f.companyPattern) c.push(companyNameMatches(payments.companyId, f.companyPattern));
  if (f.from || f.to) c.push(withinSeoulDays(payments.createdAt, f.from || '0001-01-01', f.to || '9999-12-31'));
  return and(...c);
}

/** A payment by its number, or undefined. */
export async function paymentById(db: Db, id: number): Promise<PaymentRecord | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** Writes a payment row (staff's cash grant is one, paid at once). */
export async function insertPayment(tx: Tx, row: PgInsertValue<typeof payments>): Promise<void> {
  await tx.insert(payments).values(row);
}

/**
 * Deletes the payment records of `companyIds` (a subquery) made before `before`, except those in `keep`
 * (a subquery of payment ids: the ones a deposit still names) (docs/requirements.md#retention).
 */
export async function deleteOldPayments(tx: Tx, companyIds: SQLWrapper, before: SQL, keep: SQLWrapper): Promise<void> {
  await tx
    .delete(payments)
    .where(and(inArray(payments.companyId, companyIds), lt(payments.createdAt, before), notInArray(payments.id, keep)));
}

/** Which of `companyIds` (a subquery) paid a statement at or after `since` (the retention sweep's 외상 books). */
export async function companiesWithStatementPaymentsSince(
  tx: Tx,
  companyIds: SQLWrapper,
  since: SQL,
): Promise<number[]> {
  return idsAmong(
    tx,
    payments.companyId,
    companyIds,
    and(isNotNull(payments.statementId), gte(payments.createdAt, since)),
  );
}
