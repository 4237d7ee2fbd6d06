import {
  digitsOnly,
  formatBusinessNumber,
  formatSeoulDateTime,
  formatWon,
  groupDigits,
  hyphenatePhone,
  seoulDay,
} from '@partsmall/contract';

/**
 * How the shop writes numbers, money, dates, phones and business numbers (docs/requirements.md#look-and-language,
 * formats). Every screen formats through these.
 */

/** 12300 → '12,300' (tables, with '원' in the column header). Won has no decimals. */
export function money(amount: number): string {
  return groupDigits(Math.round(amount));
}

/** 12300 → '12,300원'. */
export const won = formatWon;

/** 1200 → '1,200' for counts (items, days). */
export function count(n: number): string {
  return groupDigits(n);
}

/** '01012345678' → '010-1234-5678'; '0212345678' → '02-1234-5678'; other lengths as digits. */
export function phone(value: string): string {
  return hyphenatePhone(value);
}

/** '1234567890' → '123-45-67890'. */
export function businessNumber(value: string): string {
  return formatBusinessNumber(value);
}

/**
 * The first `max` characters of a typed text, counted as the server counts a field's length (code
 * points: an emoji is one); the whole text when there is no `max`. An input's own maxLength counts
 * UTF-16 units and cut 25 emoji to 15 in a name the server takes 30 emoji in.
 */
export function cutChars(value: string, max: number | undefined): string {
  if (max === undefined || value.length <= max) return value;
  let units = 0;
  let chars = 0;
  for (const char of value) {
    if (chars === max) break;
    units += char.length;
    chars++;
  }
  return value.slice(0, units);
}

/** Keeps only digits, at most `max` of them (number inputs). */
export function digits(value: string, max?: number): string {
  const d = digitsOnly(value);
  return max === undefined ? d : d.slice(0, max);
}

/**
 * A won amount as typed in a money box: its digits when it holds only digits and grouping commas or
 * spaces ('1,500' → '1500'; a Korean keyboard's full-width '１５，０００' too, folded as part numbers
 * are); anything else stays as typed ('1500.5', '5만'), for the form's rule to refuse with its
 * message. Won has no fractions, and a dropped dot would make 1500.5 read 15,005
 * (docs/requirements.md#look-and-language).
 */
export function typedWon(value: string): string {
  const bare = value.normalize('NFKC').replace(/[,\s]/g, '');
  return /^\d*$/.test(bare) ? bare.replace(/^0+(?=\d)/, '') : value;
}

/** Whether a typed won amount is digits only (what typedWon keeps of a number). */
export const isWonDigits = (value: string): boolean => /^\d+$/.test(value);

/**
 * A typed won amount as its box shows it: digits with grouping commas, anything else as typed. The
 * digits themselves are grouped: as a number, one beyond 2^53 would show (and be kept) as another.
 */
export function shownWon(value: string): string {
  return groupDigits(value);
}

/** '2026-11-21' in Asia/Seoul (tables and forms); '' when it is not a date. */
export function date(value: string | Date): string {
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? '' : seoulDay(at);
}

/** '2026.11.21 14:05' in Asia/Seoul (messages); '' when it is not a date. */
export const dateTime = formatSeoulDateTime;

/** The address on one line: '(04790) 서울특별시 … 3층 301호'. */
export function addressLine(o: { postNum: string; address: string; addrSub: string }): string {
  return [o.postNum ? `(${o.postNum})` : '', o.address, o.addrSub].filter(Boolean).join(' ');
}
