import {
  alphaNumber,
  numberAmongWords,
  partNumberTypedInHangul,
  searchedAsNumberFirst,
  OWN_NUMBER_LABEL,
  prefixNumberLabel,
  tierPrice,
  type CompanyLevel,
  type ProductHit,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import {
  MAX_RELATION_HITS,
  makerlessFactoryNumber,
  makerlessFactoryNumberStarts,
  mercedesKey,
} from './makerless-numbers.js';
import { synonymIndex } from './name-search.js';
import { findProductsByNumbers } from './part-numbers.js';
import type { ProductRow } from './rows.js';
import { searchByWords } from './word-search.js';

export type { ProductRow } from './rows.js';

/** Whose prices an answer may carry: a company's level, or none for visitors and staff. */
export type Viewer = { level: CompanyLevel } | null;

/** The product page and popups read the long description too; the grid does not. */
const DETAIL_COLUMNS = `${LIST_COLUMNS}, description`;

/** Prices a row for the viewer, in place: a member gets the tier price of the company's level and the sale price. */
export function priceFor<T extends ProductRow>(row: T, viewer: Viewer): T {
  if (viewer) {
    row.price = tierPrice(
      { priceA: row.priceA, priceB: row.priceB, priceC: row.priceC, priceD: row.priceD, salePrice: row.basePrice },
      viewer.level,
    );
    row.salePrice = row.basePrice;
  }
  return row;
}

export interface ProductQuery {
  searchType?: 'name' | 'pid' | '' | undefined;
  keyword?: string | undefined;
  category?: string | undefined;
  page: number;
  size: number;
}

/**
 * From this many characters on, a part-number prefix is selective: the matching ids are collected
 * through the two pattern indexes and paged before the rows are read. (Given the OR of two LIKEs,
 * the planner walks the whole table in id order instead, ~30x slower on a million rows.) Shorter
 * prefixes match so many rows that the id-order walk finds a page at once.
 */
const SELECTIVE_PREFIX = 5;

/** The grid's statements: every product, or a part-number prefix (names are searched by word-search.ts). */
type Search = 'all' | 'pid' | 'pidSelective';

/**
 * One prepared statement per kind of search, with or without a category, and for a part-number
 * prefix with or without ids left out (the rows a number search showed at page 1's head): ten texts.
 */
const statements = new Map<string, PreparedStatement>();
function gridStatement(search: Search, inCategory: boolean, excluding: boolean): PreparedStatement {
  const key = `${search}${inCategory ? ':category' : ''}${excluding ? ':excluding' : ''}`;
  let statement = statements.get(key);
  if (!statement) {
    // $1 is the pattern (when there is one), then the category, the ids left out, then limit and offset.
    const params = search === 'all' ? [] : ['pattern'];
    if (inCategory) params.push('category');
    if (excluding) params.push('excluding');
    const p = (name: string) => `$${params.indexOf(name) + 1}`;
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const category = inCategory ? ` and category = ${p('category')}` : '';
    const notShown = excluding ? `id <> all(${p('excluding')}::int[])` : '';
    let text: string;
    if (search === 'pidSelective') {
      text = `select ${LIST_COLUMNS} from products where id in (
          select id from (
            select id from products where pid_key like ${p('pattern')}${category}
            union
            select id from products where factory_key like ${p('pattern')}${category}
          ) matches${notShown ? ` where ${notShown}` : ''} order by id limit ${limit} offset ${offset}
        ) order by id`;
    } else {
      const conditions: string[] = [];
      if (search === 'pid') conditions.push(`(pid_key like ${p('pattern')} or factory_key like ${p('pattern')})`);
      if (inCategory) conditions.push(`category = ${p('category')}`);
      if (notShown) conditions.push(notShown);
      const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
      text = `select ${LIST_COLUMNS} from products${where} order by id limit ${limit} offset ${offset}`;
    }
    statement = { name: `products_grid_${key.replaceAll(':', '_')}`, text };
    statements.set(key, statement);
  }
  return statement;
}

/**
 * The statement and parameters of a grid query: every product without a keyword, else the keyword
 * as a part-number prefix, less the ids given; null when it cannot match anything (no letter or digit).
 */
function gridQuery(
  q: ProductQuery,
  excluding: readonly number[] = [],
): { statement: PreparedStatement; values: unknown[] } | null {
  const keyword = q.keyword ?? '';
  let search: Search = 'all';
  let pattern: string | null = null;
  if (keyword !== '') {
    const key = alphaNumber(keyword);
    if (key === '') return null;
    search = key.length >= SELECTIVE_PREFIX ? 'pidSelective' : 'pid';
    pattern = `${key}%`;
  }
  const excludes = search !== 'all' && excluding.length > 0;
  const values: unknown[] = [];
  if (pattern !== null) values.push(pattern);
  if (q.category) values.push(q.category);
  if (excludes) values.push(excluding);
  values.push(q.size + 1, (q.page - 1) * q.size);
  return { statement: gridStatement(search, Boolean(q.category), excludes), values };
}

/** A grid row of a search, with why it matched (productHit in the contract). */
export type ProductHitRow = ProductRow & { matchKind?: ProductHit['matchKind']; matchReason?: string };

/** What a query was searched as (the answer's `searchedAs`): a part number, words of a name, or words with a typo. */
export type SearchedAs = 'number' | 'name' | 'similar';

export interface SearchAnswer {
  rows: ProductHitRow[];
  more: boolean;
  searchedAs?: SearchedAs;
  /** A word of a name search no product has, which left it empty (productListAnswer's unmatchedWord). */
  unmatchedWord?: string;
}

/**
 * The home grid (docs/search.md#one-box). The search type is a hint, not a wall: a query that reads
 * as a part number (or any query in number mode) is searched as one first — its own products, the
 * current products of its chain, its interchangeable numbers, an aftermarket number without the
 * maker's name before it, then the alpha-number prefix of the OE and factory numbers — and as words
 * of a name when that finds nothing (docs/search.md#words-in-any-order). Without a keyword,
 * everything in id order. Fetches one extra row to tell whether more follow, instead of counting.
 */
export async function searchProducts(db: Db, q: ProductQuery): Promise<SearchAnswer> {
  const keyword = q.keyword ?? '';
  if (keyword === '') {
    const query = gridQuery(q);
    const rows: ProductHitRow[] = query ? await runPrepared<ProductRow>(db, query.statement, query.values) : [];
    const more = rows.length > q.size;
    if (more) rows.length = q.size;
    return { rows, more };
  }
  if (searchedAsNumberFirst(keyword, q.searchType === 'pid')) {
    const found = await searchByNumber(db, keyword, q);
    if (found.rows.length > 0) return { ...found, searchedAs: 'number' };
    // A later page past the number's hits is still the number's (page 1 decides what the query is).
    if (q.page > 1 && (await searchByNumber(db, keyword, { ...q, page: 1, size: 1 })).rows.length > 0)
      return { rows: [], more: false, searchedAs: 'number' };
  }
  const found = await searchByWords(db, keyword, await synonymIndex(db), {
    category: q.category,
    page: q.page,
    size: q.size,
    typos: 'all',
  });
  // Nothing by name: a part number typed beside a make or a part word ('BMW 42215489599') is the
  // number's (docs/search.md#one-box); asked only of a search that found nothing.
  const among = found.hits.length === 0 ? numberAmongWords(keyword) : null;
  if (among !== null) {
    const byNumber = await searchByNumber(db, among, { ...q, keyword: among });
    if (byNumber.rows.length > 0) return { ...byNumber, searchedAs: 'number' };
  }
  if (found.hits.length === 0) {
    const byKeys = await numberTypedInHangul(db, keyword, q);
    if (byKeys) return { ...byKeys, searchedAs: 'number' };
  }
  // The rows are this search's own: marked in place (a copy of each row cost more than the marks).
  const rows: ProductHitRow[] = found.hits.map((h) => {
    const row: ProductHitRow = h.row;
    row.matchKind = h.similar ? 'similar' : 'name';
    if (h.reason) row.matchReason = h.reason;
    return row;
  });
  return {
    rows,
    more: found.more,
    searchedAs: found.similar ? 'similar' : 'name',
    ...(found.unmatched === undefined ? {} : { unmatchedWord: found.unmatched }),
  };
}

/**
 * A part number whose letters were typed with the input left in Korean ('ㅁ2371291199' for
 * A2371291199, docs/search.md#latin-typed-in-korean), searched as the number its keys spell; each row
 * says so before its own reason ('한/영 전환 (ㅁ2371291199 → A2371291199) · 품번 일치'). Null when the
 * query reads as no such number or the number found nothing. Asked only of a search that found nothing.
 */
export async function numberTypedInHangul(db: Db, keyword: string, q: ProductQuery): Promise<SearchAnswer | null> {
  const keys = partNumberTypedInHangul(keyword);
  if (keys === null) return null;
  const found = await searchByNumber(db, keys, { ...q, keyword: keys });
  if (found.rows.length === 0) return null;
  const read = `한/영 전환 (${keyword.trim().split(/\s+/u).join(' ')} → ${keys.toUpperCase()})`;
  for (const row of found.rows) row.matchReason = row.matchReason ? `${read} · ${row.matchReason}` : read;
  return found;
}

/** Page 1 of the number search alone, no name search after it (docs/search.md#suggestions). */
export const productsByNumber = async (db: Db, keyword: string, size: number): Promise<ProductHitRow[]> =>
  (await searchByNumber(db, keyword, { searchType: 'pid', keyword, page: 1, size })).rows;

/**
 * A number search's pages: page 1 is its head (the number's relations and its maker-less factory
 * number) and then the prefix's rows; every page's prefix rows leave out the head's, so a product is
 * shown once across the pages (docs/search.md#one-box).
 */
async function searchByNumber(db: Db, keyword: string, q: ProductQuery): Promise<SearchAnswer> {
  const query = gridQuery(q);
  if (!query) return { rows: [], more: false };
  const key = alphaNumber(keyword);
  // The prefix's page, read one row past it to tell whether more follow.
  const prefixPage = (excluding: readonly number[]) => {
    const page = excluding.length ? gridQuery(q, excluding)! : query;
    return runPrepared<ProductHitRow>(db, page.statement, page.values);
  };
  let rows: ProductHitRow[];
  let head: ProductHitRow[];
  if (q.page === 1) {
    // Page 1's statements do not wait for each other (docs/search.md#what-a-search-costs): the
    // prefix page and the head run at once, each on its own connection of the pool. Only when the
    // head took rows of a page that has more is the page read again without them.
    [rows, head] = await Promise.all([prefixPage([]), numberHead(db, keyword, key, q.category)]);
    const headIds = head.map((r) => r.seq);
    if (rows.length > q.size && rows.some((r) => headIds.includes(r.seq))) rows = await prefixPage(headIds);
  } else {
    head = await numberHead(db, keyword, key, q.category);
    rows = await prefixPage(head.map((r) => r.seq));
  }
  const shown = new Set(head.map((r) => r.seq));
  rows = rows.filter((r) => !shown.has(r.seq));
  const more = rows.length > q.size;
  if (more) rows.length = q.size;
  for (const row of rows) {
    row.matchKind = 'own';
    row.matchReason = ownNumberReason(row, key);
  }
  // A number that found nothing else lists the longer maker-less numbers it starts, paged as any
  // rows are (a later page asks whether page 1's prefix was empty too, so only then).
  if (head.length === 0 && rows.length === 0 && (q.page === 1 || (await prefixIsEmpty(db, q))))
    return makerlessStartsPage(await makerlessFactoryNumberStarts(db, key, q.category, SELECTIVE_PREFIX), q);
  return { rows: q.page === 1 ? [...head, ...rows] : rows, more };
}

/** Whether the number's prefix has no row at all: its page 1 is empty. */
async function prefixIsEmpty(db: Db, q: ProductQuery): Promise<boolean> {
  const first = gridQuery({ ...q, page: 1, size: 1 });
  return !first || (await runPrepared<ProductRow>(db, first.statement, first.values)).length === 0;
}

/** One page of the longer maker-less numbers' products: at most `size` rows, `more` when a page follows. */
function makerlessStartsPage(starts: ProductRow[], q: ProductQuery): SearchAnswer {
  const from = (q.page - 1) * q.size;
  const rows: ProductHitRow[] = starts
    .slice(from, from + q.size)
    .map((row) => ({ ...row, matchKind: 'own', matchReason: prefixNumberLabel(row.factoryNum) }));
  return { rows, more: starts.length > from + q.size };
}

/** Page 1's head of a number search: the number's relations (at most MAX_RELATION_HITS), then its maker-less factory number. */
async function numberHead(
  db: Db,
  keyword: string,
  key: string,
  category: string | undefined,
): Promise<ProductHitRow[]> {
  const [hits, makerless] = await Promise.all([
    findProductsByNumbers(db, [keyword]).then((found) => found.get(key) ?? []),
    makerlessFactoryNumber(db, key, category),
  ]);
  const head: ProductHitRow[] = hits
    .filter((h) => !category || h.product.category === category)
    .slice(0, MAX_RELATION_HITS)
    .map((h) => ({ ...h.product, matchKind: h.match, matchReason: h.reason }));
  const shown = new Set(head.map((r) => r.seq));
  const benz = mercedesKey(key);
  for (const row of makerless) {
    if (shown.has(row.seq)) continue;
    shown.add(row.seq);
    const number = benz !== null && alphaNumber(row.pid) === benz ? row.pid : row.factoryNum;
    head.push({ ...row, matchKind: 'own', matchReason: `${OWN_NUMBER_LABEL} (${number})` });
  }
  return head;
}

/**
 * Why the grid's prefix found a row: its OE number, whole or by its start, else its factory number
 * (named, as the buyer may not know it as this product's: 'QZ770' finds FK-QZ-1 by QZ77009).
 */
function ownNumberReason(row: ProductRow, key: string): string {
  const pid = alphaNumber(row.pid);
  if (pid === key) return OWN_NUMBER_LABEL;
  if (pid.startsWith(key)) return prefixNumberLabel(row.pid);
  return alphaNumber(row.factoryNum) === key
    ? `${OWN_NUMBER_LABEL} (${row.factoryNum})`
    : prefixNumberLabel(row.factoryNum);
}

const BY_ID: PreparedStatement = {
  name: 'product_by_id',
  text: `select ${DETAIL_COLUMNS} from products where id = $1`,
};
const BY_OE_NUMBER: PreparedStatement = {
  name: 'products_by_oe_number',
  text: `select ${DETAIL_COLUMNS} from products where pid_key = $1 order by id limit 50`,
};

export async function productById(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await runPrepared<ProductRow>(db, BY_ID, [id]);
  return row;
}

/** Products whose OE number matches a catalogue part number (alpha-number forms equal). */
export async function productsByOeNumber(db: Db, pid: string): Promise<ProductRow[]> {
  const key = alphaNumber(pid);
  if (key === '') return [];
  return runPrepared<ProductRow>(db, BY_OE_NUMBER, [key]);
}

const BY_OE_NUMBERS: PreparedStatement = {
  name: 'products_by_oe_numbers',
  text: `select ${LIST_COLUMNS}, pid_key as "pidKey" from products where pid_key = any($1::text[]) order by pid_key, id`,
};

/**
 * The products of many part numbers at once (alpha-number keys), for a catalogue parts page: one
 * query for the whole drawing, grouped by key.
 */
export async function productsByOeKeys(db: Db, keys: readonly string[]): Promise<Map<string, ProductRow[]>> {
  const wanted = [...new Set(keys.filter((k) => k !== ''))];
  const out = new Map<string, ProductRow[]>();
  if (wanted.length === 0) return out;
  const rows = await runPrepared<ProductRow & { pidKey: string }>(db, BY_OE_NUMBERS, [wanted]);
  for (const row of rows) {
    const list = out.get(row.pidKey) ?? [];
    if (list.length < 20) list.push(row);
    out.set(row.pidKey, list);
  }
  return out;
}

/**
 * One page of the products among `ids` (in id order, as the grid), in a category when one is given:
 * the home grid filtered to a vehicle (docs/requirements.md#my-vehicles).
 */
export async function productsAmong(
  db: Db,
  ids: readonly number[],
  q: { category?: string | undefined; page: number; size: number },
): Promise<{ rows: ProductRow[]; more: boolean }> {
  if (ids.length === 0) return { rows: [], more: false };
  const category = q.category ? q.category : null;
  const rows = await runPrepared<ProductRow>(db, AMONG_IDS, [[...ids], category, q.size + 1, (q.page - 1) * q.size]);
  return { rows: rows.slice(0, q.size), more: rows.length > q.size };
}

const AMONG_IDS: PreparedStatement = {
  name: 'products_among_ids',
  text: `select ${LIST_COLUMNS} from products where id = any($1::int[]) and ($2::text is null or category = $2::text)
    order by id limit $3 offset $4`,
};
