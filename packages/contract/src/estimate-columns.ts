/**
 * Columns of a pasted or uploaded estimate (docs/search.md#paste-anything): which cell of each row
 * is the part number, the quantity, the name, the unit price, the amount or the line number, told
 * by a header when there is one and otherwise by what the values look like — in any column order,
 * with or without a header, prices with thousands commas. Browser-safe: the web shows the columns
 * it read and lets the buyer correct them; the server reads files the same way.
 */
import { alphaNumber, hyphenatePhone, isCalendarDate, isMobilePhone } from './rules.js';

export type EstimateRole = 'line' | 'part' | 'name' | 'qty' | 'price' | 'amount' | 'memo' | 'other';

/** How a buyer reads each role (the web's column picker). */
export const ESTIMATE_ROLE_LABEL: Record<EstimateRole, string> = {
  line: '순번',
  part: '품번',
  name: '품명',
  qty: '수량',
  price: '단가',
  amount: '금액',
  memo: '메모',
  other: '사용 안 함',
};

export interface EstimateColumns {
  /** The role of each column, by its index. */
  roles: EstimateRole[];
  /** Whether one of the top rows was a header (`headerRow`; it is not an order line). */
  header: boolean;
}

const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/u;
const UNIT = /(?:개|ea|pcs|set|세트)$/i;

/**
 * A number written with thousands commas (`1,200`, `12,500`, `1,000,000`): one to three digits that
 * start the line or follow a space or a comma, then groups of three up to a comma, a space or the
 * line's end. `42215489599,200` holds none (eleven digits before the comma), so it is two cells.
 */
const THOUSANDS = /(^|[\s,])(\d{1,3}(?:,\d{3})+)(?=[\s,]|$)/g;

/**
 * A line cut at its commas, each cell trimmed, a thousands comma kept in its cell (docs/search.md#paste-anything):
 * `42215489599,1,200` is the number and 1,200 (never 1 with a memo 200), `1,A1,패드,2,21,700` five cells.
 */
export function commaCells(line: string): string[] {
  const kept = line.replace(
    THOUSANDS,
    (_, before: string, number: string) => before + number.replaceAll(',', '\u2063'),
  );
  return kept.split(',').map((c) => c.replaceAll('\u2063', ',').trim());
}

/** The cells of one pasted line: tabs (Excel), else runs of two or more spaces (a PDF's columns), else commas (CSV). */
export function estimateCells(line: string): string[] {
  if (line.includes('\t')) return line.split('\t').map((c) => c.trim());
  const spaced = line
    .trim()
    .split(/\s{2,}/)
    .map((c) => c.trim());
  if (spaced.length >= 3) return spaced;
  const commas = commaCells(line);
  return commas.length >= 3 ? commas : spaced;
}

const isInt = (c: string) => /^\d{1,6}$/.test(c.replace(UNIT, '').trim());
/** A quantity as written, valid or not: 2, 0, -1, 1.5, 3개. */
const isNumberWritten = (c: string) => /^[+-]?\d{1,6}(?:\.\d+)?$/.test(c.replace(UNIT, '').trim());
const intOf = (c: string) => Number(c.replace(UNIT, '').replace(/,/g, '').trim());
/** Money as estimates write it: thousands commas, a won sign or unit, or a plain number of four or more digits. */
const isMoney = (c: string): boolean =>
  /^(?:₩\s*)?\d{1,3}(?:,\d{3})+(?:\.\d+)?\s*(?:원)?$|^(?:₩\s*)?\d{3,9}\s*원$/.test(c.trim());
const moneyOf = (c: string) => Number(c.replace(/[₩원,\s]/g, ''));
const isPart = (c: string) => !HANGUL.test(c) && /\d/.test(c) && alphaNumber(c).length >= 5 && !isMoney(c);

/** Header words of each role; a header cell starts with one of them ('수량(EA)', '품번 (OE)'). */
const HEADER_WORDS: [EstimateRole, string[]][] = [
  ['part', ['품번', '부품번호', '품목코드', '부품코드', '제품번호', '상품코드', 'partno', 'partnumber', 'pn', 'oe']],
  ['qty', ['수량', '주문수량', 'qty', 'quantity', '개수']],
  ['memo', ['메모', '비고', 'memo', 'note', '참고']],
  ['name', ['품명', '상품명', '부품명', '품목', '제품명', 'name', 'description', '규격']],
  ['price', ['단가', '가격', 'price', 'unitprice']],
  ['amount', ['금액', '합계', '공급가', 'amount', 'total']],
  ['line', ['no', '번호', '순번', '순서', '#']],
];

/** The header words of one role ('수량', 'qty' …). */
export const headerWords = (role: EstimateRole): readonly string[] => HEADER_WORDS.find(([r]) => r === role)?.[1] ?? [];

/** The roles a header row names, or null when the row is data (a row with a digit is data). */
export function headerRoles(cells: readonly string[]): EstimateRole[] | null {
  if (cells.some((c) => /\d/.test(c))) return null;
  const words = cells.map((c) => c.toLowerCase().replace(/[^\p{L}#]+/gu, ''));
  let named = 0;
  const roles = words.map((w): EstimateRole => {
    if (w === '') return 'other';
    for (const [role, names] of HEADER_WORDS) {
      const hit = role === 'line' ? names.includes(w) : names.some((n) => w.startsWith(n));
      if (hit) {
        named++;
        return role;
      }
    }
    return 'other';
  });
  if (!roles.includes('part') && !roles.includes('qty')) return null;
  return named > 0 ? roles : null;
}

/** How many rows from the top a header may stand below a title ('견적서 (주)부품상사', a date line). */
export const HEADER_SEARCH_ROWS = 5;

/**
 * The index of the header row: the first of the top rows that names columns, or -1. Rows above
 * it (an estimate's title) stay lines of their own and are refused for their missing part number.
 */
export function headerRow(rows: readonly (readonly string[])[]): number {
  const top = Math.min(rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < top; i++) if (headerRoles(rows[i]!)) return i;
  return -1;
}

/**
 * The roles of the columns of data rows, by what their values look like:
 * - line: whole numbers counting 1, 2, 3 … down the rows;
 * - part: no Hangul, a digit, five or more letters and digits (most of the column);
 * - qty: whole numbers (a unit such as 개 or EA allowed), the other whole-number column; else the
 *   column half written as numbers (some quantities unreadable: 1.5, 두개); or the money column of
 *   whole numbers that times a unit price is the amount (quantities of 1,000 or more);
 * - price and amount: money (thousands commas, ₩ or 원); of two, the one that is the other times
 *   the quantity is the amount;
 * - name: Hangul before the quantity; memo: Hangul after it.
 */
export function inferRoles(rows: readonly (readonly string[])[]): EstimateRole[] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  // Wider than any estimate: read as plain lines. Matching amounts tries every three columns, so
  // a pasted line of hundreds of cells held the request thread for minutes (docs/security.md#costly-work).
  if (width > ESTIMATE_MAX_COLUMNS) return Array.from({ length: width }, () => 'other');
  const numbers = numberColumns(rows, width);
  const column = (i: number) => rows.map((r) => (r[i] ?? '').trim()).filter((c) => c !== '');
  const share = (i: number, test: (c: string) => boolean) => {
    const cells = column(i);
    return cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
  };
  const roles: EstimateRole[] = Array.from({ length: width }, () => 'other');
  const free = (i: number) => roles[i] === 'other';

  // Line numbers: the first column, counting up by one (1, 2, 3 …) in every row.
  const lines = rows.map((r) => (r[0] ?? '').trim());
  if (lines.length >= 2 && lines.every((v) => /^\d{1,4}\.?$/.test(v))) {
    const ns = lines.map((v) => Number(v.replace('.', '')));
    if (ns.every((n, k) => k === 0 || n === ns[k - 1]! + 1)) roles[0] = 'line';
  }
  // The part number: the column most made of part-number-like values.
  let part = -1;
  let best = 0.5;
  for (let i = 0; i < width; i++) {
    const s = share(i, isPart);
    if (free(i) && s > best) [part, best] = [i, s];
  }
  if (part >= 0) roles[part] = 'part';
  // Money columns: written as money, or whole numbers of a thousand or more beside other number columns.
  const bigInts = (i: number) => share(i, (c) => isInt(c) && intOf(c) >= 1000) === 1;
  let money = [...Array(width).keys()].filter((i) => free(i) && (share(i, isMoney) >= 0.6 || bigInts(i)));
  let qty = quantityAmongMoney(numbers, money, (i) => share(i, isMoney) >= 0.6);
  const qtyAsMoney = qty >= 0;
  money = money.filter((m) => m !== qty);
  if (qty < 0) qty = quantityColumn(numbers, money, part, (i, test) => (free(i) ? share(i, test) : 0));
  if (qty >= 0) roles[qty] = 'qty';
  if (money.length === 1) roles[money[0]!] = 'price';
  else if (money.length >= 2) {
    let amount = money[money.length - 1]!;
    const times = (p: number, a: number) => timesMatch(numbers, qty, p, a, qtyAsMoney);
    if (qty >= 0) for (const a of money) if (money.some((p) => p !== a && times(p, a))) amount = a;
    for (const m of money) roles[m] = m === amount ? 'amount' : 'price';
  }
  // Hangul: the name before the quantity, a memo after it.
  for (let i = 0; i < width; i++) {
    if (!free(i) || share(i, (c) => HANGUL.test(c)) < 0.5) continue;
    // The name stands before the quantity or right after the part number; other Hangul is a memo.
    const nameLike = qty < 0 || i < qty || i === part + 1;
    roles[i] = nameLike && !roles.includes('name') ? 'name' : 'memo';
  }
  return roles;
}

/**
 * The quantity among the columns: whole numbers that are not money nor line numbers (`share` gives 0
 * for a column already taken). A quantity that cannot be read (1.5, -1, 두개, '2개 (예비 1)') must
 * not make the column 'other': the lines would then all be one piece. So when no column is 80% whole
 * numbers, a column of which half the cells are written as numbers is the quantity, and its other
 * cells are lines refused with their message (docs/search.md#paste-anything). Of several, the one
 * that times one money column gives another (quantity × unit price = amount), else the first after
 * the part number.
 */
function quantityColumn(
  numbers: NumberColumns,
  money: readonly number[],
  part: number,
  share: (i: number, test: (c: string) => boolean) => number,
): number {
  const columns = [...numbers.whole.keys()].filter((i) => !money.includes(i));
  let ints = columns.filter((i) => share(i, isInt) >= 0.8);
  if (ints.length === 0) ints = columns.filter((i) => share(i, isNumberWritten) >= 0.5);
  if (ints.length <= 1) return ints[0] ?? -1;
  return (
    ints.find((q) => money.some((p) => money.some((a) => a !== p && timesMatch(numbers, q, p, a)))) ??
    ints.find((q) => q > part) ??
    ints[0]!
  );
}

/**
 * A quantity of a thousand or more (1000, 1,200) reads as money. Of three money columns, a column of
 * whole numbers that times another is the third (quantity × unit price = amount) is the quantity;
 * of two such factors, one not written as money (`written`: commas, ₩, 원), else the one on the left,
 * as estimates put 수량 before 단가. -1 when none is.
 */
function quantityAmongMoney(numbers: NumberColumns, money: readonly number[], written: (i: number) => boolean) {
  if (money.length < 3) return -1;
  const whole = (q: number) => numbers.money[q]!.every((v) => Number.isNaN(v) || Number.isInteger(v));
  const factors = money.filter(
    (q) =>
      whole(q) &&
      money.some((p) => p !== q && money.some((a) => a !== p && a !== q && timesMatch(numbers, q, p, a, true))),
  );
  return factors.find((q) => !written(q)) ?? factors[0] ?? -1;
}

/** The most columns an estimate is read by (a wider table is read as plain lines). */
export const ESTIMATE_MAX_COLUMNS = 30;

/** Each column's cells read once as numbers, NaN where a cell is not one: timesMatch compares them many times. */
interface NumberColumns {
  /** A whole number (a quantity). */
  whole: number[][];
  /** Money, or a whole number (a price or an amount). */
  money: number[][];
}

function numberColumns(rows: readonly (readonly string[])[], width: number): NumberColumns {
  const whole: number[][] = [];
  const money: number[][] = [];
  for (let i = 0; i < width; i++) {
    whole.push(rows.map((r) => (isInt(r[i] ?? '') ? intOf(r[i]!) : NaN)));
    money.push(rows.map((r) => (isMoney(r[i] ?? '') || isInt(r[i] ?? '') ? moneyOf(r[i]!) : NaN)));
  }
  return { whole, money };
}

/**
 * Whether column a is column q times column p in most rows (amount = quantity × unit price); the
 * quantity read as whole numbers, or as money (`asMoney`: a quantity of 1,000 or more).
 */
function timesMatch({ whole, money }: NumberColumns, q: number, p: number, a: number, asMoney = false): boolean {
  const [qs, ps, as] = [asMoney ? money[q]! : whole[q]!, money[p]!, money[a]!];
  let checked = 0;
  let equal = 0;
  for (let k = 0; k < qs.length; k++) {
    const [qv, pv, av] = [qs[k]!, ps[k]!, as[k]!];
    if (Number.isNaN(qv) || Number.isNaN(pv) || Number.isNaN(av)) continue;
    checked++;
    if (Math.abs(qv * pv - av) < 1) equal++;
  }
  return checked > 0 && equal / checked >= 0.6;
}

/**
 * The columns of a table of cells: a header row's names, the values for the columns it leaves
 * unnamed. Null when the rows are not a table this reads better than a plain part-quantity-memo
 * list (part number in the first column, quantity in the second): those keep the plain reading.
 */
export function estimateColumns(rows: readonly (readonly string[])[]): EstimateColumns | null {
  if (rows.length === 0) return null;
  const at = headerRow(rows);
  const named = at >= 0 ? headerRoles(rows[at]!) : null;
  const data = at >= 0 ? rows.slice(at + 1) : rows;
  const inferred = inferRoles(data);
  let roles = inferred;
  if (named) {
    roles = inferred.map((r, i) => (named[i] && named[i] !== 'other' ? named[i] : r));
    for (let i = inferred.length; i < named.length; i++) roles.push(named[i]!);
    // A role the header names is not also given to another column by the values.
    roles = roles.map((r, i) => (named[i] === r || !named.includes(r) ? r : 'other'));
  }
  const part = roles.indexOf('part');
  if (part < 0) return null;
  const plain = part === 0 && (roles.indexOf('qty') === 1 || roles.indexOf('qty') < 0);
  const extra = roles.some((r) => r === 'line' || r === 'name' || r === 'price' || r === 'amount');
  if (plain && !extra && !named) return null;
  return { roles, header: named !== null };
}

/**
 * A line among a pasted estimate's table that its buyer typed by hand ('5Q0615301F 2'), by its plain
 * reading (`split`): a part number written as one word (`isTypedPart`), at most a quantity after it,
 * fewer than three cells, no Hangul (a title, a totals line) and no money (a wide row a PDF squeezed
 * into single spaces, '2 0986494524 DISC 1 70,000 70,000'). It is read as typed, not by the table's
 * columns. Lines above and below the table are told by `isEstimateText` (docs/search.md#paste-anything).
 */
export function isTypedLine(cells: readonly string[], split: { part: string; qty: string; memo: string }): boolean {
  const line = cells.join(' ');
  if (cells.length >= 3 || HANGUL.test(line) || line.trim().split(/\s+/).some(isMoney)) return false;
  return split.memo === '' && !/\s/.test(split.part + split.qty) && isTypedPart(split.part);
}

/** A number with its label or country code (Tel.02-…, FAX.031-…, No.123-…, +82-2-…, (02)1234-…). */
const LABELLED_NUMBER = /^(?:\+|\(|(?:tel|fax|hp|h\.p|phone|mobile|no)\b)/i;

/** A part number as one word: letters and digits, or eight digits at least, that no estimate prints beside its table. */
const isTypedPart = (part: string) => isPart(part) && !isPrintedNumber(part, false);

/**
 * A number an estimate prints beside its table, not a part number: a total or a page number (no
 * letters, under eight digits, no quantity after it: `qty`; with one, '160000 2' is a line), a phone
 * (02-1234-5678, 1588-1234, a mobile's bare 01012345678, one with its label), a business or bank
 * account number (digits in three groups or more, 123-45-67890, 110-123-456789), a date written with
 * its separators (2026-11-21, 11/21/2026) or a quote number holding one (Q-20261121-001). Eight bare
 * digits are a part number though they read as a date (GM Korea's 19210908, Toyota's 04465-33450).
 */
function isPrintedNumber(part: string, qty: boolean): boolean {
  if (!/[a-z]/i.test(part) && alphaNumber(part).length < 8 && !qty) return true;
  if (LABELLED_NUMBER.test(part) || isMobilePhone(part)) return true;
  const groups = part.split(/[-./]/).filter(Boolean);
  if (/^\d+-\d+/.test(part) && hyphenatePhone(part) === part) return true;
  if (groups.length >= 3 && groups.every((g) => /^\d+$/.test(g))) return true;
  return (
    groups.length > 1 &&
    groups.some((g) => /^(19|20)\d{6}$/.test(g) && isCalendarDate(`${g.slice(0, 4)}-${g.slice(4, 6)}-${g.slice(6)}`))
  );
}

const TOTALS = /^(?:합\s*계|소\s*계|총\s*계|총액|부가세|부가가치세|공급가액|vat|total|sum)/i;
/** A page number as a PDF prints it: '- 1 -', '1/2', 'Page 1 of 2', '2 페이지'. */
const PAGE_NUMBER = /^(?:page|p\.)?\s*[-–]?\s*\d{1,4}\s*(?:(?:\/|of)\s*\d{1,4})?\s*[-–]?\s*(?:페이지|쪽)?$/i;

/**
 * A line above or below a pasted estimate's table that is the estimate's own text, not an order
 * line (docs/search.md#paste-anything), by its plain reading (`split`): a totals line ('합계 160,000'),
 * a page number, words whose part number has no digit on a line with nothing written as a quantity
 * (`qtyWritten`: a title, the customer's name, a closing sentence, an e-mail), or a number printed
 * beside the table (`isPrintedNumber`; `qtyRead`: the reading's quantity is a whole number from 1).
 * Any other line is read as typed, a row or a refused row: left out, it was lost without a word.
 */
export function isEstimateText(line: string, split: { part: string }, qtyWritten: boolean, qtyRead: boolean): boolean {
  const text = line.trim();
  if (TOTALS.test(text) || PAGE_NUMBER.test(text)) return true;
  if (!/\d/.test(alphaNumber(split.part))) return !qtyWritten;
  return isPrintedNumber(split.part, qtyRead);
}

/** A totals row of an estimate (합계, 소계, 부가세 …) without a part number: not an order line. */
export function isTotalsRow(cells: readonly string[], roles: readonly EstimateRole[]): boolean {
  const part = roles.indexOf('part');
  if (part >= 0 && isPart(cells[part] ?? '')) return false;
  return cells.some((c) => TOTALS.test(c.trim()));
}

/** Zero as an empty template row's formulas leave it in a price or amount column: 0, -, ₩0, 0원. */
const isZeroMoney = (c: string) => /^(?:₩\s*)?(?:0|-)\s*(?:원)?$/.test(c.trim());

/**
 * A numbered empty row of an estimate template ('2', then empty cells, or a zero amount its formula
 * left): not an order line (docs/search.md#paste-anything). A row with anything else in it (a name,
 * a memo, a quantity) stays a line and is refused for its missing part number.
 */
export function isNumberOnlyRow(cells: readonly string[], roles: readonly EstimateRole[]): boolean {
  const line = roles.indexOf('line');
  if (line < 0 || !/^\d{1,4}\.?$/.test((cells[line] ?? '').trim())) return false;
  return cells.every(
    (c, i) => i === line || c.trim() === '' || ((roles[i] === 'price' || roles[i] === 'amount') && isZeroMoney(c)),
  );
}

/** The part number, quantity and memo of a row of cells by its columns' roles. */
export function cellsByRoles(
  cells: readonly string[],
  roles: readonly EstimateRole[],
): { part: string; qty: string; memo: string } {
  const of = (role: EstimateRole) =>
    roles
      .map((r, i) => (r === role ? (cells[i] ?? '').trim() : ''))
      .filter(Boolean)
      .join(' ');
  return { part: of('part'), qty: of('qty').replace(UNIT, '').trim(), memo: of('memo') };
}
