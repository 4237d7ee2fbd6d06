import { inArray, lt, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { phoneCodes } from './schema.js';

/** What other features ask of the sign-in tables (docs/architecture.md#the-database). */

/** Forgets the phone codes sent to these phones (a withdrawal, docs/requirements.md#retention). */
export async function forgetPhoneCodes(tx: Tx, phones: string[]): Promise<void> {
  await tx.delete(phoneCodes).where(inArray(phoneCodes.phone, phones));
}

/**
 * Deletes the phone codes sent before `before` (the daily sweep, docs/requirements.md#retention): a code
 * is good for minutes and the daily caps count the Seoul day's codes only, so an older row only keeps a
 * phone number, often of a join never finished.
 */
export async function prunePhoneCodes(tx: Tx, before: SQL): Promise<void> {
  await tx.delete(phoneCodes).where(lt(phoneCodes.createdAt, before));
}
