import { or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { SEARCHED_ROWS, searchProducts } from '../products/index.js';
import {
  productCount,
  productIdsWhere,
  productPage,
  productsByIds,
  productsInOrder,
  type ProductRow,
} from '../products/repository.js';
import { productWhere, type ProductQuery } from './product-rows.js';

/**
 * The back office's product search (docs/search.md#the-back-office-searches-as-the-shop-does): a
 * keyword is read by the shop's own search, so staff find what a buyer finds, in the shop's order;
 * the back office's filters (warehouse, stock state) keep what they pass of it, and the products
 * that hold the keyword as typed and the shop did not list come after them, newest first (an export
 * oldest first), so nothing the back office found before is lost. Without a keyword, every product
 * the filters pass.
 */

/** How many of the shop's hits a search reads: as deep as the shop's name search itself pages. */
const SHOP_HITS = SEARCHED_ROWS;

type Search = Omit<ProductQuery, 'page' | 'size'>;

interface Matches {
  /** The shop's hits that pass the filters, in the shop's order. */
  hits: number[];
  /** The other products a search finds: the keyword as typed and the filters, less the shop's hits. */
  rest: SQL | undefined;
}

async function matches(db: Db, q: Search): Promise<Matches> {
  const keyword = q.keyword ?? '';
  if (keyword === '') return { hits: [], rest: productWhere(q) };
  const found = await searchProducts(db, { searchType: q.searchType, keyword, page: 1, size: SHOP_HITS });
  const ids = [...new Set(found.rows.map((r) => r.seq))];
  const rest = productWhere(q, { except: ids });
  // Without a filter every hit passes: no statement to ask.
  if (ids.length === 0 || (!q.stockName && !q.stockState)) return { hits: ids, rest };
  const passed = await productIdsWhere(db, productWhere({ ...q, keyword: undefined }, { among: ids }));
  return { hits: ids.filter((id) => passed.has(id)), rest };
}

/** The rows of these ids, in their order (one deleted meanwhile is left out). */
async function rowsInOrder(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  const byId = await productsByIds(db, ids);
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of the products a search finds, and how many it finds. Sorted by a column, every product
 * found (the shop's hits and the rest alike) is in that column's order across the pages.
 */
export async function searchPage(db: Db, q: ProductQuery): Promise<{ rows: ProductRow[]; total: number }> {
  const m = await matches(db, q);
  if (q.sortBy) {
    const found =
      m.hits.length > 0 ? or(productWhere({ ...q, keyword: undefined }, { among: m.hits }), m.rest) : m.rest;
    const page = { limit: q.size, offset: (q.page - 1) * q.size, sort: q };
    const [rows, total] = await Promise.all([productPage(db, found, page), productCount(db, found)]);
    return { rows, total };
  }
  const from = (q.page - 1) * q.size;
  const hits = m.hits.slice(from, from + q.size);
  const left = q.size - hits.length;
  const [first, rest, restTotal] = await Promise.all([
    rowsInOrder(db, hits),
    left > 0 ? productPage(db, m.rest, { limit: left, offset: Math.max(0, from - m.hits.length) }) : [],
    productCount(db, m.rest),
  ]);
  return { rows: [...first, ...rest], total: m.hits.length + restTotal };
}

/**
 * The first `limit` products a search finds (an export: the rest oldest first), and how many it finds
 * in all, counted only when there are more than `limit`.
 */
export async function searchRows(db: Db, q: Search, limit: number): Promise<{ rows: ProductRow[]; total: number }> {
  const m = await matches(db, q);
  const first = await rowsInOrder(db, m.hits.slice(0, limit + 1));
  const rest = first.length <= limit ? await productsInOrder(db, m.rest, limit + 1 - first.length) : [];
  const found = [...first, ...rest];
  const rows = found.slice(0, limit);
  const total = found.length > limit ? m.hits.length + (await productCount(db, m.rest)) : rows.length;
  return { rows, total };
}
