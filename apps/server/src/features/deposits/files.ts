/**
 * A bank's 입금내역 file (docs/requirements.md#credit-deposits): `.xlsx` or `.csv` (UTF-8, or the EUC-KR
 * a Korean bank's export and Korean Excel write), read into deposits of a date, a depositor name and
 * an amount. Nothing is evaluated: a formula cell of a workbook refuses the file (its saved result is
 * not trusted), and a CSV cell starting with = + - @ is only text (as a name it is kept as written; as
 * an amount it is not a number). The file is bounded before its rows are read (shared/spreadsheet.ts;
 * a CSV's lines counted first), and any unreadable row refuses the whole file: nothing is applied.
 */
import {
  DEPOSIT_FILE_COLUMNS,
  DEPOSIT_FILE_COLUMN_LABELS,
  DEPOSIT_FILE_MAX_BYTES,
  DEPOSIT_FILE_MAX_ROWS,
  DEPOSIT_MAX_AMOUNT,
  DEPOSITOR_NAME_MAX,
  MSG_DEPOSIT,
  csvRows,
  cutText,
  isDepositYear,
  isPlainText,
} from '@partsmall/contract';
import ExcelJS from 'exceljs';
import { decodeCsv, firstSheetRows, type SheetLimits } from '../../shared/spreadsheet.js';

/** One deposit read from the file. */
export interface FileDeposit {
  /** The file's row (1-based, as a spreadsheet numbers it). */
  line: number;
  /** The instant, ISO (the file's wall clock read as Asia/Seoul). */
  depositedAt: string;
  depositorName: string;
  amount: number;
}

export type DepositFileParse = { ok: true; rows: FileDeposit[] } | { ok: false; message: string };

/** The title row is looked for among the first rows (a bank's export starts with its account and period). */
const HEADER_SEARCH_ROWS = 30;
/** Unreadable rows named in the refusal; the rest counted. */
const ROW_ERRORS_SHOWN = 5;

export const DEPOSIT_SHEET: SheetLimits = {
  maxUnpacked: 50 * 1024 * 1024,
  maxRows: DEPOSIT_FILE_MAX_ROWS + HEADER_SEARCH_ROWS,
  maxColumns: 50,
  maxRowNumber: DEPOSIT_FILE_MAX_ROWS + 100,
  msg: {
    macro: MSG_DEPOSIT.macro,
    broken: MSG_DEPOSIT.broken,
    unpackedTooLarge: MSG_DEPOSIT.unpackedTooLarge,
    tooManyRows: MSG_DEPOSIT.fileTooManyRows,
    tooWide: MSG_DEPOSIT.tooWide,
    tooFar: MSG_DEPOSIT.tooFar,
    noSheet: MSG_DEPOSIT.noSheet,
  },
};

const refuse = (message: string): DepositFileParse => ({ ok: false, message });

/** Reads an uploaded 입금내역 file, or a Korean message saying why not. */
export async function readDepositFile(file: { filename: string; data: Uint8Array }): Promise<DepositFileParse> {
  const { data } = file;
  if (data.byteLength > DEPOSIT_FILE_MAX_BYTES) return refuse(MSG_DEPOSIT.fileTooLarge);
  const name = file.filename.toLowerCase();
  const magic = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (magic(0x50, 0x4b, 0x03, 0x04)) return name.endsWith('.xlsm') ? refuse(MSG_DEPOSIT.macro) : readXlsx(data);
  if (magic(0xd0, 0xcf, 0x11, 0xe0)) return refuse(MSG_DEPOSIT.xls);
  if (name.endsWith('.csv') || name.endsWith('.txt')) return readCsv(data);
  return refuse(MSG_DEPOSIT.fileType);
}

// ---------------------------------------------------------------- cells to deposits

/** A cell as read: text, a number, a date (a workbook's date cell), or a formula (refused). */
type Cell = string | number | Date | { formula: true };

/** A title as compared: no spaces, no bracketed unit ('입금액(원)'), lower case. */
const titleKey = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\(.*?\)|\[.*?\]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();

type Role = keyof typeof DEPOSIT_FILE_COLUMNS;

/** The column of each role in a title row: for each role, the first of its titles the row has. */
function columnsOf(cells: readonly Cell[]): Partial<Record<Role, number>> {
  const keys = cells.map((c) => (typeof c === 'string' ? titleKey(c) : ''));
  const found: Partial<Record<Role, number>> = {};
  for (const role of Object.keys(DEPOSIT_FILE_COLUMNS) as Role[]) {
    for (const title of DEPOSIT_FILE_COLUMNS[role]) {
      const at = keys.indexOf(title);
      if (at >= 0 && !Object.values(found).includes(at)) {
        found[role] = at;
        break;
      }
    }
  }
  return found;
}

const REQUIRED: ('date' | 'name' | 'amount')[] = ['date', 'name', 'amount'];

/** Days of each month of a year. */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A Seoul wall-clock time as an instant, or null when it is not a real date and time. */
function seoulInstant(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  if (!isDepositYear(y) || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return null;
  if (h > 23 || mi > 59 || s > 59) return null;
  return new Date(Date.UTC(y, mo - 1, d, h - 9, mi, s));
}

/** '13:05', '13:05:09', '130509' as hours, minutes, seconds. */
function timeParts(text: string): [number, number, number] | null {
  const t = text.trim();
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t) ?? /^(\d{2})(\d{2})(\d{2})?$/.exec(t);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

type DateParts = [number, number, number, number, number, number];

/** A workbook's date as the wall clock it shows (year, month, day, hours, minutes, seconds). */
const wallClock = (at: Date): DateParts => [
  at.getUTCFullYear(),
  at.getUTCMonth() + 1,
  at.getUTCDate(),
  at.getUTCHours(),
  at.getUTCMinutes(),
  at.getUTCSeconds(),
];

/**
 * A date cell: a workbook date (its wall clock is the file's, read as Seoul), an Excel serial day,
 * or text: 2026-03-05, 2026.03.05, 2026/3/5, 20260305, 2026년 3월 5일, each with an optional time.
 */
function readDate(cell: Cell, time: Cell | undefined): Date | null {
  let parts: DateParts | null = null;
  if (cell instanceof Date) {
    parts = wallClock(cell);
  } else if (typeof cell === 'number') {
    // Excel's serial day (1900 system): 25569 is 1970-01-01.
    if (cell < 36526 || cell > 73051) return null;
    parts = wallClock(new Date(Math.round((cell - 25569) * 86400) * 1000));
  } else if (typeof cell === 'string') {
    const t = cell.trim();
    const m =
      /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*일?(?:[\sT]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(t) ??
      /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2}):?(\d{2}):?(\d{2})?)?$/.exec(t);
    if (!m) return null;
    parts = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  }
  if (!parts) return null;
  if (time !== undefined && time !== '') {
    const hms =
      time instanceof Date
        ? ([time.getUTCHours(), time.getUTCMinutes(), time.getUTCSeconds()] as [number, number, number])
        : typeof time === 'number' && time >= 0 && time < 1
          ? ((s: number) => [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60] as [number, number, number])(
              Math.round(time * 86400),
            )
          : typeof time === 'string'
            ? timeParts(time)
            : null;
    if (!hms) return null;
    [parts[3], parts[4], parts[5]] = hms;
  }
  return seoulInstant(...parts);
}

/** Won as a bank writes it: 1,234,000 / 1234000원 / ₩1,234,000 / 1234000.00; a whole positive number. */
function readAmount(cell: Cell): number | null {
  let n: number;
  if (typeof cell === 'number') n = cell;
  else if (typeof cell === 'string') {
    const t = cell
      .normalize('NFKC')
      .replace(/[\s,]/g, '')
      .replace(/^[₩\\]/, '')
      .replace(/원$/, '');
    if (!/^\d+(\.0+)?$/.test(t)) return null;
    n = Number(t);
  } else return null;
  return Number.isSafeInteger(n) && n >= 1 && n <= DEPOSIT_MAX_AMOUNT ? n : null;
}

/** How a cell is quoted in a message: its text, cut short. */
function shown(cell: Cell | undefined): string {
  const s =
    cell === undefined ? '' : cell instanceof Date ? cell.toISOString() : typeof cell === 'object' ? '' : String(cell);
  return s.length > 20 ? `${cutText(s, 20)}…` : s;
}

const isBlank = (c: Cell | undefined) => c === undefined || (typeof c === 'string' && c.trim() === '');

/** Cells up to the last one with a value: empty cells at the end of a line are no cells. */
const filledWidth = (cells: readonly Cell[]) => {
  let n = cells.length;
  while (n > 0 && isBlank(cells[n - 1])) n--;
  return n;
};

/**
 * The rows of a sheet or CSV (each its line and cells) as deposits. A deposit dated after `now` (a
 * minute's grace for clocks) is no bank's record: the file is refused, as a deposit typed in is.
 */
export function depositsFromRows(
  rows: readonly { line: number; cells: readonly Cell[] }[],
  now: Date = new Date(),
  columnsMissing: (missing: string[]) => string = MSG_DEPOSIT.columns,
): DepositFileParse {
  let header = -1;
  let columns: Partial<Record<Role, number>> = {};
  let best: Partial<Record<Role, number>> = {};
  const count = (c: Partial<Record<Role, number>>) => REQUIRED.filter((r) => c[r] !== undefined).length;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const found = columnsOf(rows[i]!.cells);
    if (count(found) === REQUIRED.length) {
      header = i;
      columns = found;
      break;
    }
    if (count(found) > count(best)) best = found;
  }
  if (header < 0) {
    const missing = REQUIRED.filter((r) => best[r] === undefined).map((r) => DEPOSIT_FILE_COLUMN_LABELS[r]);
    return refuse(columnsMissing(missing));
  }
  if (rows.length - header - 1 > DEPOSIT_FILE_MAX_ROWS) return refuse(MSG_DEPOSIT.fileTooManyRows);
  const titles = filledWidth(rows[header]!.cells);

  const out: FileDeposit[] = [];
  const errors: string[] = [];
  let errorCount = 0;
  const fail = (text: string) => {
    errorCount++;
    if (errors.length < ROW_ERRORS_SHOWN) errors.push(text);
  };
  for (const { line, cells } of rows.slice(header + 1)) {
    const formula = cells.findIndex((c) => typeof c === 'object' && !(c instanceof Date));
    if (formula >= 0) return refuse(MSG_DEPOSIT.formula(line));
    // A value right of the last title is no column the titles name: most often an amount written
    // 120,000 without quotes, split in two, whose titles would read 120. Checked before a line is
    // skipped as a withdrawal: its split amount may put '000' under the deposit's title.
    const width = filledWidth(cells);
    if (width > titles) {
      fail(MSG_DEPOSIT.rowWider(line, titles, width));
      continue;
    }
    const at = (role: Role) => (columns[role] === undefined ? undefined : cells[columns[role]!]);
    const dateCell = at('date');
    const amountCell = at('amount');
    // A withdrawal (no deposit amount) or an empty line: not a deposit.
    if (
      isBlank(amountCell) ||
      amountCell === 0 ||
      (typeof amountCell === 'string' && /^0+(\.0+)?$/.test(amountCell.replace(/[\s,원]/g, '')))
    )
      continue;
    // A bank's closing line ('합계', '소계') sums the amounts: not a deposit.
    if (typeof dateCell === 'string' && /^(합계|소계|총계|누계|계)$/.test(dateCell.replace(/\s+/g, ''))) continue;
    const depositedAt = dateCell === undefined ? null : readDate(dateCell, at('time'));
    if (!depositedAt) {
      fail(MSG_DEPOSIT.rowDate(line, shown(dateCell)));
      continue;
    }
    if (depositedAt.getTime() > now.getTime() + 60_000) {
      fail(MSG_DEPOSIT.rowDateFuture(line, shown(dateCell)));
      continue;
    }
    const amount = readAmount(amountCell!);
    if (amount === null) {
      fail(MSG_DEPOSIT.rowAmount(line, shown(amountCell)));
      continue;
    }
    const nameCell = at('name');
    const depositorName = (nameCell instanceof Date ? '' : String(nameCell ?? '')).replace(/\s+/g, ' ').trim();
    if (!depositorName) {
      fail(MSG_DEPOSIT.rowName(line));
      continue;
    }
    if ([...depositorName].length > DEPOSITOR_NAME_MAX) {
      fail(MSG_DEPOSIT.rowNameLong(line));
      continue;
    }
    if (!isPlainText(depositorName)) {
      fail(MSG_DEPOSIT.rowNameInvalid(line));
      continue;
    }
    out.push({ line, depositedAt: depositedAt.toISOString(), depositorName, amount });
  }
  if (errorCount > 0) return refuse(MSG_DEPOSIT.rowErrors(errors, errorCount - errors.length));
  if (out.length === 0) return refuse(MSG_DEPOSIT.noRows);
  return { ok: true, rows: out };
}

// ---------------------------------------------------------------- CSV

/** Lines of a text, counted without splitting it. */
function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function readCsv(data: Uint8Array): DepositFileParse {
  const text = decodeCsv(data);
  if (text === null) return refuse(MSG_DEPOSIT.encoding);
  // Counted before anything is parsed: a year's export is refused in a few milliseconds.
  if (lineCount(text.trimEnd()) > DEPOSIT_FILE_MAX_ROWS + HEADER_SEARCH_ROWS)
    return refuse(MSG_DEPOSIT.fileTooManyRows);
  // The contract's CSV reader, quick order's: a quote inside a cell (홍"길동) is a character.
  const rows = csvRows(text);
  if (rows === null) return refuse(MSG_DEPOSIT.csv);
  return depositsFromRows(rows);
}

// ---------------------------------------------------------------- xlsx

/** A workbook cell as read: a formula, whatever it saved as its result, is only marked. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value;
  if (typeof value === 'number') return value;
  if (typeof value !== 'object') return String(value);
  if ('formula' in value || 'sharedFormula' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

async function readXlsx(data: Uint8Array): Promise<DepositFileParse> {
  const sheet = await firstSheetRows(data, DEPOSIT_SHEET);
  if (!sheet.ok) return refuse(sheet.message);
  const rows = sheet.rows.map((r) => ({ line: r.line, cells: Array.from(r.values, (v) => cellOf(v)) }));
  // Only the first sheet is read, as quick order reads it (docs/requirements.md#credit-deposits).
  return depositsFromRows(rows, new Date(), MSG_DEPOSIT.columnsFirstSheet);
}
