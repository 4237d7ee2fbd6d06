import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_ADMIN, STOCK_MAX, type ImportProductsResult } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * One stock ceiling everywhere (docs/requirements.md#back-office): a stock change or a CSV line that
 * would raise a product's stock above 1,000,000 is refused in Korean as one below zero is. Raised
 * past it, a product no longer passed its own edit form nor imported back from its own export, and
 * near 2³¹ the column overflowed into a 500.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const stockOf = async (id: number) =>
  (await server.db.select({ s: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.s;
const change = (seq: number, delta: number) =>
  call(server, 'adminChangeStock', { seq, delta, reason: '입고' }, { token: staff });
const preview = (csv: string) => call<ImportProductsResult>(server, 'POST', 'api/admin/importProducts', { csv }, staff);

describe('api/admin/changeStock up to the ceiling', () => {
  it('raises the stock to exactly 1,000,000; one more is 400 in Korean and changes nothing', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, stock: 5 });
    expect(STOCK_MAX).toBe(1_000_000);
    const full = await change(p.id, 999_995);
    expect([full.body.code, full.body.results?.hasAmount]).toEqual([201, 1_000_000]);
    const over = await change(p.id, 1);
    expect([over.status, over.body.message, over.body.field]).toEqual([
      400,
      '변경 후 재고가 1,000,000개를 넘습니다.',
      'delta',
    ]);
    const twice = await change(p.id, 1_000_000);
    expect([twice.status, twice.body.message]).toEqual([400, MSG_ADMIN.stockAboveMax]);
    expect(await stockOf(p.id)).toBe(1_000_000);
    // Below zero keeps its own message.
    expect((await change(p.id, -1_000_000)).body.results?.hasAmount).toBe(0);
    expect((await change(p.id, -1)).body.message).toBe(MSG_ADMIN.stockBelowZero);
  });

  it('a stock stored above the ceiling (before it held) may go down, never up: no 500 near 2³¹', async () => {
    const p = await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
    await server.db.update(products).set({ hasAmount: 2_147_000_005 }).where(eq(products.id, p.id));
    const up = await change(p.id, 1_000_000);
    expect([up.status, up.body.message]).toEqual([400, MSG_ADMIN.stockAboveMax]);
    const down = await change(p.id, -5);
    expect([down.body.code, down.body.results?.hasAmount]).toEqual([201, 2_147_000_000]);
  });
});

describe('a CSV line moving the stock by what the file changed', () => {
  it('is refused on its line when it would leave more than 1,000,000, and nothing is saved', async () => {
    const p = await makeProduct(server, { tiers: [2000, 2000, 2000, 2000], salePrice: 2000, stock: 10 });
    const csv = (await call(server, 'adminProductExport', { searchType: 'pid', keyword: p.pid }, { token: staff })).body
      .results!.csv;
    // Received since the export: 999,990 on top of the 10 exported.
    expect((await change(p.id, 999_990)).body.results?.hasAmount).toBe(1_000_000);
    // The file's cell raised from 10 to 25: 15 more than the ceiling allows.
    const raised = csv.replace(`,10,한국 김포물류센터,`, `,25,한국 김포물류센터,`);
    expect(raised).not.toBe(csv);
    const seen = await preview(raised);
    expect([seen.body.results?.errors, seen.body.results?.rows]).toEqual([
      [{ line: 2, message: `hasAmount: ${MSG_ADMIN.stockAboveMax}` }],
      [],
    ]);
    const done = await call<ImportProductsResult>(
      server,
      'POST',
      'api/admin/importProducts',
      { csv: raised, commit: true },
      staff,
    );
    expect([done.body.message, done.body.results?.committed]).toEqual([MSG_ADMIN.csvHasErrors, false]);
    expect(await stockOf(p.id)).toBe(1_000_000);
    // The same file with the cell as exported imports back: the stock stays where it is.
    expect((await preview(csv)).body.results?.errors).toEqual([]);
  });
});
