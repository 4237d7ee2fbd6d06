import type { QuickOrderParse } from '@partsmall/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readQuickOrderFile } from './index.js';

/**
 * What a quick-order file reads as the buyer sees it (docs/requirements.md#quick-order): a tab-separated
 * text as a paste of it, the first visible sheet and its visible rows only, and a file that only
 * pretends to be a workbook.
 */
function brief(result: QuickOrderParse) {
  if (!result.ok) throw new Error(result.message);
  return result.rows.map((r) => [r.line, r.normalised, r.qty, r.memo, r.error ?? null]);
}

const workbookBytes = async (workbook: ExcelJS.Workbook) => new Uint8Array(await workbook.xlsx.writeBuffer());

describe('a tab-separated text file (Excel’s Unicode text, a .txt or .csv with tabs)', () => {
  const TEXT = '품번\t수량\t메모\r\n70293721511\t1,200\t급함\r\nLR270635\t2\t좌,우 교환\r\n';
  const ROWS = [
    [2, '70293721511', 1200, '급함', null],
    [3, 'LR270635', 2, '좌,우 교환', null],
  ];

  it('splits at tabs only: 1,200 is one quantity and 좌,우 one memo, as the same text pasted', async () => {
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...Array.from(TEXT).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    expect(brief(await readQuickOrderFile({ filename: '견적.txt', data: utf16 }))).toEqual(ROWS);
    expect(brief(await readQuickOrderFile({ filename: '견적.csv', data: new TextEncoder().encode(TEXT) }))).toEqual(
      ROWS,
    );
  });

  it('a semicolon CSV keeps its thousands comma in the quantity', async () => {
    const data = new TextEncoder().encode('품번;수량;메모\n70293721511;1,200;좌, 우\n');
    expect(brief(await readQuickOrderFile({ filename: 'estimate.csv', data }))).toEqual([
      [2, '70293721511', 1200, '좌, 우', null],
    ]);
  });
});

describe('hidden sheets and rows are not read', () => {
  it('reads the first visible sheet: a hidden first sheet is skipped', async () => {
    const workbook = new ExcelJS.Workbook();
    const old = workbook.addWorksheet('지난 견적');
    old.addRow(['HU816X', 9, '지난 달']);
    old.state = 'hidden';
    workbook.addWorksheet('주문').addRow(['A2371291199', 3, '이번 주문']);
    const read = await readQuickOrderFile({ filename: '견적.xlsx', data: await workbookBytes(workbook) });
    expect(brief(read)).toEqual([[1, 'A2371291199', 3, '이번 주문', null]]);
    expect(read.ok && read.hiddenRows).toBeUndefined();
  });

  it('skips rows hidden by hand or by a filter, and counts them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('견적');
    sheet.addRow(['품번', '수량', '비고']);
    sheet.addRow(['42215489599', 2, '앞']);
    sheet.addRow(['T4A52485', 5, '빼기로 함']).hidden = true;
    sheet.addRow(['LR270635', 1, '뒤']);
    sheet.addRow(['4M0817919AB', 7, '필터로 가림']).hidden = true;
    const read = await readQuickOrderFile({ filename: '견적.xlsx', data: await workbookBytes(workbook) });
    expect(brief(read)).toEqual([
      [2, '42215489599', 2, '앞', null],
      [4, 'LR270635', 1, '뒤', null],
    ]);
    expect(read.ok && read.hiddenRows).toBe(2);
  });

  it('a sheet whose every row is hidden says so, not that it is empty', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('견적').addRow(['42215489599', 2]).hidden = true;
    expect(await readQuickOrderFile({ filename: '견적.xlsx', data: await workbookBytes(workbook) })).toEqual({
      ok: false,
      message:
        '엑셀 파일의 첫 번째 시트에 보이는 행이 없습니다. 숨기거나 필터로 가린 행은 읽지 않으니 주문할 행을 보이게 한 뒤 다시 올리세요.',
    });
  });
});

describe('a file that is not what its name says', () => {
  it('a text named .xlsx is a workbook that cannot be read, not a kind of file that is not taken', async () => {
    const data = new TextEncoder().encode('this is not a workbook');
    expect(await readQuickOrderFile({ filename: '견적.xlsx', data })).toEqual({
      ok: false,
      message: '엑셀 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.',
    });
    expect(await readQuickOrderFile({ filename: '견적.doc', data })).toEqual({
      ok: false,
      message: '.xlsx, .csv 또는 .pdf 파일만 올릴 수 있습니다.',
    });
  });
});
