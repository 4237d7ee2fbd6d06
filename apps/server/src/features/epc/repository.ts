import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { epcVinSearches } from './schema.js';

/** What other features ask of the catalogue's tables (docs/architecture.md#the-database). */

/** Forgets the VINs a company opened (its withdrawal, docs/requirements.md#retention). */
export async function forgetVinSearches(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(epcVinSearches).where(eq(epcVinSearches.companyId, companyId));
}
