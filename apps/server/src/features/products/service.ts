import { alphaNumber, OWN_NUMBER_LABEL, tierPrice, type CompanyLevel, type ProductHit } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import { nameCondition, productsByName, similarNames, synonymIndex } from './name-search.js';
import { findProductsByNumbers } from './part-numbers.js';
import type { ProductRow } from './rows.js';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

type Search = 'all' | 'name' | 'pid' | 'pidSelective';

/** One prepared statement per kind of search, with or without a category: eight texts in all. */
const statements = new Map<string, PreparedStatement>();
function gridStatement(search: Search, inCategory: boolean): PreparedStatement {
  const key = `${search}${inCategory ? ':category' : ''}`;
  let statement = statements.get(key);
  if (!statement) {
    // $1 is the pattern (when there is one), then the category, then limit and offset.
    const params = search === 'all' ? [] : ['pattern'];
    if (inCategory) params.push('category');
    const p = (name: string) => `$${params.indexOf(name) + 1}`;
    const limit = `$${params.length + 1}`;
    const offset = `$${params.length + 2}`;
    const category = inCategory ? ` and category = ${p('category')}` : '';
    let text: string;
    if (search === 'pidSelective') {
      text = `select ${LIST_COLUMNS} from products where id in (
          select id from (
            select id from products where pid_key like ${p('pattern')}${category}
            union
            select id from products where factory_key like ${p('pattern')}${category}
          ) matches order by id limit ${limit} offset ${offset}
        ) order by id`;
    } else {
      const conditions: string[] = [];
      if (search === 'name') conditions.push(`name ilike ${p('pattern')}`);
      if (search === 'pid') conditions.push(`(pid_key like ${p('pattern')} or factory_key like ${p('pattern')})`);
      if (inCategory) conditions.push(`category = ${p('category')}`);
      const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
      text = `select ${LIST_COLUMNS} from products${where} order by id limit ${limit} offset ${offset}`;
    }
    statement = { name: `products_grid_${key.replace(':', '_')}`, text };
    statements.set(key, statement);
  }
  return statement;
}

/**
 * The statement and parameters of a grid query, or null when the query cannot match anything (a
 * part number with no letter or digit). The benchmark's bare server runs the very same.
 */
export function gridQuery(q: ProductQuery): { statement: PreparedStatement; values: unknown[] } | null {
  const keyword = q.keyword ?? '';
  let search: Search = 'all';
  let pattern: string | null = null;
  if (keyword !== '') {
    if (q.searchType === 'pid') {
      const key = alphaNumber(keyword);
      if (key === '') return null;
      search = key.length >= SELECTIVE_PREFIX ? 'pidSelective' : 'pid';
      pattern = `${key}%`;
    } else {
      search = 'name';
      pattern = `%${escapeLike(keyword)}%`;
    }
  }
  const values: unknown[] = [];
  if (pattern !== null) values.push(pattern);
  if (q.category) values.push(q.category);
  values.push(q.size + 1, (q.page - 1) * q.size);
  return { statement: gridStatement(search, Boolean(q.category)), values };
}

/** A grid row of a search, with why it matched (productHit in the contract). */
export type ProductHitRow = ProductRow & { matchKind?: ProductHit['matchKind']; matchReason?: string };

/** At most this many relation hits (chain, interchangeable) head the first page of a number search. */
const MAX_RELATION_HITS = 20;
export const SIMILAR_REASON = '비슷한 이름';

/**
 * The home grid: by name (docs/search.md#korean-name-search: 초성, half-typed syllables, synonyms,
 * then a typo), by part number (docs/search.md#part-numbers: the first page starts with what the
 * number's chain and interchangeable numbers lead to, then the alpha-number prefix of the OE and
 * factory numbers), or everything, in id order so that paging is stable. Fetches one extra row to
 * tell whether more follow, instead of counting.
 */
export async function searchProducts(db: Db, q: ProductQuery): Promise<{ rows: ProductHitRow[]; more: boolean }> {
  const keyword = q.keyword ?? '';
  if (keyword !== '' && q.searchType !== 'pid') return searchByName(db, keyword, q);
  const query = gridQuery(q);
  if (!query) return { rows: [], more: false };
  const rows: ProductHitRow[] = await runPrepared<ProductRow>(db, query.statement, query.values);
  const more = rows.length > q.size;
  if (more) rows.length = q.size;
  if (keyword === '') return { rows, more };
  for (const row of rows) {
    row.matchKind = 'own';
    row.matchReason = OWN_NUMBER_LABEL;
  }
  if (q.page !== 1) return { rows, more };
  const hits = (await findProductsByNumbers(db, [keyword])).get(alphaNumber(keyword)) ?? [];
  const head: ProductHitRow[] = hits
    .filter((h) => !q.category || h.product.category === q.category)
    .slice(0, MAX_RELATION_HITS)
    .map((h) => ({ ...h.product, matchKind: h.match, matchReason: h.reason }));
  const shown = new Set(head.map((r) => r.seq));
  return { rows: [...head, ...rows.filter((r) => !shown.has(r.seq))], more };
}

async function searchByName(
  db: Db,
  keyword: string,
  q: ProductQuery,
): Promise<{ rows: ProductHitRow[]; more: boolean }> {
  const where = nameCondition(keyword, await synonymIndex(db));
  if (!where) return { rows: [], more: false };
  const rows: ProductHitRow[] = await productsByName(db, where, {
    category: q.category,
    limit: q.size + 1,
    offset: (q.page - 1) * q.size,
  });
  const more = rows.length > q.size;
  if (more) rows.length = q.size;
  for (const row of rows) row.matchKind = 'name';
  // Nothing found as typed: names one typo away, marked as such (a query that finds something is
  // not second-guessed: '브레잌' is a half-typed 브레이크, not a misspelt 브레이드).
  if (q.page === 1 && rows.length === 0) {
    const similar = await similarNames(db, keyword, {
      category: q.category,
      exclude: rows.map((r) => r.seq),
      limit: q.size - rows.length,
    });
    for (const row of similar) rows.push({ ...row, matchKind: 'similar', matchReason: SIMILAR_REASON });
  }
  return { rows, more };
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
