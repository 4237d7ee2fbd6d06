import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  sum,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  ORDER_STATUS,
  ORDER_STATUSES_UNDONE,
  ORDER_STATUSES_WAITING,
  RETURN_REASON_CHANGE_OF_MIND,
  TIME_ZONE,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { sortedBy, type ListSort } from '../../db/page.js';
import { companyNameMatches, companyNameSql, memberNameSql } from '../members/repository.js';
import { orderEvents, orderLines, orders } from './schema.js';
import { withinSeoulDays } from '../../shared/time.js';

/**
 * The orders aggregate (orders, their lines and status events): typed rows for the member area and
 * the back office (docs/architecture.md#the-database).
 */

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type EventRow = typeof orderEvents.$inferSelect;

/**
 * The orders anyone is shown, counts and moves: those placed from a warehouse (storage_id > 0).
 * Every list, count, detail and status move reads through it (docs/requirements.md#order-statuses).
 */
export const shownOrder: SQL = gt(orders.storageId, 0);

/** Lines of each order, in the order they were written. */
export async function linesOf(db: Db | Tx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const map = new Map<number, LineRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const r of rows) map.set(r.orderId, [...(map.get(r.orderId) ?? []), r]);
  return map;
}

/** An order with the names staff see beside it. */
export interface StaffOrderRow {
  order: OrderRow;
  companyName: string;
  memberName: string;
}

/** The back office's sorts of the order list (its whitelist): 금액 is the goods and the shipping. */
const STAFF_ORDER_SORTS = {
  seq: orders.id,
  created: orders.createdAt,
  company: companyNameSql(orders.companyId),
  amount: sql`${orders.totalAmount} + ${orders.shipping}`,
  status: orders.status,
};

/**
 * Shown orders matching `where`, with company and member names: newest first by order time, or
 * by the column `sort` asks (sortedBy; by 주문번호 descending, a company's latest orders).
 */
export async function staffOrders(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number; sort?: ListSort<keyof typeof STAFF_ORDER_SORTS> },
): Promise<StaffOrderRow[]> {
  return db
    .select({
      order: orders,
      companyName: companyNameSql(orders.companyId),
      // An order's member is a foreign key that is never null: the name is always there.
      memberName: sql<string>`${memberNameSql(orders.memberId)}`,
    })
    .from(orders)
    .where(and(shownOrder, where))
    .orderBy(sortedBy(STAFF_ORDER_SORTS, orders.id, page.sort, [desc(orders.createdAt), desc(orders.id)]))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** How many shown orders match `where`. */
export async function countStaffOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(and(shownOrder, where));
  return row?.n ?? 0;
}

/** An order's status events, oldest first, with the name of who moved it ('' for none). */
export async function eventsWithNames(db: Db | Tx, orderId: number): Promise<(EventRow & { memberName: string })[]> {
  const rows = await db
    .select({ event: orderEvents, memberName: memberNameSql(orderEvents.memberId) })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => ({ ...r.event, memberName: r.memberName ?? '' }));
}

/** Shown orders that count as sales: not cancelled nor returned (docs/requirements.md#order-statuses). */
export const soldOrder: SQL = and(shownOrder, notInArray(orders.status, [...ORDER_STATUSES_UNDONE]))!;

/** Number and goods total of the sold orders matching `where`. */
export async function salesOf(db: Db, where: SQL): Promise<{ orders: number; sales: number }> {
  const [row] = await db
    .select({ orders: count(), sales: sum(orders.totalAmount).mapWith(Number) })
    .from(orders)
    .where(and(soldOrder, where));
  return { orders: row?.orders ?? 0, sales: row?.sales ?? 0 };
}

/** Sold orders per Seoul day ('YYYY-MM-DD') among those matching `where`; days without orders are absent. */
export async function salesByDay(db: Db, where: SQL): Promise<{ day: string; orders: number; sales: number }[]> {
  const day = sql<string>`to_char((${orders.createdAt} at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD')`;
  return (
    db
      .select({ day, orders: count(), sales: sum(orders.totalAmount).mapWith(Number) })
      .from(orders)
      .where(and(soldOrder, where))
      // By position: the expression's time zone is a parameter, and a second one would not match the first.
      .groupBy(sql`1`)
      .then((rows) => rows.map((r) => ({ day: r.day, orders: r.orders, sales: r.sales ?? 0 })))
  );
}

/** How many shown orders are in each of `statuses` (statuses without orders are absent). */
export async function countByStatus(db: Db, statuses: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(shownOrder, inArray(orders.status, [...statuses])))
    .groupBy(orders.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Orders made from the start of Seoul day `from` to the end of `to` ('YYYY-MM-DD'). */
export const createdWithin = (from: string, to: string): SQL => withinSeoulDays(orders.createdAt, from, to);

/** A shown order's carrier, waybill and shipping time; `companyId` (not null) limits it to that company's. */
export async function orderShipping(db: Db, id: number, companyId: number | null) {
  const conditions = [eq(orders.id, id), shownOrder];
  if (companyId !== null) conditions.push(eq(orders.companyId, companyId));
  const [order] = await db
    .select({ id: orders.id, carrier: orders.carrier, waybill: orders.waybill, shippedAt: orders.shippedAt })
    .from(orders)
    .where(and(...conditions));
  return order;
}

/** The lines of these orders as a 거래명세서 lists them, in the order they were written. */
export function statementLinesOf(db: Db, orderIds: number[]) {
  return db
    .select({
      orderId: orderLines.orderId,
      pid: orderLines.pid,
      name: orderLines.name,
      qty: orderLines.qty,
      price: orderLines.price,
      jobRef: orderLines.jobRef,
      memo: orderLines.memo,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
}

/** A shown order (any company's when `companyId` is null), or undefined. */
export async function shownOrderById(db: Db, id: number, companyId: number | null): Promise<OrderRow | undefined> {
  const conditions = [eq(orders.id, id), sql`${orders.storageId} > 0`];
  if (companyId !== null) conditions.push(eq(orders.companyId, companyId));
  const [order] = await db
    .select()
    .from(orders)
    .where(and(...conditions));
  return order;
}

/** A company's shown orders of Seoul days `from`..`to`, but those in `leftOut` statuses unless `keptAnyway`. */
export const companyOrdersWithin = (
  companyId: number,
  from: string,
  to: string,
  leftOut: readonly number[],
  keptAnyway?: SQL,
): SQL =>
  and(
    eq(orders.companyId, companyId),
    sql`${orders.storageId} > 0`,
    keptAnyway ? or(notInArray(orders.status, [...leftOut]), keptAnyway) : notInArray(orders.status, [...leftOut]),
    withinSeoulDays(orders.createdAt, from, to),
  )!;

/**
 * A return approved for change of mind (reason 1) of an order with shipping: its goods were given
 * back and its shipping kept (refundAmount), so its shipping is still a sale.
 */
export const returnKeepingShipping = (): SQL =>
  and(
    eq(orders.status, ORDER_STATUS.returnApproved),
    eq(orders.returnReason, RETURN_REASON_CHANGE_OF_MIND),
    gt(orders.shipping, 0),
  )!;

/**
 * The rows a statement of the orders matching `where` lays out: one per line plus one per order's
 * shipping (counted once per order, not once per line of it as a join of the two would). A return
 * that kept its shipping prints that row alone, so its lines are not counted.
 */
export async function statementRowCount(db: Db, where: SQL): Promise<number> {
  const [lineRows] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    // coalesce: a null return reason makes the condition null, which must not drop the order's lines.
    .where(and(where, sql`not coalesce(${returnKeepingShipping()}, false)`));
  const [shippingRows] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(where, gt(orders.shipping, 0)));
  return Number(lineRows?.n ?? 0) + Number(shippingRows?.n ?? 0);
}

/** The orders matching `where`, oldest first. */
export function ordersOldestFirst(db: Db, where: SQL): Promise<OrderRow[]> {
  return db.select().from(orders).where(where).orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * The back office's order filters, on orders, their companies and their lines (patterns are ILIKE
 * patterns; days are Seoul days; `licenseDigits` matches the start of a licence). One order (`id`)
 * or a company's (`companyId`) when named.
 */
export function staffOrderWhere(f: {
  id?: number;
  companyId?: number;
  status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  companyPattern?: string | undefined;
  licenseDigits?: string | undefined;
  stockNamePattern?: string | undefined;
  pidPattern?: string | undefined;
}): SQL | undefined {
  if (f.id !== undefined) return eq(orders.id, f.id);
  if (f.companyId !== undefined) return eq(orders.companyId, f.companyId);
  const c: (SQL | undefined)[] = [];
  if (f.status !== undefined) c.push(eq(orders.status, f.status));
  if (f.from) c.push(withinSeoulDays(orders.createdAt, f.from, f.to || '9999-12-31'));
  else if (f.to) c.push(withinSeoulDays(orders.createdAt, '0001-01-01', f.to));
  if (f.companyPattern) c.push(companyNameMatches(orders.companyId, f.companyPattern, f.licenseDigits));
  if (f.stockNamePattern) c.push(ilike(orders.stockName, f.stockNamePattern));
  if (f.pidPattern) {
    const line = and(
      eq(orderLines.orderId, orders.id),
      or(ilike(orderLines.pid, f.pidPattern), ilike(orderLines.factoryNum, f.pidPattern)),
    );
    c.push(exists(sql`(select 1 from ${orderLines} where ${line})`));
  }
  return and(...c);
}

/** One order by its number, as a condition. */
export const orderIdIs = (id: number): SQL => eq(orders.id, id);
/** The orders of these numbers, as a condition. */
export const orderIdIn = (ids: number[]): SQL => inArray(orders.id, ids);
/** Orders whose number meets another feature's condition on it (tax invoices': no invoice of its own). */
export const orderIdMeets = (condition: (orderId: SQLWrapper) => SQL): SQL => condition(orders.id);
/** Orders paid in cash: credit orders are invoiced on their statement's 월합계 (docs/requirements.md#monthly-close). */
export const paidInCash: SQL = eq(orders.payWith, 'cash');
/** Orders shipped in a Seoul month ('YYYY-MM'). */
export const shippedInMonth = (month: string): SQL =>
  and(isNotNull(orders.shippedAt), sql`to_char(${orders.shippedAt} at time zone 'Asia/Seoul', 'YYYY-MM') = ${month}`)!;
/** Orders shipped from the day before a month ('YYYY-MM') to the day after it: a day's margin each side. */
export const shippedAroundMonth = (month: string): SQL =>
  sql`${orders.shippedAt} >= (${`${month}-01`}::date - 1) and ${orders.shippedAt} < (${`${month}-01`}::date + interval '1 month' + interval '1 day')`;

/** A company's shown orders matching `where` as an invoice reads them: number, goods and shipping charged, shipped. */
export function chargedOrders(db: Db | Tx, companyId: number, where: SQL | undefined) {
  return db
    .select({
      id: orders.id,
      total: sql<number>`${orders.totalAmount} + ${orders.shipping}`.mapWith(Number),
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), shownOrder, where))
    .orderBy(asc(orders.id));
}

/**
 * The companies with shown cash orders shipped in a Seoul month that `uninvoiced` says have no
 * invoice of their own (the tax-invoices feature's condition, through orderIdMeets): those the month's
 * 월합계 must list, whatever the company's 발행 방식 is now (docs/requirements.md#tax-invoices).
 */
export function monthlyInvoiceCompanies(db: Db, month: string, uninvoiced: SQL): Promise<{ companyId: number }[]> {
  return db
    .selectDistinct({ companyId: orders.companyId })
    .from(orders)
    .where(and(shownOrder, paidInCash, shippedInMonth(month), uninvoiced));
}

/**
 * A withdrawn company's orders keep only what the supply record needs: the receiver's and sender's
 * names and phones, the detailed address, the memos and job references go (docs/requirements.md#retention).
 */
/** Locks every order of the company, in id order (a withdrawal, before the company row: lockOrdersBeforeCompany). */
export async function lockOrdersOf(tx: Tx, companyId: number): Promise<void> {
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.companyId, companyId))
    .orderBy(orders.id)
    .for('update');
}

/** How many of the company's orders wait for staff to act (ORDER_STATUSES_WAITING: to ship, or a return to settle). */
export async function waitingOrderCount(db: Db | Tx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), shownOrder, inArray(orders.status, [...ORDER_STATUSES_WAITING])));
  return Number(row?.n ?? 0);
}

export async function blankOrdersOf(tx: Tx, companyId: number, name: string): Promise<void> {
  await tx
    .update(orders)
    .set({ name, phone: '', addrSub: '', fromName: '', fromPhone: '', memo: '', jobRef: '' })
    .where(eq(orders.companyId, companyId));
  await tx
    .update(orderLines)
    .set({ memo: '', jobRef: '' })
    .where(
      inArray(orderLines.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.companyId, companyId))),
    );
}

/** The lines of a company's shown order, as a reorder reads them, in the order they were written. */
export function reorderLines(tx: Db | Tx, orderId: number, companyId: number) {
  return tx
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      pid: orderLines.pid,
      qty: orderLines.qty,
      price: orderLines.price,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId), gt(orders.storageId, 0)))
    .orderBy(asc(orderLines.id));
}

/**
 * Blanks the return and dispute details of the orders of `companyIds` (a subquery) made before
 * `before` (docs/requirements.md#retention).
 */
export async function eraseDisputeDetails(tx: Tx, companyIds: SQLWrapper, before: SQL): Promise<void> {
  await tx
    .update(orders)
    .set({ returnReason: null, staffNote: '' })
    .where(
      and(
        inArray(orders.companyId, companyIds),
        lt(orders.createdAt, before),
        or(isNotNull(orders.returnReason), ne(orders.staffNote, '')),
      ),
    );
}

/**
 * Deletes the orders of `companyIds` (a subquery) made before `before`, with their lines and events,
 * except those in `keep` (subqueries of order ids: the ones a tax invoice or the receivables ledger
 * still names) (docs/requirements.md#retention). The lines and events of every old order go.
 */
export async function deleteOldOrders(tx: Tx, companyIds: SQLWrapper, before: SQL, keep: SQLWrapper[]): Promise<void> {
  const old = and(inArray(orders.companyId, companyIds), lt(orders.createdAt, before))!;
  const oldOrders = () => tx.select({ id: orders.id }).from(orders).where(old);
  await tx.delete(orderEvents).where(inArray(orderEvents.orderId, oldOrders()));
  await tx.delete(orderLines).where(inArray(orderLines.orderId, oldOrders()));
  await tx.delete(orders).where(and(old, ...keep.map((ids) => notInArray(orders.id, ids))));
}
