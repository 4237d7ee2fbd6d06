import { and, eq } from 'drizzle-orm';
import { checkVin, decodeVin, EPC_MSG, isTestVin, type VinDecoded } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { AppError, badRequest, forbidden, notFound } from '../../shared/http.js';
import { licenseDaysLeft } from '../../shared/time.js';
import { noInfo } from './refusals.js';
import { epcCatalogues, epcVehicles } from './schema.js';
import { perLanguage, translator, wordSql, type EpcLang } from './words.js';

/**
 * Vehicles of the catalogue (docs/requirements.md#catalogue-calls): the VIN search, the vehicle a
 * deeper call names, and its configuration. A refusal is thrown as an AppError with its status.
 */

export interface Vehicle {
  catalogueId: number;
  mcid: string;
  catalogueName: string;
  catalogueImg: string;
  brand: string;
  vin: string;
  year: number | null;
  modelName: string;
  productionDate: string | null;
  options: string[];
  maindata: [string, string][];
}

const vehicleColumns = {
  catalogueId: epcVehicles.catalogueId,
  mcid: epcCatalogues.mcid,
  catalogueName: epcCatalogues.name,
  catalogueImg: epcCatalogues.img,
  brand: epcVehicles.brand,
  vin: epcVehicles.vin,
  year: epcVehicles.year,
  modelName: epcVehicles.modelName,
  productionDate: epcVehicles.productionDate,
  options: epcVehicles.options,
  maindata: epcVehicles.maindata,
};

/** Vehicle info as the VIN search answers it. */
export interface VehicleInfo {
  data: {
    vin: string;
    year: number | null;
    model_name: string;
    name: string;
    /** Specs in catalogue order, names (and values that are catalogue terms) translated. */
    maindata: Record<string, string>;
    /** Maker, model year and check digit read from the VIN itself; `warning` for a wrong check digit. */
    decoded: VinDecoded | null;
  };
  brand_code: string;
  mcid: string;
  imglogo: string;
}

export function vehicleTitle(v: Pick<Vehicle, 'modelName' | 'year'>): string {
  return v.year ? `${v.modelName} ${v.year}` : v.modelName;
}

async function vehicleInfo(db: Db, v: Vehicle, lang: EpcLang): Promise<VehicleInfo> {
  const t = await translator(db, v.catalogueId, v.maindata.flat(), lang);
  const maindata: Record<string, string> = {};
  for (const [key, value] of v.maindata) maindata[t(key)] = t(value);
  return {
    data: {
      vin: v.vin,
      year: v.year,
      model_name: v.modelName,
      name: v.catalogueName,
      maindata,
      decoded: decodeVin(v.vin),
    },
    brand_code: v.brand,
    mcid: v.mcid,
    imglogo: v.catalogueImg,
  };
}

/**
 * The VIN search's statement, by full VIN ($1) or by brand ($2) and short VIN ($1): at most two
 * vehicles (two mean the short VIN is ambiguous) with their specs translated as [name, value]
 * pairs, and the licence end of the asking company ($3; null when none). Always one row at least:
 * no vehicle columns when none is found.
 */
const VEHICLE_BY_VIN = (kind: 'full' | 'short') =>
  perLanguage(`epc_vehicle_by_${kind}_vin`, (lang) => {
    const w = (term: string) => wordSql(lang, 'v.catalogue_id', term);
    const where =
      kind === 'full'
        ? `v.vin = $1::char(17) and $2::text is not null`
        : `v.brand = $2::text and v.short_vin = $1::text`;
    return `select (select license_end from companies where id = $3::int) as "licenseEnd", v.*
      from (select 1) one
      left join lateral (
        select v.catalogue_id as "catalogueId", c.mcid, c.name as "catalogueName", c.img as "catalogueImg", v.brand, v.vin,
          v.year, v.model_name as "modelName", v.production_date::text as "productionDate", v.options, v.maindata,
          (select coalesce(json_agg(json_build_array(${w('e->>0')}, ${w('e->>1')}) order by i), '[]')
            from jsonb_array_elements(v.maindata) with ordinality as m(e, i)) as "maindataWords"
        from epc_vehicles v join epc_catalogues c on c.id = v.catalogue_id
        where ${where}
        order by v.id
        limit 2
      ) v on true`;
  });
const VEHICLE_BY_FULL_VIN = VEHICLE_BY_VIN('full');
const VEHICLE_BY_SHORT_VIN = VEHICLE_BY_VIN('short');

type VehicleRow = { licenseEnd: Date | null } & (
  ({ vin: string } & Vehicle & { maindataWords: [string, string][] }) | { vin: null }
);

/**
 * A VIN no catalogue holds: when it names a maker without a catalogue here (a 현대자동차 or MINI
 * VIN), the maker is said; otherwise '정보가 없습니다.'.
 */
function unknownVehicle(vin: string): AppError {
  const maker = decodeVin(vin);
  return maker?.manufacturer && maker.brand === null
    ? notFound(EPC_MSG.makerNoCatalogue(maker.manufacturer))
    : noInfo();
}

/**
 * The VIN search (getCarsVinEx): the VIN is normalised and checked for the brand; 17 characters
 * find the vehicle in any catalogue, a short VIN (last 7 or 8) within the brand. A short VIN
 * that matches several vehicles asks for the full one instead of guessing. With `licensee` (a
 * company), a vehicle other than a test VIN's (typed full or short) needs the company's licence:
 * refused with EPC_MSG.licenseRequired before anything about the vehicle is answered. One prepared statement.
 */
export async function findVehicle(
  db: Db,
  q: { brand: string; vin: string; lang?: EpcLang; licensee?: number },
): Promise<{ vehicle: Vehicle; info: VehicleInfo }> {
  const checked = checkVin(q.brand, q.vin);
  if (!checked.ok) throw badRequest(checked.message);
  const statement = (checked.kind === 'full' ? VEHICLE_BY_FULL_VIN : VEHICLE_BY_SHORT_VIN)(q.lang ?? 'KR');
  const rows = await runPrepared<VehicleRow>(db, statement, [checked.vin, q.brand, q.licensee ?? 0]);
  // A test VIN is judged by the vehicle found, so its short VIN opens as the full one does; a short
  // VIN of several vehicles is no test VIN's.
  const testVehicle = rows.length === 1 && rows[0]!.vin !== null && isTestVin(rows[0]!.vin);
  if (q.licensee !== undefined && !testVehicle && licenseDaysLeft(rows[0]!.licenseEnd) <= 0)
    throw forbidden(EPC_MSG.licenseRequired);
  const vehicle = rows[0]!;
  if (vehicle.vin === null) throw unknownVehicle(checked.vin);
  if (rows.length > 1) throw badRequest(EPC_MSG.shortVinAmbiguous);
  const maindata: Record<string, string> = {};
  for (const [key, value] of vehicle.maindataWords) maindata[key] = value;
  const info: VehicleInfo = {
    data: {
      vin: vehicle.vin,
      year: vehicle.year,
      model_name: vehicle.modelName,
      name: vehicle.catalogueName,
      maindata,
      decoded: decodeVin(vehicle.vin),
    },
    brand_code: vehicle.brand,
    mcid: vehicle.mcid,
    imglogo: vehicle.catalogueImg,
  };
  return { vehicle, info };
}

/**
 * The vehicle a deeper call names, which must belong to the catalogue it names: a full VIN only
 * (the web keeps the one the search answered), and `mcid` must be its catalogue.
 */
export async function vehicleOf(db: Db, q: { vin: string; mcid?: string | undefined }): Promise<Vehicle | null> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) return null;
  // Without a catalogue named (the original client's getCarsConfigEx sends none, docs/requirements.md#catalogue-calls), the VIN's first catalogue.
  const [row] = await db
    .select(vehicleColumns)
    .from(epcVehicles)
    .innerJoin(epcCatalogues, eq(epcCatalogues.id, epcVehicles.catalogueId))
    .where(and(eq(epcVehicles.vin, checked.vin), q.mcid === undefined ? undefined : eq(epcCatalogues.mcid, q.mcid)))
    .orderBy(epcCatalogues.id)
    .limit(1);
  return row ?? null;
}

/** The vehicle's configuration (getCarsConfigEx): its specs and option codes. */
export async function vehicleConfig(
  db: Db,
  q: { vin: string; mcid?: string | undefined; lang?: EpcLang },
): Promise<{ main_data: Record<string, string>; options: string[] }> {
  const vehicle = await vehicleOf(db, q);
  if (!vehicle) throw noInfo();
  const info = await vehicleInfo(db, vehicle, q.lang ?? 'KR');
  return { main_data: info.data.maindata, options: vehicle.options };
}
