/**
 * Reading a spreadsheet or CSV someone uploaded, safely (docs/security.md#uploads): the text
 * of a CSV in the encodings Korean Excel writes, and an xlsx checked before exceljs reads it: its
 * unpacked size counted while inflating (a zip bomb is a few kilobytes that unpack to gigabytes),
 * its rows counted in the XML, its reach bounded, and only its cells kept. Each feature that takes
 * files (quick order, the 입금내역 import) gives its own limits and Korean messages.
 */
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, UnzipPassThrough, unzipSync, zipSync } from 'fflate';
import { decodeCp949 } from './korean-text.js';

/** What a workbook may reach before exceljs reads it, and the message of each limit. */
export interface SheetLimits {
  /** Unpacked size of all parts of the xlsx together. */
  maxUnpacked: number;
  /** Rows of all sheets together, counted in the unpacked XML. */
  maxRows: number;
  /** The furthest column a cell may be in (exceljs gives each row an array as long as its last column). */
  maxColumns: number;
  /** The furthest row number (a sparse sheet: a lone cell far below). */
  maxRowNumber: number;
  msg: {
    macro: string;
    broken: string;
    unpackedTooLarge: string;
    tooManyRows: string;
    tooWide: string;
    tooFar: string;
    noSheet: string;
  };
}

/**
 * Text of a CSV: a BOM names UTF-8 or UTF-16 (Excel's 'Unicode text'); without one, UTF-8 when the
 * bytes are valid UTF-8, else CP949, the EUC-KR with every Hangul syllable that Korean Excel writes
 * (korean-text.ts: Node's own 'euc-kr' decoder misread it); null when neither reads the bytes.
 */
export function decodeCsv(data: Uint8Array): string | null {
  const bom = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  const encoding = bom(0xef, 0xbb, 0xbf) ? 'utf-8' : bom(0xff, 0xfe) ? 'utf-16le' : bom(0xfe, 0xff) ? 'utf-16be' : null;
  try {
    // ignoreBOM false (the default) drops the BOM from the text.
    return new TextDecoder(encoding ?? 'utf-8', { fatal: true }).decode(data);
  } catch {
    // A BOM names the encoding: bytes it cannot read are not read as another one.
    return encoding ? null : decodeCp949(data);
  }
}

/**
 * A part's name as a zip reader takes it: backslashes as slashes, no leading slash, no '.' or empty
 * segments. exceljs drops a leading '/' and finds its parts by patterns that are not anchored, so
 * '/xl/worksheets/sheet1.xml' was read as a sheet that no check here had taken for one.
 */
export function partName(name: string): string {
  return name
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/** A sheet exceljs reads (xl/worksheets/sheet1.xml), by its exact name. */
const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
/**
 * The other parts a workbook's values need, by their exact names: the workbook and its sheets' list,
 * shared strings, styles (number formats tell dates), theme and document properties. Comments,
 * tables, drawings, a sheet's links and anything else are left out.
 */
const VALUE_PART =
  /^(?:\[Content_Types\]\.xml|_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/theme\/theme\d+\.xml|docProps\/(?:app|core)\.xml)$/;

/**
 * Unpacks every part of the zip in small steps, counting the bytes, and stops at the limit: a step
 * of 4 KB of deflate unpacks to at most about 4 MB, so memory stays bounded whatever the headers say.
 * Also refuses a workbook with a VBA project (macros), whatever its name.
 */
export function checkXlsxPackage(data: Uint8Array, limits: SheetLimits): string | null {
  const { msg } = limits;
  let unpacked = 0;
  let rows = 0;
  let problem: string | null = null;
  const unzip = new Unzip((entry) => {
    const name = partName(entry.name);
    if (/(^|\/)vbaProject\.bin$/i.test(name)) problem ??= msg.macro;
    const sheet = SHEET_PART.test(name);
    // The last 4 characters of a chunk go before the next: a '<row ' cut in two is counted once,
    // and no whole one (5 characters) fits in them to be counted twice.
    let carry = '';
    entry.ondata = (err, chunk) => {
      if (err) problem ??= msg.broken;
      unpacked += chunk?.length ?? 0;
      if (sheet && chunk) {
        const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
        rows += text.match(/[<:]row[\s/>]/g)?.length ?? 0;
        carry = text.slice(-4);
        if (rows > limits.maxRows) problem ??= msg.tooManyRows;
      }
      if (unpacked > limits.maxUnpacked) {
        problem ??= msg.unpackedTooLarge;
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
    problem ??= msg.broken;
  }
  return problem;
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
 * The workbook as exceljs may read it, a new zip of the parts of exact names only (SHEET_PART,
 * VALUE_PART; names written another way, '/xl/…' or 'xl\…', taken as a reader takes them): each
 * sheet keeps only its cells (`<sheetData>`), and the parts a sheet links to (comments, tables,
 * drawings) are left out. Merged ranges, data validations and comments name ranges that exceljs
 * fills cell by cell (a merge of A1:XFD1000 is 16 million cells from one line of XML); none of them
 * is a value. Merged cells then read as Excel's own CSV export writes them: the value in the first
 * cell, the others empty. A sheet reaching past the bounds is refused with its message, and two
 * parts of one name are a broken file. The package was checked first (checkXlsxPackage), so
 * unpacking it whole is bounded.
 */
export function valuesOnlyWorkbook(
  data: Uint8Array,
  limits: SheetLimits,
): { ok: true; data: Uint8Array } | { ok: false; message: string } {
  const { msg } = limits;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(data);
  } catch {
    return { ok: false, message: msg.broken };
  }
  const kept: Record<string, Uint8Array> = {};
  for (const [raw, bytes] of Object.entries(parts)) {
    const name = partName(raw);
    if (!SHEET_PART.test(name) && !VALUE_PART.test(name)) continue;
    if (Object.hasOwn(kept, name)) return { ok: false, message: msg.broken };
    if (SHEET_PART.test(name)) {
      // latin1 keeps every byte as it is: the XML is cut, never re-encoded.
      const xml = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
      const reach = sheetReach(xml);
      if (reach.columns > limits.maxColumns) return { ok: false, message: msg.tooWide };
      if (reach.rows > limits.maxRowNumber) return { ok: false, message: msg.tooFar };
      const root = /<((?:[\w.-]+:)?)worksheet\b[^>]*>/.exec(xml);
      if (!root) return { ok: false, message: msg.broken };
      const prefix = root[1]!.replace(/[.]/g, '\\.');
      const cells = new RegExp(
        `<${prefix}sheetData\\b[^>]*/>|<${prefix}sheetData\\b[\\s\\S]*?</${prefix}sheetData\\s*>`,
      ).exec(xml);
      const text = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${root[0]}${cells?.[0] ?? ''}</${root[1]}worksheet>`;
      kept[name] = Uint8Array.from(Buffer.from(text, 'latin1'));
    } else kept[name] = bytes;
  }
  return { ok: true, data: zipSync(kept, { level: 0 }) };
}

/** A row of a sheet: its 1-based line, its cells' values, and whether it is hidden (by hand, a filter or an outline). */
export interface SheetRow {
  line: number;
  values: ExcelJS.CellValue[];
  hidden: boolean;
}

/**
 * The rows of the first sheet the user sees (a hidden sheet, often an old estimate or a template's
 * data, is passed over) as exceljs reads them, once the package passed checkXlsxPackage and was cut
 * to its values (valuesOnlyWorkbook); or the Korean message of the limit it broke. Hidden rows are
 * marked, each caller deciding whether to read them.
 */
export async function firstSheetRows(
  data: Uint8Array,
  limits: SheetLimits,
): Promise<{ ok: true; rows: SheetRow[] } | { ok: false; message: string }> {
  const problem = checkXlsxPackage(data, limits);
  if (problem) return { ok: false, message: problem };
  const values = valuesOnlyWorkbook(data, limits);
  if (!values.ok) return values;
  const workbook = new ExcelJS.Workbook();
  try {
    const bytes = values.data;
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    return { ok: false, message: limits.msg.broken };
  }
  const sheet = workbook.worksheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden');
  if (!sheet) return { ok: false, message: limits.msg.noSheet };
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // row.values is 1-based: index 0 is always empty.
    const values = (Array.isArray(row.values) ? row.values.slice(1) : []) as ExcelJS.CellValue[];
    rows.push({ line, values, hidden: row.hidden });
  });
  return { ok: true, rows };
}
