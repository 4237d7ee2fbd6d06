import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositEvents, statementAccounts } from './schema.js';

export type StatementAccountRow = typeof statementAccounts.$inferSelect;

/** A statement's virtual account by the orderId its provider knows it by. */
export async function accountByOrderId(
  db: Db,
  provider: 'toss' | 'sandbox',
  orderId: string,
): Promise<StatementAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(statementAccounts)
    .where(and(eq(statementAccounts.orderId, orderId), eq(statementAccounts.provider, provider)));
  return row;
}

/** The account's latest deposit callback (by the provider's time), or undefined before any. */
export async function latestDepositEvent(db: Db, accountId: number) {
  const [row] = await db
    .select()
    .from(depositEvents)
    .where(eq(depositEvents.accountId, accountId))
    .orderBy(desc(depositEvents.eventAt), desc(depositEvents.id))
    .limit(1);
  return row;
}
