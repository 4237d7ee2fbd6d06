import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { STOCK_MAX } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { sortedBy, type ListSort } from '../../db/page.js';
import { products } from './schema.js';

/** The products aggregate's reads for staff: the back office's lists, lookups and the CSV's (docs/architecture.md#the-database). */

/** Products with `atMost` or fewer in stock, fewest first. */
export async function lowStock(db: Db, atMost: number, limit: number) {
  return db
    .select({
      seq: products.id,
      name: products.name,
      pid: products.pid,
      hasAmount: products.hasAmount,
      stockName: products.stockName,
    })
    .from(products)
    .where(lte(products.hasAmount, atMost))
    .orderBy(asc(products.hasAmount), asc(products.id))
    .limit(limit);
}

export type ProductRow = typeof products.$inferSelect;

/** The back office's sorts of the product list (its whitelist): 품번, 상품명, 판매가, 재고. */
const PRODUCT_SORTS = { pid: products.pid, name: products.name, sale: products.salePrice, stock: products.hasAmount };

/** A page of the products matching `where`, newest first or as `page.sort` asks. */
export function productPage(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number; sort?: ListSort<keyof typeof PRODUCT_SORTS> },
) {
  const order = sortedBy(PRODUCT_SORTS, products.id, page.sort, [desc(products.id)]);
  return db.select().from(products).where(where).orderBy(order).limit(page.limit).offset(page.offset);
}

/** The ids of the products matching `where`, in no order. */
export async function productIdsWhere(db: Db, where: SQL | undefined): Promise<Set<number>> {
  const rows = await db.select({ id: products.id }).from(products).where(where);
  return new Set(rows.map((r) => r.id));
}

/** How many products match `where`. */
export async function productCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}

/** The products matching `where`, oldest first, at most `limit` (the CSV export). */
export function productsInOrder(db: Db, where: SQL | undefined, limit: number) {
  return db.select().from(products).where(where).orderBy(asc(products.id)).limit(limit);
}

/** One product, locked for the transaction's write when `lock`. */
export async function productById(db: Db | Tx, id: number, lock = false): Promise<ProductRow | undefined> {
  const read = db.select().from(products).where(eq(products.id, id));
  const [row] = await (lock ? read.for('update') : read);
  return row;
}

/** The products with these ids, keyed by id (a cart's or a favourites list's page of them). */
export async function productsByIds(db: Db | Tx, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The product's stock, its row locked for share until the transaction ends, or undefined. */
export async function shareLockedStock(tx: Tx, id: number): Promise<{ hasAmount: number } | undefined> {
  const [row] = await tx
    .select({ hasAmount: products.hasAmount })
    .from(products)
    .where(eq(products.id, id))
    .for('share');
  return row;
}

/** The alpha-number keys of products by id. */
export async function productKeys(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, key: products.pidKey })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** A product with this number key in this warehouse, other than `exceptId`. */
export async function productWithNumber(tx: Tx, pidKey: string, storageId: number, exceptId: number | null) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.pidKey, pidKey),
        eq(products.storageId, storageId),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * The products with these (number key, warehouse) pairs, the pairs sent as two arrays: a literal
 * list of row values becomes one comparison nested in the next, as deep as the list is long, and
 * a CSV's 550 pairs overflowed the embedded PGlite's stack and left it broken for every later call
 * (an import runs to 5,000 lines: docs/requirements.md#back-office).
 */
const byNumberAndWarehouse = (pairs: readonly { pidKey: string; storageId: number }[]) =>
  sql`(${products.pidKey}, ${products.storageId}) in (select k, s from unnest(${sql.param(
    pairs.map((p) => p.pidKey),
  )}::text[], ${sql.param(pairs.map((p) => p.storageId))}::int[]) as pair(k, s))`;

/** The products with these (number key, warehouse) pairs. */
export function productsByNumber(db: Db, pairs: readonly { pidKey: string; storageId: number }[]) {
  return db.select().from(products).where(byNumberAndWarehouse(pairs));
}

/** The same, locked in id order (as paying locks them), with what an import's write needs. */
export function lockProductsByNumber(tx: Tx, pairs: readonly { pidKey: string; storageId: number }[]) {
  return tx
    .select({
      id: products.id,
      pidKey: products.pidKey,
      storageId: products.storageId,
      hasAmount: products.hasAmount,
      editVer: products.editVer,
    })
    .from(products)
    .where(byNumberAndWarehouse(pairs))
    .orderBy(asc(products.id))
    .for('update');
}

/** The numbers of the sitemap files holding the products, `perFile` ids to a file (ids 1..perFile in file 1). */
export async function productIdFiles(db: Db, perFile: number): Promise<number[]> {
  // The file size is a constant written into the statement, so the grouping and the order name the
  // same expression.
  const file = sql<number>`((${products.id} - 1) / ${sql.raw(String(perFile))})::int + 1`.mapWith(Number);
  const rows = await db.select({ file }).from(products).groupBy(file).orderBy(file);
  return rows.map((r) => r.file);
}

/** The ids of the products in (after, upTo], in order. */
export async function productIdsBetween(db: Db, after: number, upTo: number): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(gt(products.id, after), lte(products.id, upTo)))
    .orderBy(asc(products.id));
  return rows.map((r) => r.id);
}

/** Puts `qty` back on a product's stock (a cancel or return); answers the stock after, or undefined. */
export async function raiseStock(tx: Tx, productId: number, qty: number): Promise<number | undefined> {
  const [row] = await tx
    .update(products)
    .set({ hasAmount: sql`${products.hasAmount} + ${qty}` })
    .where(eq(products.id, productId))
    .returning({ hasAmount: products.hasAmount });
  return row?.hasAmount;
}

/** A product's part number and name (a message names it), or undefined. */
export async function productLabel(db: Db, id: number): Promise<{ pid: string; name: string } | undefined> {
  const [row] = await db.select({ pid: products.pid, name: products.name }).from(products).where(eq(products.id, id));
  return row;
}

/** The products with these ids (`among`) or all others (`except`), the ids sent as one array. */
const byIds = (ids: readonly number[], among: boolean) =>
  among
    ? sql`${products.id} = any(${sql.param([...ids])}::int[])`
    : sql`${products.id} <> all(${sql.param([...ids])}::int[])`;

/**
 * The back office's product conditions: a part or factory number starting with `pidKey` (null: a
 * number with no letters or digits, which matches nothing), a name and a warehouse name matching
 * ILIKE patterns, a stock state (`low`: at most `lowStock`), and only the products `among` these
 * ids or `except` them (the shop's search's hits: docs/search.md#the-back-office-searches-as-the-shop-does).
 */
export function staffProductWhere(f: {
  pidKey?: string | null | undefined;
  namePattern?: string | undefined;
  stockNamePattern?: string | undefined;
  stockState?: 'in' | 'out' | 'low' | undefined;
  lowStock: number;
  among?: readonly number[] | undefined;
  except?: readonly number[] | undefined;
}): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  if (f.among) c.push(f.among.length > 0 ? byIds(f.among, true) : sql`false`);
  if (f.except && f.except.length > 0) c.push(byIds(f.except, false));
  if (f.pidKey !== undefined)
    c.push(
      f.pidKey ? or(like(products.pidKey, `${f.pidKey}%`), like(products.factoryKey, `${f.pidKey}%`)) : sql`false`,
    );
  else if (f.namePattern) c.push(ilike(products.name, f.namePattern));
  if (f.stockNamePattern) c.push(ilike(products.stockName, f.stockNamePattern));
  if (f.stockState === 'out') c.push(eq(products.hasAmount, 0));
  if (f.stockState === 'in') c.push(gt(products.hasAmount, 0));
  if (f.stockState === 'low') c.push(lte(products.hasAmount, f.lowStock));
  return and(...c);
}

/** Writes a new product; answers its number. */
export async function insertProductRow(tx: Tx, row: PgInsertValue<typeof products>): Promise<number> {
  const [inserted] = await tx.insert(products).values(row).returning({ id: products.id });
  return inserted!.id;
}

/** New products written in one statement (a chunk of a CSV import's lines). */
export async function insertProductRows(tx: Tx, rows: PgInsertValue<typeof products>[]): Promise<void> {
  if (rows.length > 0) await tx.insert(products).values(rows);
}

/** The columns of a product a staff edit may set. */
export type ProductWrite = Partial<typeof products.$inferInsert>;

/**
 * Staff edits of many products in one statement (a chunk of a CSV import's lines), each column's
 * values sent as one array and the rows joined back by id: a statement per row cost the embedded
 * PGlite, which the whole shop waits on, seconds a file (docs/requirements.md#back-office). Every
 * row sets the same columns, those of the first, scalar ones only (unnest would flatten an array
 * column's arrays); the edit version goes up as with updateProductRow.
 */
export async function updateProductRows(tx: Tx, rows: readonly { id: number; set: ProductWrite }[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const all = getTableColumns(products);
  const keys = Object.keys(first.set) as (keyof ProductWrite)[];
  const names = keys.map((k) => sql.identifier(all[k].name));
  const arrays = keys.map(
    (k) => sql`${sql.param(rows.map((r) => r.set[k] ?? null))}::${sql.raw(all[k].getSQLType())}[]`,
  );
  await tx.execute(sql`update ${products}
    set ${sql.join(
      names.map((n) => sql`${n} = v.${n}`),
      sql`, `,
    )}, ${sql.identifier(products.editVer.name)} = ${products.editVer} + 1
    from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.join(arrays, sql`, `)}) as v(id, ${sql.join(names, sql`, `)})
    where ${products.id} = v.id`);
}

/** A staff edit of a product's row (the form): its edit version goes up with it. */
export async function updateProductRow(tx: Tx, id: number, set: PgUpdateSetSource<typeof products>): Promise<void> {
  await tx
    .update(products)
    .set({ ...set, editVer: sql`${products.editVer} + 1` })
    .where(eq(products.id, id));
}

/**
 * Moves a product's stock by `delta` unless it would go below zero or a rise would take it above
 * STOCK_MAX (docs/requirements.md#back-office; a stock stored above the ceiling before it held may
 * still go down); answers the stock after, or undefined (no such product, or refused). The sum is a
 * bigint: near 2³¹ an integer sum overflowed into a 500 instead of a refusal.
 */
export async function moveStock(tx: Tx, id: number, delta: number): Promise<number | undefined> {
  const after = sql`${products.hasAmount}::bigint + ${delta}::int`;
  const [row] = await tx
    .update(products)
    .set({ hasAmount: sql`${products.hasAmount} + ${delta}::int` })
    .where(and(eq(products.id, id), gte(after, 0), delta > 0 ? lte(after, STOCK_MAX) : undefined))
    .returning({ hasAmount: products.hasAmount });
  return row?.hasAmount;
}

/** Adds a picture's address to a product's pictures. */
export async function appendProductImage(tx: Tx, id: number, url: string): Promise<void> {
  await tx
    .update(products)
    .set({ imgFiles: sql`${products.imgFiles} || ${JSON.stringify([url])}::jsonb` })
    .where(eq(products.id, id));
}

/** Sets a product's pictures (a picture taken off). */
export async function setProductImages(tx: Tx, id: number, urls: string[]): Promise<void> {
  await tx.update(products).set({ imgFiles: urls }).where(eq(products.id, id));
}

/** Whether any product still shows the picture at this address (its file is shared, as the demo's are). */
export async function imageInUse(tx: Tx, url: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.imgFiles} @> ${JSON.stringify([url])}::jsonb`)
    .limit(1);
  return row !== undefined;
}

/** These products locked in id order (FOR UPDATE), with what a cart line needs of them. */
export function lockProductsForCart(tx: Tx, sortedIds: number[]) {
  return tx
    .select({
      id: products.id,
      name: products.name,
      pid: products.pid,
      hasAmount: products.hasAmount,
      priceA: products.priceA,
      priceB: products.priceB,
      priceC: products.priceC,
      priceD: products.priceD,
      salePrice: products.salePrice,
    })
    .from(products)
    .where(inArray(products.id, sortedIds))
    .orderBy(asc(products.id))
    .for('update');
}

/** What paying reads of each product, under its row lock. */
const paidColumns = {
  id: products.id,
  name: products.name,
  pid: products.pid,
  factoryNum: products.factoryNum,
  hasAmount: products.hasAmount,
  stockName: products.stockName,
  storageId: products.storageId,
  priceA: products.priceA,
  priceB: products.priceB,
  priceC: products.priceC,
  priceD: products.priceD,
  salePrice: products.salePrice,
  companyId: products.companyId,
};

/**
 * The products of a payment locked in id order (FOR UPDATE), each with what paying reads of it and
 * the expressions `alongside` (the company's level, the delivery options), read in the same round trip.
 */
export function lockProductsForPayment<A extends Record<string, SQL>>(tx: Tx, ids: number[], alongside: A) {
  return tx
    .select({ ...paidColumns, ...alongside })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
}

/** Takes each product's own quantity off its stock, in one statement for every line. */
export async function takeStock(tx: Tx, lines: { productId: number; qty: number }[]): Promise<void> {
  await tx
    .update(products)
    .set({
      hasAmount: sql`${products.hasAmount} - case ${products.id} ${sql.join(
        lines.map((l) => sql`when ${l.productId}::int then ${l.qty}::int`),
        sql` `,
      )} end`,
    })
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
}

/** Which of these warehouses hold a product (any, of any stock). */
export async function warehousesWithProducts(db: Db | Tx, storageIds: readonly number[]): Promise<number[]> {
  if (storageIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ storageId: products.storageId })
    .from(products)
    .where(inArray(products.storageId, [...storageIds]));
  return rows.map((r) => r.storageId);
}
