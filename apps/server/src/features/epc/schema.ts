import { type BuildExtraConfigColumns, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { serialId, instantNow, blankText, day, emptyTextList, prefixIndex, vin } from '../../db/columns.js';
import { checkRelationKind, partRelation } from '../products/schema.js';
import type { Applicability } from '@partsmall/contract';

/**
 * The parts catalogue (docs/requirements.md#catalogue-data). One catalogue (`mcid`) is imported and replaced as
 * a whole: every row below `epc_catalogues` carries its catalogue id and is keyed by the
 * catalogue's own codes (main group `num`, node `mid`, diagram), so the codes the web keeps in its
 * routes stay valid across a re-import. `colorvalue` is never stored: it is computed from `fit`
 * against the vehicle.
 */

/** Brands of the search dropdown (plus audi for its test VIN); rows are written by the importer. */
export const epcBrands = pgTable('epc_brands', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const epcCatalogues = pgTable(
  'epc_catalogues',
  {
    id: serialId(),
    /** The catalogue's code (`mcid`). */
    mcid: text('mcid').notNull(),
    brand: text('brand')
      .notNull()
      .references(() => epcBrands.code),
    name: text('name').notNull(),
    /** Served path of the catalogue logo (vehicle info `imglogo`), '' when none. */
    img: blankText('img'),
    /** Raised by each import that replaces the catalogue. */
    version: integer('version').notNull().default(1),
    importedAt: instantNow('imported_at'),
    /** Rows per table of the last import. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [uniqueIndex('epc_catalogues_mcid').on(t.mcid)],
);

/**
 * The catalogue a row belongs to. Deliberately no foreign key: the importer is the only writer of
 * these tables, checks every reference before it writes and deletes a catalogue's rows with it
 * (import/write.ts); a key check per row halved the COPY speed (20-34k against 43-48k rows/s in
 * interleaved runs on the same plans).
 */
const catalogueId = () => integer('catalogue_id').notNull();

type CatalogueRow<TColumns> = { catalogueId: ReturnType<typeof catalogueId> } & TColumns;

/**
 * A table of one catalogue's rows, keyed by the catalogue's own codes: `catalogue_id` first, and the
 * primary key `<name>_pk` of the catalogue and `key`, the columns that name a row within it.
 */
function catalogueTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  key: readonly [keyof TColumns & string, ...(keyof TColumns & string)[]],
  extra: (t: BuildExtraConfigColumns<TName, CatalogueRow<TColumns>, 'pg'>) => PgTableExtraConfigValue[] = () => [],
) {
  const row: CatalogueRow<TColumns> = { catalogueId: catalogueId(), ...columns };
  return pgTable(name, row, (t) => [
    primaryKey({ name: `${name}_pk`, columns: [t.catalogueId, ...key.map((k) => t[k])] }),
    ...extra(t),
  ]);
}

/** A numbered row of a diagram (its callouts, its part rows). */
const diagramRow = () => ({ diagram: text('diagram').notNull(), seq: integer('seq').notNull() });

/** A vehicle: found by its full VIN anywhere, or by its short VIN within its brand. */
export const epcVehicles = pgTable(
  'epc_vehicles',
  {
    id: serialId(),
    catalogueId: catalogueId(),
    brand: text('brand').notNull(),
    vin: vin().notNull(),
    /** Last 7 or 8 characters (docs/requirements.md#vin-rules) for brands searched by a short VIN, else null. */
    shortVin: text('short_vin'),
    year: integer('year'),
    modelName: text('model_name').notNull(),
    productionDate: day('production_date'),
    /** Option codes the applicability of nodes and parts is judged against. */
    options: emptyTextList('options'),
    /** Vehicle specs in display order: [term, value] pairs (`maindata`). */
    maindata: jsonb('maindata').$type<[string, string][]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('epc_vehicles_vin').on(t.vin),
    index('epc_vehicles_brand_short_vin').on(t.brand, t.shortVin),
    index('epc_vehicles_catalogue').on(t.catalogueId),
  ],
);

export const epcMainGroups = catalogueTable(
  'epc_main_groups',
  {
    num: text('num').notNull(),
    label: text('label').notNull(),
    img: blankText('img'),
    sort: integer('sort').notNull(),
  },
  ['num'],
);

/** Sub groups (level 1) and child groups (level 2) under a main group. */
export const epcNodes = catalogueTable(
  'epc_nodes',
  {
    mid: text('mid').notNull(),
    num: text('num').notNull(),
    /** mid of the sub group a child group sits in; null for sub groups. */
    parentMid: text('parent_mid'),
    level: smallint('level').notNull(),
    /** mid of the level-1 ancestor (the node itself for a sub group): the `subgroup` of the calls. */
    subgroup: text('subgroup').notNull(),
    label: text('label').notNull(),
    description: blankText('description'),
    model: blankText('model'),
    img: blankText('img'),
    /** Diagram of a leaf node; null for a node with children. */
    diagram: text('diagram'),
    hasChild: boolean('has_child').notNull(),
    fit: jsonb('fit').$type<Applicability>(),
    sort: integer('sort').notNull(),
  },
  ['mid'],
  (t) => [
    index('epc_nodes_tree').on(t.catalogueId, t.num, t.parentMid, t.sort),
    // The group that shows a diagram (part-number search hits).
    index('epc_nodes_diagram').on(t.catalogueId, t.diagram),
    check('epc_nodes_level_valid', sql`${t.level} in (1, 2)`),
  ],
);

/** An exploded-view drawing: hotspot coordinates run from 0 to max_x / max_y. */
export const epcDiagrams = catalogueTable(
  'epc_diagrams',
  {
    diagram: text('diagram').notNull(),
    /** Served path (/uploads/epc/…) or an https address. */
    image: text('image').notNull(),
    maxX: integer('max_x').notNull(),
    maxY: integer('max_y').notNull(),
    /** Size of a callout box in diagram units (pctWidth / pctHeight of the parts answer). */
    hotspotW: integer('hotspot_w').notNull(),
    hotspotH: integer('hotspot_h').notNull(),
  },
  ['diagram'],
  (t) => [
    check(
      'epc_diagrams_size_positive',
      sql`${t.maxX} > 0 and ${t.maxY} > 0 and ${t.hotspotW} > 0 and ${t.hotspotH} > 0`,
    ),
  ],
);

/** Callouts of a diagram; `hs_key` is the `pnum` of the part rows it points at. */
export const epcHotspots = catalogueTable(
  'epc_hotspots',
  {
    ...diagramRow(),
    hsKey: text('hs_key').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
  },
  ['diagram', 'seq'],
);

/** Part rows of a diagram, in catalogue order (`seq`). */
export const epcParts = catalogueTable(
  'epc_parts',
  {
    ...diagramRow(),
    /** Callout number on the diagram. */
    pnum: text('pnum').notNull(),
    itid: blankText('itid'),
    itid2: blankText('itid2'),
    /** OE part number as the maker writes it. */
    pid: text('pid').notNull(),
    /** A-Z0-9 form of pid (alphaNumber), matched against the shop's products.pid_key. */
    pidKey: text('pid_key').notNull(),
    label: text('label').notNull(),
    standardLabel: blankText('standard_label'),
    quantity: blankText('quantity'),
    model: blankText('model'),
    stituteStatus: blankText('stitute_status'),
    remark: blankText('remark'),
    /** Other places of the same part: 'mid,pnum' entries. */
    refmid: emptyTextList('refmid'),
    fit: jsonb('fit').$type<Applicability>(),
  },
  ['diagram', 'seq'],
  (t) => [prefixIndex('epc_parts_pid_key', t.pidKey, t.catalogueId)],
);

/**
 * Replacement numbers: 'supersedes' (pid is replaced by to_pid; chains follow to_pid onwards)
 * and 'interchangeable' (either fits where the other does).
 */
export const epcReplacements = catalogueTable(
  'epc_replacements',
  {
    seq: integer('seq').notNull(),
    ...partRelation(),
    remark: blankText('remark'),
  },
  ['seq'],
  (t) => [
    index('epc_replacements_pid_key').on(t.pidKey),
    index('epc_replacements_to_key').on(t.toKey),
    checkRelationKind('epc_replacements_kind_valid', t.kind),
  ],
);

/** Word list (docs/requirements.md#catalogue-data): a catalogue term in Chinese, Korean, English and Vietnamese. */
export const epcWords = catalogueTable(
  'epc_words',
  {
    term: text('term').notNull(),
    zh: blankText('zh'),
    ko: blankText('ko'),
    en: blankText('en'),
    vi: blankText('vi'),
  },
  ['term'],
);

/**
 * VINs a company opened, one row per company, Asia/Seoul day and VIN: the day's rows are the
 * quota (at most 30), all rows are the search history and the company's vehicles. Rows are counted
 * and inserted under a per-company lock (see quota.ts); the unique key makes a re-open of the day's
 * VIN free. A test VIN takes no quota: it has one row per company on no day (`day` null), which no
 * day's count sees (docs/requirements.md#vin-quota).
 */
export const epcVinSearches = pgTable(
  'epc_vin_searches',
  {
    id: serialId(),
    companyId: integer('company_id').notNull(),
    /** Who opened it first that day. */
    memberId: integer('member_id').notNull(),
    /** The Seoul day whose quota the opening took; null for a test VIN, which takes none. */
    day: day('day'),
    vin: vin().notNull(),
    brand: text('brand').notNull(),
    mcid: text('mcid').notNull(),
    title: text('title').notNull(),
    opens: integer('opens').notNull().default(1),
    firstAt: instantNow('first_at'),
    lastAt: instantNow('last_at'),
  },
  (t) => [
    uniqueIndex('epc_vin_searches_company_day_vin').on(t.companyId, t.day, t.vin),
    uniqueIndex('epc_vin_searches_company_free_vin')
      .on(t.companyId, t.vin)
      .where(sql`day is null`),
    index('epc_vin_searches_company_last').on(t.companyId, t.lastAt),
  ],
);
