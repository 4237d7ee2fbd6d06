/**
 * Quick order from a file (docs/requirements.md#quick-order): `.xlsx` and `.csv` (UTF-8, or the EUC-KR Korean Excel writes)
 * read into rows of cells, then checked line by line by the contract's `parseQuickOrderCells`.
 * A file is read only after it is known to be small: the upload, then the unpacked size of an xlsx
 * (a zip bomb is a few kilobytes that unpack to gigabytes), counted while inflating, not trusted
 * from the zip's own headers.
 */
import {
  csvRows,
  parseQuickOrderCells,
  parseQuickOrderText,
  type EstimateRole,
  type QuickOrderParse,
} from '@partsmall/contract';
import ExcelJS from 'exceljs';
import {
  checkXlsxPackage as checkSheetPackage,
  decodeCsv,
  firstSheetRows,
  sheetReach,
  valuesOnlyWorkbook as valuesOnlySheets,
  type SheetLimits,
} from '../../shared/spreadsheet.js';

/** 500 lines are a few tens of kilobytes in either format; a megabyte leaves room for styles and a logo. */
export const QUICK_ORDER_FILE_MAX_BYTES = 1024 * 1024;
/** Unpacked size of all parts of an xlsx together. */
export const QUICK_ORDER_XLSX_MAX_UNPACKED = 10 * 1024 * 1024;
/**
 * Rows of all sheets together, counted in the unpacked XML before the workbook is read: 10 MB of
 * rows would cost exceljs hundreds of megabytes. Generous beside 500 lines, for templates whose
 * formatting runs down empty rows.
 */
export const QUICK_ORDER_XLSX_MAX_ROWS = 5_000;
/**
 * The cells a sheet may reach, checked on the sheet's own XML before exceljs reads it: exceljs
 * gives every row an array as long as its last column, so one cell in column XFD (16,384) in each
 * of a few thousand rows is tens of millions of entries from a file of a few kilobytes. Quick
 * orders use a handful of columns; 100 (CV) leaves room for wide estimate templates. A row number
 * past 10,000 (a sparse sheet: a lone cell far below the lines) is refused too.
 */
export const QUICK_ORDER_XLSX_MAX_COLUMNS = 100;
export const QUICK_ORDER_XLSX_MAX_ROW_NUMBER = 10_000;

/** Files one account may upload for quick orders: 30 in 10 minutes (typed or pasted text is not counted). */
export const QUICK_ORDER_UPLOADS = { max: 30, windowSec: 600 } as const;

/** A PDF estimate of 500 lines is a few pages; more is not an estimate. */
export const QUICK_ORDER_PDF_MAX_PAGES = 30;

export const QUICK_ORDER_FILE_MSG = {
  tooLarge: '파일은 1MB까지 올릴 수 있습니다.',
  type: '.xlsx, .csv 또는 .pdf 파일만 올릴 수 있습니다.',
  pdf: 'PDF 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.',
  pdfNoText: 'PDF에서 글자를 찾을 수 없습니다. 스캔한 이미지 PDF는 읽을 수 없으니 견적서 내용을 복사해 붙여넣으세요.',
  pdfPages: `PDF는 ${QUICK_ORDER_PDF_MAX_PAGES}쪽까지 읽습니다.`,
  xls: '엑셀 97-2003 형식(.xls)은 읽을 수 없습니다. .xlsx 또는 .csv로 저장해 올리세요.',
  macro: '매크로가 들어 있는 엑셀 파일은 올릴 수 없습니다. 매크로 없는 .xlsx로 저장해 올리세요.',
  unpackedTooLarge: '압축을 풀면 10MB가 넘는 엑셀 파일은 올릴 수 없습니다.',
  tooManyRows: '행이 5,000개가 넘는 엑셀 파일은 올릴 수 없습니다. 주문할 줄(최대 500줄)만 남겨 다시 올리세요.',
  tooWide:
    '100열(CV열)을 넘는 칸에 내용이나 서식이 있는 엑셀 파일은 올릴 수 없습니다. 주문할 내용만 새 시트에 옮겨 다시 올리세요.',
  tooFar:
    '10,000행 아래에 내용이나 서식이 있는 엑셀 파일은 올릴 수 없습니다. 주문할 내용만 새 시트에 옮겨 다시 올리세요.',
  broken: '엑셀 파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인하세요.',
  noSheet: '엑셀 파일에 시트가 없습니다.',
  /** Only the first visible sheet is read (docs/requirements.md#quick-order): other sheets are notes, copies, old estimates. */
  firstSheetEmpty:
    '엑셀 파일의 첫 번째 시트가 비어 있습니다. 빠른주문은 첫 번째 시트만 읽으니 주문할 내용을 첫 번째 시트에 두고 다시 올리세요.',
  /** Every row with something in it hidden or filtered out: hidden rows are not read. */
  onlyHiddenRows:
    '엑셀 파일의 첫 번째 시트에 보이는 행이 없습니다. 숨기거나 필터로 가린 행은 읽지 않으니 주문할 행을 보이게 한 뒤 다시 올리세요.',
  formula: (row: number) =>
    `${row}행에 계산 결과가 저장되지 않은 수식이 있습니다. 엑셀에서 열어 저장한 뒤 다시 올리세요.`,
  encoding: '파일의 글자를 읽을 수 없습니다. UTF-8 또는 EUC-KR로 저장한 CSV 파일을 올리세요.',
  csv: 'CSV 파일의 형식이 올바르지 않습니다. 따옴표가 닫혔는지 확인하세요.',
  tooHeavy: '파일을 읽는 데 시간이나 메모리가 너무 많이 들어 멈췄습니다. 주문할 내용만 남긴 파일을 올리세요.',
  busy: '지금은 파일을 읽는 요청이 많습니다. 잠시 후 다시 올리세요.',
  tooOften: '파일을 너무 자주 올렸습니다. 10분 뒤에 다시 올리거나, 품번과 수량을 붙여 넣어 주문하세요.',
} as const;

const refuse = (message: string): QuickOrderParse => ({ ok: false, message });

/** Quick order's bounds of a workbook (shared/spreadsheet.ts checks them). */
const QUICK_ORDER_SHEET: SheetLimits = {
  maxUnpacked: QUICK_ORDER_XLSX_MAX_UNPACKED,
  maxRows: QUICK_ORDER_XLSX_MAX_ROWS,
  maxColumns: QUICK_ORDER_XLSX_MAX_COLUMNS,
  maxRowNumber: QUICK_ORDER_XLSX_MAX_ROW_NUMBER,
  msg: QUICK_ORDER_FILE_MSG,
};

export { decodeCsv, sheetReach };
/** The package of an xlsx checked against quick order's bounds (shared/spreadsheet.ts). */
export const checkXlsxPackage = (data: Uint8Array) => checkSheetPackage(data, QUICK_ORDER_SHEET);
/** The workbook's cells only, within quick order's bounds (shared/spreadsheet.ts). */
export const valuesOnlyWorkbook = (data: Uint8Array) => valuesOnlySheets(data, QUICK_ORDER_SHEET);

/** Reads an uploaded quick-order file into checked rows, or a Korean message saying why not. */
export async function readQuickOrderFile(file: {
  filename: string;
  data: Uint8Array;
  /** The columns as the buyer corrected them (docs/search.md#paste-anything). */
  columns?: readonly EstimateRole[] | undefined;
}): Promise<QuickOrderParse> {
  const { data, columns } = file;
  if (data.byteLength > QUICK_ORDER_FILE_MAX_BYTES) return refuse(QUICK_ORDER_FILE_MSG.tooLarge);
  const name = file.filename.toLowerCase();
  const magic = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (magic(0x50, 0x4b, 0x03, 0x04))
    return name.endsWith('.xlsm') ? refuse(QUICK_ORDER_FILE_MSG.macro) : readXlsx(data, columns);
  if (magic(0xd0, 0xcf, 0x11, 0xe0)) return refuse(QUICK_ORDER_FILE_MSG.xls);
  if (magic(0x25, 0x50, 0x44, 0x46)) return readPdf(data, columns);
  if (name.endsWith('.csv') || name.endsWith('.txt')) return readCsv(data, columns);
  // A file named as a workbook or a PDF that is none: broken, not a kind of file the page does not take.
  if (/\.xls[xm]$/.test(name)) return refuse(QUICK_ORDER_FILE_MSG.broken);
  if (name.endsWith('.pdf')) return refuse(QUICK_ORDER_FILE_MSG.pdf);
  return refuse(QUICK_ORDER_FILE_MSG.type);
}

// ---------------------------------------------------------------- CSV

/**
 * A CSV file, read by the contract's CSV reader, as a pasted CSV is (docs/search.md#paste-anything):
 * one delimiter per file, tabs when it has them (Excel's 'Unicode text').
 */
function readCsv(data: Uint8Array, columns?: readonly EstimateRole[]): QuickOrderParse {
  const text = decodeCsv(data);
  if (text === null) return refuse(QUICK_ORDER_FILE_MSG.encoding);
  const rows = csvRows(text);
  if (rows === null) return refuse(QUICK_ORDER_FILE_MSG.csv);
  return parseQuickOrderCells(rows, columns);
}

// ---------------------------------------------------------------- xlsx

/** A cell as text: values only; a formula gives its saved result, and undefined when it has none. */
function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null ? undefined : cellText(result as ExcelJS.CellValue);
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * The first visible sheet's visible rows (docs/requirements.md#quick-order): buyers hide or filter an
 * estimate's rows down to what they order; the rows left out are counted for the page to say so.
 */
async function readXlsx(data: Uint8Array, columns?: readonly EstimateRole[]): Promise<QuickOrderParse> {
  const sheet = await firstSheetRows(data, QUICK_ORDER_SHEET);
  if (!sheet.ok) return refuse(sheet.message);
  const rows: { line: number; cells: string[] }[] = [];
  let formulaRow: number | null = null;
  let hiddenRows = 0;
  for (const { line, values, hidden } of sheet.rows) {
    const cells = Array.from(values, (v) => cellText(v));
    if (hidden) {
      if (cells.some((c) => c !== '')) hiddenRows++;
      continue;
    }
    if (cells.includes(undefined)) formulaRow ??= line;
    rows.push({ line, cells: cells.map((c) => c ?? '') });
  }
  if (formulaRow !== null) return refuse(QUICK_ORDER_FILE_MSG.formula(formulaRow));
  if (rows.every((r) => r.cells.every((c) => c.trim() === '')))
    return refuse(hiddenRows > 0 ? QUICK_ORDER_FILE_MSG.onlyHiddenRows : QUICK_ORDER_FILE_MSG.firstSheetEmpty);
  const read = parseQuickOrderCells(rows, columns);
  return read.ok && hiddenRows > 0 ? { ...read, hiddenRows } : read;
}

// ---------------------------------------------------------------- PDF

/**
 * The text of a PDF estimate (pdfjs-dist's legacy build, which runs in Node), laid out as a copy
 * from a PDF viewer gives it: the pieces of one line (same baseline) left to right, two spaces where
 * a gap wider than a character separates them (a column), one where it is narrower; then read as a
 * pasted text, its columns told as for any estimate (docs/search.md#paste-anything).
 */
async function readPdf(data: Uint8Array, columns?: readonly EstimateRole[]): Promise<QuickOrderParse> {
  const text = await pdfText(data);
  if (text === null) return refuse(QUICK_ORDER_FILE_MSG.pdf);
  if (text === 'pages') return refuse(QUICK_ORDER_FILE_MSG.pdfPages);
  if (text.trim() === '') return refuse(QUICK_ORDER_FILE_MSG.pdfNoText);
  return parseQuickOrderText(text, columns);
}

interface PdfPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The lines of a PDF's text, or null when it cannot be read, or 'pages' when it has too many. */
export async function pdfText(data: Uint8Array): Promise<string | null | 'pages'> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    // A copy: pdfjs takes the buffer over. No fonts, no eval, nothing fetched.
    doc = await pdfjs.getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch {
    return null;
  }
  try {
    if (doc.numPages > QUICK_ORDER_PDF_MAX_PAGES) return 'pages';
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const pieces: PdfPiece[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        pieces.push({
          str: item.str,
          x: item.transform[4] as number,
          y: item.transform[5] as number,
          width: item.width,
          height: item.height || Math.abs(item.transform[3] as number) || 10,
        });
      }
      // Lines top to bottom (PDF y grows upwards); pieces within half a line height share a line.
      pieces.sort((a, b) => b.y - a.y || a.x - b.x);
      let line: PdfPiece[] = [];
      const flush = () => {
        if (line.length === 0) return;
        line.sort((a, b) => a.x - b.x);
        let out = line[0]!.str;
        for (let i = 1; i < line.length; i++) {
          const prev = line[i - 1]!;
          const gap = line[i]!.x - (prev.x + prev.width);
          const charWidth = prev.width / Math.max(1, prev.str.length);
          out += gap > charWidth * 1.5 ? '  ' : gap > charWidth * 0.2 ? ' ' : '';
          out += line[i]!.str;
        }
        lines.push(out.trim());
        line = [];
      };
      for (const piece of pieces) {
        if (line.length > 0 && Math.abs(line[0]!.y - piece.y) > line[0]!.height / 2) flush();
        line.push(piece);
      }
      flush();
    }
    return lines.join('\n');
  } catch {
    return null;
  } finally {
    await doc.destroy();
  }
}
