/**
 * The Seoul calendar: every business date is an Asia/Seoul date (docs/requirements.md#money), and
 * this module is the one place server and web compute one in JavaScript (SQL that buckets rows by
 * Seoul day names TIME_ZONE: the server's `withinSeoulDays`). Asia/Seoul (TIME_ZONE) is UTC+9 all year
 * (Korea has kept no daylight saving time since 1988), so a fixed offset is exact, and cheaper than a
 * time-zone formatter (the VIN quota asks for the day on every catalogue call; a first page of the
 * web app builds no formatter).
 *
 * Days are 'YYYY-MM-DD' and months 'YYYY-MM' (Seoul calendar); instants are Dates. An end is
 * exclusive: the end of a day is the first instant of the next one.
 */
export const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** Calendar and clock fields of an instant in Seoul. */
export interface SeoulParts {
  year: number;
  /** 1 … 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

/** The instant shifted by nine hours, so that its UTC fields are the Seoul ones. */
const shifted = (at: Date) => new Date(at.getTime() + SEOUL_OFFSET_MS);

export function seoulParts(at: Date = new Date()): SeoulParts {
  const s = shifted(at);
  return {
    year: s.getUTCFullYear(),
    month: s.getUTCMonth() + 1,
    day: s.getUTCDate(),
    hour: s.getUTCHours(),
    minute: s.getUTCMinutes(),
    second: s.getUTCSeconds(),
    weekday: s.getUTCDay(),
  };
}

/** The Seoul day of an instant, 'YYYY-MM-DD'. */
export function seoulDay(at: Date = new Date()): string {
  return shifted(at).toISOString().slice(0, 10);
}

/** The Seoul month of an instant, 'YYYY-MM'. */
export function seoulMonth(at: Date = new Date()): string {
  return shifted(at).toISOString().slice(0, 7);
}

/** The first instant of a Seoul day: of 'YYYY-MM-DD', or of the day holding an instant. */
export function startOfSeoulDay(day: string | Date = new Date()): Date {
  const key = typeof day === 'string' ? day : seoulDay(day);
  return new Date(Date.parse(`${key}T00:00:00.000Z`) - SEOUL_OFFSET_MS);
}

/** The end of a Seoul day (exclusive): the first instant of the next day. */
export function endOfSeoulDay(day: string | Date = new Date()): Date {
  return new Date(startOfSeoulDay(day).getTime() + DAY_MS);
}

/** The first instant of a Seoul month: of 'YYYY-MM', or of the month holding an instant. */
export function startOfSeoulMonth(month: string | Date = new Date()): Date {
  const key = typeof month === 'string' ? month : seoulMonth(month);
  return startOfSeoulDay(`${key}-01`);
}

/** The end of a Seoul month (exclusive): the first instant of the next month. */
export function endOfSeoulMonth(month: string | Date = new Date()): Date {
  const [y, m] = (typeof month === 'string' ? month : seoulMonth(month)).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1) - SEOUL_OFFSET_MS);
}

const pad = (n: number) => String(n).padStart(2, '0');
const valid = (value: Date | string) => {
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : seoulParts(at);
};

/** '2026.11.21' in Seoul (documents and messages); '' when it is not a date. */
export function formatSeoulDate(value: Date | string): string {
  const p = valid(value);
  return p ? `${p.year}.${pad(p.month)}.${pad(p.day)}` : '';
}

/** '2026.11.21 14:05' in Seoul (documents and messages); '' when it is not a date. */
export function formatSeoulDateTime(value: Date | string): string {
  const p = valid(value);
  return p ? `${formatSeoulDate(value)} ${pad(p.hour)}:${pad(p.minute)}` : '';
}

/** 'YYYY-MM-DD' of calendar fields (month 1 … 12). */
export function calendarDay(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** The calendar day `days` after 'YYYY-MM-DD' (before when negative). */
export function addSeoulDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The same day `months` after 'YYYY-MM-DD' (before when negative), kept inside a shorter month
 * (a month before 03-31 is 02-28, or 02-29 in a leap year).
 */
export function addSeoulMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return calendarDay({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(d, lastDay) });
}
