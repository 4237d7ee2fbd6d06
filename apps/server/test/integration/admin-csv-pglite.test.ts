import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_LINES, MSG_ADMIN } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * A product CSV of the most lines an import takes (docs/requirements.md#back-office) on the embedded
 * PGlite, the database `npm start` runs on: its small wasm stack is where one list of 5,000 (part
 * number, warehouse) pairs in a statement overflowed, and the database stayed broken for every
 * later call until a restart. Run on PGlite whatever TEST_DATABASE_URL says.
 */
let server: TestServer;
let staff: string;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    server = await startTestServer();
  } finally {
    if (url !== undefined) process.env.TEST_DATABASE_URL = url;
  }
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const HEADER =
  'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
/** `lines` products BULK-0 … with `stock` each. */
const bulk = (stock: number, lines = CSV_MAX_LINES) =>
  [
    HEADER,
    ...Array.from(
      { length: lines },
      (_, i) => `BULK-${i},대량 등록 부품 ${i},,0,1000,0,0,0,0,${stock},한국 김포물류센터,1,,,`,
    ),
  ].join('\n');
const importCsv = (csv: string, commit: boolean) =>
  call(server, 'adminImportProducts', { csv, commit }, { token: staff });

describe('a product CSV of 5,000 lines on the embedded PGlite', () => {
  it('previews it, commits a fifth of it, previews it again with those as updates, and the shop still answers', async () => {
    const preview = await importCsv(bulk(3), false);
    expect([preview.status, preview.body.results?.rows.length, preview.body.results?.errors]).toEqual([
      200,
      CSV_MAX_LINES,
      [],
    ]);
    expect(preview.body.results?.rows.every((r) => r.action === 'create')).toBe(true);

    // The commit's locking read takes its lines' pairs: 1,000, past the 550 that overflowed, and writes
    // them in chunks (admin-csv-statements.test.ts counts its statements). New names cost their trigram
    // index entries one by one on PGlite: the whole file's 5,000 would add half a minute here.
    const created = await importCsv(bulk(3, 1_000), true);
    expect([created.body.code, created.body.message]).toEqual([201, MSG_ADMIN.csvImported(1_000, 0)]);

    // The lookup of all 5,000 pairs finds the 1,000 stored, the others new.
    const again = await importCsv(bulk(4), false);
    const actions = again.body.results?.rows.map((r) => r.action) ?? [];
    expect([actions.filter((a) => a === 'update').length, actions.filter((a) => a === 'create').length]).toEqual([
      1_000, 4_000,
    ]);
    expect(again.body.results?.rows.slice(999, 1_001)).toEqual([
      { line: 1_001, action: 'update', pid: 'BULK-999', name: '대량 등록 부품 999', changes: ['hasAmount: 3 → 4'] },
      { line: 1_002, action: 'create', pid: 'BULK-1000', name: '대량 등록 부품 1000', changes: [] },
    ]);

    const list = await call(
      server,
      'adminProductList',
      { searchType: 'pid', keyword: 'BULK-999', page: 1, size: 1 },
      { token: staff },
    );
    expect([list.status, list.body.results?.[0]?.hasAmount]).toEqual([200, 3]);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  }, 120_000);
});
