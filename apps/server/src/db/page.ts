import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
