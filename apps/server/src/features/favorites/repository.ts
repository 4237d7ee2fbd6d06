import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { favorites, restockAlerts } from './schema.js';

/** What other features ask of the favourites' tables (docs/architecture.md#the-database). */

/** Forgets the restock requests of these members (a withdrawal, docs/requirements.md#retention). */
export async function forgetMembersRestockAlerts(tx: Tx, memberIds: number[]): Promise<void> {
  await tx.delete(restockAlerts).where(inArray(restockAlerts.memberId, memberIds));
}

/** Forgets a company's favourites and restock requests (its withdrawal). */
export async function forgetCompanyFavorites(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.companyId, companyId));
  await tx.delete(restockAlerts).where(eq(restockAlerts.companyId, companyId));
}
