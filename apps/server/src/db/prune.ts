import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from './client.js';

/**
 * Deletes a table's rows whose `created_at` is before `before`, `batch` rows per statement (each its
 * own transaction) until none is left, so that a first sweep over a large table never holds its
 * locks long. Answers how many went.
 */
export async function pruneBefore(
  db: Db,
  table: PgTable & { createdAt: PgColumn },
  before: SQL,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
        delete from ${table} where ctid = any(array(
          select ctid from ${table} where ${table.createdAt} < ${before} limit ${batch}::int
        )) returning 1
      ) select count(*)::int as n from gone`,
    );
    total += gone!.n;
    if (gone!.n < batch) return total;
  }
}
