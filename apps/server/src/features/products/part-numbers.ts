import {
  alphaNumber,
  indexPartRelations,
  resolvePartNumber,
  type PartMatchKind,
  type PartRelationIndex,
  type PartRelationKind,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { preparedFor, runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import type { ProductRow } from './rows.js';

/**
 * Any-number search (docs/search.md#part-numbers): a typed number finds the products of
 * its own number, of the current numbers of its supersession chain and of its interchangeable
 * numbers, each hit saying why. The relations are those of every catalogue and of the shop's
 * cross-reference (the `part_relations` view). Numbers compare by alphaNumber and only by equality:
 * a part number is never matched approximately.
 */

/** One product a number leads to, and why. */
export interface NumberHit<P = ProductRow> {
  product: P;
  match: PartMatchKind;
  /** '품번 일치', '대체품번 (이전 번호 X → 현재 Y)' or '호환품번'. */
  reason: string;
  /** From the typed number to the product's number, as written ([typed] for the own number). */
  path: string[];
}

/** At most this many products per typed number (a number shared by hundreds of products stays an answer). */
export const MAX_HITS_PER_NUMBER = 100;
/** At most this many numbers at once (a quick order holds at most 500 lines). */
export const MAX_NUMBERS_AT_ONCE = 1000;

/**
 * The columns a number's products are read with, as a select list and the row it gives. The search
 * shows hits as grid rows; a quick order shows far fewer fields of far more rows (a 500-line paste
 * reads thousands of products), and parsing the columns it never shows (images, details, category)
 * was most of its CPU (docs/performance.md#quick-order).
 */
export interface ProductColumns<P> {
  readonly select: string;
  /** Only carries the row's type. */
  readonly row?: P;
}

/** The grid's columns (a search answer's rows). */
export const GRID_COLUMNS: ProductColumns<ProductRow> = { select: LIST_COLUMNS };

/** What a quick order's candidate shows (QuickOrderCandidate): number, name, stock and the four tier prices. */
export type CandidateRow = Pick<
  ProductRow,
  | 'seq'
  | 'name'
  | 'pid'
  | 'factoryNum'
  | 'hasAmount'
  | 'stockName'
  | 'storageId'
  | 'priceA'
  | 'priceB'
  | 'priceC'
  | 'priceD'
  | 'basePrice'
>;

export const CANDIDATE_COLUMNS: ProductColumns<CandidateRow> = {
  select: `id as seq, name, pid, factory_num as "factoryNum", has_amount as "hasAmount", stock_name as "stockName",
  storage_id as "storageId", price_a::float8 as "priceA", price_b::float8 as "priceB", price_c::float8 as "priceC",
  price_d::float8 as "priceD", sale_price::float8 as "basePrice"`,
};

/** An array parameter as PostgreSQL's literal (Drizzle would spread a JS array into a list); keys are A-Z and 0-9 only. */
export const keyArray = (keys: readonly string[]) => `{${keys.map((k) => `"${k}"`).join(',')}}`;

/**
 * The relations a search of some part-number keys follows ($1: text[]), in one statement: the stored
 * chains onwards of each key, the interchangeable relations of each key and of each number on those
 * chains (either way, read from both sources by their key indexes), and the stored chains onwards of
 * the numbers found interchangeable.
 */
const RELATIONS_OF_KEYS: PreparedStatement = {
  name: 'part_relations_of_keys',
  text: `with chain as (
      select c.pid, c.to_pid, c.to_key from part_relation_closure c where c.key = any($1::text[])
    ), nodes as (
      select unnest($1::text[]) as key union select to_key from chain
    ), partners as (
      select r.pid, r.pid_key, r.to_pid, r.to_key from nodes cross join lateral (
        select x.pid, x.pid_key, x.to_pid, x.to_key from part_xrefs x where x.pid_key = nodes.key and x.kind = 'interchangeable'
        union all select x.pid, x.pid_key, x.to_pid, x.to_key from part_xrefs x where x.to_key = nodes.key and x.kind = 'interchangeable'
        union all select e.pid, e.pid_key, e.to_pid, e.to_key from epc_replacements e where e.pid_key = nodes.key and e.kind = 'interchangeable'
        union all select e.pid, e.pid_key, e.to_pid, e.to_key from epc_replacements e where e.to_key = nodes.key and e.kind = 'interchangeable'
      ) r
    ), partner_keys as (
      select pid_key as key from partners union select to_key from partners
    )
    select pid, to_pid as "toPid", 'supersedes' as kind from chain
    union select pid, to_pid, 'interchangeable' from partners
    union select c.pid, c.to_pid, 'supersedes' from partner_keys p join part_relation_closure c on c.key = p.key`,
};

/**
 * The relations that can matter to `keys`: the supersession chains onwards from each key, the numbers
 * interchangeable with any of them (either way, one step), and the chains onwards from those. The
 * chains are read from `part_relation_closure`, which holds them for every superseded number and is
 * kept on write by triggers on both sources (migrations 0018 and 0021; docs/search.md#part-numbers);
 * the interchangeable numbers from the sources' key indexes, so a number interchangeable with N others
 * stores nothing per pair (docs/performance.md#any-number-and-korean-name-search).
 */
export async function relationsFor(db: Db | Tx, keys: readonly string[]): Promise<PartRelationIndex> {
  if (keys.length === 0) return indexPartRelations([]);
  const rows = await runPrepared<{ pid: string; toPid: string; kind: PartRelationKind }>(db, RELATIONS_OF_KEYS, [
    keyArray(keys),
  ]);
  return indexPartRelations(rows.map((r) => ({ from: r.pid, to: r.toPid, kind: r.kind })));
}

/**
 * The products of many typed numbers at once, best first per number: the current product of an old
 * number, then the number's own products (old stock may still be sold), then interchangeable ones.
 * The answer is keyed by the alphaNumber form of each typed number (numbers without letters or digits
 * are left out). Reads only; a transaction may be passed so that a caller sees its own state.
 */
export function findProductsByNumbers(db: Db | Tx, numbers: readonly string[]): Promise<Map<string, NumberHit[]>>;
export function findProductsByNumbers<P extends { seq: number }>(
  db: Db | Tx,
  numbers: readonly string[],
  columns: ProductColumns<P>,
): Promise<Map<string, NumberHit<P>[]>>;
export async function findProductsByNumbers(
  db: Db | Tx,
  numbers: readonly string[],
  columns: ProductColumns<{ seq: number }> = GRID_COLUMNS,
): Promise<Map<string, NumberHit<{ seq: number }>[]>> {
  const typed = new Map<string, string>();
  for (const n of numbers) {
    const key = alphaNumber(n);
    if (key !== '' && !typed.has(key) && typed.size < MAX_NUMBERS_AT_ONCE) typed.set(key, n.trim());
  }
  const out = new Map<string, NumberHit<{ seq: number }>[]>();
  if (typed.size === 0) return out;
  // Every typed number is among the numbers wanted (its own products, 'own'): their products are read
  // beside the relations, not after them, and only the numbers the relations add wait for those
  // (docs/search.md#what-a-search-costs). Both reads are in id order; merged, they are the one read.
  const typedKeys = [...typed.keys()];
  const [index, own] = await Promise.all([relationsFor(db, typedKeys), productsOfKeys(db, typedKeys, columns.select)]);
  const matches = new Map([...typed].map(([key, shown]) => [key, resolvePartNumber(index, shown)]));
  const wanted = new Set([...matches.values()].flatMap((list) => list.map((m) => m.key)));
  for (const key of typedKeys) wanted.delete(key);
  const products = mergeById(own, await productsOfKeys(db, [...wanted], columns.select));
  const byKey = new Map<string, Keyed[]>();
  for (const row of products) {
    for (const k of new Set([row.pidKey, row.factoryKey])) {
      if (k === '') continue;
      const list = byKey.get(k);
      if (list) list.push(row);
      else byKey.set(k, [row]);
    }
  }
  for (const [key, list] of matches) {
    const hits: NumberHit<{ seq: number }>[] = [];
    const seen = new Set<number>();
    for (const m of list) {
      for (const row of byKey.get(m.key) ?? []) {
        if (seen.has(row.seq) || hits.length >= MAX_HITS_PER_NUMBER) continue;
        seen.add(row.seq);
        const { pidKey: _p, factoryKey: _f, ...product } = row;
        hits.push({ product, match: m.match, reason: m.label, path: m.path });
      }
    }
    out.set(key, hits);
  }
  return out;
}

type Keyed = { seq: number; pidKey: string; factoryKey: string };

/** Two lists in id order as one, each product once. */
function mergeById<T extends { seq: number }>(a: T[], b: T[]): T[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]!.seq <= b[j]!.seq) ? a[i++]! : b[j++]!;
    if (out.length === 0 || out[out.length - 1]!.seq !== next.seq) out.push(next);
  }
  return out;
}

/**
 * A prepared statement on a measured hot path (docs/architecture.md#the-database): a quick order
 * reads thousands of rows here, and the builder's row mapping doubled the process's CPU for them; a
 * part-number search reads a hundred, and node-postgres's shared object rows cost the project more
 * than the statement itself (docs/performance.md#what-keeps-the-figures).
 */
async function productsOfKeys(db: Db | Tx, keys: string[], select: string) {
  if (keys.length === 0) return [];
  const statement = preparedFor(
    'products_of_keys',
    `select ${select}, pid_key as "pidKey", factory_key as "factoryKey" from products
        where pid_key = any($1::text[]) or factory_key = any($1::text[]) order by id`,
  );
  return runPrepared<Keyed>(db, statement, [keyArray(keys)]);
}
