import { and, eq, inArray, isNotNull, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { outerColumn } from '../../db/columns.js';
import { companies, members } from './schema.js';

type CompanyRecord = typeof companies.$inferSelect;
type MemberRecord = typeof members.$inferSelect;

/**
 * The companies-and-members aggregate's pieces for other features' statements: names, conditions
 * and subqueries read beside their rows, rows by id, and the retention sweep's steps
 * (docs/architecture.md#the-database). Re-exported by repository.ts.
 */

/** Members by id, keyed by id. */
export async function membersByIds(db: Db | Tx, ids: number[]): Promise<Map<number, MemberRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(members).where(inArray(members.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The customer accounts among `ids` still on record (active or stopped, never withdrawn) with their
 * status and their company's name and level, as a subquery another feature's statement joins (the
 * chat console's user list reads them beside its conversations in one query).
 */
export function customersOnRecordSubquery(db: Db, ids: number[]) {
  return db
    .select({
      id: members.id,
      loginId: members.loginId,
      name: members.name,
      phone: members.phone,
      status: members.status,
      companyName: sql<string | null>`${companies.name}`.as('company_name'),
      level: sql<string | null>`${companies.level}`.as('company_level'),
    })
    .from(members)
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(and(inArray(members.id, ids), eq(members.role, 'member'), inArray(members.status, ['active', 'stopped'])))
    .as('customer');
}

/**
 * The ids of the withdrawn companies, as a subquery another feature's retention step filters its
 * rows by (docs/requirements.md#retention).
 */
export const withdrawnCompanyIds = (tx: Tx) =>
  tx.select({ id: companies.id }).from(companies).where(isNotNull(companies.withdrawnAt));

/** The ids of the withdrawn accounts, as a subquery (the retention sweep's chat step). */
export const withdrawnMemberIds = (tx: Tx) =>
  tx.select({ id: members.id }).from(members).where(eq(members.status, 'withdrawn'));

/**
 * Blanks what identifies each company withdrawn before `before` and not yet purged, naming it `name`
 * (docs/requirements.md#retention).
 */
export async function purgeWithdrawnCompanies(tx: Tx, before: SQL, name: string, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({
      name,
      license: null,
      ceo: '',
      area: '',
      addrMain: '',
      addrSub: '',
      postMain: '',
      bizType: '',
      bizItem: '',
      invoiceMail: '',
      purgedAt: now,
    })
    .where(and(isNotNull(companies.withdrawnAt), isNull(companies.purgedAt), lt(companies.withdrawnAt, before)));
}

/**
 * The name of the account whose id is `memberId` (a column of another feature's table), as an
 * expression that feature's statement reads beside its row; null when no account has that id.
 */
export const memberNameSql = (memberId: SQLWrapper): SQL<string | null> =>
  sql<string | null>`(select ${members.name} from ${members} where ${members.id} = ${outerColumn(memberId)})`;

/**
 * The name of the company whose id is `companyId` (another feature's foreign key to companies), as an
 * expression that feature's statement reads beside its row.
 */
export const companyNameSql = (companyId: SQLWrapper): SQL<string> =>
  sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${outerColumn(companyId)})`;

/**
 * Whether the company whose id is `companyId` has a name matching an ILIKE pattern (or, with
 * `licensePrefix`, a business number starting with it), as a condition.
 */
export const companyNameMatches = (companyId: SQLWrapper, pattern: string, licensePrefix?: string): SQL => {
  const license = licensePrefix ? sql` or ${companies.license} like ${`${licensePrefix}%`}` : sql``;
  return sql`${companyId} in (select ${companies.id} from ${companies} where ${companies.name} ilike ${pattern}${license})`;
};

/** Companies by id, keyed by id. */
export async function companiesByIds(db: Db | Tx, ids: number[]): Promise<Map<number, CompanyRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(companies).where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The company's active accounts (id, type, phone), as a subquery another feature's statement joins
 * (the notices' job reads them beside their settings in one statement).
 */
export function activeAccountsSubquery(db: Db | Tx, companyId: number) {
  return db
    .select({ id: members.id, type: members.type, phone: members.phone })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.status, 'active')))
    .as('account');
}

/** The ids of the company's accounts, as a subquery. */
export const companyMemberIds = (db: Db | Tx, companyId: number) =>
  db.select({ id: members.id }).from(members).where(eq(members.companyId, companyId));

/**
 * True when the company has withdrawn, read under a key-share lock of its row (the lock an order's
 * foreign key takes): a withdrawal in flight holds the row for update, so this waits for it and sees
 * it, and a withdrawal that comes after waits for this transaction (docs/requirements.md#withdrawal).
 */
export async function companyWithdrawnShared(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ withdrawnAt: companies.withdrawnAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('key share');
  return !row || row.withdrawnAt !== null;
}
