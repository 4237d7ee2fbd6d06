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
