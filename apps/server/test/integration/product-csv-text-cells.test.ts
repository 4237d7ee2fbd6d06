import { describe, expect, it } from 'vitest';
import type { AdminProduct, ImportProductsResult, ImportXrefsResult } from '@partsmall/contract';
import { call, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * The texts of an exported product CSV read back as they were saved (docs/requirements.md#back-office):
 * the apostrophe before a formula-like text is taken off exactly once, and a code of digits Excel
 * would change (a leading zero, 12 digits and more) is written as ="…" and read back as the digits.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const post = <T = unknown>(path: string, body: Record<string, unknown>) =>
  call<T>(server, 'POST', `api/admin/${path}`, body, staff);
const exportCsv = async (body: Record<string, unknown>) =>
  (await post<{ csv: string }>('productExport', body)).body.results!.csv;
const importCsv = async (csv: string, commit: boolean) =>
  (await post<ImportProductsResult>('importProducts', { csv, commit })).body.results!;
const detail = async (seq: number) => (await post<AdminProduct>('productDetail', { seq })).body.results!;

describe('a product CSV exported and imported back unchanged', () => {
  it("keeps texts that start with an apostrophe: '+1 원본, '=x and ' stay as saved", async () => {
    const saved = await post<AdminProduct>('saveProduct', {
      name: "'+1 원본",
      pid: 'APOS-001',
      factoryNum: "'=x",
      type: 0,
      salePrice: 1000,
      priceA: 0,
      priceB: 0,
      priceC: 0,
      priceD: 0,
      stockName: '한국 김포물류센터',
      storageId: 1,
      detailInfo: '-',
      brand: "'",
      hasAmount: 1,
    });
    expect(saved.body.code).toBe(201);
    const seq = saved.body.results!.seq;
    const csv = await exportCsv({ searchType: 'pid', keyword: 'APOS-001' });
    expect(csv.split('\r\n')[1]).toBe("APOS-001,''+1 원본,''=x,0,1000,0,0,0,0,1,한국 김포물류센터,1,,','-,,1,0");

    const preview = await importCsv(csv, false);
    expect([preview.errors, preview.rows.map((r) => [r.action, r.name, r.changes])]).toEqual([
      [],
      [['update', "'+1 원본", []]],
    ]);
    expect((await importCsv(csv, true)).committed).toBe(true);
    const after = await detail(seq);
    expect([after.name, after.factoryNum, after.brand, after.detailInfo]).toEqual(["'+1 원본", "'=x", "'", '-']);
  });

  it('keeps part numbers of digits: 07119915325 and a 16-digit number are written as ="…" and read back', async () => {
    const zero = await makeProduct(server, {
      tiers: [1000, 1000, 1000, 1000],
      salePrice: 1000,
      pid: '07119915325',
      factoryNum: '011234567890',
      name: '오일 필터 07119915325',
    });
    const long = await makeProduct(server, {
      tiers: [1000, 1000, 1000, 1000],
      salePrice: 1000,
      pid: '1234567890123456',
      factoryNum: '7119915325',
      name: '긴 품번 부품',
    });
    const csv = await exportCsv({});
    const lines = csv.split('\r\n');
    const starts = [
      '"=""07119915325""",오일 필터 07119915325,"=""011234567890""",2,1000,1000,',
      '"=""1234567890123456""",긴 품번 부품,7119915325,2,1000,1000,',
    ];
    expect(starts.map((start) => lines.filter((l) => l.startsWith(start)).length)).toEqual([1, 1]);

    const preview = await importCsv(csv, false);
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => [r.pid, r.action, r.changes])).toEqual(
      expect.arrayContaining([
        ['07119915325', 'update', []],
        ['1234567890123456', 'update', []],
      ]),
    );
    expect(preview.rows.every((r) => r.action === 'update' && r.changes.length === 0)).toBe(true);
    expect((await importCsv(csv, true)).committed).toBe(true);
    // The same file as Excel saves it (each formula's value, the digits) reads the same.
    const saved = csv.replace(/"=""(\d+)"""/g, '$1');
    expect(saved).toContain('\r\n07119915325,');
    expect((await importCsv(saved, false)).rows.every((r) => r.action === 'update' && r.changes.length === 0)).toBe(
      true,
    );
    expect([(await detail(zero.id)).pid, (await detail(zero.id)).factoryNum]).toEqual(['07119915325', '011234567890']);
    expect((await detail(long.id)).pid).toBe('1234567890123456');
  });
});

describe('a cross-reference CSV', () => {
  it('reads a ="…" cell as the digits inside', async () => {
    const csv = 'pid,toPid,kind,remark\r\n"=""07119915325""","=""1234567890123456""",supersedes,"=""0123"""\r\n';
    const res = await call(server, 'adminImportXrefs', { fileName: 'oe.csv', csv, commit: false }, { token: staff });
    const results = res.body.results as ImportXrefsResult;
    expect([results.errors, results.rows.map((r) => [r.pid, r.toPid, r.action])]).toEqual([
      [],
      [['07119915325', '1234567890123456', 'create']],
    ]);
  });
});
