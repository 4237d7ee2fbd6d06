import { and, asc, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MY_VEHICLES_MAX, type Applicability, type VehicleFacts } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { openedVehicles } from '../epc/repository.js';
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
  const opened = openedVehicles(db, companyId, vin).as('v');
  return db
    .select({
      vin: opened.vin,
      title: opened.title,
      name: sql<string>`coalesce(${companyVehiclesTable.name}, '')`,
      brand: opened.brand,
      mcid: opened.mcid,
      lastOpenedAt: sql<string>`to_char(${opened.lastAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      catalogueId: opened.catalogueId,
      options: opened.options,
      productionDate: opened.productionDate,
    })
    .from(opened)
    .leftJoin(
      companyVehiclesTable,
      and(eq(companyVehiclesTable.companyId, companyId), eq(companyVehiclesTable.vin, opened.vin)),
    )
    .where(or(isNull(companyVehiclesTable.hiddenAt), gt(opened.lastAt, companyVehiclesTable.hiddenAt)))
    .orderBy(desc(opened.lastAt), asc(opened.vin))
    .limit(MY_VEHICLES_MAX);
}

/** Whether the company opened `vin` in the catalogue, listed or removed from its list since. */
export async function companyOpened(db: Db, companyId: number, vin: string): Promise<boolean> {
  const [row] = await openedVehicles(db, companyId, vin).limit(1);
  return row !== undefined;
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

/**
 * The catalogue's colorvalue rule (`colorValue` in the contract) as a condition on a jsonb
 * Applicability: null applies; else the vehicle carries every code of `all`, one of a non-empty
 * `any` and none of `none`, and a known build date lies within `from`..`to` (ISO days, compared
 * byte by byte as the contract compares them). The JS rule and this one are checked against each
 * other in the my-vehicles tests.
 */
export function applicabilityHolds(fit: SQL, facts: VehicleFacts): SQL {
  const options = sql`${sql.param([...facts.options])}::text[]`;
  const built = sql`${facts.productionDate}::text collate "C"`;
  // The field names are this function's own constants, written into the statement.
  const codes = (field: 'all' | 'any' | 'none') => sql`jsonb_array_elements_text(${fit}->${sql.raw(`'${field}'`)})`;
  const isList = (field: 'all' | 'any' | 'none') =>
    sql`jsonb_typeof(${fit}->${sql.raw(`'${field}'`)}) is not distinct from 'array'`;
  return sql`(${fit} is null or (
      (not ${isList('all')} or not exists (select 1 from ${codes('all')} c where c <> all(${options})))
      and (not ${isList('any')} or jsonb_array_length(${fit}->'any') = 0
        or exists (select 1 from ${codes('any')} c where c = any(${options})))
      and (not ${isList('none')} or not exists (select 1 from ${codes('none')} c where c = any(${options})))
      and (${built} is null or coalesce(${fit}->>'from', '') = '' or ${built} >= (${fit}->>'from') collate "C")
      and (${built} is null or coalesce(${fit}->>'to', '') = '' or ${built} <= (${fit}->>'to') collate "C")
    ))`;
}

/**
 * The ids (ascending) of the shop's products that fit one vehicle of a catalogue (the home grid's
 * vehicle filter): a part of the catalogue whose own applicability, its group's and the group's
 * parent's all hold for the vehicle, and the products of its number or one replacement away. The
 * database judges the fit, so only the fitting ids come back, not the catalogue's every part.
 */
export async function fittingProductIds(db: Db, catalogueId: number, facts: VehicleFacts): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with fitting as (
        select p.pid_key as key
        from epc_parts p
        left join epc_nodes n on n.catalogue_id = p.catalogue_id and n.diagram = p.diagram
        left join epc_nodes pn on pn.catalogue_id = n.catalogue_id and pn.mid = n.parent_mid
        where p.catalogue_id = ${catalogueId}
          and ${applicabilityHolds(sql`p.fit`, facts)}
          and ${applicabilityHolds(sql`n.fit`, facts)}
          and ${applicabilityHolds(sql`pn.fit`, facts)}
      ),
      related as (
        select key from fitting
        union
        select r.to_key from fitting k join epc_replacements r on r.catalogue_id = ${catalogueId} and r.pid_key = k.key
        union
        select r.pid_key from fitting k join epc_replacements r on r.catalogue_id = ${catalogueId} and r.to_key = k.key
      )
      select distinct pr.id from related rel join products pr on pr.pid_key = rel.key order by pr.id`,
  );
  return rows.map((r) => r.id);
}

/** Forgets a company's vehicles (its withdrawal, docs/requirements.md#retention). */
export async function forgetVehicles(tx: Tx, companyId: number): Promise<void> {
  await tx.delete(companyVehiclesTable).where(eq(companyVehiclesTable.companyId, companyId));
}
