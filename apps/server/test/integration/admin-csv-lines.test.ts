import { describe, expect, it } from 'vitest';
import { MSG_ADMIN, type ImportProductsResult } from '@partsmall/contract';
import { call, type TestServer } from '../helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * A product CSV's preview names each line by the line of the file, as an editor or a spreadsheet
 * shows it (docs/requirements.md#back-office): blank lines, which the parser skips, and the line
 * breaks inside a quoted cell count. Counting the parsed records sent staff to the wrong row.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const HEADER =
  'pid,name,factoryNum,type,salePrice,priceA,priceB,priceC,priceD,hasAmount,stockName,storageId,category,brand,detailInfo';
const line = (pid: string, salePrice: string, detailInfo = '') =>
  `${pid},줄 번호 부품,,0,${salePrice},0,0,0,0,5,한국 김포물류센터,1,,,${detailInfo}`;
const preview = async (csv: string) =>
  (await call<ImportProductsResult>(server, 'POST', 'api/admin/importProducts', { csv }, staff)).body.results!;
const PRICE = `salePrice: ${MSG_ADMIN.priceInvalid}`;

describe('the lines a product CSV preview names', () => {
  it('counts blank lines between the rows and before the header', async () => {
    const between = await preview(`${HEADER}\n${line('LINE-A1', '1000')}\n\n\n${line('LINE-A2', '-5')}\n`);
    expect(between.errors).toEqual([{ line: 5, message: PRICE }]);
    expect(between.rows.map((r) => [r.line, r.pid])).toEqual([[2, 'LINE-A1']]);

    const before = await preview(`\r\n\r\n${HEADER}\r\n${line('LINE-B1', '-5')}\r\n\r\n${line('LINE-B2', '1000')}\r\n`);
    expect(before.errors).toEqual([{ line: 4, message: PRICE }]);
    expect(before.rows.map((r) => [r.line, r.pid])).toEqual([[6, 'LINE-B2']]);
  });

  it('counts the line breaks inside a quoted cell, and names the first of two duplicates by its line', async () => {
    const csv = [
      HEADER,
      line('LINE-C1', '1000', '"주의:\n역방향 장착 금지\r\n2개 1조"'),
      line('LINE-C2', '-5'),
      '',
      line('LINE-C1', '1000'),
    ].join('\n');
    const seen = await preview(csv);
    expect(seen.errors).toEqual([
      { line: 5, message: PRICE },
      { line: 7, message: `pid: 2행과 ${MSG_ADMIN.duplicatePid}` },
    ]);
    expect(seen.rows.map((r) => [r.line, r.pid])).toEqual([[2, 'LINE-C1']]);
  });

  it('skips a line of empty cells as a blank line, as spreadsheets save their trailing rows', async () => {
    const empty = ',,,,,,,,,,,,,,';
    const seen = await preview(
      [HEADER, line('LINE-D1', '1000'), empty, ' , ,"",,,,,,,,,,,,', line('LINE-D2', '-5'), empty, empty].join('\r\n'),
    );
    expect(seen.errors).toEqual([{ line: 5, message: PRICE }]);
    expect(seen.rows.map((r) => [r.line, r.pid])).toEqual([[2, 'LINE-D1']]);

    const csv = [HEADER, line('LINE-D3', '1000'), empty, empty].join('\n');
    const saved = await call<ImportProductsResult>(
      server,
      'POST',
      'api/admin/importProducts',
      { csv, commit: true },
      staff,
    );
    expect([saved.body.results?.committed, saved.body.results?.errors]).toEqual([true, []]);
  });

  it('names the ceiling for a price above it, 1,500,000,000 and 10^15 alike; a negative keeps the integer rule', async () => {
    const above = (column: string) => `${column}: ${MSG_ADMIN.priceAboveMax}`;
    const csv = [
      HEADER,
      line('LINE-E1', '1500000000'),
      line('LINE-E2', '1000000000000000'),
      line('LINE-E3', '-5'),
      `LINE-E4,줄 번호 부품,,0,1000,0,0,0,"1,000,000,000,000",5,한국 김포물류센터,1,,,`,
      // Past a double's range (309 digits and more): still a price above the ceiling, not no number.
      line('LINE-E5', '9'.repeat(400)),
      line('LINE-E6', `-${'9'.repeat(400)}`),
    ].join('\n');
    expect((await preview(csv)).errors).toEqual([
      { line: 2, message: above('salePrice') },
      { line: 3, message: above('salePrice') },
      { line: 4, message: PRICE },
      { line: 5, message: above('priceD') },
      { line: 6, message: above('salePrice') },
      { line: 7, message: PRICE },
    ]);
  });

  it('refuses a file whose lines under the header are all empty cells as an empty file', async () => {
    const res = await call(
      server,
      'POST',
      'api/admin/importProducts',
      { csv: `${HEADER}\n,,,,,,,,,,,,,,\n,,,,,,,,,,,,,,\n`, commit: true },
      staff,
    );
    expect([res.status, res.body.message]).toEqual([400, MSG_ADMIN.csvEmpty]);
  });
});
