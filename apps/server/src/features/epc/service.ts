import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  alphaNumber,
  checkVin,
  colorValue,
  decodeVin,
  EPC_MSG,
  epcPartSearchKeyword,
  isTestVin,
  type Applicability,
  seoulDayKey,
  type VinDecoded,
} from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { licenseDaysLeft } from '../../shared/time.js';
import { epcCatalogues, epcMainGroups, epcNodes, epcVehicles, epcWords } from './schema.js';

/**
 * What the catalogue calls read (docs/requirements.md#catalogue-calls): vehicles by VIN, main groups, the
 * structure below them with colorvalue computed for the vehicle, the parts of a diagram with its
 * hotspots, replacement numbers and part-number search. Labels are stored in the catalogue's own
 * terms and answered in the caller's language through the word list.
 */

/** Catalogue languages: KR (default), CN, EN and VN, the four of the word list (docs/requirements.md#catalogue-data). */
export type EpcLang = 'KR' | 'CN' | 'EN' | 'VN';
const WORD_COLUMN = { KR: epcWords.ko, CN: epcWords.zh, EN: epcWords.en, VN: epcWords.vi } as const;

export function epcLang(value: unknown): EpcLang {
  return value === 'CN' || value === 'EN' || value === 'VN' ? value : 'KR';
}

export type Found<T> = { ok: true } & T;
export interface Refused {
  ok: false;
  message: string;
}

const noInfo: Refused = { ok: false, message: EPC_MSG.noInfo };

/** Terms of a catalogue in one language; terms without a word stay as they are. */
async function translator(db: Db, catalogueId: number, terms: Iterable<string>, lang: EpcLang): Promise<(term: string) => string> {
  const wanted = [...new Set([...terms].filter((t) => t !== ''))];
  if (wanted.length === 0) return (t) => t;
  const column = WORD_COLUMN[lang];
  const rows = await db
    .select({ term: epcWords.term, word: column })
    .from(epcWords)
    .where(and(eq(epcWords.catalogueId, catalogueId), inArray(epcWords.term, wanted)));
  const words = new Map(rows.filter((r) => r.word !== '').map((r) => [r.term, r.word]));
  return (t) => words.get(t) ?? t;
}

/** The word-list column of each language, for the prepared statements below. */
const WORD_SQL_COLUMN = { KR: 'ko', CN: 'zh', EN: 'en', VN: 'vi' } as const;

/**
 * SQL for `term` in the caller's language within catalogue `catalogue`: the word when the list has
 * a non-empty one, else the term itself (what `translator` does, inside the statement).
 */
function wordSql(lang: EpcLang, catalogue: string, term: string): string {
  return `coalesce((select nullif(w.${WORD_SQL_COLUMN[lang]}, '') from epc_words w where w.catalogue_id = ${catalogue} and w.term = ${term} and ${term} <> ''), ${term})`;
}

/** One prepared statement per language (four texts) for each hot call. */
function perLanguage(name: string, text: (lang: EpcLang) => string): (lang: EpcLang) => PreparedStatement {
  const made = new Map<EpcLang, PreparedStatement>();
  return (lang) => {
    let statement = made.get(lang);
    if (!statement) {
      statement = { name: `${name}_${lang.toLowerCase()}`, text: text(lang) };
      made.set(lang, statement);
    }
    return statement;
  };
}

/**
 * Who is asking, for the deeper calls: the company must have opened the VIN on this Seoul day and
 * still hold a live licence (or it is a test VIN). Checked inside the call's statement; without it
 * (service tests) the VIN counts as open.
 */
export interface Opener {
  companyId: number;
  now?: Date;
}

const notOpened: Refused = { ok: false, message: EPC_MSG.vinNotOpened };

/** $2-$4 of the deeper calls' statements: test VIN (or no opener), company, Seoul day. */
function openerValues(vin: string, opener: Opener | undefined): [boolean, number, string] {
  return opener ? [isTestVin(vin), opener.companyId, seoulDayKey(opener.now)] : [true, 0, '1970-01-01'];
}

/**
 * The opened flag of the deeper calls' statements ($1 the VIN, $2-$4 openerValues). A VIN opened
 * earlier in the day stops answering when the licence ends: opening it was paid for by the licence.
 */
const OPENED_SQL = `($2::boolean or (exists(select 1 from epc_vin_searches s where s.company_id = $3::int and s.day = $4::date and s.vin = $1::char(17))
    and exists(select 1 from companies co where co.id = $3::int and co.license_end > now()))) as opened`;

// ---------------------------------------------------------------------------------------------
// Vehicles

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
    data: { vin: v.vin, year: v.year, model_name: v.modelName, name: v.catalogueName, maindata, decoded: decodeVin(v.vin) },
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
    const where = kind === 'full' ? `v.vin = $1::char(17) and $2::text is not null` : `v.brand = $2::text and v.short_vin = $1::text`;
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

type VehicleRow = { licenseEnd: Date | null } & (({ vin: string } & Vehicle & { maindataWords: [string, string][] }) | { vin: null });

/**
 * The VIN search (getCarsVinEx): the VIN is normalised and checked for the brand; 17 characters
 * find the vehicle in any catalogue, a short VIN (last 7 or 8) within the brand. A short VIN
 * that matches several vehicles asks for the full one instead of guessing. With `licensee` (a
 * company), a VIN other than a test VIN needs the company's licence: refused with
 * EPC_MSG.licenseRequired before anything about the vehicle is answered. One prepared statement.
 */
export async function findVehicle(
  db: Db,
  q: { brand: string; vin: string; lang?: EpcLang; licensee?: number },
): Promise<Found<{ vehicle: Vehicle; info: VehicleInfo }> | Refused> {
  const checked = checkVin(q.brand, q.vin);
  if (!checked.ok) return { ok: false, message: checked.message };
  const statement = (checked.kind === 'full' ? VEHICLE_BY_FULL_VIN : VEHICLE_BY_SHORT_VIN)(q.lang ?? 'KR');
  const rows = await runPrepared<VehicleRow>(db, statement, [checked.vin, q.brand, q.licensee ?? 0]);
  if (q.licensee !== undefined && !isTestVin(checked.vin) && licenseDaysLeft(rows[0]!.licenseEnd) <= 0) return { ok: false, message: EPC_MSG.licenseRequired };
  const vehicle = rows[0]!;
  if (vehicle.vin === null) return noInfo;
  if (rows.length > 1) return { ok: false, message: EPC_MSG.shortVinAmbiguous };
  const maindata: Record<string, string> = {};
  for (const [key, value] of vehicle.maindataWords) maindata[key] = value;
  const info: VehicleInfo = {
    data: { vin: vehicle.vin, year: vehicle.year, model_name: vehicle.modelName, name: vehicle.catalogueName, maindata, decoded: decodeVin(vehicle.vin) },
    brand_code: vehicle.brand,
    mcid: vehicle.mcid,
    imglogo: vehicle.catalogueImg,
  };
  return { ok: true, vehicle, info };
}

/**
 * The vehicle a deeper call names, which must belong to the catalogue it names: a full VIN only
 * (the web keeps the one the search answered), and `mcid` must be its catalogue.
 */
export async function vehicleOf(db: Db, q: { vin: string; mcid?: string | undefined }): Promise<Vehicle | null> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) return null;
  // Without a catalogue named (the spec's getCarsConfigEx sends none), the VIN's first catalogue.
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
export async function vehicleConfig(db: Db, q: { vin: string; mcid?: string | undefined; lang?: EpcLang }): Promise<Found<{ main_data: Record<string, string>; options: string[] }> | Refused> {
  const vehicle = await vehicleOf(db, q);
  if (!vehicle) return noInfo;
  const info = await vehicleInfo(db, vehicle, q.lang ?? 'KR');
  return { ok: true, main_data: info.data.maindata, options: vehicle.options };
}

// ---------------------------------------------------------------------------------------------
// Groups

export interface MainGroup {
  num: string;
  mcid: string;
  label: string;
  img: string;
}

/**
 * Main groups of a vehicle's catalogue, one row per group in catalogue order, labels translated:
 * no group row (num null) when the vehicle is not in that catalogue or it has no groups.
 */
const MAIN_GROUPS = perLanguage(
  'epc_main_groups',
  (lang) => `select ${OPENED_SQL}, g.num, c.mcid, ${wordSql(lang, 'v.catalogue_id', 'g.label')} as label, g.img
    from (select 1) one
    left join (epc_vehicles v join epc_catalogues c on c.id = v.catalogue_id and c.mcid = $5::text) on v.vin = $1::char(17)
    left join epc_main_groups g on g.catalogue_id = v.catalogue_id
    order by g.sort`,
);

/**
 * Main groups of the vehicle's catalogue, in catalogue order (getCarsGroupEx): one prepared
 * statement that also checks the VIN is open for the `opener`'s company.
 */
export async function mainGroups(db: Db, q: { vin: string; mcid: string; lang?: EpcLang; opener?: Opener }): Promise<Found<{ groups: MainGroup[] }> | Refused> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) return noInfo;
  const values = [checked.vin, ...openerValues(checked.vin, q.opener), q.mcid];
  const rows = await runPrepared<MainGroup & { opened: boolean; num: string | null }>(db, MAIN_GROUPS(q.lang ?? 'KR'), values);
  if (!rows[0]!.opened) return notOpened;
  if (rows[0]!.num === null) return noInfo;
  return { ok: true, groups: rows.map(({ opened: _opened, ...group }) => group as MainGroup) };
}

/** A sub group (level 1) or child group (level 2) as getCarsStructureEx answers it. */
export interface StructureNode {
  level: number;
  subgroup: string;
  has_child: 0 | 1;
  mid: string;
  name: string;
  description: string;
  model: string;
  img: string;
  /** 1: applies to this vehicle; 0: not (its own applicability or its sub group's). */
  colorvalue: 0 | 1;
  /** Main group > sub group > child group, translated. */
  fullPath: string;
}

const facts = (v: Vehicle) => ({ options: v.options, productionDate: v.productionDate });

/**
 * The sub groups of a main group, or with `subgroup` the child groups of that sub group
 * (getCarsStructureEx). Nodes of another catalogue or main group are not found.
 */
export async function structure(db: Db, q: { vin: string; mcid: string; num: string; subgroup?: string | null; lang?: EpcLang }): Promise<Found<{ nodes: StructureNode[] }> | Refused> {
  const vehicle = await vehicleOf(db, q);
  if (!vehicle) return noInfo;
  const [main] = await db
    .select({ label: epcMainGroups.label })
    .from(epcMainGroups)
    .where(and(eq(epcMainGroups.catalogueId, vehicle.catalogueId), eq(epcMainGroups.num, q.num)));
  if (!main) return noInfo;
  let parent: { label: string; fit: Applicability | null } | null = null;
  if (q.subgroup) {
    const [row] = await db
      .select({ label: epcNodes.label, fit: epcNodes.fit })
      .from(epcNodes)
      .where(and(eq(epcNodes.catalogueId, vehicle.catalogueId), eq(epcNodes.num, q.num), eq(epcNodes.mid, q.subgroup), isNull(epcNodes.parentMid)));
    if (!row) return noInfo;
    parent = row;
  }
  const rows = await db
    .select()
    .from(epcNodes)
    .where(and(eq(epcNodes.catalogueId, vehicle.catalogueId), eq(epcNodes.num, q.num), q.subgroup ? eq(epcNodes.parentMid, q.subgroup) : isNull(epcNodes.parentMid)))
    .orderBy(asc(epcNodes.sort));
  if (rows.length === 0) return noInfo;
  const t = await translator(db, vehicle.catalogueId, [main.label, parent?.label ?? '', ...rows.flatMap((r) => [r.label, r.description])], q.lang ?? 'KR');
  const parentFits = parent ? colorValue(parent.fit, facts(vehicle)) : 1;
  const path = [t(main.label), ...(parent ? [t(parent.label)] : [])];
  return {
    ok: true,
    nodes: rows.map((r) => ({
      level: r.level,
      subgroup: r.subgroup,
      has_child: r.hasChild ? 1 : 0,
      mid: r.mid,
      name: t(r.label),
      description: t(r.description),
      model: r.model,
      img: r.img,
      colorvalue: parentFits === 1 ? colorValue(r.fit, facts(vehicle)) : 0,
      fullPath: [...path, t(r.label)].join(' > '),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Parts of a diagram

export interface PartRow {
  pnum: string;
  itid: string;
  itid2: string;
  pid: string;
  /** A-Z0-9 form of pid: how the shop's products are matched. */
  pidKey: string;
  standard_label: string;
  label: string;
  quantity: string;
  model: string;
  stituteStatus: string;
  remark: string;
  refmid: string[];
  colorvalue: 0 | 1;
}

export interface ImgPoint {
  hsKey: string;
  hsX: number;
  hsY: number;
  maxX: number;
  maxY: number;
}

export interface DiagramParts {
  part_detail: PartRow[];
  img_path: string;
  img_points: ImgPoint[];
  /** Size of a hotspot box in percent of the drawing's width and height. */
  pctWidth: number;
  pctHeight: number;
  /** Where the diagram sits, for the breadcrumb. */
  num: string;
  subgroup: string;
  fullPath: string;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

/**
 * Everything the parts page needs in one row: the open flag, the vehicle's facts, the leaf node
 * and its parent (labels translated, applicability), the main group's label, the drawing, its
 * hotspots and its parts (labels translated) as JSON arrays in their order. Columns are null when
 * the vehicle, the node or the drawing is not found.
 */
const DIAGRAM_PARTS = perLanguage('epc_diagram_parts', (lang) => {
  const w = (term: string) => wordSql(lang, 'v.catalogue_id', term);
  return `with v as (
      select v.catalogue_id, v.options, v.production_date::text as production_date
      from epc_vehicles v join epc_catalogues c on c.id = v.catalogue_id
      where v.vin = $1::char(17) and c.mcid = $5::text
    ), n as (
      select n.* from epc_nodes n join v on n.catalogue_id = v.catalogue_id where n.mid = $6::text
    )
    select ${OPENED_SQL},
      v.options, v.production_date as "productionDate",
      n.num, n.subgroup, n.diagram, n.fit, ${w('n.label')} as label,
      pa.mid as "parentMid", pa.fit as "parentFit", ${w('pa.label')} as "parentLabel",
      ${w('g.label')} as "mainLabel",
      d.image, d.max_x as "maxX", d.max_y as "maxY", d.hotspot_w as "hotspotW", d.hotspot_h as "hotspotH",
      (select coalesce(json_agg(json_build_object('hsKey', h.hs_key, 'hsX', h.x, 'hsY', h.y, 'maxX', d.max_x, 'maxY', d.max_y) order by h.seq), '[]')
        from epc_hotspots h where h.catalogue_id = n.catalogue_id and h.diagram = n.diagram) as points,
      (select coalesce(json_agg(json_build_object(
          'pnum', p.pnum, 'itid', p.itid, 'itid2', p.itid2, 'pid', p.pid, 'pidKey', p.pid_key,
          'standard_label', ${w('p.standard_label')}, 'label', ${w('p.label')}, 'quantity', p.quantity, 'model', p.model,
          'stituteStatus', p.stitute_status, 'remark', p.remark, 'refmid', p.refmid, 'fit', p.fit) order by p.seq), '[]')
        from epc_parts p where p.catalogue_id = n.catalogue_id and p.diagram = n.diagram) as parts
    from (select 1) one
    left join v on true
    left join n on true
    left join epc_nodes pa on pa.catalogue_id = n.catalogue_id and pa.mid = n.parent_mid
    left join epc_main_groups g on g.catalogue_id = n.catalogue_id and g.num = n.num
    left join epc_diagrams d on d.catalogue_id = n.catalogue_id and d.diagram = n.diagram`;
});

interface DiagramRow {
  opened: boolean;
  options: string[] | null;
  productionDate: string | null;
  num: string | null;
  subgroup: string;
  diagram: string | null;
  fit: Applicability | null;
  label: string;
  parentMid: string | null;
  parentFit: Applicability | null;
  parentLabel: string;
  mainLabel: string | null;
  image: string | null;
  maxX: number;
  maxY: number;
  hotspotW: number;
  hotspotH: number;
  points: ImgPoint[] | null;
  parts: (PartRow & { fit?: Applicability | null })[] | null;
}

/**
 * The parts table and drawing of a leaf group (getCarsPartsEx), in one prepared statement.
 * colorvalue of a part is 0 when it, its group or its sub group does not apply to the vehicle;
 * `onlyFitting` leaves those out (the filter, docs/requirements.md#catalogue-panels), hotspots included.
 */
export async function diagramParts(
  db: Db,
  q: { vin: string; mcid: string; mid: string; lang?: EpcLang; onlyFitting?: boolean; opener?: Opener },
): Promise<Found<DiagramParts> | Refused> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) return noInfo;
  const values = [checked.vin, ...openerValues(checked.vin, q.opener), q.mcid, q.mid];
  const [row] = (await runPrepared<DiagramRow>(db, DIAGRAM_PARTS(q.lang ?? 'KR'), values)) as [DiagramRow];
  if (!row.opened) return notOpened;
  if (row.options === null || row.num === null || !row.diagram || row.image === null) return noInfo;
  const vehicleFacts = { options: row.options, productionDate: row.productionDate };
  const groupFits = (row.parentMid === null || colorValue(row.parentFit, vehicleFacts) === 1) && colorValue(row.fit, vehicleFacts) === 1;
  let parts = row.parts!;
  // The rows come as the answer names them; only colorvalue is the vehicle's, and `fit` goes.
  for (const p of parts) {
    p.colorvalue = groupFits ? colorValue(p.fit, vehicleFacts) : 0;
    delete p.fit;
  }
  let points = row.points!;
  if (q.onlyFitting) {
    parts = parts.filter((p) => p.colorvalue === 1);
    const shown = new Set(parts.map((p) => p.pnum));
    points = points.filter((p) => shown.has(p.hsKey));
  }
  const chainLabels = row.parentMid === null ? [row.label] : [row.parentLabel, row.label];
  return {
    ok: true,
    part_detail: parts,
    img_path: row.image,
    img_points: points,
    pctWidth: percent(row.hotspotW, row.maxX),
    pctHeight: percent(row.hotspotH, row.maxY),
    num: row.num,
    subgroup: row.subgroup,
    fullPath: [row.mainLabel ?? row.num, ...chainLabels].join(' > '),
  };
}

// ---------------------------------------------------------------------------------------------
// Replacements

export interface Replacement {
  pid: string;
  /** newer: replaces the asked number (directly or down the chain); older: replaced by it; interchangeable: fits either way. */
  relation: 'newer' | 'older' | 'interchangeable';
  /** Steps along the chain from the asked number (1 = direct). */
  distance: number;
  remark: string;
}

interface Edge {
  pid: string;
  pid_key: string;
  to_pid: string;
  to_key: string;
  kind: 'supersedes' | 'interchangeable';
  remark: string;
}

/**
 * Every number connected to `pid` by replacement records of the brand's catalogues
 * (getCarsReplace): the whole supersession chain forwards and backwards, and interchangeable
 * numbers of any number on it. Newest first, then interchangeable, then older.
 */
export async function replacementsFor(db: Db, q: { pid: string; brand?: string | null; catalogueId?: number }): Promise<Replacement[]> {
  const key = alphaNumber(q.pid);
  if (key === '') return [];
  const byBrand = q.brand && q.brand !== 'all' ? sql`and c.brand = ${q.brand}` : sql``;
  // Within one catalogue only, when the caller may read just that one (no licence, a test VIN).
  const brand = q.catalogueId === undefined ? byBrand : sql`${byBrand} and c.id = ${q.catalogueId}`;
  const edges = await queryRows<Edge>(
    db,
    sql`with recursive reach(key, depth) as (
          select ${key}::text, 0
          union
          select case when r.pid_key = reach.key then r.to_key else r.pid_key end, reach.depth + 1
          from reach
          join epc_replacements r on r.pid_key = reach.key or r.to_key = reach.key
          join epc_catalogues c on c.id = r.catalogue_id ${brand}
          where reach.depth < 12
        )
        select distinct r.pid, r.pid_key, r.to_pid, r.to_key, r.kind, r.remark
        from epc_replacements r
        join epc_catalogues c on c.id = r.catalogue_id ${brand}
        where r.pid_key in (select key from reach) or r.to_key in (select key from reach)`,
  );
  return classify(key, edges);
}

/** Walks the edges from `key`: along supersessions forwards (newer) and backwards (older). */
function classify(key: string, edges: Edge[]): Replacement[] {
  const out = new Map<string, Replacement>();
  const shown = new Map<string, string>();
  for (const e of edges) {
    shown.set(e.pid_key, e.pid);
    shown.set(e.to_key, e.to_pid);
  }
  const walk = (direction: 'newer' | 'older') => {
    let frontier = [key];
    const seen = new Set([key]);
    for (let distance = 1; frontier.length > 0 && distance <= 12; distance++) {
      const next: string[] = [];
      for (const k of frontier) {
        for (const e of edges) {
          if (e.kind !== 'supersedes') continue;
          const to = direction === 'newer' ? (e.pid_key === k ? e.to_key : null) : e.to_key === k ? e.pid_key : null;
          if (!to || seen.has(to)) continue;
          seen.add(to);
          next.push(to);
          if (!out.has(to)) out.set(to, { pid: shown.get(to)!, relation: direction, distance, remark: e.remark });
        }
      }
      frontier = next;
    }
  };
  walk('newer');
  walk('older');
  const chain = new Set([key, ...out.keys()]);
  for (const e of edges) {
    if (e.kind !== 'interchangeable') continue;
    for (const [from, to] of [[e.pid_key, e.to_key], [e.to_key, e.pid_key]] as const) {
      if (chain.has(from) && to !== key && !out.has(to)) out.set(to, { pid: shown.get(to)!, relation: 'interchangeable', distance: 1, remark: e.remark });
    }
  }
  const order = { newer: 0, interchangeable: 1, older: 2 } as const;
  return [...out.values()].sort((a, b) => order[a.relation] - order[b.relation] || a.distance - b.distance || a.pid.localeCompare(b.pid));
}

// ---------------------------------------------------------------------------------------------
// Part-number search

export interface PartHit {
  pid: string;
  label: string;
  brand: string;
  mcid: string;
  catalogue: string;
  num: string;
  mid: string;
  subgroup: string;
  pnum: string;
}

/**
 * Part-number search (getCarsSearchHotKey within one catalogue, objSearchMapper across all):
 * 2-50 characters, matched as a prefix of the alpha-number form through the pattern index.
 * Each hit names the group that shows it, so the web can open its drawing.
 */
export async function searchPartNumbers(
  db: Db,
  q: { keyword: unknown; mcid?: string | null; page?: number; size?: number; lang?: EpcLang },
): Promise<Found<{ hits: PartHit[]; more: boolean }> | Refused> {
  const parsed = epcPartSearchKeyword.safeParse(q.keyword);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const key = alphaNumber(parsed.data);
  const size = Math.min(Math.max(1, q.size ?? 20), 100);
  const page = Math.max(1, q.page ?? 1);
  let inCatalogue = sql``;
  if (q.mcid) {
    const [catalogue] = await db.select({ id: epcCatalogues.id }).from(epcCatalogues).where(eq(epcCatalogues.mcid, q.mcid));
    if (!catalogue) return noInfo;
    inCatalogue = sql`and p.catalogue_id = ${catalogue.id}`;
  }
  // Ordered with the pattern operator class's own order (~<~), so the index both finds and pages.
  const rows = await queryRows<PartHit & { catalogue_id: number }>(
    db,
    sql`select p.pid, p.label, c.brand, c.mcid, c.name as catalogue, c.id as catalogue_id, n.num, n.mid, n.subgroup, p.pnum
        from epc_parts p
        join epc_catalogues c on c.id = p.catalogue_id
        join lateral (
          select num, mid, subgroup from epc_nodes n
          where n.catalogue_id = p.catalogue_id and n.diagram = p.diagram
          order by n.sort limit 1
        ) n on true
        where p.pid_key like ${`${key}%`} ${inCatalogue}
        order by p.pid_key using ~<~, p.catalogue_id, p.diagram, p.seq
        limit ${size + 1} offset ${(page - 1) * size}`,
  );
  const hits = rows.slice(0, size);
  // Labels in the caller's language, per catalogue.
  const byCatalogue = new Map<number, PartHit[]>();
  for (const h of hits) byCatalogue.set(h.catalogue_id, [...(byCatalogue.get(h.catalogue_id) ?? []), h]);
  for (const [catalogueId, list] of byCatalogue) {
    const t = await translator(db, catalogueId, list.map((h) => h.label), q.lang ?? 'KR');
    for (const h of list) h.label = t(h.label);
  }
  return { ok: true, hits: hits.map(({ catalogue_id: _id, ...h }) => h), more: rows.length > size };
}
