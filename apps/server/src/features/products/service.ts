import { alphaNumber, tierPrice, type CompanyLevel, type ProductView } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';

/** Whose prices an answer may carry: a company's level, or none for visitors and staff. */
export type Viewer = { level: CompanyLevel } | null;

/**
 * A product row as the hot paths read it: the columns are already named as the answer names its
 * fields (seq, factoryNum, stock, image, ...), so a visitor's row is sent as it comes. The tier
 * prices and the sale price come under names the answer does not have (priceA-D, basePrice): the
 * compiled serializer writes only the answer's fields, and only a member's row gets `price` and
 * `salePrice` (visitors get no price field at all).
 */
export type ProductRow = ProductView & { priceA: number; priceB: number; priceC: number; priceD: number; basePrice: number };

const LIST_COLUMNS = `id as seq, name, pid, factory_num as "factoryNum", type, has_amount as "hasAmount", has_amount as stock,
  stock_name as "stockName", storage_id as "storageId", img_files as "imgFiles", coalesce(img_files->>0, '') as image,
  detail_info as "detailInfo", category, brand, company_id as "companyId",
  price_a::float8 as "priceA", price_b::float8 as "priceB", price_c::float8 as "priceC", price_d::float8 as "priceD",
  sale_price::float8 as "basePrice"`;
/** The product page and popups read the long description too; the grid does not. */
const DETAIL_COLUMNS = `${LIST_COLUMNS}, description`;

/** Prices a row for the viewer, in place: a member gets the tier price of the company's level and the sale price. */
export function priceFor<T extends ProductRow>(row: T, viewer: Viewer): T {
  if (viewer) {
    row.price = tierPrice({ priceA: row.priceA, priceB: row.priceB, priceC: row.priceC, priceD: row.priceD, salePrice: row.basePrice }, viewer.level);
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

/**
 * The home grid: by name (trigram index on name), by part number (alpha-number prefix on the OE
 * and factory numbers, btree indexes), or everything, in id order so that paging is stable. Fetches
 * one extra row to tell whether more follow, instead of counting.
 */
export async function searchProducts(db: Db, q: ProductQuery): Promise<{ rows: ProductRow[]; more: boolean }> {
  const query = gridQuery(q);
  if (!query) return { rows: [], more: false };
  const rows = await runPrepared<ProductRow>(db, query.statement, query.values);
  const more = rows.length > q.size;
  if (more) rows.length = q.size;
  return { rows, more };
}

const BY_ID: PreparedStatement = { name: 'product_by_id', text: `select ${DETAIL_COLUMNS} from products where id = $1` };
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
