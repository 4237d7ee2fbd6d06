/**
 * Quick order from a file (docs/requirements.md#quick-order): `.xlsx` and `.csv` (UTF-8, or the EUC-KR Korean Excel writes)
 * read into rows of cells, then checked line by line by the contract's `parseQuickOrderCells`.
 * A file is read only after it is known to be small: the upload, then the unpacked size of an xlsx
 * (a zip bomb is a few kilobytes that unpack to gigabytes), counted while inflating, not trusted
 * from the zip's own headers.
 */
import {
  parseQuickOrderCells,
  parseQuickOrderText,
  type EstimateRole,
  type QuickOrderParse,
} from '@partsmall/contract';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync, zipSync } from 'fflate';

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
  formula: (row: number) =>
    `${row}행에 계산 결과가 저장되지 않은 수식이 있습니다. 엑셀에서 열어 저장한 뒤 다시 올리세요.`,
  encoding: '파일의 글자를 읽을 수 없습니다. UTF-8 또는 EUC-KR로 저장한 CSV 파일을 올리세요.',
  csv: 'CSV 파일의 형식이 올바르지 않습니다. 따옴표가 닫혔는지 확인하세요.',
  tooHeavy: '파일을 읽는 데 시간이나 메모리가 너무 많이 들어 멈췄습니다. 주문할 내용만 남긴 파일을 올리세요.',
  busy: '지금은 파일을 읽는 요청이 많습니다. 잠시 후 다시 올리세요.',
  tooOften: '파일을 너무 자주 올렸습니다. 10분 뒤에 다시 올리거나, 품번과 수량을 붙여 넣어 주문하세요.',
} as const;

const refuse = (message: string): QuickOrderParse => ({ ok: false, message });

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
  return refuse(QUICK_ORDER_FILE_MSG.type);
}

// ---------------------------------------------------------------- CSV

/**
 * Text of a CSV: a BOM names UTF-8 or UTF-16 (Excel's 'Unicode text'); without one, UTF-8 when the
 * bytes are valid UTF-8, else EUC-KR (the WHATWG decoder reads Windows' CP949, which Korean Excel
 * writes); null when neither reads the bytes.
 */
export function decodeCsv(data: Uint8Array): string | null {
  const bom = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  const tries = bom(0xef, 0xbb, 0xbf)
    ? ['utf-8']
    : bom(0xff, 0xfe)
      ? ['utf-16le']
      : bom(0xfe, 0xff)
        ? ['utf-16be']
        : ['utf-8', 'euc-kr'];
  for (const encoding of tries) {
    try {
      // ignoreBOM false (the default) drops the BOM from the text.
      return new TextDecoder(encoding, { fatal: true }).decode(data);
    } catch {
      // not this encoding; try the next
    }
  }
  return null;
}

function readCsv(data: Uint8Array, columns?: readonly EstimateRole[]): QuickOrderParse {
  const text = decodeCsv(data);
  if (text === null) return refuse(QUICK_ORDER_FILE_MSG.encoding);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parseCsv(text, {
      delimiter: [',', '\t', ';'],
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch {
    return refuse(QUICK_ORDER_FILE_MSG.csv);
  }
  return parseQuickOrderCells(
    records.map((r) => ({ line: r.info.lines, cells: r.record })),
    columns,
  );
}

// ---------------------------------------------------------------- xlsx

/**
 * Unpacks every part of the zip in small steps, counting the bytes, and stops at the limit: a step
 * of 4 KB of deflate unpacks to at most about 4 MB, so memory stays bounded whatever the headers say.
 * Also refuses a workbook with a VBA project (macros), whatever its name.
 */
export function checkXlsxPackage(data: Uint8Array): string | null {
  let unpacked = 0;
  let rows = 0;
  let problem: string | null = null;
  const unzip = new Unzip((entry) => {
    if (/(^|\/)vbaProject\.bin$/i.test(entry.name)) problem ??= QUICK_ORDER_FILE_MSG.macro;
    const sheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
    // The last 4 characters of a chunk go before the next: a '<row ' cut in two is counted once,
    // and no whole one (5 characters) fits in them to be counted twice.
    let carry = '';
    entry.ondata = (err, chunk) => {
      if (err) problem ??= QUICK_ORDER_FILE_MSG.broken;
      unpacked += chunk?.length ?? 0;
      if (sheet && chunk) {
        const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
        rows += text.match(/[<:]row[\s/>]/g)?.length ?? 0;
        carry = text.slice(-4);
        if (rows > QUICK_ORDER_XLSX_MAX_ROWS) problem ??= QUICK_ORDER_FILE_MSG.tooManyRows;
      }
      if (unpacked > QUICK_ORDER_XLSX_MAX_UNPACKED) {
        problem ??= QUICK_ORDER_FILE_MSG.unpackedTooLarge;
        entry.terminate();
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    const step = 4096;
    for (let at = 0; at < data.length && problem === null; at += step)
      unzip.push(data.subarray(at, at + step), at + step >= data.length);
  } catch {
    problem ??= QUICK_ORDER_FILE_MSG.broken;
  }
  return problem;
}

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

/** Column letters (A, Z, AA, XFD) as a number from 1. */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * The furthest column and row a sheet's cells reach, from its XML: a row's `r` or the one after the
 * row before, a cell's `r` (like `XFD12`) or the column after the cell before, as exceljs places them.
 */
export function sheetReach(xml: string): { columns: number; rows: number } {
  let rows = 0;
  let columns = 0;
  let row = 0;
  let column = 0;
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?(row|c)\b([^>]*)>/g)) {
    const r = /\sr\s*=\s*["']([^"']*)["']/.exec(m[2]!)?.[1];
    if (m[1] === 'row') {
      const n = r !== undefined && /^\d+$/.test(r) ? Number(r) : row + 1;
      row = n;
      column = 0;
    } else {
      const ref = r === undefined ? null : /^\$?([A-Za-z]{1,7})\$?(\d+)$/.exec(r);
      column = ref ? columnNumber(ref[1]!) : column + 1;
      if (ref) row = Math.max(row, Number(ref[2]));
    }
    rows = Math.max(rows, row);
    columns = Math.max(columns, column);
  }
  return { columns, rows };
}

/**
 * The workbook as exceljs may read it: each sheet keeps only its cells (`<sheetData>`), and the parts
 * a sheet links to (comments, tables, drawings) are left out. Merged ranges, data validations and
 * comments name ranges that exceljs fills cell by cell (a merge of A1:XFD1000 is 16 million cells
 * from one line of XML); none of them is a value. Merged cells then read as Excel's own CSV export
 * writes them: the value in the first cell, the others empty. A sheet reaching past the bounds is
 * refused with its message. The package was checked first (checkXlsxPackage), so unpacking it whole
 * is bounded.
 */
export function valuesOnlyWorkbook(data: Uint8Array): { ok: true; data: Uint8Array } | { ok: false; message: string } {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(data);
  } catch {
    return { ok: false, message: QUICK_ORDER_FILE_MSG.broken };
  }
  const kept: Record<string, Uint8Array> = {};
  for (const [name, bytes] of Object.entries(parts)) {
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) {
      // latin1 keeps every byte as it is: the XML is cut, never re-encoded.
      const xml = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
      const reach = sheetReach(xml);
      if (reach.columns > QUICK_ORDER_XLSX_MAX_COLUMNS) return { ok: false, message: QUICK_ORDER_FILE_MSG.tooWide };
      if (reach.rows > QUICK_ORDER_XLSX_MAX_ROW_NUMBER) return { ok: false, message: QUICK_ORDER_FILE_MSG.tooFar };
      const root = /<((?:[\w.-]+:)?)worksheet\b[^>]*>/.exec(xml);
      if (!root) return { ok: false, message: QUICK_ORDER_FILE_MSG.broken };
      const prefix = root[1]!.replace(/[.]/g, '\\.');
      const cells = new RegExp(
        `<${prefix}sheetData\\b[^>]*/>|<${prefix}sheetData\\b[\\s\\S]*?</${prefix}sheetData\\s*>`,
      ).exec(xml);
      const text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${root[0]}${cells?.[0] ?? ''}</${root[1]}worksheet>`;
      kept[name] = Uint8Array.from(Buffer.from(text, 'latin1'));
    } else if (
      !/^xl\/(worksheets\/_rels|comments|tables|drawings|threadedComments|persons|externalLinks|pivot)/i.test(name)
    ) {
      kept[name] = bytes;
    }
  }
  return { ok: true, data: zipSync(kept, { level: 0 }) };
}

async function readXlsx(data: Uint8Array, columns?: readonly EstimateRole[]): Promise<QuickOrderParse> {
  const problem = checkXlsxPackage(data);
  if (problem) return refuse(problem);
  const values = valuesOnlyWorkbook(data);
  if (!values.ok) return refuse(values.message);
  const workbook = new ExcelJS.Workbook();
  try {
    const bytes = values.data;
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    return refuse(QUICK_ORDER_FILE_MSG.broken);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return refuse(QUICK_ORDER_FILE_MSG.noSheet);
  const rows: { line: number; cells: string[] }[] = [];
  let formulaRow: number | null = null;
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: index 0 is always empty.
    const values = (Array.isArray(row.values) ? row.values.slice(1) : []) as ExcelJS.CellValue[];
    const cells = Array.from(values, (v) => cellText(v));
    if (cells.includes(undefined)) formulaRow ??= line;
    rows.push({ line, cells: cells.map((c) => c ?? '') });
  });
  if (formulaRow !== null) return refuse(QUICK_ORDER_FILE_MSG.formula(formulaRow));
  return parseQuickOrderCells(rows, columns);
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
