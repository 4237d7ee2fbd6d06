import { count, type SQL } from 'drizzle-orm';
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
