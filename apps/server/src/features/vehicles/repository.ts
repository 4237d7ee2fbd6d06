import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { MY_VEHICLES_MAX, type Applicability } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { products } from '../../db/tables/products.js';
import { epcCatalogues, epcVehicles, epcVinSearches } from '../../db/schema.js';
import { companyVehicles as companyVehiclesTable } from './schema.js';

// Arrays go as one parameter each (`sql.param`): drizzle's template would spread a bare array into a list.

/**
 * The database side of my vehicles (docs/requirements.md#my-vehicles): the only place that reads
 * company_vehicles, and what the fit check reads of the catalogue. Drizzle's builder throughout,
 * but for the two reads of the catalogue's supersession chains (a recursive query, and one over
 * unions of the replacements both ways): typed statements (`queryRows<Row>`), the exception
 * docs/architecture.md#the-database lists with its reasons.
 */

export interface VehicleRow {
  vin: string;
  title: string;
  name: string;
  brand: string;
  mcid: string;
  lastOpenedAt: string;
  catalogueId: number;
  options: string[];
  productionDate: string | null;
}

/**
 * A company's vehicles: each VIN it opened (any day, any member) whose catalogue still holds it,
 * the most recently opened first, less those it removed and has not opened since.
 */
export async function companyVehicles(db: Db, companyId: number, vin?: string): Promise<VehicleRow[]> {
  // Each VIN's latest opening by the company.
  const opened = db
    .selectDistinctOn([epcVinSearches.vin], {
      vin: epcVinSearches.vin,
      title: epcVinSearches.title,
      brand: epcVinSearches.brand,
      mcid: epcVinSearches.mcid,
      lastAt: epcVinSearches.lastAt,
    })
    .from(epcVinSearches)
    .where(and(eq(epcVinSearches.companyId, companyId), vin === undefined ? undefined : eq(epcVinSearches.vin, vin)))
    .orderBy(epcVinSearches.vin, desc(epcVinSearches.lastAt))
    .as('s');
  return db
    .select({
      vin: opened.vin,
      title: opened.title,
      name: sql<string>`coalesce(${companyVehiclesTable.name}, '')`,
      brand: opened.brand,
      mcid: opened.mcid,
      lastOpenedAt: sql<string>`to_char(${opened.lastAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      catalogueId: epcVehicles.catalogueId,
      options: epcVehicles.options,
      productionDate: epcVehicles.productionDate,
    })
    .from(opened)
    .innerJoin(epcCatalogues, eq(epcCatalogues.mcid, opened.mcid))
    .innerJoin(epcVehicles, and(eq(epcVehicles.catalogueId, epcCatalogues.id), eq(epcVehicles.vin, opened.vin)))
    .leftJoin(
      companyVehiclesTable,
      and(eq(companyVehiclesTable.companyId, companyId), eq(companyVehiclesTable.vin, opened.vin)),
    )
    .where(or(isNull(companyVehiclesTable.hiddenAt), gt(opened.lastAt, companyVehiclesTable.hiddenAt)))
    .orderBy(desc(opened.lastAt), asc(opened.vin))
    .limit(MY_VEHICLES_MAX);
}

export async function nameVehicle(db: Db, companyId: number, vin: string, name: string): Promise<void> {
  await db
    .insert(companyVehiclesTable)
    .values({ companyId, vin, name })
    .onConflictDoUpdate({
      target: [companyVehiclesTable.companyId, companyVehiclesTable.vin],
      set: { name: sql`excluded.name` },
    });
}

export async function hideVehicle(db: Db, companyId: number, vin: string): Promise<void> {
  await db
    .insert(companyVehiclesTable)
    .values({ companyId, vin, hiddenAt: sql`now()` })
    .onConflictDoUpdate({
      target: [companyVehiclesTable.companyId, companyVehiclesTable.vin],
      set: { hiddenAt: sql`now()` },
    });
}

/** One catalogue part of a number (or of a number in its chain), with what decides whether it fits. */
export interface ChainPartRow {
  catalogueId: number;
  /** The number asked for (a product's alpha-number key). */
  origin: string;
  fit: Applicability | null;
  nodeFit: Applicability | null;
  parentFit: Applicability | null;
}

/** How far a supersession chain is followed (docs/requirements.md#my-vehicles). */
const CHAIN_STEPS = 20;

/**
 * The parts of the given catalogues whose number is one of `keys` or in the chain of one of them
 * (the catalogue's own replacements, both ways, at most 20 steps), with the applicability of the
 * part, its group and the group's parent.
 */
export async function chainParts(
  db: Db,
  catalogueIds: readonly number[],
  keys: readonly string[],
): Promise<ChainPartRow[]> {
  if (catalogueIds.length === 0 || keys.length === 0) return [];
  return queryRows<ChainPartRow>(
    db,
    sql`with recursive chain(catalogue_id, origin, key, depth) as (
        select c.id, k.key, k.key, 0
        from unnest(${sql.param([...catalogueIds])}::int[]) c(id) cross join unnest(${sql.param([...keys])}::text[]) k(key)
        union
        select ch.catalogue_id, ch.origin, case when r.pid_key = ch.key then r.to_key else r.pid_key end, ch.depth + 1
        from chain ch join epc_replacements r on r.catalogue_id = ch.catalogue_id and (r.pid_key = ch.key or r.to_key = ch.key)
        where ch.depth < ${CHAIN_STEPS}
      ),
      found as (select distinct catalogue_id, origin, key from chain)
      select f.catalogue_id as "catalogueId", f.origin, p.fit, n.fit as "nodeFit", pn.fit as "parentFit"
      from found f
      join epc_parts p on p.catalogue_id = f.catalogue_id and p.pid_key = f.key
      left join epc_nodes n on n.catalogue_id = p.catalogue_id and n.diagram = p.diagram
      left join epc_nodes pn on pn.catalogue_id = n.catalogue_id and pn.mid = n.parent_mid`,
  );
}

/** The alpha-number keys of products by id. */
export async function productKeys(db: Db, productIds: readonly number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, key: products.pidKey })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** One product that may fit a vehicle of a catalogue: its id and what decides the fit. */
export interface CatalogueProductRow {
  id: number;
  fit: Applicability | null;
  nodeFit: Applicability | null;
  parentFit: Applicability | null;
}

/**
 * The shop's products whose number is a part of a catalogue, directly or one replacement away
 * (what the home grid's vehicle filter looks through), with what decides the fit.
 */
export async function catalogueProducts(db: Db, catalogueId: number): Promise<CatalogueProductRow[]> {
  return queryRows<CatalogueProductRow>(
    db,
    sql`with part_keys as (
        select p.pid_key as key, p.fit, n.fit as node_fit, pn.fit as parent_fit
        from epc_parts p
        left join epc_nodes n on n.catalogue_id = p.catalogue_id and n.diagram = p.diagram
        left join epc_nodes pn on pn.catalogue_id = n.catalogue_id and pn.mid = n.parent_mid
        where p.catalogue_id = ${catalogueId}
      ),
      related as (
        select key, fit, node_fit, parent_fit from part_keys
        union all
        select r.to_key, k.fit, k.node_fit, k.parent_fit from part_keys k
          join epc_replacements r on r.catalogue_id = ${catalogueId} and r.pid_key = k.key
        union all
        select r.pid_key, k.fit, k.node_fit, k.parent_fit from part_keys k
          join epc_replacements r on r.catalogue_id = ${catalogueId} and r.to_key = k.key
      )
      select pr.id, rel.fit, rel.node_fit as "nodeFit", rel.parent_fit as "parentFit"
      from related rel join products pr on pr.pid_key = rel.key`,
  );
}
