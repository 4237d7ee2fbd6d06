import { type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LOW_STOCK,
  MSG_ADMIN,
  alphaNumber,
  productNameColumns,
  productFields,
  type AdminProduct,
  type ProductSort,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import type { ListSort } from '../../db/page.js';
import {
  insertProductRow,
  insertProductRows,
  productById,
  productWithNumber,
  staffProductWhere,
  updateProductRow,
  updateProductRows,
  type ProductRow,
} from '../products/repository.js';
import { badRequest, notFound } from '../../shared/http.js';
import { escapeLike } from './search.js';
import { lockFor } from '../../db/locks.js';

/** The back office's product rows: the search condition, the answer's shape, and the writes a save and an import share. */

/** A product row as the back office answers it. */
export function toProduct(r: ProductRow): AdminProduct {
  return {
    seq: r.id,
    name: r.name,
    pid: r.pid,
    factoryNum: r.factoryNum,
    type: r.type,
    priceA: r.priceA,
    priceB: r.priceB,
    priceC: r.priceC,
    priceD: r.priceD,
    salePrice: r.salePrice,
    hasAmount: r.hasAmount,
    stockName: r.stockName,
    storageId: r.storageId,
    imgFiles: r.imgFiles,
    detailInfo: r.detailInfo,
    description: r.description,
    category: r.category,
    brand: r.brand,
    companyId: r.companyId,
    created: r.createdAt.toISOString(),
    ver: r.editVer,
  };
}

export interface ProductQuery extends ListSort<ProductSort> {
  searchType: 'name' | 'pid';
  keyword?: string | undefined;
  stockName?: string | undefined;
  stockState?: 'in' | 'out' | 'low' | undefined;
  page: number;
  size: number;
}

/**
 * The conditions of a search: the keyword as typed (a name holding it, a number starting with it),
 * the warehouse's name and the stock state, and only the products `among` or `except` the ids given
 * (the shop's search's hits, product-search.ts).
 */
export function productWhere(
  q: Omit<ProductQuery, 'page' | 'size'>,
  ids: { among?: readonly number[]; except?: readonly number[] } = {},
): SQL | undefined {
  const byPid = q.keyword && q.searchType === 'pid';
  return staffProductWhere({
    pidKey: byPid ? alphaNumber(q.keyword!) : undefined,
    namePattern: q.keyword && !byPid ? `%${escapeLike(q.keyword)}%` : undefined,
    stockNamePattern: q.stockName ? `%${escapeLike(q.stockName)}%` : undefined,
    stockState: q.stockState,
    lowStock: LOW_STOCK,
    ...ids,
  });
}

export async function productRow(db: Db | Tx, seq: number, lock = false): Promise<AdminProduct> {
  const row = await productById(db, seq, lock);
  if (!row) throw notFound(MSG_ADMIN.productNotFound);
  return toProduct(row);
}
export type Fields = z.output<typeof productFields>;

function columns(f: Fields) {
  // The name's search forms go with every write of the name (docs/search.md#korean-name-search).
  const forms = productNameColumns(f.name);
  return {
    name: f.name,
    nameCompact: forms.nameCompact,
    nameChosung: forms.nameChosung,
    nameJamo: forms.nameJamo,
    pid: f.pid,
    pidKey: alphaNumber(f.pid),
    factoryNum: f.factoryNum,
    factoryKey: alphaNumber(f.factoryNum),
    type: f.type,
    salePrice: f.salePrice,
    priceA: f.priceA,
    priceB: f.priceB,
    priceC: f.priceC,
    priceD: f.priceD,
    stockName: f.stockName,
    storageId: f.storageId,
    detailInfo: f.detailInfo,
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
/**
 * The lock of a part number in a warehouse, the one a CSV import takes for each of its numbers
 * before it locks their rows: a save takes it before the product's row too, so the two never hold
 * each other's (docs/requirements.md#back-office). Taken again in one transaction, it does not wait.
 */
export async function lockProductNumber(tx: Tx, f: Pick<Fields, 'pid' | 'storageId'>): Promise<void> {
  await lockFor(tx, 'product-pid', alphaNumber(f.pid), f.storageId);
}

export async function assertUniquePid(tx: Tx, f: Fields, exceptId: number | null) {
  const key = alphaNumber(f.pid);
  await lockProductNumber(tx, f);
  const dup = await productWithNumber(tx, key, f.storageId, exceptId);
  if (dup) throw badRequest(MSG_ADMIN.duplicatePid, 'pid');
}

export async function insertProduct(tx: Tx, f: Fields, hasAmount: number): Promise<number> {
  return insertProductRow(tx, { ...columns(f), hasAmount });
}

export async function updateProduct(tx: Tx, id: number, f: Fields, hasAmount?: number) {
  await updateProductRow(tx, id, { ...columns(f), ...(hasAmount !== undefined ? { hasAmount } : {}) });
}

/** New products, each with its starting stock, in one statement (a chunk of a CSV import's lines). */
export async function insertProducts(tx: Tx, lines: readonly { fields: Fields; hasAmount: number }[]): Promise<void> {
  await insertProductRows(
    tx,
    lines.map((l) => ({ ...columns(l.fields), hasAmount: l.hasAmount })),
  );
}

/**
 * Products updated as updateProduct updates one, in one statement (a chunk of a CSV import's
 * lines). Without `withDescription` each keeps the description it has under the caller's row lock:
 * a file without the column leaves every description as it is (docs/requirements.md#back-office).
 */
export async function updateProducts(
  tx: Tx,
  lines: readonly { id: number; fields: Fields; hasAmount: number }[],
  withDescription: boolean,
): Promise<void> {
  await updateProductRows(
    tx,
    lines.map((l) => {
      const { description, ...rest } = columns(l.fields);
      return { id: l.id, set: { ...rest, ...(withDescription ? { description } : {}), hasAmount: l.hasAmount } };
    }),
  );
}
