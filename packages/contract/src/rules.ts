/** Pure rules shared by server and web: checksums, formats, helpers of spec 1 §5. */

/** Keeps only the digits of a value (number inputs keep only digits). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/** Alpha-number helper: uppercases and strips everything except A-Z and 0-9. */
export function alphaNumber(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]+/g, '');
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

/** 12300 -> "12,300원" (integers only: won has no decimals). */
export function formatWon(amount: number): string {
  return `${Math.round(amount).toLocaleString('ko-KR')}원`;
}

/** Loose mail-address shape used for login ids (no spaces or control characters). */
export const MAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/** True when text holds no control characters (NUL and the like, which no name needs and PostgreSQL refuses). */
export function isPlainText(value: string): boolean {
  return !/\p{Cc}/u.test(value);
}

/** A YYYY-MM-DD day that exists on the calendar ('2026-02-30' and '2026-13-01' do not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}
