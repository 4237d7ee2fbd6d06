/**
 * A part number's own lookups beside the grid's prefix (docs/search.md#one-box): an aftermarket
 * number typed without its maker, a Mercedes-Benz number without its A, and the longer maker-less
 * numbers a number starts when it found nothing else.
 */
import { sql } from 'drizzle-orm';
import { alphaNumber, OWN_NUMBER_LABEL } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import { keyArray, MAX_HITS_PER_NUMBER, type NumberHit, type ProductColumns } from './part-numbers.js';
import type { ProductRow } from './rows.js';

/**
 * At most this many products per maker-less key of the longer numbers a number starts, when it found
 * nothing else (makerlessFactoryNumberStarts).
 */
export const MAX_NUMBER_STARTS = 20;

/**
 * Mercedes-Benz numbers are 'A' and 10 digits (and up to 4 more of a colour or variant): buyers
 * type the digits alone ('2371291199' for A 237 129 11 99), so a key of 10 to 14 digits is also
 * looked up whole with the A (docs/search.md#one-box).
 */
export const mercedesKey = (key: string): string | null => (/^\d{10,14}$/.test(key) ? `A${key}` : null);

/** A page of a maker-less number's products, and how many it has up to the page's end. */
export interface MakerlessPage {
  rows: ProductRow[];
  /** How many products the number has, less `excluding`, up to `skip + take`: all of them when fewer. */
  seen: number;
}

/**
 * An aftermarket number typed without its maker ('HU816X' for 'MANN HU 816 X'), or a Mercedes-Benz
 * number without its A (mercedesKey): the products whose maker-less key, or whose own number with
 * the A, is the typed one, in id order, in the category when one is given, less `excluding` (the
 * number's relation hits, listed before them): `take` rows from the `skip`th on, a page of the search
 * box's (docs/search.md#one-box). The number is read in id order up to the page's end and no further:
 * page 1 of a number on 40,000 products costs what a rare one's does, a later page what its offset
 * does. Not a prepared statement: planned
 * for the typed key each time. A generic plan took the average share of a factory number (the demo's
 * copies repeat 72 of them) and walked the table in id order for a number nothing has (290 ms at
 * 300,000 products).
 */
export async function makerlessFactoryNumber(
  db: Db,
  key: string,
  category: string | undefined,
  page: { excluding: readonly number[]; skip: number; take: number },
): Promise<MakerlessPage> {
  const benz = mercedesKey(key);
  const conditions = [
    sql`(factory_tail_key = ${key} or factory_bare_key = ${key}${benz === null ? sql`` : sql` or pid_key = ${benz}`})`,
  ];
  if (category) conditions.push(sql`category = ${category}`);
  if (page.excluding.length > 0) conditions.push(sql`id <> all(${`{${page.excluding.join(',')}}`}::int[])`);
  const where = sql.join(conditions, sql` and `);
  if (page.skip === 0) {
    // Page 1's (and any read from the first product): the plain statement, as cheap to plan as before.
    const rows = await queryRows<ProductRow>(
      db,
      sql`select ${sql.raw(LIST_COLUMNS)} from products where ${where} order by id limit ${page.take}`,
    );
    return { rows, seen: rows.length };
  }
  // One row even when the page is empty, so that `seen` always comes.
  const rows = await queryRows<(ProductRow & { seen: number }) | { seq: null; seen: number }>(
    db,
    sql`with found as materialized (
        select id from products where ${where} order by id limit ${page.skip + page.take}
      )
      select (select count(*)::int from found) as seen, p.* from (select 1) one left join lateral (
        select ${sql.raw(LIST_COLUMNS)} from products where id in (select id from found order by id offset ${page.skip})
      ) p on true order by p.seq`,
  );
  return {
    seen: rows[0]?.seen ?? 0,
    rows: rows.flatMap(({ seen: _, ...row }) => (row.seq === null ? [] : [row as ProductRow])),
  };
}

/** Why a maker-less hit matched, as the search box says it: the number the product has, as written. */
export function makerlessReason(row: { pid: string; factoryNum: string }, key: string): string {
  const benz = mercedesKey(key);
  const number = benz !== null && alphaNumber(row.pid) === benz ? row.pid : row.factoryNum;
  return `${OWN_NUMBER_LABEL} (${number})`;
}

/**
 * makerlessFactoryNumber for many keys at once (a quick order's lines that found nothing else,
 * docs/search.md#paste-anything): one statement for all of them, keyed by the key, each hit 'own'
 * with the search box's reason ('품번 일치 (MANN HU 816 X)', '품번 일치 (A2371291199)'), in id order,
 * at most MAX_HITS_PER_NUMBER per key. Planned for its keys each time, as the single lookup is.
 */
export async function makerlessFactoryNumbers<P extends { seq: number; pid: string; factoryNum: string }>(
  db: Db | Tx,
  keys: readonly string[],
  columns: ProductColumns<P>,
): Promise<Map<string, NumberHit<P>[]>> {
  const out = new Map<string, NumberHit<P>[]>();
  const wanted = [...new Set(keys)].filter((k) => k !== '');
  if (wanted.length === 0) return out;
  const benz = wanted.flatMap((k) => mercedesKey(k) ?? []);
  type Keyed = P & { tailKey: string; bareKey: string; pidKey: string };
  const rows = await queryRows<Keyed>(
    db,
    sql`select ${sql.raw(columns.select)}, factory_tail_key as "tailKey", factory_bare_key as "bareKey",
      pid_key as "pidKey" from products where factory_tail_key = any(${keyArray(wanted)}::text[])
      or factory_bare_key = any(${keyArray(wanted)}::text[]) or pid_key = any(${keyArray(benz)}::text[]) order by id`,
  );
  // Each row under the keys it has, so that a paste of many keys reads its rows once.
  const byFactory = new Map<string, Keyed[]>();
  const byPid = new Map<string, Keyed[]>();
  const file = (map: Map<string, Keyed[]>, key: string, row: Keyed) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for (const row of rows) {
    for (const k of new Set([row.tailKey, row.bareKey])) file(byFactory, k, row);
    file(byPid, row.pidKey, row);
  }
  for (const key of wanted) {
    const benzKey = mercedesKey(key);
    const found = [...(byFactory.get(key) ?? []), ...(benzKey === null ? [] : (byPid.get(benzKey) ?? []))];
    const seen = new Set<number>();
    const hits: NumberHit<P>[] = [];
    for (const { tailKey: _t, bareKey: _b, pidKey: _p, ...rest } of found.sort((a, b) => a.seq - b.seq)) {
      const product = rest as unknown as P;
      if (seen.has(product.seq) || hits.length >= MAX_HITS_PER_NUMBER) continue;
      seen.add(product.seq);
      hits.push({ product, match: 'own', reason: makerlessReason(product, key), path: [key] });
    }
    if (hits.length > 0) out.set(key, hits);
  }
  return out;
}

/**
 * When a number found nothing else, from `minLength` characters on (the grid's SELECTIVE_PREFIX):
 * the products of the longer maker-less numbers it starts ('HU816' finds HU816X), nearest number
 * first, which say so as an own number's start does (docs/search.md#one-box). Shorter keys start too many numbers to be worth a row
 * each; a number that found something is not asked again (an extra statement on every number search
 * cost a tenth of their throughput).
 */
export async function makerlessFactoryNumberStarts(
  db: Db,
  key: string,
  category: string | undefined,
  minLength: number,
): Promise<ProductRow[]> {
  if (key.length < minLength) return [];
  const starts = await runPrepared<ProductRow & { startKey: string }>(db, FACTORY_NUMBER_STARTS, [
    key,
    pastStart(key),
    category ?? null,
  ]);
  // Which 20 of a number's products the index gives is its own order; how they are shown is ours.
  starts.sort((a, b) => (a.startKey < b.startKey ? -1 : a.startKey > b.startKey ? 1 : a.seq - b.seq));
  // Both scans find a product whose two keys are one ('TEXTAR 92265325'): it is listed once, at its
  // nearest number (docs/search.md#one-box).
  const seen = new Set<number>();
  return starts.flatMap(({ startKey: _, ...row }) => (seen.has(row.seq) ? [] : (seen.add(row.seq), [row])));
}

/**
 * The longer numbers a key starts, on each maker-less key: a range of the pattern index past the key
 * itself (~>~) and before the first text the key does not start (~<~ pastStart), read in the index's
 * order and stopped at MAX_NUMBER_STARTS, so that a number on 40,000 products costs what a rare one
 * does. The bounds are parameters, not a LIKE, so the prepared plan keeps them as index conditions.
 * A category ($3, null for none) is a condition of the walk, so its 20 are the category's.
 */
const FACTORY_NUMBER_STARTS: PreparedStatement = {
  name: 'products_factory_number_starts',
  text: ['factory_tail_key', 'factory_bare_key']
    .map(
      (c) => `(select ${LIST_COLUMNS}, ${c} as "startKey" from products where ${c} ~>~ $1 and ${c} ~<~ $2
        and ($3::text is null or category = $3::text) order by ${c} using ~<~ limit ${MAX_NUMBER_STARTS})`,
    )
    .join(' union all '),
};

/** The first text after every text that starts with `key` (an alpha-number: A-Z and 0-9 only). */
const pastStart = (key: string) => key.slice(0, -1) + String.fromCharCode(key.charCodeAt(key.length - 1) + 1);
