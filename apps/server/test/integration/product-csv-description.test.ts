import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportProductsResult } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * Product CSV round trip (docs/requirements.md#back-office): the export carries each product's
 * description, importing that file back keeps every description, and a file without the column
 * (an older export, a hand-made sheet) leaves descriptions as they are.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const post = <T = unknown>(path: string, body: Record<string, unknown>) =>
  call<T>(server, 'POST', `api/admin/${path}`, body, staff);
const descriptionOf = async (id: number) =>
  (await server.db.select({ d: products.description }).from(products).where(eq(products.id, id)))[0]!.d;

const DESCRIPTION = '<p>순정 규격, "OEM" 동등품</p>\n<ul><li>장착: 앞, 뒤</li></ul>';

describe('product CSV export → import keeps descriptions', () => {
  it('exports a description column and imports the exported file back without changing any description', async () => {
    const p = await makeProduct(server, { tiers: [9000, 9000, 9000, 9000], salePrice: 9000, name: '설명 왕복 필터' });
    await server.db
      .update(products)
      .set({ description: DESCRIPTION, detailInfo: '- 주의: 역방향 장착 금지' })
      .where(eq(products.id, p.id));

    const exported = await post<{ csv: string; rows: number }>('productExport', { searchType: 'pid', keyword: p.pid });
    expect(exported.body.results?.rows).toBe(1);
    const csv = exported.body.results!.csv;
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFpid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo,description,hasAmountAtExport,verAtExport',
    );
    expect(csv).toContain('"<p>순정 규격, ""OEM"" 동등품</p>\n<ul><li>장착: 앞, 뒤</li></ul>"');

    const preview = await post<ImportProductsResult>('importProducts', { csv });
    expect(preview.body.results?.rows).toEqual([
      { line: 2, action: 'update', pid: p.pid, name: '설명 왕복 필터', changes: [] },
    ]);
    const done = await post<ImportProductsResult>('importProducts', { csv, commit: true });
    expect(done.body.code).toBe(201);
    expect(await descriptionOf(p.id)).toBe(DESCRIPTION);
    const [row] = await server.db.select().from(products).where(eq(products.id, p.id));
    // The export's formula guard (a leading apostrophe) is taken off again on import.
    expect(row!.detailInfo).toBe('- 주의: 역방향 장착 금지');
  });

  it('a file without the description column changes no description; with the column, it sets them', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000, stock: 3 });
    await server.db.update(products).set({ description: DESCRIPTION }).where(eq(products.id, p.id));
    const header =
      'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
    const old = `${header}\n${p.pid},${p.name},,${p.type},5000,5000,5000,5000,5000,8,한국 김포물류센터,1,,,\n`;
    const preview = await post<ImportProductsResult>('importProducts', { csv: old });
    expect(preview.body.results?.rows[0]?.changes).toEqual(['hasAmount: 3 → 8']);
    const done = await post<ImportProductsResult>('importProducts', { csv: old, commit: true });
    expect(done.body.code).toBe(201);
    expect(await descriptionOf(p.id)).toBe(DESCRIPTION);

    const withColumn = `${header},description\n${p.pid},${p.name},,${p.type},5000,5000,5000,5000,5000,8,한국 김포물류센터,1,,,,새 설명\n`;
    const changed = await post<ImportProductsResult>('importProducts', { csv: withColumn });
    expect(changed.body.results?.rows[0]?.changes).toEqual([`description: ${DESCRIPTION.length}자 → 4자`]);
    await post('importProducts', { csv: withColumn, commit: true });
    expect(await descriptionOf(p.id)).toBe('새 설명');
  });
});

describe('product CSV export → import keeps what sold since the export (docs/requirements.md#back-office)', () => {
  const stockOf = async (id: number) =>
    (await server.db.select({ s: products.hasAmount }).from(products).where(eq(products.id, id)))[0]!.s;
  /** The exported file of one product with `edit` applied to its data line's cells by column. */
  const exportedWith = async (pid: string, edit: Record<string, string>) => {
    const csv = (await post<{ csv: string }>('productExport', { searchType: 'pid', keyword: pid })).body.results!.csv;
    const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    const names = header!.split(',');
    // The test products' cells hold no comma or quote, so a plain split reads them.
    const cells = line!.split(',');
    for (const [column, value] of Object.entries(edit)) cells[names.indexOf(column)] = value;
    return { csv: `${header}\r\n${cells.join(',')}\r\n`, names };
  };
  const imported = async (csv: string) =>
    expect((await post<ImportProductsResult>('importProducts', { csv, commit: true })).body.code).toBe(201);

  it('exported at 10, 3 sold, a price changed: the stock stays 7; a stock cell raised by 5 adds 5 to what is left', async () => {
    const p = await makeProduct(server, { tiers: [7100, 7100, 7100, 7100], salePrice: 7100, stock: 10 });
    const file = await exportedWith(p.pid, { salePrice: '7300' });
    // 3 sold between the export and the import.
    await server.db.update(products).set({ hasAmount: 7 }).where(eq(products.id, p.id));
    await imported(file.csv);
    expect([
      await stockOf(p.id),
      (await server.db.select().from(products).where(eq(products.id, p.id)))[0]!.salePrice,
    ]).toEqual([7, 7300]);
    const received = await exportedWith(p.pid, { hasAmount: '12' });
    await server.db.update(products).set({ hasAmount: 4 }).where(eq(products.id, p.id));
    await imported(received.csv);
    expect(await stockOf(p.id)).toBe(9);
  });

  it('a blank stock cell keeps the stock; a file without hasAmountAtExport sets it', async () => {
    const p = await makeProduct(server, { tiers: [7200, 7200, 7200, 7200], salePrice: 7200, stock: 6 });
    await imported((await exportedWith(p.pid, { hasAmount: '', hasAmountAtExport: '' })).csv);
    expect(await stockOf(p.id)).toBe(6);
    const handMade = await exportedWith(p.pid, { hasAmount: '20' });
    const keep = handMade.names.filter((n) => n !== 'hasAmountAtExport' && n !== 'description');
    const [header, line] = handMade.csv.split('\r\n');
    const cells = line!.split(',');
    const names = header!.split(',');
    const without = `${keep.join(',')}\r\n${keep.map((n) => cells[names.indexOf(n)]).join(',')}\r\n`;
    await imported(without);
    expect(await stockOf(p.id)).toBe(20);
  });
});
