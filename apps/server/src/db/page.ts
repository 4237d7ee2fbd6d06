import { asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

/**
 * One page of a list and the count of all its rows, read together: `rows` is the page's query (its
 * select, joins, condition and order), given the limit and offset of page `page.page` (from 1) of
 * `page.size` rows; the count is of `table`'s rows matching `where`, the same condition.
 */
export async function pageWithTotal<R>(
  db: Db | Tx,
  table: PgTable,
  where: SQL | undefined,
  page: { page: number; size: number },
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const [found, [counted]] = await Promise.all([
    rows(page.size, (page.page - 1) * page.size),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: found, total: Number(counted?.n ?? 0) };
}

/**
 * One page of `table`'s rows as stored, those matching `where` in the order `orderBy`, and the count
 * of all of them (pageWithTotal for a list that reads one table and nothing else).
 */
export function pageOfTable<T extends PgTable>(
  db: Db | Tx,
  table: T,
  where: SQL | undefined,
  page: { page: number; size: number },
  ...orderBy: (PgColumn | SQL)[]
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Drizzle cannot type a select from a table given as a type parameter; its rows are the table's.
  return pageWithTotal(db, table, where, page, (limit, offset) =>
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
  ) as Promise<{ rows: T['$inferSelect'][]; total: number }>;
}

/** A list's sort as its call asks it (listSort in the contract): a column's key and a direction. */
export interface ListSort<K extends string> {
  sortBy?: K | undefined;
  sortDir?: 'asc' | 'desc' | undefined;
}

/**
 * The ORDER BY of a page of a list the server sorts (docs/requirements.md#back-office): the column
 * `columns` gives for the key asked (the list's whitelist, so nothing else reaches the statement),
 * ascending unless told, then the row's `id` the same way, so that rows of one value keep one order
 * and pages neither repeat nor skip a row. Without a sort, the list's own order `fallback`. One
 * expression, for `orderBy`.
 */
export function sortedBy<K extends string>(
  columns: Record<K, PgColumn | SQL>,
  id: PgColumn,
  sort: ListSort<K> | undefined,
  fallback: (PgColumn | SQL)[],
): SQL {
  const dir = sort?.sortDir === 'desc' ? desc : asc;
  return sql.join(sort?.sortBy ? [dir(columns[sort.sortBy]), dir(id)] : fallback, sql`, `);
}
