import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportProductsResult } from '@partsmall/contract';
import { products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * Product CSV round trip (docs/requirements.md#back-office): the export carries each product's
 * description, importing that file back keeps every description, and a file without the column
 * (an older export, a hand-made sheet) leaves descriptions as they are.
 */
let server: TestServer;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  await server?.close();
});

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
      '\uFEFFpid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo,description',
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
