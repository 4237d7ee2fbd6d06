import { colorValue, type Applicability, type FitVehicle, type VehicleFacts } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { productKeys } from '../products/repository.js';
import { chainParts, companyVehicles, fittingProductIds, type VehicleRow } from './repository.js';

/**
 * Which of a company's vehicles a product fits (docs/requirements.md#my-vehicles): the product's
 * number, or a number of its chain in the vehicle's catalogue, is a part whose own applicability,
 * its group's and the group's parent's all hold for the vehicle — the same rule as the catalogue's
 * colorvalue. Reading it opens nothing and costs no VIN quota.
 */

interface FitRow {
  fit: Applicability | null;
  nodeFit: Applicability | null;
  parentFit: Applicability | null;
}

const factsOf = (v: VehicleRow): VehicleFacts => ({ options: v.options, productionDate: v.productionDate });

function fitsVehicle(row: FitRow, facts: VehicleFacts): boolean {
  return (
    colorValue(row.parentFit, facts) === 1 && colorValue(row.nodeFit, facts) === 1 && colorValue(row.fit, facts) === 1
  );
}

const fitVehicle = (v: VehicleRow): FitVehicle => ({ vin: v.vin, title: v.name || v.title });

/** For each product id, the company's vehicles it fits (absent: none). */
export async function fitsOfProducts(
  db: Db,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, FitVehicle[]>> {
  const out = new Map<number, FitVehicle[]>();
  if (productIds.length === 0) return out;
  const vehicles = await companyVehicles(db, companyId);
  if (vehicles.length === 0) return out;
  const keys = await productKeys(db, productIds);
  const catalogues = [...new Set(vehicles.map((v) => v.catalogueId))];
  const rows = await chainParts(db, catalogues, [...new Set([...keys.values()].filter((k) => k !== ''))]);
  // origin key → vehicles it fits, vehicles in the order of the list (the most recently opened first)
  const byKey = new Map<string, FitVehicle[]>();
  for (const vehicle of vehicles) {
    const facts = factsOf(vehicle);
    const fitting = new Set<string>();
    for (const row of rows)
      if (row.catalogueId === vehicle.catalogueId && fitsVehicle(row, facts)) fitting.add(row.origin);
    for (const key of fitting) byKey.set(key, [...(byKey.get(key) ?? []), fitVehicle(vehicle)]);
  }
  for (const [id, key] of keys) {
    const fits = byKey.get(key);
    if (fits) out.set(id, fits);
  }
  return out;
}

/** The fitting products of one catalogue vehicle are read once a minute at most (the filter pages through them). */
const FILTER_CACHE_MS = 60_000;
const FILTER_CACHE_MAX = 200;
/** Per database: tests open many databases in one process, each with its own catalogue ids. */
const filterCaches = new WeakMap<Db, Map<string, { at: number; ids: number[] }>>();

/**
 * The ids (ascending) of the shop's products that fit one of the company's vehicles, or null when
 * the VIN is not one of its vehicles (another company's vehicle is never revealed).
 */
export async function productIdsFitting(
  db: Db,
  companyId: number,
  vin: string,
  now = Date.now(),
): Promise<number[] | null> {
  const [vehicle] = await companyVehicles(db, companyId, vin);
  if (!vehicle) return null;
  const cacheKey = `${vehicle.catalogueId}:${vehicle.vin}`;
  let filterCache = filterCaches.get(db);
  if (!filterCache) filterCaches.set(db, (filterCache = new Map()));
  const cached = filterCache.get(cacheKey);
  if (cached && now - cached.at < FILTER_CACHE_MS) return cached.ids;
  const sorted = await fittingProductIds(db, vehicle.catalogueId, factsOf(vehicle));
  if (filterCache.size >= FILTER_CACHE_MAX) filterCache.delete(filterCache.keys().next().value!);
  filterCache.set(cacheKey, { at: now, ids: sorted });
  return sorted;
}
