import { TIME_ZONE } from '@partsmall/contract';

/** Calendar parts of a moment in Asia/Seoul (all business dates are Seoul dates). */
export interface SeoulDay {
  year: number;
  month: number;
  day: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

/** Made on first use (a time-zone format costs the browser its zone data). */
let parts: Intl.DateTimeFormat | null = null;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function seoulDay(at: Date = new Date()): SeoulDay {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  });
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    weekday: WEEKDAYS.indexOf(p.weekday ?? ''),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function ymd(d: { year: number; month: number; day: number }): string {
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

/** 'YYYY-MM-DD' in Asia/Seoul for an ISO timestamp; '' when it is not a date. */
export function seoulDate(value: string | Date): string {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return ymd(seoulDay(at));
}
