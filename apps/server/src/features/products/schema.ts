/** Products of the shop and the search's part-number tables: cross-references, relation chains, synonyms. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  serialId,
  createdAt,
  updatedAt,
  wonZero,
  blankText,
  refTo,
  checkIn,
  trigramIndex,
  prefixIndex,
} from '../../db/columns.js';
import { memberRef } from '../members/schema.js';

/**
 * name_jamo with the jamo typists confuse folded (looseJamo in the contract; migration 0022),
 * generated from the row's name_jamo.
 */
const nameLoose = () =>
  text('name_loose')
    .notNull()
    .generatedAlwaysAs(sql`translate(name_jamo, 'ㅐㅒㅖㄲㄸㅃㅆㅉ', 'ㅔㅔㅔㄱㄷㅂㅅㅈ')`);

/**
 * What every source of part-number relations holds (the catalogues' replacements, the shop's
 * cross-reference, and so the view of both): a number (as written and as its alphaNumber key), the
 * number it relates to, and how.
 */
export const partRelation = () => ({
  pid: text('pid').notNull(),
  pidKey: text('pid_key').notNull(),
  toPid: text('to_pid').notNull(),
  toKey: text('to_key').notNull(),
  kind: text('kind').$type<'supersedes' | 'interchangeable'>().notNull(),
});

/** The kinds of relation a source may hold. */
export const checkRelationKind = (name: string, kind: AnyPgColumn) =>
  checkIn(name, kind, ['supersedes', 'interchangeable']);

/** Products of the shop (docs/requirements.md#entities). Four price tiers A-D; a zero tier falls back to the next lower one. */
export const products = pgTable(
  'products',
  {
    id: serialId(),
    name: text('name').notNull(),
    /** Genuine (OE) part number as written by the maker. */
    pid: text('pid').notNull(),
    /** Alpha-number form of pid (A-Z, 0-9) for part-number search. */
    pidKey: text('pid_key').notNull(),
    factoryNum: blankText('factory_num'),
    factoryKey: blankText('factory_key'),
    /** 0 rebuilt, 1 aftermarket, 2 genuine, 3 remanufactured, 4 used */
    type: integer('type').notNull().default(2),
    priceA: wonZero('price_a'),
    priceB: wonZero('price_b'),
    priceC: wonZero('price_c'),
    priceD: wonZero('price_d'),
    salePrice: wonZero('sale_price'),
    /** Quantity for sale; 0 = preparing or sold out. Changed only together with an order or refund. */
    hasAmount: integer('has_amount').notNull().default(0),
    /**
     * Goes up with every staff edit of the product's fields (the form, a CSV import), not with stock
     * moved by orders: a form read at an older one is refused on save (docs/requirements.md#back-office).
     */
    editVer: integer('edit_ver').notNull().default(0),
    /** Warehouse name; the China warehouse starts with '중국'. */
    stockName: text('stock_name').notNull(),
    storageId: integer('storage_id').notNull(),
    imgFiles: jsonb('img_files').$type<string[]>().notNull().default([]),
    detailInfo: blankText('detail_info'),
    description: blankText('description'),
    /** Mobile shortcut category: filter, shock, cooling, gear, light, pad, disc, condenser, sensor, radiator, arm. */
    category: blankText('category'),
    brand: blankText('brand'),
    /** Selling company; 0 = the shop itself. */
    companyId: integer('company_id').notNull().default(0),
    /**
     * The name's search forms (productNameColumns in the contract; docs/search.md#korean-name-search),
     * written with the name by every product write. '' until written: search then still finds the
     * row through `name` itself.
     */
    nameCompact: blankText('name_compact'),
    nameChosung: blankText('name_chosung'),
    nameJamo: blankText('name_jamo'),
    nameLoose: nameLoose(),
    /**
     * The factory number's alpha-number form without the maker's name before it, for a buyer who
     * types the number alone (docs/search.md#one-box; migration 0022): the first word of letters
     * dropped ('MANN HU 816 X' → HU816X), and all of them ('MAGNETI MARELLI 714021940801' → 714021940801).
     * Pattern indexes (migration 0032) serve both the whole key and its start ('HU816').
     */
    factoryTailKey: text('factory_tail_key')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(upper(regexp_replace(factory_num, '^\\s*[A-Za-z]+\\s+(?=.*[0-9])', '')), '[^A-Z0-9]', '', 'g')`,
      ),
    factoryBareKey: text('factory_bare_key')
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(upper(regexp_replace(factory_num, '^(\\s*[A-Za-z]+\\s+)+(?=.*[0-9])', '')), '[^A-Z0-9]', '', 'g')`,
      ),
    createdAt: createdAt(),
  },
  (t) => [
    trigramIndex('products_name_chosung_trgm', t.nameChosung),
    trigramIndex('products_name_jamo_trgm', t.nameJamo),
    prefixIndex('products_name_chosung_prefix', t.nameChosung),
    prefixIndex('products_name_jamo_prefix', t.nameJamo),
    prefixIndex('products_pid_key', t.pidKey),
    prefixIndex('products_factory_key', t.factoryKey),
    trigramIndex('products_name_trgm', t.name),
    trigramIndex('products_name_loose_trgm', t.nameLoose),
    prefixIndex('products_factory_tail_key', t.factoryTailKey),
    prefixIndex('products_factory_bare_key', t.factoryBareKey),
    index('products_category').on(t.category, t.id),
    check('products_has_amount_nonnegative', sql`${t.hasAmount} >= 0`),
    check('products_type_valid', sql`${t.type} between 0 and 4`),
  ],
);

/** A reference to a product of the shop (`product_id`). */
export const productRef = () => refTo('product_id', () => products.id);

/**
 * The shop's own cross-reference of part numbers (docs/search.md#part-numbers), kept by staff in the back office:
 * supersessions (pid is replaced by to_pid) and interchangeable numbers (OE ↔ aftermarket). Keys are
 * the alphaNumber forms. docs/search.md#part-numbers
 */
export const partXrefs = pgTable(
  'part_xrefs',
  {
    id: serialId(),
    ...partRelation(),
    remark: blankText('remark'),
    createdBy: memberRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('part_xrefs_pair').on(t.pidKey, t.toKey, t.kind),
    index('part_xrefs_to_key').on(t.toKey),
    checkRelationKind('part_xrefs_kind_valid', t.kind),
    check('part_xrefs_keys_differ', sql`${t.pidKey} <> ${t.toKey} and ${t.pidKey} <> '' and ${t.toKey} <> ''`),
  ],
);

/**
 * Every relation search follows: the catalogues' replacements (all catalogues) and the shop's
 * cross-reference, as one view, so neither is copied and neither goes stale.
 */
export const partRelations = pgView('part_relations', {
  ...partRelation(),
  source: text('source').$type<'catalogue' | 'shop'>().notNull(),
}).existing();

/**
 * For every number that is superseded (`key`, alphaNumber form), the supersessions its chains follow
 * onwards (`kind` is always 'supersedes'; `to_key` is the newer number's key). A chain is at most 20
 * steps, so the rows grow with the relations, not with their square: interchangeable numbers are not
 * stored here but read at search time from the sources' own key indexes, one step as the search takes
 * them (`relationsFor`). Kept on every supersession written to either source by statement triggers
 * (migrations 0018 and 0021: `part_relation_closure_refresh` rebuilds the chains through the touched
 * numbers, or everything for a large change). docs/search.md#part-numbers
 */
export const partRelationClosure = pgTable(
  'part_relation_closure',
  {
    key: text('key').notNull(),
    pid: text('pid').notNull(),
    toPid: text('to_pid').notNull(),
    kind: text('kind').$type<'supersedes'>().notNull(),
    toKey: text('to_key').notNull(),
  },
  (t) => [primaryKey({ name: 'part_relation_closure_pk', columns: [t.key, t.pid, t.toPid, t.kind] })],
);

/**
 * The distinct search forms of the products' names (migration 0026; docs/search.md#what-a-search-costs):
 * a query no name matches is answered here, a row per distinct name, before the products' index
 * entries are read. Added to by triggers on every product insert and every change of a name's
 * forms, never removed from: a form no product has any more only sends the search on to the products.
 */
export const productNameForms = pgTable(
  'product_name_forms',
  {
    nameJamo: text('name_jamo').notNull(),
    nameChosung: text('name_chosung').notNull(),
    nameLoose: nameLoose(),
  },
  (t) => [
    primaryKey({ name: 'product_name_forms_pk', columns: [t.nameJamo, t.nameChosung] }),
    trigramIndex('product_name_forms_jamo_trgm', t.nameJamo).with({ fastupdate: false }),
    trigramIndex('product_name_forms_chosung_trgm', t.nameChosung).with({ fastupdate: false }),
    trigramIndex('product_name_forms_loose_trgm', t.nameLoose).with({ fastupdate: false }),
    prefixIndex('product_name_forms_chosung_prefix', t.nameChosung),
    prefixIndex('product_name_forms_jamo_prefix', t.nameJamo),
  ],
);

/** Groups of words that mean the same in a name search (seeded from PART_SYNONYM_SEED), edited by staff. */
export const partSynonyms = pgTable('part_synonyms', {
  id: serialId(),
  terms: text('terms').array().notNull(),
  updatedAt: updatedAt(),
});
