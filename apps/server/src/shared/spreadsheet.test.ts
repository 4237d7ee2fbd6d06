import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { handWrittenXlsx } from '../../test/hostile.js';
import { checkXlsxPackage, firstSheetRows, valuesOnlyWorkbook, type SheetLimits } from './spreadsheet.js';

/**
 * The part names of an uploaded xlsx (docs/security.md#uploads): exceljs reads a part named
 * '/xl/worksheets/sheet1.xml' (it drops the slash) or 'xl/worksheets/sheet1.xml.bak' (its pattern is
 * not anchored) as a sheet. A name the checks did not take for a sheet reached exceljs unchecked and
 * uncut: a merge of A5:XFD1048576 held the one file thread for 30 s. The workbook exceljs reads is
 * rebuilt from exact part names only.
 */
const LIMITS: SheetLimits = {
  maxUnpacked: 10 * 1024 * 1024,
  maxRows: 5000,
  maxColumns: 100,
  maxRowNumber: 10_000,
  msg: {
    macro: 'macro',
    broken: 'broken',
    unpackedTooLarge: 'unpackedTooLarge',
    tooManyRows: 'tooManyRows',
    tooWide: 'tooWide',
    tooFar: 'tooFar',
    noSheet: 'noSheet',
  },
};

const LINE = '<row r="1"><c r="A1" t="inlineStr"><is><t>A0004201220</t></is></c><c r="B1"><v>2</v></c></row>';
const MERGE_TO_THE_END = '<mergeCells count="1"><mergeCell ref="A5:XFD1048576"/></mergeCells>';

/** A hand-written workbook whose sheet part is stored under `sheetName`, with extra parts. */
function renamed(body: string, sheetName: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const parts = unzipSync(handWrittenXlsx(body));
  const sheet = parts['xl/worksheets/sheet1.xml']!;
  delete parts['xl/worksheets/sheet1.xml'];
  return zipSync({ ...parts, [sheetName]: sheet, ...extra });
}

/** The names of the parts exceljs is given, and the sheet's XML. */
function cut(data: Uint8Array) {
  const values = valuesOnlyWorkbook(data, LIMITS);
  if (!values.ok) throw new Error(values.message);
  const parts = unzipSync(values.data);
  const sheet = parts['xl/worksheets/sheet1.xml'];
  return { names: Object.keys(parts).sort(), sheet: sheet ? new TextDecoder().decode(sheet) : null };
}

describe('part names of an xlsx', () => {
  it.each(['/xl/worksheets/sheet1.xml', './xl/worksheets/sheet1.xml', 'xl\\worksheets\\sheet1.xml'])(
    'a sheet stored as %j is cut to its cells like any sheet: no merge reaches exceljs',
    (name) => {
      const { names, sheet } = cut(renamed(`<sheetData>${LINE}</sheetData>${MERGE_TO_THE_END}`, name));
      expect(names).toContain('xl/worksheets/sheet1.xml');
      expect(sheet).toContain('A0004201220');
      expect(sheet).not.toContain('mergeCell');
    },
  );

  it('a sheet stored with a leading slash is read, and held to the sheet limits', async () => {
    const merged = `<sheetData>${LINE}</sheetData><mergeCells count="1"><mergeCell ref="B1:C1"/></mergeCells>`;
    const read = await firstSheetRows(renamed(merged, '/xl/worksheets/sheet1.xml'), LIMITS);
    expect(read.ok && read.rows.map((r) => [r.line, ...r.values])).toEqual([[1, 'A0004201220', 2]]);
    const wide = `<sheetData><row r="1"><c r="XFD1"><v>1</v></c></row></sheetData>`;
    expect(await firstSheetRows(renamed(wide, '/xl/worksheets/sheet1.xml'), LIMITS)).toEqual({
      ok: false,
      message: 'tooWide',
    });
    const rows = `<sheetData>${'<row/>'.repeat(5001)}</sheetData>`;
    expect(checkXlsxPackage(renamed(rows, '/xl/worksheets/sheet1.xml'), LIMITS)).toBe('tooManyRows');
  });

  it('parts exceljs would read under names no check expects are left out of the workbook it reads', () => {
    const merge = strToU8(`<worksheet><sheetData>${LINE}</sheetData>${MERGE_TO_THE_END}</worksheet>`);
    const { names } = cut(
      renamed(`<sheetData>${LINE}</sheetData>`, 'xl/worksheets/sheet1.xml', {
        'xl/worksheets/sheet2.xml.bak': merge,
        'backup/xl/worksheets/sheet3.xml': merge,
        '/xl/comments1.xml': strToU8('<comments/>'),
        'x/xl/tables/table1.xml': strToU8('<table ref="A1:XFD1048576"/>'),
        'xl/worksheets/_rels/sheet1.xml.rels': strToU8('<Relationships/>'),
        'xl/drawings/drawing1.xml': strToU8('<wsDr/>'),
      }),
    );
    expect(names).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('two parts of one name once written alike are refused as a broken file', () => {
    const twice = renamed(`<sheetData>${LINE}</sheetData>`, '/xl/worksheets/sheet1.xml', {
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet><sheetData>${LINE}</sheetData>${MERGE_TO_THE_END}</worksheet>`),
    });
    expect(valuesOnlyWorkbook(twice, LIMITS)).toEqual({ ok: false, message: 'broken' });
  });

  it('a macro stored under a name written another way is still found', () => {
    const macro = renamed(`<sheetData>${LINE}</sheetData>`, 'xl/worksheets/sheet1.xml', {
      'xl\\vbaProject.bin': new Uint8Array([1, 2, 3]),
    });
    expect(checkXlsxPackage(macro, LIMITS)).toBe('macro');
  });
});

describe('the sheet read: the first one the user sees (docs/requirements.md#quick-order)', () => {
  it('skips hidden sheets, and marks hidden rows for the caller to skip or keep', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('숨김').addRow(['숨긴 시트']);
    workbook.getWorksheet('숨김')!.state = 'veryHidden';
    const shown = workbook.addWorksheet('보임');
    shown.addRow(['첫 줄']);
    shown.addRow(['숨긴 줄']).hidden = true;
    const read = await firstSheetRows(new Uint8Array(await workbook.xlsx.writeBuffer()), LIMITS);
    expect(read.ok && read.rows.map((r) => [r.line, r.values[0], r.hidden])).toEqual([
      [1, '첫 줄', false],
      [2, '숨긴 줄', true],
    ]);
  });
});
