import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { rateEvents } from '../db/schema.js';

/**
 * Counters for brute-force limits, kept in the database so that every server instance sees the
 * same numbers (DESIGN.md 1).
 */
export async function recentEvents(db: Db | Tx, key: string, windowSec: number): Promise<number> {
  const since = new Date(Date.now() - windowSec * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function recordEvent(db: Db, key: string): Promise<void> {
  await db.insert(rateEvents).values({ key });
}

export async function clearEvents(db: Db, key: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.key, key));
}

/**
 * Counts an attempt before it is judged. An advisory lock per key makes the check and the insert
 * one step, so parallel attempts are admitted one by one and at most `max` ever pass in a window.
 * Returns false when `max` attempts are already counted; otherwise the attempt stays counted until
 * `clearEvents`.
 */
export async function takeAttempt(db: Db, key: string, max: number, windowSec: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'rate:' + key}))`);
    if ((await recentEvents(tx, key, windowSec)) >= max) return false;
    await tx.insert(rateEvents).values({ key });
    return true;
  });
}
