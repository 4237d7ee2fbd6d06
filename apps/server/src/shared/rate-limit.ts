import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateEvents } from '../db/schema.js';

/**
 * Counters for brute-force limits, kept in the database so that every server instance sees the
 * same numbers (DESIGN.md 1).
 */
export async function recentEvents(db: Db, key: string, windowSec: number): Promise<number> {
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
 * Counts an attempt before it is judged, so that parallel attempts cannot all pass a check made
 * before any of them was recorded. Returns false, taking the attempt back, when `max` attempts
 * are already counted in the window; otherwise the attempt stays counted until `clearEvents`.
 */
export async function takeAttempt(db: Db, key: string, max: number, windowSec: number): Promise<boolean> {
  const [row] = await db.insert(rateEvents).values({ key }).returning({ id: rateEvents.id });
  if ((await recentEvents(db, key, windowSec)) <= max) return true;
  await db.delete(rateEvents).where(eq(rateEvents.id, row!.id));
  return false;
}
