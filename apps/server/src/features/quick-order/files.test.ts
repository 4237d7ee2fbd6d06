import { parseQuickOrderText, type QuickOrderParse } from '@partsmall/contract';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { estimatePdf } from '../../../test/estimate-pdf.js';
import { encodeEucKr } from '../../../test/euc-kr.js';
import { handWrittenXlsx, rangesSheet, sparseSheet, wideSheet } from '../../../test/hostile.js';
import {
  checkXlsxPackage,
  decodeCsv,
  QUICK_ORDER_FILE_MSG,
  QUICK_ORDER_XLSX_MAX_UNPACKED,
  readQuickOrderFile,
  sheetReach,
  valuesOnlyWorkbook,
} from './index.js';
import { pdfText } from './files.js';

function brief(result: QuickOrderParse) {
  if (!result.ok) throw new Error(result.message);
  return result.rows.map((r) => [r.line, r.normalised, r.qty, r.memo, r.error ?? null]);
}

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('견적'));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const CSV_TEXT = '품번,수량,비고\r\nA 000 420 12 20,2,앞 브레이크\r\n"34 11 6 860 242",3,"좌측, 급함"\r\n';
const CSV_ROWS = [
  [2, 'A0004201220', 2, '앞 브레이크', null],
  [3, '34116860242', 3, '좌측, 급함', null],
];

describe('CSV files', () => {
  it('reads an EUC-KR CSV as Korean Excel saves it', async () => {
    const data = encodeEucKr(CSV_TEXT);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(data)).toThrow();
    expect(brief(await readQuickOrderFile({ filename: '견적.csv', data }))).toEqual(CSV_ROWS);
  });

  it('reads a CP949 CSV (Korean Excel): syllables outside KS X 1001 in a memo stay as written', async () => {
    // 품번,수량,비고 / 42215489599,2,똠얌꿍 햏 샾: 똠 is 8C 63, 햏 C1 64, 샾 98 DE in CP949.
    const head = encodeEucKr('품번,수량,비고\n42215489599,2,');
    const memo = [0x8c, 0x63, 0xbe, 0xe4, 0xb2, 0xe1, 0x20, 0xc1, 0x64, 0x20, 0x98, 0xde];
    const data = Uint8Array.from([...head, ...memo, 0x0a]);
    expect(brief(await readQuickOrderFile({ filename: '견적.csv', data }))).toEqual([
      [2, '42215489599', 2, '똠얌꿍 햏 샾', null],
    ]);
  });

  it('reads UTF-8 with and without a BOM, and UTF-16 with its BOM', async () => {
    const utf8 = new TextEncoder().encode(CSV_TEXT);
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...Array.from(CSV_TEXT).flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
    ]);
    for (const data of [utf8, withBom, utf16])
      expect(brief(await readQuickOrderFile({ filename: 'a.CSV', data }))).toEqual(CSV_ROWS);
    expect(decodeCsv(withBom)!.startsWith('품번')).toBe(true);
  });

  it('refuses bytes that are neither UTF-8 nor EUC-KR, and broken quoting', async () => {
    expect(
      await readQuickOrderFile({ filename: 'a.csv', data: Uint8Array.from([0x41, 0x31, 0x2c, 0xff, 0xff, 0x0a]) }),
    ).toEqual({
      ok: false,
      message: '파일의 글자를 읽을 수 없습니다. UTF-8 또는 EUC-KR로 저장한 CSV 파일을 올리세요.',
    });
    expect(await readQuickOrderFile({ filename: 'a.csv', data: new TextEncoder().encode('"A1,2\n') })).toEqual({
      ok: false,
      message: 'CSV 파일의 형식이 올바르지 않습니다. 따옴표가 닫혔는지 확인하세요.',
    });
  });

  it('a CSV pasted reads as the same CSV uploaded: quoted cells, a quoted header, a quoted memo with a comma', async () => {
    const texts = [
      '"42215489599","2"\n"A2371291199","3"',
      '"No","Part No","Qty"\n"1","42215489599","2"\n"2","A2371291199","3"',
      '42215489599,2,"좌측, 앞"',
      CSV_TEXT,
    ];
    for (const text of texts) {
      const file = await readQuickOrderFile({ filename: 'a.csv', data: new TextEncoder().encode(text) });
      expect(parseQuickOrderText(text)).toEqual(file);
    }
    expect(brief(parseQuickOrderText(CSV_TEXT))).toEqual(CSV_ROWS);
  });

  it('accepts 500 lines and refuses 501', async () => {
    const csv = (n: number) => new TextEncoder().encode(Array.from({ length: n }, (_, i) => `P${i},1`).join('\n'));
    expect(brief(await readQuickOrderFile({ filename: 'a.csv', data: csv(500) }))).toHaveLength(500);
    expect(await readQuickOrderFile({ filename: 'a.csv', data: csv(501) })).toEqual({
      ok: false,
      message: '한 번에 최대 500줄까지 주문할 수 있습니다. (입력 501줄)',
    });
  });
});

describe('xlsx files', () => {
  it('reads values: text, numbers, rich text and a formula’s saved result; quantities checked per row', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['견적서 (주)부품상사']);
      sheet.addRow(['품명', '품번', '수량', '비고']);
      sheet.addRow(['브레이크 패드', 'A 000 420 12 20', 2, '앞']);
      sheet.addRow([
        '오일 필터',
        11427953129,
        { formula: '2*5', result: 10 },
        { richText: [{ text: '엔진' }, { text: ' 정비' }] },
      ]);
      sheet.addRow(['와이퍼', '61 61 2 241 376', 0, '']);
      sheet.addRow(['점화플러그', '0 242 236 562', 1.5, '']);
    });
    expect(brief(await readQuickOrderFile({ filename: '견적.xlsx', data }))).toEqual([
      [1, '', null, '', '품번에 영문 또는 숫자가 없습니다.'],
      [3, 'A0004201220', 2, '앞', null],
      [4, '11427953129', 10, '엔진 정비', null],
      [5, '61612241376', null, '', '수량은 1 이상의 정수로 입력하세요.'],
      [6, '0242236562', null, '', '수량은 1 이상의 정수로 입력하세요.'],
    ]);
  });

  it('refuses a formula without a saved result, naming its row', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['A1', 1]);
      sheet.addRow(['B2', { formula: 'C9*2' }]);
    });
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data })).toEqual({
      ok: false,
      message: '2행에 계산 결과가 저장되지 않은 수식이 있습니다. 엑셀에서 열어 저장한 뒤 다시 올리세요.',
    });
  });

  it('reads the first sheet only: an empty first sheet is refused saying so, whatever the others hold', async () => {
    const book = async (fill: (workbook: ExcelJS.Workbook) => void) => {
      const workbook = new ExcelJS.Workbook();
      fill(workbook);
      return new Uint8Array(await workbook.xlsx.writeBuffer());
    };
    const firstEmpty = await book((w) => {
      w.addWorksheet('표지');
      w.addWorksheet('견적').addRow(['42215489599', 2]);
    });
    const message = QUICK_ORDER_FILE_MSG.firstSheetEmpty;
    expect(message).toBe(
      '엑셀 파일의 첫 번째 시트가 비어 있습니다. 빠른주문은 첫 번째 시트만 읽으니 주문할 내용을 첫 번째 시트에 두고 다시 올리세요.',
    );
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: firstEmpty })).toEqual({ ok: false, message });
    expect(
      await readQuickOrderFile({ filename: 'a.xlsx', data: await book((w) => w.addWorksheet('빈 시트')) }),
    ).toEqual({ ok: false, message });
    // A first sheet with a line is read; the second sheet's lines are not.
    const both = await book((w) => {
      w.addWorksheet('견적').addRow(['A2371291199', 3]);
      w.addWorksheet('참고').addRow(['42215489599', 2]);
    });
    expect(brief(await readQuickOrderFile({ filename: 'a.xlsx', data: both }))).toEqual([
      [1, 'A2371291199', 3, '', null],
    ]);
  });

  it('refuses a workbook with macros, by its content and by its name', async () => {
    const plain = await xlsx((sheet) => sheet.addRow(['A1', 1]));
    const withMacros = zipSync({ ...unzipSync(plain), 'xl/vbaProject.bin': new Uint8Array([1, 2, 3]) });
    const macro = {
      ok: false,
      message: '매크로가 들어 있는 엑셀 파일은 올릴 수 없습니다. 매크로 없는 .xlsx로 저장해 올리세요.',
    };
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: withMacros })).toEqual(macro);
    expect(await readQuickOrderFile({ filename: 'a.xlsm', data: plain })).toEqual(macro);
    expect(brief(await readQuickOrderFile({ filename: 'a.xlsx', data: plain }))).toEqual([[1, 'A1', 1, '', null]]);
  });

  it('refuses a zip bomb before parsing it, and counts the unpacked size to the byte', async () => {
    const bomb = zipSync(
      { 'xl/worksheets/sheet1.xml': new Uint8Array(QUICK_ORDER_XLSX_MAX_UNPACKED + 1) },
      { level: 9 },
    );
    expect(bomb.byteLength).toBeLessThan(50_000);
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: bomb })).toEqual({
      ok: false,
      message: '압축을 풀면 10MB가 넘는 엑셀 파일은 올릴 수 없습니다.',
    });
    const atLimit = zipSync(
      { 'a.xml': new Uint8Array(QUICK_ORDER_XLSX_MAX_UNPACKED - 10), 'b.xml': new Uint8Array(10) },
      { level: 9 },
    );
    expect(checkXlsxPackage(atLimit)).toBeNull();
    const overLimit = zipSync(
      { 'a.xml': new Uint8Array(QUICK_ORDER_XLSX_MAX_UNPACKED - 10), 'b.xml': new Uint8Array(11) },
      { level: 9 },
    );
    expect(checkXlsxPackage(overLimit)).toBe('압축을 풀면 10MB가 넘는 엑셀 파일은 올릴 수 없습니다.');
  }, 30_000);

  it('accepts 5,000 rows in the sheets and refuses more before reading the workbook', () => {
    // Rows as Excel and other writers spell them, split across 4 KB steps at every place.
    const sheet = (n: number, tag: string) =>
      new TextEncoder().encode(`<worksheet><sheetData>${tag.repeat(n)}</sheetData></worksheet>`);
    const pack = (a: number, b: number) =>
      zipSync({
        'xl/worksheets/sheet1.xml': sheet(a, '<row r="1"><c/></row>'),
        'xl/worksheets/sheet2.xml': sheet(b, '<x:row/>'),
        'xl/styles.xml': sheet(9000, '<row>'),
      });
    expect(checkXlsxPackage(pack(3000, 2000))).toBeNull();
    expect(checkXlsxPackage(pack(3000, 2001))).toBe(
      '행이 5,000개가 넘는 엑셀 파일은 올릴 수 없습니다. 주문할 줄(최대 500줄)만 남겨 다시 올리세요.',
    );
  });

  it('refuses a broken zip and an empty workbook', async () => {
    const plain = await xlsx((sheet) => sheet.addRow(['A1', 1]));
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: plain.subarray(0, 200) })).toEqual({
      ok: false,
      message: '엑셀 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.',
    });
    const empty = new Uint8Array(await new ExcelJS.Workbook().xlsx.writeBuffer());
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: empty })).toEqual({
      ok: false,
      message: '엑셀 파일에 시트가 없습니다.',
    });
  });
});

describe('any file', () => {
  it('accepts 1 MB and refuses one byte more', async () => {
    const line = new TextEncoder().encode('A1,1\n');
    const oneMb = new Uint8Array(1024 * 1024).fill(0x20);
    oneMb.set(line, 0);
    expect(brief(await readQuickOrderFile({ filename: 'a.csv', data: oneMb }))).toEqual([[1, 'A1', 1, '', null]]);
    const more = new Uint8Array(1024 * 1024 + 1).fill(0x20);
    expect(await readQuickOrderFile({ filename: 'a.csv', data: more })).toEqual({
      ok: false,
      message: '파일은 1MB까지 올릴 수 있습니다.',
    });
  });

  it('refuses .xls and other kinds of file', async () => {
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await readQuickOrderFile({ filename: 'a.xls', data: ole })).toEqual({
      ok: false,
      message: '엑셀 97-2003 형식(.xls)은 읽을 수 없습니다. .xlsx 또는 .csv로 저장해 올리세요.',
    });
    expect(
      await readQuickOrderFile({ filename: 'a.hwp', data: new TextEncoder().encode('HWP Document File') }),
    ).toEqual({
      ok: false,
      message: '.xlsx, .csv 또는 .pdf 파일만 올릴 수 있습니다.',
    });
    // A PDF is read for its text (docs/search.md#paste-anything); a header with nothing after it is broken.
    expect(await readQuickOrderFile({ filename: 'a.pdf', data: new TextEncoder().encode('%PDF-1.7') })).toEqual({
      ok: false,
      message: 'PDF 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.',
    });
  });
});

describe('the reach of a sheet, checked before exceljs reads it', () => {
  const TOO_WIDE =
    '100열(CV열)을 넘는 칸에 내용이나 서식이 있는 엑셀 파일은 올릴 수 없습니다. 주문할 내용만 새 시트에 옮겨 다시 올리세요.';
  const TOO_FAR =
    '10,000행 아래에 내용이나 서식이 있는 엑셀 파일은 올릴 수 없습니다. 주문할 내용만 새 시트에 옮겨 다시 올리세요.';
  const oneLine = (extra: string, row = 1) =>
    handWrittenXlsx(
      `<sheetData><row r="${row}"><c r="A${row}" t="inlineStr"><is><t>A0004201220</t></is></c><c r="B${row}"><v>2</v></c>${extra}</row></sheetData>`,
    );

  it('refuses a 23 KB sheet whose lines each have a cell in column XFD, at once', async () => {
    const wide = wideSheet();
    expect(wide.byteLength).toBeLessThan(24 * 1024);
    expect(await readQuickOrderFile({ filename: '견적.xlsx', data: wide })).toEqual({ ok: false, message: TOO_WIDE });
  });

  it('reads a cell in column CV (100) and refuses one in CW (101), by reference or by position', async () => {
    // The far cell is a third cell of the line: its memo.
    expect(brief(await readQuickOrderFile({ filename: 'a.xlsx', data: oneLine('<c r="CV1"><v>7</v></c>') }))).toEqual([
      [1, 'A0004201220', 2, '7', null],
    ]);
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: oneLine('<c r="CW1"><v>7</v></c>') })).toEqual({
      ok: false,
      message: TOO_WIDE,
    });
    // Cells without a reference take the column after the one before: B + 99 more reaches CW.
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: oneLine('<c><v>0</v></c>'.repeat(99)) })).toEqual({
      ok: false,
      message: TOO_WIDE,
    });
  });

  it('refuses a sparse sheet (a cell in the last row), and reads a line on row 10,000 but not 10,001', async () => {
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: sparseSheet() })).toEqual({
      ok: false,
      message: TOO_FAR,
    });
    expect(brief(await readQuickOrderFile({ filename: 'a.xlsx', data: oneLine('', 10_000) }))).toEqual([
      [10_000, 'A0004201220', 2, '', null],
    ]);
    expect(await readQuickOrderFile({ filename: 'a.xlsx', data: oneLine('', 10_001) })).toEqual({
      ok: false,
      message: TOO_FAR,
    });
  });

  it('reads values only: merged ranges and data validations reaching XFD are not filled in cell by cell', async () => {
    // A merged cell reads as Excel's CSV export writes it: the value in its first cell only.
    expect(brief(await readQuickOrderFile({ filename: 'a.xlsx', data: rangesSheet(3) }))).toEqual([
      [1, 'A0004201220', 1, '급함', null],
      [2, 'A0004201221', 2, '', null],
      [3, 'A0004201222', 3, '', null],
    ]);
    const values = valuesOnlyWorkbook(rangesSheet(3));
    if (!values.ok) throw new Error(values.message);
    const parts = unzipSync(values.data);
    const sheet = new TextDecoder().decode(parts['xl/worksheets/sheet1.xml']);
    expect(sheet).not.toContain('mergeCell');
    expect(sheet).not.toContain('dataValidation');
  });

  it('measures a sheet by its rows and cells as exceljs places them', () => {
    expect(sheetReach('<row r="3"><c r="B3"/><c/></row><row><c r="$D$9"/></row>')).toEqual({ columns: 4, rows: 9 });
    expect(sheetReach('<x:row><x:c/><x:c/></x:row><x:row/>')).toEqual({ columns: 2, rows: 2 });
    expect(sheetReach('<cols><col min="1" max="16384"/></cols><row r="1"/>')).toEqual({ columns: 0, rows: 1 });
  });
});

describe('a PDF estimate with Korean text (docs/search.md#paste-anything)', () => {
  const lines = [
    { pid: '34116860242', name: 'BMW 브레이크 패드 (앞)', qty: 2, price: 87_000 },
    { pid: 'A0004209002', name: '벤츠 엔진오일 필터', qty: 3, price: 19_800 },
  ];

  it('reads its Korean text and its columns: line number, part number, name, quantity, unit price, amount', async () => {
    const data = await estimatePdf(lines);
    const text = await pdfText(data);
    expect(text).toContain('견 적 서');
    expect(text).toContain('BMW 브레이크 패드 (앞)');
    expect(text).toContain('벤츠 엔진오일 필터');
    // The title, the customer line, the totals and the closing sentence are not order lines.
    expect(await readQuickOrderFile({ filename: '견적서.pdf', data })).toEqual({
      ok: true,
      rows: [
        {
          line: 4,
          raw: '1  34116860242  BMW 브레이크 패드 (앞)  2  87,000  174,000',
          partNumber: '34116860242',
          normalised: '34116860242',
          qty: 2,
          memo: '',
        },
        {
          line: 5,
          raw: '2  A0004209002  벤츠 엔진오일 필터  3  19,800  59,400',
          partNumber: 'A0004209002',
          normalised: 'A0004209002',
          qty: 3,
          memo: '',
        },
      ],
      columns: { roles: ['line', 'part', 'name', 'qty', 'price', 'amount'], header: true },
    });
  });

  it('reads it again by the columns the buyer corrected', async () => {
    const data = await estimatePdf(lines);
    // The buyer says the name column is the memo.
    const columns = ['line', 'part', 'memo', 'qty', 'price', 'amount'] as const;
    const read = await readQuickOrderFile({ filename: '견적서.pdf', data, columns });
    expect(read.ok && read.rows.map((r) => [r.partNumber, r.qty, r.memo])).toEqual([
      ['34116860242', 2, 'BMW 브레이크 패드 (앞)'],
      ['A0004209002', 3, '벤츠 엔진오일 필터'],
    ]);
  });
});
