import { inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pruneBefore } from '../../db/prune.js';
import { smsOutbox, solapiGroups } from './schema.js';

/** The dev outbox's writes other features share (docs/architecture.md#the-database). */

/** Writes a message to the dev outbox; a notification's message id already written is not written again. */
export async function writeOutbox(db: Db, row: typeof smsOutbox.$inferInsert): Promise<void> {
  await db.insert(smsOutbox).values(row).onConflictDoNothing();
}

/** Deletes Solapi's group records made before `before`, `batch` a statement; answers how many went. */
export const pruneSolapiGroups = (db: Db, before: SQL, batch: number): Promise<number> =>
  pruneBefore(db, solapiGroups, before, batch);

/** Forgets the dev outbox's texts to these phones (a withdrawal, docs/requirements.md#retention). */
export async function forgetOutbox(tx: Tx, phones: string[]): Promise<void> {
  await tx.delete(smsOutbox).where(inArray(smsOutbox.phone, phones));
}
