import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { TIME_ZONE, endOfSeoulDay } from '@partsmall/contract';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * All business dates are in Asia/Seoul (docs/requirements.md#money). Seoul days and months, and their
 * first instants, come from the contract (`packages/contract/src/seoul-time.ts`); this clock is for
 * formatting times of day.
 */
export function seoulNow(now: Date = new Date()) {
  return dayjs(now).tz(TIME_ZONE);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Licence days shown = days left until the end, rounded up; 0 when none or expired. */
export function licenseDaysLeft(end: Date | null, now: Date = new Date()): number {
  if (!end) return 0;
  const ms = end.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/**
 * Buying N days sets the end to the end of today (Seoul) plus N-1 days, or extends a licence
 * still running by N days (docs/requirements.md#licence).
 */
export function extendLicense(end: Date | null, days: number, now: Date = new Date()): Date {
  if (end && end.getTime() > now.getTime()) return new Date(end.getTime() + days * DAY_MS);
  return new Date(endOfSeoulDay(now).getTime() + (days - 1) * DAY_MS);
}

/**
 * An admin's adjustment of N days (docs/requirements.md#licence): days added end as bought days do
 * (`extendLicense`); days taken count back from a running licence's end, never before now, and a
 * licence already over keeps its end (none: now).
 */
export function adjustLicenseEnd(end: Date | null, days: number, now: Date = new Date()): Date {
  if (days > 0) return extendLicense(end, days, now);
  if (end && end.getTime() > now.getTime()) return new Date(Math.max(now.getTime(), end.getTime() + days * DAY_MS));
  return end ?? now;
}

/**
 * A date-range search over Seoul days (inclusive): from the start of the first day to the start of
 * the day after the last. The database computes the instants from the calendar days the contract
 * checked, so no day of the range (9999-12-31 included) needs a JavaScript Date.
 */
export function withinSeoulDays(column: SQLWrapper, startDate: string, endDate: string) {
  return sql`${column} >= (${startDate}::date)::timestamp at time zone ${TIME_ZONE}
    and ${column} < (${endDate}::date + 1)::timestamp at time zone ${TIME_ZONE}`;
}
