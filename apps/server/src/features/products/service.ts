import {
  alphaNumber,
  isPartNumberWord,
  numberAmongWords,
  partNumbersInQuery,
  partNumberTypedInHangul,
  searchedAsNumberFirst,
  searchWords,
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
  makerlessFactoryNumber,
  makerlessFactoryNumberStarts,
  makerlessReason,
  mercedesKey,
  type MakerlessPage,
} from './makerless-numbers.js';
import { synonymIndex } from './name-search.js';
import { findProductsByNumbers } from './part-numbers.js';
import type { ProductRow } from './rows.js';
import { searchByWords } from './word-search.js';

export type { ProductRow } from './rows.js';

/** Whose prices an answer may carry: a company's level, or none for visitors and staff. */
export type Viewer = { level: CompanyLevel } | null;

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
 * prefix with or without ids left out (the number's relation hits, listed before it): ten texts. A
 * prefix leaves out the products of the typed number without its maker too (`factory_tail_key`,
 * `factory_bare_key`, a Mercedes-Benz number's A: $2 and $3), which the number search lists before
 * it (makerless-numbers.ts), so that a product is listed once (docs/search.md#one-box).
 */
const statements = new Map<string, PreparedStatement>();
function gridStatement(search: Search, inCategory: boolean, excluding: boolean): PreparedStatement {
  const key = `${search}${inCategory ? ':category' : ''}${excluding ? ':excluding' : ''}`;
  let statement = statements.get(key);
  if (!statement) {
    // $1 is the pattern and $2, $3 the maker-less keys (when there is a pattern), then the category,
    // the ids left out, then limit and offset.
    const params = search === 'all' ? [] : ['pattern', 'makerless', 'benz'];
    if (inCategory) params.push('category');
    if (excluding) params.push('excluding');
    const p = (name: string) => `$${params.indexOf(name) + 1}`;
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const category = inCategory ? ` and category = ${p('category')}` : '';
    const notShown = excluding ? `id <> all(${p('excluding')}::int[])` : '';
    const notMakerless =
      search === 'all'
        ? ''
        : `factory_tail_key <> ${p('makerless')} and factory_bare_key <> ${p('makerless')}` +
          ` and pid_key is distinct from ${p('benz')}::text`;
    let text: string;
    if (search === 'pidSelective') {
      text = `select ${LIST_COLUMNS} from products where id in (
          select id from (
            select id from products where pid_key like ${p('pattern')}${category} and ${notMakerless}
            union
            select id from products where factory_key like ${p('pattern')}${category} and ${notMakerless}
          ) matches${notShown ? ` where ${notShown}` : ''} order by id limit ${limit} offset ${offset}
        ) order by id`;
    } else {
      const conditions: string[] = [];
      if (search === 'pid') {
        conditions.push(`(pid_key like ${p('pattern')} or factory_key like ${p('pattern')})`, notMakerless);
      }
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

/** Which rows of a grid query to read: `limit` from the `offset`th on, less the ids in `excluding`. */
interface GridWindow {
  offset: number;
  limit: number;
  excluding?: readonly number[];
}

/**
 * The statement and parameters of a grid query: every product without a keyword, else the keyword
 * as a part-number prefix less its maker-less products and the ids given; null when it cannot match
 * anything (no letter or digit). Reads a page and one row more (to tell whether more follow) unless
 * another window is given.
 */
function gridQuery(
  q: ProductQuery,
  window: GridWindow = { offset: (q.page - 1) * q.size, limit: q.size + 1 },
): { statement: PreparedStatement; values: unknown[] } | null {
  const keyword = q.keyword ?? '';
  let search: Search = 'all';
  const values: unknown[] = [];
  if (keyword !== '') {
    const key = alphaNumber(keyword);
    if (key === '') return null;
    search = key.length >= SELECTIVE_PREFIX ? 'pidSelective' : 'pid';
    values.push(`${key}%`, key, mercedesKey(key));
  }
  const excluding = window.excluding ?? [];
  const excludes = search !== 'all' && excluding.length > 0;
  if (q.category) values.push(q.category);
  if (excludes) values.push(excluding);
  values.push(window.limit, window.offset);
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
  // Nothing by name: part numbers listed ('42215489599, 42212089199') are each searched, and a part
  // number typed beside a make or a part word ('BMW 42215489599') is the number's
  // (docs/search.md#one-box); asked only of a search that found nothing.
  const listed = found.hits.length === 0 ? partNumbersInQuery(keyword) : [];
  if (listed.length > 0) {
    const byNumbers = await searchByNumbers(db, listed, q);
    // A later page past their hits is still theirs (page 1 decides what the query is).
    if (
      byNumbers.rows.length > 0 ||
      (q.page > 1 && (await searchByNumbers(db, listed, { ...q, page: 1, size: 1 })).rows.length > 0)
    )
      return { ...byNumbers, searchedAs: 'number' };
  }
  const among = found.hits.length === 0 && listed.length === 0 ? numberAmongWords(keyword) : null;
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
    ...(found.unmatched === undefined ? {} : { unmatchedWord: unmatchedOf(keyword, found.unmatched) }),
  };
}

/**
 * The word a search left empty names: a group of digits of a query that reads as one spaced part
 * number ('000' of 'a 000 420 12 20') is the whole number's, named whole (A0004201220,
 * docs/search.md#a-word-no-product-has).
 */
const unmatchedOf = (keyword: string, word: string) =>
  /^\d+$/.test(word) && searchWords(keyword).length > 1 && isPartNumberWord(keyword) ? alphaNumber(keyword) : word;

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

/**
 * Several part numbers of one query (partNumbersInQuery), as one list: each number's rows in the
 * order typed, as its own search lists them, a product once, where it first comes. Each number is
 * read up to the page's end.
 */
async function searchByNumbers(db: Db, numbers: string[], q: ProductQuery): Promise<SearchAnswer> {
  const through = q.page * q.size;
  const lists = await Promise.all(
    numbers.map((n) => searchByNumber(db, n, { ...q, keyword: n, page: 1, size: through })),
  );
  const seen = new Set<number>();
  const rows = lists.flatMap((list) => list.rows.filter((row) => !seen.has(row.seq) && seen.add(row.seq)));
  const from = (q.page - 1) * q.size;
  return { rows: rows.slice(from, from + q.size), more: rows.length > from + q.size || lists.some((l) => l.more) };
}

/** Page 1 of the number search alone, no name search after it (docs/search.md#suggestions). */
export const productsByNumber = async (db: Db, keyword: string, size: number): Promise<ProductHitRow[]> =>
  (await searchByNumber(db, keyword, { searchType: 'pid', keyword, page: 1, size })).rows;

/**
 * A number search's pages (docs/search.md#one-box): one list, `size` rows a page, of the number's
 * relation hits (its chains' current products, its own, its interchangeable ones), then the products
 * of the number without its maker, then its prefix's; each product once, where it first comes.
 * The relations are read whole on every page (at most MAX_HITS_PER_NUMBER products); the maker-less
 * number and the prefix are read in id order up to the page's end and no further, and leave out
 * what comes before them: page 1 of a number on 40,000 products costs what a rare one's does.
 */
async function searchByNumber(db: Db, keyword: string, q: ProductQuery): Promise<SearchAnswer> {
  const key = alphaNumber(keyword);
  if (key === '') return { rows: [], more: false };
  const from = (q.page - 1) * q.size;
  // The page's rows and one more (whether more follow).
  const through = from + q.size + 1;
  const prefixPage = async (window: GridWindow) => {
    const query = gridQuery(q, window)!;
    return runPrepared<ProductRow>(db, query.statement, query.values);
  };
  let relations: ProductHitRow[];
  let makerless: MakerlessPage;
  let prefix: ProductRow[];
  if (q.page === 1) {
    // Page 1's statements do not wait for each other (docs/search.md#what-a-search-costs): the
    // maker-less number and the prefix are read without the relations' ids, `size + 1` rows each, and
    // the relations' rows dropped after. Each loses at most as many rows as the relations bring, so
    // the page is whole; the prefix comes only after the maker-less number's last product.
    [relations, makerless, prefix] = await Promise.all([
      numberRelations(db, keyword, key, q.category),
      makerlessFactoryNumber(db, key, q.category, { excluding: [], skip: 0, take: through }),
      prefixPage({ offset: 0, limit: through }),
    ]);
    const shown = new Set(relations.map((r) => r.seq));
    if (makerless.rows.length === through) prefix = [];
    makerless.rows = makerless.rows.filter((r) => !shown.has(r.seq));
    prefix = prefix.filter((r) => !shown.has(r.seq));
  } else {
    // A later page reads the relations first: what follows them is read from where the page starts
    // among them, less their ids. The prefix starts after the maker-less number's last product.
    relations = await numberRelations(db, keyword, key, q.category);
    const excluding = relations.map((r) => r.seq);
    const skip = Math.max(0, from - relations.length);
    // Nothing to read when the relations fill the page and the row after it.
    const take = through - Math.max(from, relations.length);
    makerless =
      take > 0 ? await makerlessFactoryNumber(db, key, q.category, { excluding, skip, take }) : { rows: [], seen: 0 };
    const left = take - makerless.rows.length;
    prefix = left > 0 ? await prefixPage({ offset: Math.max(0, skip - makerless.seen), limit: left, excluding }) : [];
  }
  const found: ProductHitRow[] = [
    ...relations.slice(from),
    ...makerless.rows.map((row) => ({ ...row, matchKind: 'own' as const, matchReason: makerlessReason(row, key) })),
    ...prefix.map((row) => ({ ...row, matchKind: 'own' as const, matchReason: ownNumberReason(row, key) })),
  ];
  // A number that found nothing at all lists the longer maker-less numbers it starts, paged as any
  // rows are (a later page asks whether page 1 was empty too, so only then).
  if (
    relations.length === 0 &&
    found.length === 0 &&
    (q.page === 1 || (makerless.seen === 0 && (await prefixIsEmpty(db, q))))
  )
    return makerlessStartsPage(await makerlessFactoryNumberStarts(db, key, q.category, SELECTIVE_PREFIX), q);
  const more = found.length > q.size;
  if (more) found.length = q.size;
  return { rows: found, more };
}

/** Whether the number's prefix has no row at all (less its maker-less products): its page 1 is empty. */
async function prefixIsEmpty(db: Db, q: ProductQuery): Promise<boolean> {
  const first = gridQuery(q, { offset: 0, limit: 1 });
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

/**
 * A number search's relation hits, best first (findProductsByNumbers: at most MAX_HITS_PER_NUMBER),
 * in the category when one is given.
 */
async function numberRelations(
  db: Db,
  keyword: string,
  key: string,
  category: string | undefined,
): Promise<ProductHitRow[]> {
  const hits = (await findProductsByNumbers(db, [keyword])).get(key) ?? [];
  return hits
    .filter((h) => !category || h.product.category === category)
    .map((h) => ({ ...h.product, matchKind: h.match, matchReason: h.reason }));
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
