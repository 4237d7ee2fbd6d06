import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LOW_STOCK,
  MSG_ADMIN,
  alphaNumber,
  productNameColumns,
  productFields,
  type AdminProduct,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../shared/http.js';
import { escapeLike } from './search.js';

/** The back office's product rows: the search condition, the answer's shape, and the writes a save and an import share. */

export const num = (v: unknown) => Number(v ?? 0);

export function toProduct(r: Record<string, unknown>): AdminProduct {
  return {
    seq: num(r.id),
    name: String(r.name),
    pid: String(r.pid),
    factoryNum: String(r.factory_num),
    type: num(r.type),
    priceA: num(r.price_a),
    priceB: num(r.price_b),
    priceC: num(r.price_c),
    priceD: num(r.price_d),
    salePrice: num(r.sale_price),
    hasAmount: num(r.has_amount),
    stockName: String(r.stock_name),
    storageId: num(r.storage_id),
    imgFiles: (r.img_files as string[] | null) ?? [],
    detailInfo: String(r.detail_info),
    description: String(r.description),
    category: String(r.category),
    brand: String(r.brand),
    companyId: num(r.company_id),
    created: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
  };
}

export interface ProductQuery {
  searchType: 'name' | 'pid';
  keyword?: string | undefined;
  stockName?: string | undefined;
  stockState?: 'in' | 'out' | 'low' | undefined;
  page: number;
  size: number;
}

export function productWhere(q: Omit<ProductQuery, 'page' | 'size'>): SQL {
  const c: SQL[] = [sql`true`];
  if (q.keyword) {
    if (q.searchType === 'pid') {
      const key = alphaNumber(q.keyword);
      c.push(key ? sql`(pid_key like ${`${key}%`} or factory_key like ${`${key}%`})` : sql`false`);
    } else c.push(sql`name ilike ${`%${escapeLike(q.keyword)}%`}`);
  }
  if (q.stockName) c.push(sql`stock_name ilike ${`%${escapeLike(q.stockName)}%`}`);
  if (q.stockState === 'out') c.push(sql`has_amount = 0`);
  if (q.stockState === 'in') c.push(sql`has_amount > 0`);
  if (q.stockState === 'low') c.push(sql`has_amount <= ${LOW_STOCK}`);
  return sql.join(c, sql` and `);
}

export async function productRow(db: Db | Tx, seq: number, lock = false): Promise<AdminProduct> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from products where id = ${seq}${lock ? sql` for update` : sql``}`,
  );
  if (!row) throw notFound(MSG_ADMIN.productNotFound);
  return toProduct(row);
}
export type Fields = z.output<typeof productFields>;

function columns(f: Fields) {
  // The name's search forms go with every write of the name (docs/search.md#korean-name-search).
  const forms = productNameColumns(f.name);
  return {
    name: f.name,
    name_compact: forms.nameCompact,
    name_chosung: forms.nameChosung,
    name_jamo: forms.nameJamo,
    pid: f.pid,
    pid_key: alphaNumber(f.pid),
    factory_num: f.factoryNum,
    factory_key: alphaNumber(f.factoryNum),
    type: f.type,
    sale_price: f.salePrice,
    price_a: f.priceA,
    price_b: f.priceB,
    price_c: f.priceC,
    price_d: f.priceD,
    stock_name: f.stockName,
    storage_id: f.storageId,
    detail_info: f.detailInfo,
    description: f.description,
    category: f.category,
    brand: f.brand,
  };
}

/**
 * Part numbers are unique per warehouse (same alpha-number form, same storage id): the rule the
 * shop's CSVs and the checkout's one-warehouse orders need. Checked under an advisory lock on the
 * key, so two staff saving the same number at once cannot both pass.
 */
export async function assertUniquePid(tx: Tx, f: Fields, exceptId: number | null) {
  const key = alphaNumber(f.pid);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-pid:${key}:${f.storageId}`}))`);
  const [dup] = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where pid_key = ${key} and storage_id = ${f.storageId}${exceptId ? sql` and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (dup) throw badRequest(MSG_ADMIN.duplicatePid, 'pid');
}

export async function insertProduct(tx: Tx, f: Fields, hasAmount: number): Promise<number> {
  const c = columns(f);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into products (name, name_compact, name_chosung, name_jamo, pid, pid_key, factory_num, factory_key, type, sale_price, price_a, price_b, price_c, price_d, stock_name, storage_id, detail_info, description, category, brand, has_amount)
        values (${c.name}, ${c.name_compact}, ${c.name_chosung}, ${c.name_jamo}, ${c.pid}, ${c.pid_key}, ${c.factory_num}, ${c.factory_key}, ${c.type}, ${c.sale_price}, ${c.price_a}, ${c.price_b}, ${c.price_c}, ${c.price_d}, ${c.stock_name}, ${c.storage_id}, ${c.detail_info}, ${c.description}, ${c.category}, ${c.brand}, ${hasAmount})
        returning id`,
  );
  return num(row!.id);
}

export async function updateProduct(tx: Tx, id: number, f: Fields, hasAmount?: number) {
  const c = columns(f);
  await tx.execute(sql`update products set name = ${c.name}, name_compact = ${c.name_compact}, name_chosung = ${c.name_chosung}, name_jamo = ${c.name_jamo}, pid = ${c.pid}, pid_key = ${c.pid_key}, factory_num = ${c.factory_num}, factory_key = ${c.factory_key},
      type = ${c.type}, sale_price = ${c.sale_price}, price_a = ${c.price_a}, price_b = ${c.price_b}, price_c = ${c.price_c}, price_d = ${c.price_d},
      stock_name = ${c.stock_name}, storage_id = ${c.storage_id}, detail_info = ${c.detail_info}, description = ${c.description}, category = ${c.category}, brand = ${c.brand}
      ${hasAmount !== undefined ? sql`, has_amount = ${hasAmount}` : sql``} where id = ${id}`);
}
