import { and, desc, eq, inArray, like, lt, or, sql, sum, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { memberNameSql } from '../members/repository.js';
import { cashLedger } from './schema.js';
import { withinSeoulDays } from '../../shared/time.js';

/** The wallet aggregate's reads for staff: ledger rows with who made them (docs/architecture.md#the-database). */

export type LedgerEntry = typeof cashLedger.$inferSelect;

/** Ledger rows matching `where`, newest first, with the member's name ('' for none). */
export async function ledgerWithNames(
  db: Db,
  where: SQL | undefined,
  limit: number,
): Promise<(LedgerEntry & { memberName: string })[]> {
  const rows = await db
    .select({ entry: cashLedger, memberName: memberNameSql(cashLedger.memberId) })
    .from(cashLedger)
    .where(where)
    .orderBy(desc(cashLedger.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.entry, memberName: r.memberName ?? '' }));
}

/** The sum of the company's ledger (equals its balance: docs/architecture.md#the-money-path). */
export async function ledgerSum(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ s: sum(cashLedger.amount).mapWith(Number) })
    .from(cashLedger)
    .where(eq(cashLedger.companyId, companyId));
  return row?.s ?? 0;
}

/** The condition of a company's ledger rows. */
export const ledgerOfCompany = (companyId: number): SQL => eq(cashLedger.companyId, companyId);

/** A company's ledger rows, within Seoul days `from`..`to` when both are given. */
export function ledgerWhere(companyId: number, from?: string, to?: string): SQL | undefined {
  const conditions: SQL[] = [eq(cashLedger.companyId, companyId)];
  if (from && to) conditions.push(withinSeoulDays(cashLedger.createdAt, from, to));
  return and(...conditions);
}

/** A page of ledger rows matching `where`, newest first. */
export function ledgerPage(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<LedgerEntry[]> {
  return db.select().from(cashLedger).where(where).orderBy(desc(cashLedger.id)).limit(limit).offset(offset);
}

/** How many ledger rows match `where`. */
export async function ledgerCount(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: sql<string>`count(*)` })
    .from(cashLedger)
    .where(where);
  return Number(counted?.n ?? 0);
}

/** The ledger rows matching `where`, oldest first (a file of them). */
export function ledgerOldestFirst(db: Db, where: SQL | undefined): Promise<LedgerEntry[]> {
  return db.select().from(cashLedger).where(where).orderBy(cashLedger.id);
}

/** The ledger rows the wallet wrote for an order of the company (their note names it: '주문 #12 …'). */
export const ledgerOfOrder = (companyId: number, orderId: number): SQL =>
  and(
    eq(cashLedger.companyId, companyId),
    or(like(cashLedger.note, `주문 #${orderId} %`), eq(cashLedger.note, `주문 #${orderId}`)),
  )!;

/** The order a refund's ledger row names: the wallet writes '주문 #<id> 반품 환불' / '… 취소 환불' (features/orders/service.ts). */
const refundedOrder = sql<number>`substring(${cashLedger.note} from '^주문 #([0-9]+) ')::int`.mapWith(Number);

/** A company's refunds (cancel and return rows) of these orders, each with the order it names. */
export function refundsOfOrders(db: Db | Tx, companyId: number, orderIds: number[]) {
  return db
    .select({ id: cashLedger.id, orderId: refundedOrder, amount: cashLedger.amount, createdAt: cashLedger.createdAt })
    .from(cashLedger)
    .where(
      and(
        eq(cashLedger.companyId, companyId),
        inArray(cashLedger.type, ['cancel', 'return']),
        sql`${cashLedger.note} ~ '^주문 #[0-9]+ '`,
        inArray(refundedOrder, orderIds),
      ),
    );
}

/** The type of a ledger row ('cancel', 'return', …), or undefined. */
export async function ledgerTypeOf(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ type: cashLedger.type }).from(cashLedger).where(eq(cashLedger.id, id));
  return row?.type;
}

/** Deletes the ledger rows of `companyIds` (a subquery) made before `before` (docs/requirements.md#retention). */
export async function deleteOldLedger(tx: Tx, companyIds: SQLWrapper, before: SQL): Promise<void> {
  await tx.delete(cashLedger).where(and(inArray(cashLedger.companyId, companyIds), lt(cashLedger.createdAt, before)));
}
