/** Years the date picker offers: current year −5 to +5, 11 years (docs/requirements.md#limits). */
export const YEAR_SPAN = 5;

export function yearOptions(current: number): number[] {
  return Array.from({ length: YEAR_SPAN * 2 + 1 }, (_, i) => current - YEAR_SPAN + i);
}

export interface CalendarCell {
  year: number;
  month: number;
  day: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** False for the days of the previous and next month that fill the first and last week. */
  inMonth: boolean;
}

/** The weeks (Sunday first) of a month, as whole weeks of 7 cells. */
export function monthWeeks(year: number, month: number): CalendarCell[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const weeks = Math.ceil((first.getUTCDay() + daysInMonth) / 7);
  const out: CalendarCell[][] = [];
  for (let w = 0; w < weeks; w++) {
    const week: CalendarCell[] = [];
    for (let d = 0; d < 7; d++) {
      const at = new Date(start.getTime() + (w * 7 + d) * 86_400_000);
      week.push({
        year: at.getUTCFullYear(),
        month: at.getUTCMonth() + 1,
        day: at.getUTCDate(),
        weekday: d,
        inMonth: at.getUTCMonth() + 1 === month,
      });
    }
    out.push(week);
  }
  return out;
}

/** The month before or after, kept inside [minYear, maxYear]; null past either end. */
export function shiftMonth(
  year: number,
  month: number,
  by: -1 | 1,
  minYear: number,
  maxYear: number,
): { year: number; month: number } | null {
  const index = year * 12 + (month - 1) + by;
  const next = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  return next.year < minYear || next.year > maxYear ? null : next;
}
