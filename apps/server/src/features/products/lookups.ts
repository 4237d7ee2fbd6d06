/** Products looked up by id, by OE number or among ids: the product page, the catalogue's parts, a vehicle's grid. */
import { alphaNumber } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared, type PreparedStatement } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import type { ProductRow } from './rows.js';

/** The product page and popups read the long description too; the grid does not. */
const DETAIL_COLUMNS = `${LIST_COLUMNS}, description`;

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
