import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { phoneCodes } from './schema.js';

/** What other features ask of the sign-in tables (docs/architecture.md#the-database). */

/** Forgets the phone codes sent to these phones (a withdrawal, docs/requirements.md#retention). */
export async function forgetPhoneCodes(tx: Tx, phones: string[]): Promise<void> {
  await tx.delete(phoneCodes).where(inArray(phoneCodes.phone, phones));
}
