import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, MSG_ADMIN, PRODUCT_CSV_EXPORT_COLUMNS, csvRows, type AdminProduct } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, type TestServer } from '../helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * The back office's product search reads a keyword as the shop's search box does
 * (docs/search.md#the-back-office-searches-as-the-shop-does): staff answering a buyer's chat about
 * '브레이크패드' must find what the buyer sees. The back office's own filters (warehouse, stock
 * state), paging, totals and rows stay its own. Before, a name was `name ILIKE %keyword%` and a
 * number a prefix of the OE or factory number: '브레이크패드', 'BMW 패드', 초성, a typo, Korean typed
 * in English, full-width letters, an aftermarket number without its maker and an old superseded
 * number all found nothing.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

type Search = { searchType?: 'name' | 'pid'; keyword: string; stockName?: string; stockState?: 'in' | 'out' | 'low' };

/** The back office's answer for a search: every row, paged through, and the total it says. */
async function staffFinds(q: Search, size = 50): Promise<{ rows: AdminProduct[]; total: number }> {
  const rows: AdminProduct[] = [];
  let total = -1;
  for (let page = 1; page <= 20; page++) {
    const res = await call(server, 'adminProductList', { ...q, page, size }, { token: staff });
    expect([res.status, res.body.code]).toEqual([200, 200]);
    total = res.body.total ?? -1;
    rows.push(...(res.body.results ?? []));
    if (rows.length >= total || (res.body.results ?? []).length === 0) break;
  }
  return { rows, total };
}

/** The shop's ids for a search, in its order, every page (a visitor's: the shop hides nothing from one). */
async function shopFinds(q: Search): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await call(server, 'getProductHome', {
      searchType: q.searchType ?? 'name',
      searchKeyword: q.keyword,
      page,
      size: 100,
    });
    ids.push(...(res.body.results ?? []).map((r) => r.seq));
    if (!(res.body as { more?: boolean }).more) break;
  }
  return ids;
}

describe('api/admin/productList with a keyword finds what the shop finds', () => {
  it.each([
    ['name', '브레이크패드'],
    ['name', 'BMW 패드'],
    ['name', 'ㅂㄹㅇㅋ'],
    ['name', '헤드렘프'],
    ['name', 'qmfpdlzm'],
    ['name', 'ｂｍｗ'],
    ['pid', 'HU816X'],
    ['pid', '07119906743'],
    ['pid', '2371291199'],
    ['name', 'HU816X'],
  ] as const)('%s %s: every product the shop lists, in its order', async (searchType, keyword) => {
    const shop = await shopFinds({ searchType, keyword });
    expect(shop.length).toBeGreaterThan(0);
    const found = await staffFinds({ searchType, keyword });
    expect(found.rows.map((r) => r.seq).slice(0, shop.length)).toEqual(shop);
    expect(found.total).toBe(found.rows.length);
    expect(new Set(found.rows.map((r) => r.seq)).size).toBe(found.rows.length);
  });

  it('still finds every name holding the keyword as typed, and every number starting with it', async () => {
    const spaced = await staffFinds({ keyword: '브레이크 패드' });
    expect(spaced.total).toBeGreaterThanOrEqual(41);
    expect(spaced.rows.filter((r) => !r.name.includes('브레이크 패드'))).toEqual([]);
    const [first] = await server.db.select().from(products).orderBy(products.id).limit(1);
    const prefix = first!.pid.slice(0, 6);
    const byNumber = await staffFinds({ searchType: 'pid', keyword: prefix });
    expect(byNumber.rows.map((r) => r.seq)).toContain(first!.id);
  });

  it('keeps its own filters: stock state and warehouse within what the search finds, totals and pages', async () => {
    const all = await staffFinds({ keyword: '브레이크패드' });
    expect(all.total).toBeGreaterThan(10);
    // Some of them out of stock, so the filter has something to tell apart.
    const out = all.rows.filter((_, i) => i % 3 === 0).map((r) => r.seq);
    await server.db.update(products).set({ hasAmount: 0 }).where(inArray(products.id, out));
    const soldOut = await staffFinds({ keyword: '브레이크패드', stockState: 'out' }, 7);
    expect(soldOut.rows.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
      (await staffFinds({ keyword: '브레이크패드' })).rows
        .filter((r) => r.hasAmount === 0)
        .map((r) => r.seq)
        .sort((a, b) => a - b),
    );
    expect(soldOut.total).toBeGreaterThanOrEqual(out.length);
    const inStock = await staffFinds({ keyword: '브레이크패드', stockState: 'in' });
    expect(inStock.total + soldOut.total).toBe(all.total);
    expect(inStock.rows.every((r) => r.hasAmount > 0)).toBe(true);
    // A warehouse's name narrows them as it narrows the whole list.
    const warehouse = all.rows[0]!.stockName;
    const there = await staffFinds({ keyword: '브레이크패드', stockName: warehouse.slice(0, 4) });
    expect(there.total).toBe(all.rows.filter((r) => r.stockName.includes(warehouse.slice(0, 4))).length);
    // Pages of 7 hold each product once, in the order of one page of all.
    const paged = await staffFinds({ keyword: '브레이크패드' }, 7);
    expect(paged.rows.map((r) => r.seq)).toEqual(all.rows.map((r) => r.seq));
    // A page past the end is empty, with the total still said.
    const past = await call(
      server,
      'adminProductList',
      { keyword: '브레이크패드', page: 99, size: 50 },
      { token: staff },
    );
    expect([past.body.results, past.body.total]).toEqual([[], all.total]);
  });

  it('answers the back office’s rows: every field, the edit version included', async () => {
    const [row] = (await staffFinds({ keyword: 'BMW 패드' })).rows;
    const detail = await call(server, 'adminProductDetail', { seq: row!.seq }, { token: staff });
    expect(row).toEqual(detail.body.results);
    const [stored] = await server.db.select().from(products).where(eq(products.id, row!.seq));
    expect(row!.ver).toBe(stored!.editVer);
  });

  it('exports the products the list finds', async () => {
    const found = await staffFinds({ keyword: 'BMW 패드' });
    const res = await call(server, 'adminProductExport', { keyword: 'BMW 패드' }, { token: staff });
    const [, ...lines] = csvRows(res.body.results!.csv)!;
    const pid = PRODUCT_CSV_EXPORT_COLUMNS.indexOf('pid');
    expect(res.body.results!.rows).toBe(found.total);
    expect(lines.map((l) => l.cells[pid]).sort()).toEqual(found.rows.map((r) => r.pid).sort());
  });
});

describe('api/admin/productList refusals name their field', () => {
  it.each([
    [{ searchType: 'x' }, MSG_ADMIN.productSearchTypeInvalid, 'searchType'],
    [{ stockState: 'bad' }, MSG_ADMIN.stockStateInvalid, 'stockState'],
    [{ keyword: 'a\u0000b' }, MSG.textInvalid, 'keyword'],
    [{ stockName: '창고\u0000' }, MSG.textInvalid, 'stockName'],
  ])('%j', async (body, message, field) => {
    const res = await call(server, 'POST', 'api/admin/productList', body, staff);
    expect([res.status, res.body.message, res.body.field]).toEqual([400, message, field]);
    expect(message).not.toBe(MSG.badRequest);
  });
});
