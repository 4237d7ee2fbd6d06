/** Pure rules shared by server and web: checksums, formats, field helpers (docs/requirements.md#validation), prices. */
import type { CompanyLevel } from './constants.js';
import { WAREHOUSE_LIST, type Warehouse } from './warehouses.js';

/** Keeps only the digits of a value (number inputs keep only digits). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * Alpha-number helper, the one normal form of a part number: uppercases and strips everything except
 * A-Z and 0-9 (spaces, dashes, dots, slashes); leading zeros stay, since `0034` and `34` are
 * different numbers to a maker. Full-width letters and digits, which a Korean keyboard in full-width
 * mode types, fold to ASCII first instead of being dropped.
 */
export function alphaNumber(value: string): string {
  const ascii = /^[ -~]*$/.test(value) ? value : value.normalize('NFKC');
  return ascii.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/**
 * National Tax Service checksum of a 10-digit business registration number.
 * Weights 1,3,7,1,3,7,1,3,5 on the first nine digits, plus the carry of digit 9 times 5.
 */
export function isValidBusinessNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = value.split('').map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += d[i]! * weights[i]!;
  sum += Math.floor((d[8]! * 5) / 10);
  const check = (10 - (sum % 10)) % 10;
  return check === d[9];
}

/** 1234567890 -> 123-45-67890 */
export function formatBusinessNumber(value: string): string {
  const v = digitsOnly(value);
  if (v.length !== 10) return v;
  return `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}`;
}

/** Hyphenates 9, 10 or 11 digit phone numbers for display (Seoul 02 numbers and 8-digit 15xx lines too). */
export function hyphenatePhone(value: string): string {
  const v = digitsOnly(value);
  if (v.length === 8 && /^1[5-9]/.test(v)) return `${v.slice(0, 4)}-${v.slice(4)}`;
  if (v.startsWith('02')) {
    if (v.length === 9) return `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5)}`;
    if (v.length === 10) return `${v.slice(0, 2)}-${v.slice(2, 6)}-${v.slice(6)}`;
  }
  if (v.length === 9) return `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}`;
  if (v.length === 10) return `${v.slice(0, 3)}-${v.slice(3, 6)}-${v.slice(6)}`;
  if (v.length === 11) return `${v.slice(0, 3)}-${v.slice(3, 7)}-${v.slice(7)}`;
  return v;
}

/** Mobile numbers as the join and find flows accept them: 11 digits starting 01x. */
export function isMobilePhone(value: string): boolean {
  return /^01[016789]\d{8}$/.test(value);
}

/**
 * 1234567 -> "1,234,567", as `n.toLocaleString('ko-KR')` writes an integer, without the browser's
 * ICU number format: a page's first Korean number format costs Chromium 50-70 ms (its locale data
 * loads), which the home page's list paid while it rendered. Other numbers go to toLocaleString.
 * A string of digits (a money box's text) is grouped as it is, every digit kept: as a number, one
 * beyond 2^53 would round ('99999999999999999' -> "100,000,000,000,000,000"); other text is returned as it is.
 */
export function groupDigits(n: number | string): string {
  if (typeof n === 'string') return /^\d+$/.test(n) ? groupedDigits(n) : n;
  if (!Number.isSafeInteger(n)) return n.toLocaleString('ko-KR');
  const out = groupedDigits(String(Math.abs(n)));
  return n < 0 ? `-${out}` : out;
}

/** '1234567' -> "1,234,567": a comma before every third digit from the end. */
function groupedDigits(digits: string): string {
  let out = digits.slice(-3);
  for (let end = digits.length - 3; end > 0; end -= 3) out = `${digits.slice(Math.max(0, end - 3), end)},${out}`;
  return out;
}

/** 12300 -> "12,300원" (integers only: won has no decimals). */
export function formatWon(amount: number): string {
  return `${groupDigits(Math.round(amount))}원`;
}

/**
 * The explicit bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), as a
 * character class's body: nothing a buyer types, and they show a text other than it is
 * ('abc\u202Egnp.exe' reads 'abcexe.png' in a list). Other format characters (a ZWJ in an emoji, a
 * left-to-right mark) cannot reorder a text.
 */
const BIDI_CONTROLS = String.raw`\u202a-\u202e\u2066-\u2069`;
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROLS}]`, 'u');
const NOT_IN_MAIL = String.raw`\s@\p{Cc}${BIDI_CONTROLS}`;

/**
 * Loose mail-address shape used for login ids (no spaces, control characters or bidi overrides): a
 * part, '@', and a domain with a dot neither first nor last. The domain is written so each character
 * has one reading (its first dot after the first character ends the run of non-dots): the simpler
 * `[^…]+\.[^…]+`, whose classes both take dots, tried every dot against the rest, and an id of
 * 80 KB of 'a.' ending in '@' held the request thread 7 s (docs/security.md#hostile-input).
 */
export const MAIL_SHAPE = new RegExp(
  `^[^${NOT_IN_MAIL}]+@[^${NOT_IN_MAIL}][^${NOT_IN_MAIL}.]*\\.[^${NOT_IN_MAIL}]+$`,
  'u',
);

/**
 * Why a login id chosen now (a join, the chat sign-up, a sub-account's registration) is refused, or
 * null (docs/requirements.md#validation): 'ascii' when a character is not printable ASCII (U+0021-
 * U+007E), since a zero-width space or full-width letters ('ＡＡ@b.kr') made an id that read as
 * another member's to staff and in chat; 'reserved' in the top-level domain `.invalid`, which the
 * shop gives withdrawn accounts (`withdrawn-<id>@withdrawn.invalid`); 'shape' when a label of the
 * domain is empty (a dot first, last or doubled), which MAIL_SHAPE lets by: 'sub@partsmall.kr.'
 * read as another member's id. A login still takes any id in MAIL_SHAPE, as stored before this rule.
 */
export function newLoginIdRefusal(id: string): 'ascii' | 'reserved' | 'shape' | null {
  if (!/^[!-~]*$/.test(id)) return 'ascii';
  if (/\.invalid\.?$/i.test(id)) return 'reserved';
  const domain = id.slice(id.lastIndexOf('@') + 1);
  if (domain.split('.').includes('')) return 'shape';
  return null;
}

/**
 * More than 30 combining marks in a row: Unicode's stream-safe limit (UAX #15), which no writing
 * system reaches. Piled on one letter they draw a column over the lines around it ('Z' with 1,800
 * accents covered a chat's earlier messages; docs/requirements.md#validation).
 */
const MARK_PILE = /\p{M}{31}/u;

/**
 * True when text holds no control characters (NUL and the like, which no name needs and PostgreSQL
 * refuses), no bidi override and no pile of combining marks (`MARK_PILE`).
 */
export function isPlainText(value: string): boolean {
  return !/\p{Cc}/u.test(value) && !BIDI_CONTROL.test(value) && !MARK_PILE.test(value);
}

/**
 * Emoji and pictographs, with what builds them (skin tones, flags' letters, the emoji and keycap
 * marks): the documents' font (Pretendard) has no glyph for them and prints a box. The few
 * pictographs it does draw (© ® ™ ‼ ⁉, arrows, ▪ ▶ ◀ ☀ ♥ ⚠ ⬆ ⬜, 🅰 🅱 🅾 🅿) stay allowed, a list the
 * server's tests check against the font (docs/requirements.md#statements).
 */
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{FE0F}\u{20E3}]/gu;
export const FONT_PICTOGRAPHS = new Set(
  [
    0xa9, 0xae, 0x203c, 0x2049, 0x2122, 0x2194, 0x2195, 0x2196, 0x2197, 0x2198, 0x2199, 0x21a9, 0x21aa, 0x23cf, 0x24c2,
    0x25aa, 0x25b6, 0x25c0, 0x2600, 0x2665, 0x26a0, 0x2b06, 0x2b1c, 0x1f170, 0x1f171, 0x1f17e, 0x1f17f,
  ].map((cp) => String.fromCodePoint(cp)),
);

/**
 * True when the documents' font draws every emoji-like character of `text`: the rule of what a
 * document prints (the shop's 공급자 fields, a company's 상호, 대표 and 주소; docs/requirements.md#validation).
 */
export function isPrintableOnDocuments(text: string): boolean {
  return (text.match(PICTOGRAPH) ?? []).every((c) => FONT_PICTOGRAPHS.has(c));
}

/** A pictograph with the joiner that glued it to the next (U+200D, an emoji sequence's). */
const JOINED_PICTOGRAPH = new RegExp(`\u200d?(${PICTOGRAPH.source})\u200d?`, 'gu');

/**
 * The text with the emoji-like characters the documents' font lacks left out, and the spaces they
 * stood between made one: what a document prints of a text stored before the rule (a box each, else).
 */
export function printableOnDocuments(text: string): string {
  if (isPrintableOnDocuments(text)) return text;
  return text
    .replace(JOINED_PICTOGRAPH, (all, c: string) => (FONT_PICTOGRAPHS.has(c) ? all : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Text of several lines (a memo typed in a text area): as `isPlainText`, but line breaks and tabs stay. */
export function isPlainLines(value: string): boolean {
  return !/(?![\t\n\r])\p{Cc}/u.test(value) && !BIDI_CONTROL.test(value) && !MARK_PILE.test(value);
}

/**
 * What shows nothing: spaces, the Hangul fillers Korean messengers are abused with to send 'blank'
 * messages (U+3164 and its kin), the blank braille pattern (U+2800), invisible format characters
 * (U+200B), and marks with no letter to sit on (combining accents, variation selectors such as U+FE0F).
 */
const BLANK = /^[\s\p{Cf}\p{M}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

/**
 * True when text shows at least one character: `trim()` keeps U+200B and U+3164, so a name of
 * them alone passed a length rule and showed blank in every list, and a chat message of U+2800 or
 * of accents alone was an empty bubble (docs/requirements.md#validation).
 */
export function hasVisibleText(value: string): boolean {
  return !BLANK.test(value);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar day written YYYY-MM-DD (years 0001-9999, leap years counted):
 * '2026-02-28' and '2024-02-29' are; '2026-02-30', '2026-13-01', '2026-12-32' and '0000-00-00' are not.
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

export interface PriceTiers {
  priceA: number;
  priceB: number;
  priceC: number;
  priceD: number;
  salePrice: number;
}

/**
 * The price a company of `level` pays: its tier, falling back A → B → C → D when a tier is zero,
 * then to the sale price (docs/requirements.md#prices-and-tiers).
 */
export function tierPrice(p: PriceTiers, level: CompanyLevel): number {
  const order = [p.priceA, p.priceB, p.priceC, p.priceD];
  const start = { a: 0, b: 1, c: 2, d: 3 }[level];
  for (let i = start; i < order.length; i++) if (order[i]! > 0) return order[i]!;
  return p.salePrice;
}

/**
 * A VAT-included total split into 공급가액 (supply value) and 세액 (tax). Listed prices include VAT and
 * are what is charged, so the split is derived from the total, never added to it: supply is
 * total / 1.1 rounded half up to whole won, the tax is whatever remains, so the two always add up
 * to the total. Integer arithmetic only: total / 1.1 = 10·total / 11, and rounding half up is
 * floor((20·total + 11) / 22).
 */
export function splitVat(total: number): { supply: number; tax: number } {
  const supply = Math.floor((total * 20 + 11) / 22);
  return { supply, tax: total - supply };
}

/** The warehouse as shown: first two characters of the stock name ('한국', '중국'). */
export function warehouseLabel(stockName: string): string {
  return stockName.slice(0, 2);
}

export function isChinaWarehouse(stockName: string): boolean {
  return stockName.startsWith('중국');
}

/**
 * The shop's warehouses (docs/requirements.md#shipping): the table's (`WAREHOUSES`), then each one
 * the shop configuration's delivery options add under a number of its own, named as there. The
 * table's names stand for its numbers: the China rule reads '중국' in a product's warehouse name.
 */
export function shopWarehouses(configured: readonly { storageId: number; warehouseName: string }[]): Warehouse[] {
  const all: Warehouse[] = [...WAREHOUSE_LIST];
  for (const c of configured) {
    if (!all.some((w) => w.storageId === c.storageId)) all.push({ storageId: c.storageId, stockName: c.warehouseName });
  }
  return all;
}

/**
 * What is wrong with a product's warehouse, or null: its number names no warehouse of the shop
 * ('storageId'), or its name is not that warehouse's ('stockName', with the warehouse). Delivery and
 * the one-warehouse order read the number, the China rule the name, so the two must agree.
 */
export function warehouseFault(
  warehouses: readonly Warehouse[],
  product: Warehouse,
): { field: 'storageId' } | { field: 'stockName'; warehouse: Warehouse } | null {
  const warehouse = warehouses.find((w) => w.storageId === product.storageId);
  if (!warehouse) return { field: 'storageId' };
  return warehouse.stockName === product.stockName.trim() ? null : { field: 'stockName', warehouse };
}

/** 공급가액 and 세액 of an amount, and the amount itself (합계 = 공급가액 + 세액). */
export interface VatSplit {
  supply: number;
  tax: number;
  total: number;
}

/**
 * `splitVat` with the amount beside its parts. A negative amount (a 수정세금계산서 for a refund) splits
 * as its positive counterpart, negated: the floor formula has no exact halves, so it rounds to the
 * nearest won on both sides of zero.
 */
export function splitWithTotal(total: number): VatSplit {
  if (!Number.isSafeInteger(total)) throw new RangeError(`a VAT split needs an integer amount of won: ${total}`);
  return { ...splitVat(total), total };
}

/**
 * Splits several VAT-included amounts (the lines of one document) so that each line is split by
 * `splitVat` and the columns still add up to the split of their sum: the won or two that per-line
 * rounding leaves over goes to the largest lines' 세액 (끝전 조정), one won per line. The totals of a
 * 거래명세서 and of the tax invoice for the same order are then the same numbers.
 */
export function allocateVat(totals: readonly number[]): VatSplit[] {
  const lines = totals.map(splitWithTotal);
  const sum = totals.reduce((a, b) => a + b, 0);
  let diff = splitWithTotal(sum).tax - lines.reduce((a, l) => a + l.tax, 0);
  if (diff === 0) return lines;
  const step = diff > 0 ? 1 : -1;
  const order = lines.map((_, i) => i).sort((a, b) => Math.abs(totals[b]!) - Math.abs(totals[a]!) || a - b);
  for (let k = 0; diff !== 0; k = (k + 1) % order.length) {
    const line = lines[order[k]!]!;
    line.tax += step;
    line.supply -= step;
    diff -= step;
  }
  return lines;
}
