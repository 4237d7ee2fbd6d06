import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { epcCatalogues, epcVehicles, epcVinSearches } from './schema.js';

/** What other features ask of the catalogue's tables (docs/architecture.md#the-database). */

/** Forgets the VINs a company opened (its withdrawal, docs/requirements.md#retention). */
export async function forgetVinSearches(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(epcVinSearches).where(eq(epcVinSearches.companyId, companyId));
}

/**
 * Each VIN the company opened, once, as its latest opening (distinct on the VIN, the newest
 * `last_at`), of those `only` keeps: a subquery for the search history and my vehicles.
 */
export function latestOpenings(db: Db, companyId: number, only?: SQL) {
  return db
    .selectDistinctOn([epcVinSearches.vin], {
      vin: epcVinSearches.vin,
      title: epcVinSearches.title,
      brand: epcVinSearches.brand,
      mcid: epcVinSearches.mcid,
      lastAt: epcVinSearches.lastAt,
    })
    .from(epcVinSearches)
    .where(and(eq(epcVinSearches.companyId, companyId), only))
    .orderBy(asc(epcVinSearches.vin), desc(epcVinSearches.lastAt));
}

/**
 * Each VIN the company opened (or only `vin`), as its latest opening, with the vehicle's row in the
 * catalogue it was opened in; a VIN whose catalogue no longer holds it is left out. A subquery for
 * the company's vehicles (features/vehicles), which joins its own names and removals to it.
 */
export function openedVehicles(db: Db, companyId: number, vin?: string) {
  const opened = latestOpenings(db, companyId, vin === undefined ? undefined : eq(epcVinSearches.vin, vin)).as('s');
  return db
    .select({
      vin: opened.vin,
      title: opened.title,
      brand: opened.brand,
      mcid: opened.mcid,
      lastAt: opened.lastAt,
      catalogueId: epcVehicles.catalogueId,
      options: epcVehicles.options,
      productionDate: epcVehicles.productionDate,
    })
    .from(opened)
    .innerJoin(epcCatalogues, eq(epcCatalogues.mcid, opened.mcid))
    .innerJoin(epcVehicles, and(eq(epcVehicles.catalogueId, epcCatalogues.id), eq(epcVehicles.vin, opened.vin)));
}
