import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, members } from '../members/schema.js';
import { payments } from './schema.js';

/** Gateway payment records for staff (docs/architecture.md#the-database). */

export type PaymentRecord = typeof payments.$inferSelect;

/** Payments matching `where` (on payments and companies), newest first, with company and member names. */
export async function paymentsWithNames(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number },
): Promise<(PaymentRecord & { companyName: string; memberName: string })[]> {
  const rows = await db
    .select({ payment: payments, companyName: companies.name, memberName: members.name })
    .from(payments)
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .leftJoin(members, eq(members.id, payments.memberId))
    .where(where)
    .orderBy(desc(payments.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => ({ ...r.payment, companyName: r.companyName, memberName: r.memberName ?? '' }));
}

export async function countPayments(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(where);
  return row?.n ?? 0;
}

/** A page of payments matching `where`, newest paid first, with the name of the member who paid ('' for none). */
export async function paymentsWithPayer(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select({ payment: payments, userName: members.name })
    .from(payments)
    .leftJoin(members, eq(members.id, payments.memberId))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
}
