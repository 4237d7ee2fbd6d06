import { sql } from 'drizzle-orm';
import type { Tx } from './client.js';

/**
 * Holds the transaction-scoped advisory lock named by `parts` (joined with ':', e.g. `lockFor(tx,
 * 'addresses', 7)` is the lock 'addresses:7') until the transaction ends: writers of the same name
 * go one after another, and the lock writes nothing. The name is hashed to PostgreSQL's one-key lock
 * (`hashtext`), so keep a name's spelling: two spellings are two locks (docs/architecture.md#the-database).
 */
export async function lockFor(tx: Tx, ...parts: readonly (string | number)[]): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${parts.join(':')}))`);
}

/**
 * The two-key form, for a numbered namespace and an id (`lockPair(tx, QUOTA_LOCK, companyId)`): two-key
 * locks never meet the one-key locks of `lockFor`.
 */
export async function lockPair(tx: Tx, space: number, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}, ${id})`);
}

/**
 * The locks `lockFor(tx, name)` takes, for many names in one statement, one after another in the
 * order given (sort the names: two callers taking overlapping sets in one order never deadlock). The
 * same ids as `lockFor`, so a single write of one name and a batch holding it exclude each other
 * (a CSV import of 5,000 part numbers and a product saved by hand: docs/requirements.md#back-office).
 */
export async function lockAllFor(tx: Tx, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  // The subquery's order is the order its rows reach the aggregate, which takes each lock in turn.
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtext(ordered.name))) from (select name from unnest(${sql.param(
      names,
    )}::text[]) with ordinality as given(name, at) order by at) as ordered`,
  );
}
