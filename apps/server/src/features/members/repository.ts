import { and, asc, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { cashLedger } from '../wallet/schema.js';
import { companies, members } from './schema.js';

/** The companies-and-members aggregate's reads for staff (docs/architecture.md#the-database). */

export type CompanyRecord = typeof companies.$inferSelect;
export type MemberRecord = typeof members.$inferSelect;

/** Accounts of the company that are not withdrawn. */
const memberCount = sql<number>`(select count(*)::int from ${members} where ${members.companyId} = ${companies.id} and ${members.status} <> 'withdrawn')`;

/** Companies matching `where`, newest first, each with its count of accounts not withdrawn. */
export async function companiesWithMembers(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number },
): Promise<{ company: CompanyRecord; members: number }[]> {
  return db
    .select({ company: companies, members: memberCount })
    .from(companies)
    .where(where)
    .orderBy(desc(companies.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countCompanies(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies).where(where);
  return row?.n ?? 0;
}

/** A member of the company whose login id, name or (with `digits`) phone matches. */
export function hasMemberMatching(pattern: string, digits: string | null): SQL {
  const phone = digits === null ? sql`` : sql` or ${members.phone} like ${`%${digits}%`}`;
  return sql`exists (select 1 from ${members} where ${members.companyId} = ${companies.id} and (${members.loginId} ilike ${pattern} or ${members.name} ilike ${pattern}${phone}))`;
}

/** The company's accounts, main first (by type), then by number. */
export async function membersOfCompany(db: Db, companyId: number): Promise<MemberRecord[]> {
  return db.select().from(members).where(eq(members.companyId, companyId)).orderBy(asc(members.type), asc(members.id));
}

/** The sum of the company's ledger (equals its balance: docs/architecture.md#the-money-path). */
export async function ledgerSum(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ s: sum(cashLedger.amount).mapWith(Number) })
    .from(cashLedger)
    .where(eq(cashLedger.companyId, companyId));
  return row?.s ?? 0;
}

/** The company row locked for the rest of the transaction, or undefined. */
export async function lockCompany(tx: Tx, companyId: number): Promise<CompanyRecord | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

/** The member row locked for the rest of the transaction, or undefined. */
export async function lockMember(tx: Tx, memberId: number): Promise<MemberRecord | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
  return row;
}

/** The roles of the back office's accounts. */
export const STAFF_ROLES = ['staff', 'admin'] as const;
const isStaff = inArray(members.role, [...STAFF_ROLES]);

/** Staff and admin accounts, by number. */
export async function staffAccounts(db: Db): Promise<MemberRecord[]> {
  return db.select().from(members).where(isStaff).orderBy(asc(members.id));
}

export async function staffById(db: Db, id: number): Promise<MemberRecord | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), isStaff));
  return row;
}

/** The account holding a login id (any role), or undefined. */
export async function memberByLoginId(db: Db | Tx, loginId: string): Promise<MemberRecord | undefined> {
  const [row] = await db.select().from(members).where(eq(members.loginId, loginId));
  return row;
}

/** The account of a member number (any role), or undefined. */
export async function memberById(db: Db | Tx, id: number): Promise<MemberRecord | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

/** The company's active main accounts: who is told about the company's money. */
export function activeMainAccounts(db: Db | Tx, companyId: number): Promise<MemberRecord[]> {
  return db
    .select()
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.type, MEMBER_TYPE_MAIN), eq(members.status, 'active')));
}

/** The company of a number, or undefined. */
export async function companyById(db: Db | Tx, id: number): Promise<CompanyRecord | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}
