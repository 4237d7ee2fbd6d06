import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import { MEMBER_TYPE_MAIN, TIME_ZONE, type CompanyLevel } from '@partsmall/contract';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { companies, members } from './schema.js';
import { outerColumn } from '../../db/columns.js';
import { sortedBy, type ListSort } from '../../db/page.js';

/** The companies-and-members aggregate's reads for staff (docs/architecture.md#the-database). */

export type CompanyRecord = typeof companies.$inferSelect;
export type MemberRecord = typeof members.$inferSelect;

/** Accounts of the company that are not withdrawn. */
const memberCount = sql<number>`(select count(*)::int from ${members} where ${members.companyId} = ${outerColumn(companies.id)} and ${members.status} <> 'withdrawn')`;

/** The back office's sorts of the company list (its whitelist): 업체명, 캐시. */
const COMPANY_SORTS = { name: companies.name, point: companies.point };

/** Companies matching `where`, newest first or as `sort` asks, each with its count of accounts not withdrawn. */
export async function companiesWithMembers(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number; sort?: ListSort<keyof typeof COMPANY_SORTS> },
): Promise<{ company: CompanyRecord; members: number }[]> {
  return db
    .select({ company: companies, members: memberCount })
    .from(companies)
    .where(where)
    .orderBy(sortedBy(COMPANY_SORTS, companies.id, page.sort, [desc(companies.id)]))
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

/**
 * The member's row held FOR SHARE for the rest of the transaction: a password write (which locks the
 * row to update it) waits for the transaction, or the transaction for the write.
 */
export async function holdMember(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('share');
}

/**
 * A query of the member's id (`id`) while its password hash is still `passwordHash`, the row held FOR
 * SHARE by the statement it is part of: a write of the hash under way is waited for, and the row read
 * again after it (a login's session, auth/sessions.ts createLoginSession).
 */
export const memberWithPasswordHeld = (memberId: number, passwordHash: string): SQL =>
  sql`select ${members.id} as id from ${members} where ${members.id} = ${memberId} and ${members.passwordHash} = ${passwordHash} for share`;

/** The roles of the back office's accounts. */
export const STAFF_ROLES = ['staff', 'admin'] as const;
const isStaff = inArray(members.role, [...STAFF_ROLES]);

/** Staff and admin accounts, by number. */
export async function staffAccounts(db: Db): Promise<MemberRecord[]> {
  return db.select().from(members).where(isStaff).orderBy(asc(members.id));
}

export async function staffById(db: Db | Tx, id: number): Promise<MemberRecord | undefined> {
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

/** The names of the companies that have not withdrawn (what a deposit's depositor name is matched against). */
export async function activeCompanyNames(db: Db | Tx): Promise<{ id: number; name: string }[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(isNull(companies.withdrawnAt));
}

/** The names of the companies of these numbers. */
export async function companyNamesOf(db: Db | Tx, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
}

/** The name of a company that exists and has not withdrawn, or undefined. */
export async function activeCompanyName(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.withdrawnAt)))
    .orderBy(desc(companies.id));
  return row?.name;
}

/** The company's cash balance, its row locked for the rest of the transaction (0 when there is none). */
export async function lockCompanyPoint(tx: Tx, id: number): Promise<number> {
  const [row] = await tx.select({ point: companies.point }).from(companies).where(eq(companies.id, id)).for('update');
  return row?.point ?? 0;
}

/** The name of a company (withdrawn or not), or undefined. */
export async function companyNameById(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return row?.name;
}

/** A member's account type (0 the company's main account), or undefined. */
export async function memberType(db: Db | Tx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ type: members.type }).from(members).where(eq(members.id, id));
  return row?.type;
}

/** A member's name, or undefined. */
export async function memberNameById(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: members.name }).from(members).where(eq(members.id, id));
  return row?.name;
}

/** Moves the end of a company's licence (its row locked for the rest of the transaction): `next` gets the current end. */
export async function moveLicenseEnd(tx: Tx, companyId: number, next: (current: Date | null) => Date): Promise<void> {
  const [company] = await tx
    .select({ licenseEnd: companies.licenseEnd })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  const end = next(company?.licenseEnd ?? null);
  await tx.update(companies).set({ licenseEnd: end }).where(eq(companies.id, companyId));
}

/** A company's cash balance, or undefined when there is no such company. */
export async function companyPoint(db: Db | Tx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ point: companies.point }).from(companies).where(eq(companies.id, id));
  return row?.point;
}

/** The condition of the back office's company list: a company (`id`), or a search and a level. */
export function companyWhere(f: {
  id?: number;
  /** An ILIKE pattern matched against the name, the CEO and the members' login ids and names. */
  pattern?: string | undefined;
  /** Three or more digits matched against the licence and the members' phones. */
  digits?: string | null;
  level?: string | undefined;
}): SQL | undefined {
  if (f.id !== undefined) return eq(companies.id, f.id);
  const conditions: (SQL | undefined)[] = [];
  if (f.pattern) {
    const digits = f.digits ?? null;
    conditions.push(
      or(
        ilike(companies.name, f.pattern),
        ilike(companies.ceo, f.pattern),
        digits ? like(companies.license, `%${digits}%`) : undefined,
        hasMemberMatching(f.pattern, digits),
      ),
    );
  }
  if (f.level) conditions.push(eq(companies.level, f.level));
  return and(...conditions);
}

/** A new member row (a staff account, a sign-up): answers its number. */
export async function insertMember(tx: Db | Tx, row: PgInsertValue<typeof members>): Promise<number> {
  const [inserted] = await tx.insert(members).values(row).returning({ id: members.id });
  return inserted!.id;
}

/** Changes a member's row (password hash, status, contact…). */
export async function updateMember(tx: Db | Tx, id: number, set: PgUpdateSetSource<typeof members>): Promise<void> {
  await tx.update(members).set(set).where(eq(members.id, id));
}

/**
 * Moves a company's cash balance by `delta` (the wallet's one write of it, docs/architecture.md#the-money-path):
 * a debit only while the balance covers it. Answers the balance after, or null (no such company, or not covered).
 */
export async function movePoint(tx: Tx, companyId: number, delta: number): Promise<number | null> {
  const [row] = await tx
    .update(companies)
    .set({ point: sql`${companies.point} + ${delta}` })
    .where(and(eq(companies.id, companyId), delta < 0 ? gte(companies.point, -delta) : undefined))
    .returning({ point: companies.point });
  return row ? row.point : null;
}

/** Changes a company's row; answers it after, or undefined. */
export async function updateCompany(
  tx: Tx,
  id: number,
  set: PgUpdateSetSource<typeof companies>,
): Promise<CompanyRecord | undefined> {
  const [row] = await tx.update(companies).set(set).where(eq(companies.id, id)).returning();
  return row;
}

/** The active members among these numbers with their phones, by number. */
export function activeMemberPhones(db: Db, ids: number[]): Promise<{ id: number; phone: string }[]> {
  return db
    .select({ id: members.id, phone: members.phone })
    .from(members)
    .where(and(inArray(members.id, ids), eq(members.status, 'active')))
    .orderBy(members.id);
}

/** The number of the company's first active main account (the lowest), or undefined. */
export async function activeMainAccountId(db: Db, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.type, MEMBER_TYPE_MAIN), eq(members.status, 'active')))
    .orderBy(asc(members.id))
    .limit(1);
  return row?.id;
}

/** Whether an active account of the company has this phone, verified by a code. */
export async function hasVerifiedPhone(db: Db, companyId: number, phone: string): Promise<boolean> {
  const [verified] = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.companyId, companyId),
        eq(members.phone, phone),
        eq(members.phoneVerified, true),
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  return verified !== undefined;
}

/** The companies not withdrawn whose licence ends on the third Seoul day after `day` ('YYYY-MM-DD'). */
export function licencesEndingOnThirdDay(db: Db, day: string) {
  return db
    .select({ id: companies.id, end: companies.licenseEnd })
    .from(companies)
    .where(
      and(
        sql`${companies.withdrawnAt} is null`,
        sql`${companies.licenseEnd} >= (${day}::date + 3)::timestamp at time zone ${TIME_ZONE}`,
        sql`${companies.licenseEnd} < (${day}::date + 4)::timestamp at time zone ${TIME_ZONE}`,
      ),
    );
}

/** The company not withdrawn that holds a business number, or undefined. */
export async function activeCompanyByLicense(db: Db | Tx, license: string): Promise<CompanyRecord | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.license, license), isNull(companies.withdrawnAt)));
  return row;
}

/**
 * The member whose phone a code proved (join and find checks): an unproved number (chat sign-up)
 * never counts here, so it cannot block its real owner's sign-up.
 */
export async function verifiedMemberByPhone(db: Db | Tx, phone: string): Promise<MemberRecord | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.phone, phone), ne(members.status, 'withdrawn'), eq(members.phoneVerified, true)));
  return row;
}

/**
 * Every account not withdrawn that gave this phone and may be recovered by it, oldest first: its
 * proved holder, and any whose unproved number still recovers it (a chat sign-up, a sub-account its
 * main account registered), not one whose member changed it in 내 정보 without a code.
 */
export async function recoverableMembersByPhone(db: Db | Tx, phone: string): Promise<MemberRecord[]> {
  return db
    .select()
    .from(members)
    .where(
      and(
        eq(members.phone, phone),
        ne(members.status, 'withdrawn'),
        or(eq(members.phoneVerified, true), eq(members.phoneRecovers, true)),
      ),
    )
    .orderBy(asc(members.id));
}

/** A new company (a join); answers its number. */
export async function insertCompany(tx: Db | Tx, row: PgInsertValue<typeof companies>): Promise<number> {
  const [inserted] = await tx.insert(companies).values(row).returning({ id: companies.id });
  return inserted!.id;
}

/** How a company takes its tax invoices ('order' or 'monthly'), or undefined. */
export async function companyInvoiceMode(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ invoiceMode: companies.invoiceMode }).from(companies).where(eq(companies.id, id));
  return row?.invoiceMode;
}

/** The login ids and phones of these members (what a withdrawal forgets). */
export function loginsAndPhones(tx: Tx, ids: number[]) {
  return tx
    .select({ loginId: members.loginId, phone: members.phone, contactPhone: members.contactPhone })
    .from(members)
    .where(inArray(members.id, ids));
}

/**
 * A withdrawn member's login id: `withdrawn-<id>@withdrawn.invalid`, in the `.invalid` form no new id
 * may take (docs/requirements.md#validation), no one can receive mail at and unique per account. An id
 * of that form stored before the rule (another account's, or one of this same withdrawal's, as it was
 * before the statement) leaves it to `withdrawn-<id>@@withdrawn.invalid`, which no id rule ever let in
 * (two '@'), so the rename never meets the unique index (docs/requirements.md#retention).
 */
const withdrawnLoginId = sql`case when exists (
    select 1 from ${members} as held
    where held.login_id = 'withdrawn-' || ${members.id} || '@withdrawn.invalid' and held.id <> ${members.id}
  ) then 'withdrawn-' || ${members.id} || '@@withdrawn.invalid'
  else 'withdrawn-' || ${members.id} || '@withdrawn.invalid' end`;

/**
 * Replaces these members' name, phones, mail, login id and password hash (the rows stay, so the
 * records that name them keep pointing at something): the login id is `withdrawnLoginId`; the hash
 * is no hash of anything.
 */
export async function blankMembers(tx: Tx, ids: number[], name: string): Promise<void> {
  await tx
    .update(members)
    .set({
      loginId: withdrawnLoginId,
      passwordHash: '!',
      name,
      phone: '',
      phoneVerified: false,
      contactPhone: '',
      mail: '',
    })
    .where(inArray(members.id, ids));
}

/** Blanks a withdrawn company's contact fields (phone, fax, mail). */
export async function blankCompanyContacts(tx: Tx, companyId: number): Promise<void> {
  await tx.update(companies).set({ phone: '', fax: '', mail: '' }).where(eq(companies.id, companyId));
}

/** A company's price level, as an expression another feature's statement reads in the same round trip. */
export const companyLevelSql = (companyId: number): SQL<CompanyLevel> =>
  sql<CompanyLevel>`(select ${companies.level} from ${companies} where ${companies.id} = ${companyId})`;

// What other features' statements read of companies and members beside their own rows.
export * from './repository-shared.js';
