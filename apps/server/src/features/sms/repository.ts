import type { Db } from '../../db/client.js';
import { smsOutbox } from './schema.js';

/** The dev outbox's writes other features share (docs/architecture.md#the-database). */

/** Writes a message to the dev outbox; a notification's message id already written is not written again. */
export async function writeOutbox(db: Db, row: typeof smsOutbox.$inferInsert): Promise<void> {
  await db.insert(smsOutbox).values(row).onConflictDoNothing();
}
