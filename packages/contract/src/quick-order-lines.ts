/**
 * Quick order (docs/requirements.md#quick-order): lines of part number, quantity and an optional memo, pasted from Excel (tabs),
 * a CSV or mail (commas) or a PDF estimate (spaces), read into rows the server resolves to products.
 * Browser-safe: the web checks a paste before sending it; the server reads files into cells
 * (apps/server/src/features/quick-order) and hands them to `parseQuickOrderCells`.
 */
import {
  cellsByRoles,
  commaCells,
  isEstimateText,
  isNumberOnlyRow,
  isTypedLine,
  isTotalsRow,
  estimateCells,
  estimateColumns,
  headerRow,
  headerWords,
  type EstimateColumns,
  type EstimateRole,
} from './estimate-columns.js';
import { pastedCsvRows } from './csv.js';
import { merge } from './quick-order-merge.js';
import { cutColumns, pasteLines } from './quick-order-paste.js';
import { alphaNumber } from './rules.js';

import {
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_MEMO,
  QUICK_ORDER_MAX_PART_NUMBER,
  QUICK_ORDER_MAX_QTY,
  QUICK_ORDER_MSG,
} from './quick-order-limits.js';

export interface QuickOrderRow {
  /** Line of the paste or row of the file, from 1. */
  line: number;
  raw: string;
  /** The part number as written. */
  partNumber: string;
  /** alphaNumber form, the key products are looked up by. */
  normalised: string;
  /** null when the line has an error. */
  qty: number | null;
  memo: string;
  error?: string;
  /**
   * Only for a line separated by single spaces that reads another way, tried by the server when
   * `normalised` finds nothing: its quantity may be the last group of the number ('A 000 420 12 20'
   * may be number A0004201220 with quantity 1), or a lone x before the quantity may be a times sign
   * ('42215489599 x 3' may be 42215489599 three times).
   */
  alternative?: QuickOrderReading;
  /** Later lines of the same part number merged into this row (quantities added, memos joined). */
  mergedLines?: number[];
}

/** Another reading of a line: the part number as it would be written, its alphaNumber form, the quantity. */
export interface QuickOrderReading {
  partNumber: string;
  normalised: string;
  qty: number;
}

/**
 * The rows read; for an estimate read by its columns (docs/search.md#paste-anything) the role found for
 * each column, so the buyer sees them and can correct them; for a workbook the hidden rows left out.
 */
export type QuickOrderParse =
  { ok: true; rows: QuickOrderRow[]; columns?: EstimateColumns; hiddenRows?: number } | { ok: false; message: string };

/** Column positions named by a header row; -1 when the header has no such column. */
type Columns = { part: number; qty: number; memo: number };

/**
 * Column positions of a header row, or null when the row is data. A header cell starts with one of
 * the words ('수량(EA)', '품번 (OE)'); a row with a digit is data, since part numbers have digits.
 */
function headerColumns(cells: string[]): Columns | null {
  if (cells.some((c) => /\d/.test(c))) return null;
  const words = cells.map((cell) => cell.toLowerCase().replace(/[^\p{L}]+/gu, ''));
  // The header words of an estimate's columns (estimate-columns.ts), one list for both readings.
  const find = (role: EstimateRole) => words.findIndex((w) => headerWords(role).some((n) => w.startsWith(n)));
  const part = find('part');
  const qty = find('qty');
  if (part < 0 && qty < 0) return null;
  return { part: part < 0 ? 0 : part, qty, memo: find('memo') };
}

const NUMBER = String.raw`[+-]?(?:\d[\d,]*)?(?:\.\d+)?(?:e[+-]?\d+)?`;
const UNIT = '(?:개|ea|pcs|set|세트)';
/**
 * A token written as a number (with an optional unit): the quantity, valid or not. Buyers also
 * write it after a times sign ('x3', '×2', '*4') or in brackets ('(2개)'); docs/search.md#paste-anything.
 */
const QTY_INNER = String.raw`(?:[x×*]\s*)?${NUMBER}${UNIT}?`;
const QTY_LIKE = new RegExp(String.raw`^(?:${QTY_INNER}|\(\s*${QTY_INNER}\s*\))$`, 'i');
/** Full-width digits and signs ('３', '（２개）') typed in a Korean keyboard's full-width mode read as ASCII. */
const fold = (text: string) => text.normalize('NFKC');
const looksLikeQty = (token: string) => {
  const text = fold(token);
  return /\d/.test(text) && QTY_LIKE.test(text);
};
/** A group of a part number as estimates write it: letters, digits, dashes, dots, slashes. */
const PART_GROUP = /^[A-Za-z0-9][A-Za-z0-9./-]*$|^[+-]\d[\d.,e]*$/i;

/**
 * A quantity's number as written: digits, a comma only between groups of three ('1,200'); a sign or
 * decimals are read to be refused as not whole. '1,5', '10,00' and an exponent ('1e3') are not
 * numbers a buyer writes for a quantity: refused, not read as 15, 1000 and 1000.
 */
const QTY_NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/;

function readQty(cell: string): { qty: number } | { error: string } {
  const text = fold(cell).trim();
  if (text === '') return { qty: 1 };
  if (!looksLikeQty(text)) return { error: QUICK_ORDER_MSG.qtyNotNumber };
  const bare = text
    .replace(/^\((.*)\)$/, '$1')
    .trim()
    .replace(/^[x×*]\s*/i, '')
    .replace(new RegExp(`${UNIT}$`, 'i'), '');
  if (!QTY_NUMBER.test(bare)) return { error: QUICK_ORDER_MSG.qtyNotNumber };
  const n = Number(bare.replace(/,/g, ''));
  if (!Number.isFinite(n)) return { error: QUICK_ORDER_MSG.qtyNotNumber };
  if (!Number.isInteger(n) || n < 1) return { error: QUICK_ORDER_MSG.qtyNotPositiveInteger };
  if (n > QUICK_ORDER_MAX_QTY) return { error: QUICK_ORDER_MSG.qtyTooLarge };
  return { qty: n };
}

const QTY_UNIT = new RegExp(`^${UNIT}$`, 'i');

/**
 * The tokens of a line of single spaces with a quantity written apart kept together: a times sign
 * and the number after it ('× 2' → '×2'), a number and its unit ('2 개' → '2개'), and a quantity
 * stuck to the part number after a sign no part number has ('A2371291199*4', '42215489599(2개)').
 * A letter x stuck to the number stays the number's ('HU816X3'), and so does a lone x ('HU 816 X 3').
 */
function qtyTokens(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const folded = fold(token);
    const next = tokens[i + 1] === undefined ? '' : fold(tokens[i + 1]!);
    const stuck = /^([^*×(]+)([*×(].*)$/.exec(folded);
    if (out.length > 0 && /^[*×]$/.test(folded) && /^\d/.test(next) && looksLikeQty(next)) {
      out.push(folded + next);
      i++;
    } else if (out.length > 0 && /^\d[\d,]*$/.test(folded) && QTY_UNIT.test(next)) {
      out.push(folded + next);
      i++;
    } else if (stuck && PART_GROUP.test(stuck[1]!) && looksLikeQty(stuck[2]!)) out.push(stuck[1]!, stuck[2]!);
    else out.push(token);
  }
  return out;
}

interface Split {
  part: string;
  qty: string;
  memo: string;
  /** A line of an estimate's table that has no quantity column: its quantity is unknown, not one. */
  noQtyColumn?: boolean;
  /**
   * For a line of single spaces: the whole of part and quantity as one number (quantity 1), or the
   * part without a lone x that may be a times sign (the same quantity).
   */
  alt?: { part: string; sameQty: boolean };
}

/**
 * Splits one pasted line. Tabs (Excel) and commas (CSV, mail) separate columns when the second
 * column is a quantity; otherwise runs of two or more spaces (a PDF's columns) do; otherwise single
 * spaces, where the groups of a number ('34 11 6 860 242') run up to the quantity, the last
 * number-shaped group, and what follows is the memo.
 */
function splitLine(line: string): Split {
  const columns = cutColumns(line, looksLikeQty);
  if (columns) return columns;
  const tokens = qtyTokens(line.trim().split(/\s+/));
  let groups = 0;
  while (groups < tokens.length && PART_GROUP.test(tokens[groups]!)) groups++;
  // '2개' after the number is a quantity that is no part-number group.
  if (groups < tokens.length && groups > 0 && looksLikeQty(tokens[groups]!)) {
    return { part: tokens.slice(0, groups).join(' '), qty: tokens[groups]!, memo: tokens.slice(groups + 1).join(' ') };
  }
  if (groups >= 2 && looksLikeQty(tokens[groups - 1]!)) {
    const part = tokens.slice(0, groups - 1).join(' ');
    const qty = tokens[groups - 1]!;
    // A lone x before the quantity is HU 816 X's last letter or a times sign ('42215489599 x 3'); the
    // 'x3' that ends 'HU816 X3' may be the number's last group. The server tries the other reading when
    // the part finds nothing.
    const alt =
      groups >= 3 && /^x$/i.test(tokens[groups - 2]!)
        ? { part: tokens.slice(0, groups - 2).join(' '), sameQty: true }
        : /^x?\d+$/i.test(qty) && groups === tokens.length
          ? { part: `${part} ${qty}`, sameQty: false }
          : undefined;
    return { part, qty, memo: tokens.slice(groups).join(' '), ...(alt ? { alt } : {}) };
  }
  const memo = latinMemo(tokens, groups);
  if (memo) return memo;
  // No quantity: one part number alone means one piece; anything after it is taken as a
  // quantity written in words ('두 개'), refused rather than guessed.
  const part = tokens.slice(0, Math.max(groups, 1)).join(' ');
  return { part, qty: tokens.slice(Math.max(groups, 1)).join(' '), memo: '' };
}

/**
 * A Latin memo after the quantity ('42215489599 2 LH', 'A9734411971 3 for BMW'; LH is a valid group,
 * so the run did not stop at the quantity): the last group inside the run that is a quantity (a whole
 * number from 1) before a word of two letters or more ends the number (a lone letter is the number's:
 * 'HU 816 X'). A line of groups only keeps its whole as the reading the server tries next.
 */
function latinMemo(tokens: string[], groups: number): Split | null {
  for (let k = groups - 2; k >= 1; k--) {
    if (!/^[A-Za-z][A-Za-z./-]*[A-Za-z]$/.test(tokens[k + 1]!) || !('qty' in readQty(tokens[k]!))) continue;
    const alt = groups === tokens.length ? { alt: { part: tokens.join(' '), sameQty: false } } : {};
    return { part: tokens.slice(0, k).join(' '), qty: tokens[k]!, memo: tokens.slice(k + 1).join(' '), ...alt };
  }
  return null;
}

function rowOf(line: number, raw: string, s: Split): QuickOrderRow {
  const normalised = alphaNumber(s.part);
  const row: QuickOrderRow = { line, raw, partNumber: s.part, normalised, qty: null, memo: s.memo };
  if (normalised === '') return { ...row, error: QUICK_ORDER_MSG.noPartNumber };
  if (normalised.length > QUICK_ORDER_MAX_PART_NUMBER) return { ...row, error: QUICK_ORDER_MSG.partNumberTooLong };
  if (s.noQtyColumn) return { ...row, error: QUICK_ORDER_MSG.qtyColumnMissing };
  const q = readQty(s.qty);
  if ('error' in q) return { ...row, error: q.error };
  if ([...s.memo].length > QUICK_ORDER_MAX_MEMO) return { ...row, error: QUICK_ORDER_MSG.memoTooLong };
  const alt = s.alt ? alphaNumber(s.alt.part) : '';
  if (!s.alt || alt === '' || alt.length > QUICK_ORDER_MAX_PART_NUMBER) return { ...row, qty: q.qty };
  const alternative = { partNumber: s.alt.part, normalised: alt, qty: s.alt.sameQty ? q.qty : 1 };
  return { ...row, qty: q.qty, alternative };
}

/** Spaces a web page or PDF may paste (no-break, ideographic) become plain; invisible marks go. */
function cleanLine(line: string): string {
  return line.replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ').replace(/(?!\t)[\p{Cf}\p{Cc}]/gu, '');
}

function finish(lines: { line: number; raw: string; split: () => Split }[]): QuickOrderParse {
  if (lines.length === 0) return { ok: false, message: QUICK_ORDER_MSG.empty };
  if (lines.length > QUICK_ORDER_MAX_LINES) return { ok: false, message: QUICK_ORDER_MSG.tooManyLines(lines.length) };
  const rows: QuickOrderRow[] = [];
  for (const l of lines) rows.push(rowOf(l.line, l.raw, l.split()));
  return { ok: true, rows: merge(rows) };
}

/** Part, quantity and memo of a row of cells: by a header's columns, else the first three (memo the rest). */
function splitCells(cells: string[], columns: Columns | null): Split {
  const at = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
  // A file of one column holds whole lines ('A 000 420 12 20 2' saved as .csv): read them as typed.
  if (!columns && cells.slice(1).every((c) => c === '')) return splitLine(at(0));
  if (!columns) return { part: at(0), qty: at(1), memo: cells.slice(2).filter(Boolean).join(' ') };
  return { part: at(columns.part), qty: at(columns.qty), memo: at(columns.memo) };
}

const typedLine = (l: { raw: string; cells: string[] }) => isTypedLine(l.cells, splitLine(cleanLine(l.raw)));

type TableLine = { line: number; raw: string; cells: string[] };
type ReadLine = { line: number; raw: string; split: () => Split };

/**
 * A line above or below a pasted table, read as the same line alone is (a row, or a refused row),
 * or null for a header or the estimate's own text (`isEstimateText`; docs/search.md#paste-anything).
 */
function outsideLine({ line, raw }: TableLine): ReadLine | null {
  const clean = cleanLine(raw);
  const tokens = clean.trim().split(/\s+/);
  const split = splitLine(clean);
  const qtyRead = split.qty.trim() !== '' && 'qty' in readQty(split.qty);
  if (headerColumns(tokens) || isEstimateText(clean, split, tokens.some(looksLikeQty), qtyRead)) return null;
  return { line, raw, split: () => split };
}

/**
 * An estimate's table (docs/search.md#paste-anything): most lines of three or more cells, whose
 * columns a header names or the values tell (`estimateColumns`), or the buyer set (`roles`). Null
 * when the lines read as plain part-quantity-memo lines. `outside`: the lines above and below it.
 */
function readTable(
  lines: TableLine[],
  roles: readonly EstimateRole[] | undefined,
  text = false,
  outside: ReadLine[] | null = null,
): QuickOrderParse | null {
  if (lines.length === 0) return null;
  // In a text (pasted, or a PDF's), an estimate's table is the stretch from its first to its last
  // line of three or more cells. A line above or below it is read as typed (`outsideLine`), unless
  // it is the estimate's own text: a title, a closing sentence, a total ('견 적 서', '위와 같이
  // 견적합니다.'). A line typed among the table's is read as typed (isTypedLine). A spreadsheet's rows all show.
  const wideAt = lines.flatMap((l, i) => (l.cells.length >= 3 ? [i] : []));
  if (text && !outside && wideAt.length >= 2 && (wideAt[0]! > 0 || wideAt[wideAt.length - 1]! < lines.length - 1)) {
    const [first, end] = [wideAt[0]!, wideAt[wideAt.length - 1]! + 1];
    const around = [...lines.slice(0, first), ...lines.slice(end)].flatMap((l) => outsideLine(l) ?? []);
    const inner = readTable(lines.slice(first, end), roles, true, around);
    if (inner) return inner;
  }
  // The columns and the share of wide lines are the table's: lines typed around it count for neither.
  let columns: EstimateColumns | null;
  const cells = lines.map((l) => l.cells);
  if (roles && roles.length > 0) columns = { roles: [...roles], header: headerRow(cells) >= 0 };
  else {
    const wide = lines.filter((l) => l.cells.length >= 3).length;
    columns = wide / lines.length >= 0.6 ? estimateColumns(cells) : null;
  }
  if (!columns) return null;
  const cols = columns;
  const header = cols.header ? headerRow(cells) : -1;
  // Not order lines: the header, totals rows, and a template's numbered empty rows.
  const data = lines.filter(
    (l, i) => i !== header && !isTotalsRow(l.cells, cols.roles) && !isNumberOnlyRow(l.cells, cols.roles),
  );
  // Without a quantity column each line would read as one piece and go to the cart unseen.
  const noQtyColumn = !cols.roles.includes('qty');
  const split = (l: { raw: string; cells: string[] }) =>
    text && typedLine(l)
      ? () => splitLine(cleanLine(l.raw))
      : () => ({ ...cellsByRoles(l.cells, cols.roles), noQtyColumn });
  const read = [...data.map((l) => ({ line: l.line, raw: l.raw, split: split(l) })), ...(outside ?? [])];
  const result = finish(read.sort((a, b) => a.line - b.line));
  return result.ok ? { ...result, columns: cols } : result;
}

/**
 * Reads pasted text: blank lines are skipped, at most 500 lines remain. An estimate's table (line
 * numbers, names, prices, any column order, with or without a header) is read by its columns; other
 * lines as part number, quantity and memo. A header row ('품번, 수량') is skipped; one separated by
 * tabs or commas (copied from Excel with its header) names the columns of the lines below that are
 * separated the same way, as in a file. `roles` are the columns as the buyer corrected them.
 */
export function parseQuickOrderText(text: string, roles?: readonly EstimateRole[]): QuickOrderParse {
  const csv = pastedCsvRows(text);
  if (csv) return parseQuickOrderCells(csv, roles);
  const pasted = pasteLines(text);
  const table: { line: number; raw: string; cells: string[] }[] = [];
  for (const { line, raw } of pasted) {
    const clean = cleanLine(raw);
    if (clean.trim() !== '') table.push({ line, raw, cells: estimateCells(clean) });
  }
  return readTable(table, roles, true) ?? parsePlainText(pasted);
}

/** A line's cells at a header's separator: tabs, or commas keeping a thousands comma in its cell. */
const cellsAt = (line: string, sep: string) => (sep === ',' ? commaCells(line) : line.split(sep).map((c) => c.trim()));

function parsePlainText(pasted: readonly { line: number; raw: string }[]): QuickOrderParse {
  let header: { sep: string; columns: Columns } | null = null;
  const lines: { line: number; raw: string; split: () => Split }[] = [];
  for (const { line, raw } of pasted) {
    const clean = cleanLine(raw);
    if (clean.trim() === '') continue;
    const sep = clean.includes('\t') ? '\t' : clean.includes(',') ? ',' : null;
    const columns = sep ? headerColumns(cellsAt(clean, sep)) : null;
    if (sep && columns) {
      header = { sep, columns };
      continue;
    }
    if (headerColumns(clean.trim().split(/\s+/))) continue;
    const h: { sep: string; columns: Columns } | null = header;
    const split =
      h && clean.includes(h.sep) ? () => splitCells(cellsAt(clean, h.sep), h.columns) : () => splitLine(clean);
    lines.push({ line, raw, split });
  }
  return finish(lines);
}

/**
 * Reads the rows of a file (cells as text, `line` its row in the file). An estimate's table is
 * read by its columns (a header's names, else what the values look like, else `roles`); otherwise a
 * header row names the columns ('품번', '수량', '비고' in any order), and without one the columns are
 * part number, quantity and memo.
 */
export function parseQuickOrderCells(
  rows: readonly { line: number; cells: readonly string[] }[],
  roles?: readonly EstimateRole[],
): QuickOrderParse {
  const table = rows
    .map((r) => ({ line: r.line, raw: r.cells.join('\t'), cells: r.cells.map((c) => cleanLine(c).trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const read = readTable(table, roles);
  if (read) return read;
  let columns: Columns | null = null;
  const lines: { line: number; raw: string; split: () => Split }[] = [];
  for (const row of rows) {
    const cells = row.cells.map((c) => cleanLine(c).trim());
    if (cells.every((c) => c === '')) continue;
    const header = headerColumns(cells);
    if (header) {
      columns = header;
      continue;
    }
    const split = splitCells(cells, columns);
    lines.push({ line: row.line, raw: row.cells.join('\t'), split: () => split });
  }
  return finish(lines);
}
