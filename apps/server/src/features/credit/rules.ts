/**
 * The pure rules of 외상 (docs/requirements.md#credit): due dates from payment terms, business days,
 * exposure, aging buckets and a statement's status. Days are Asia/Seoul calendar days 'YYYY-MM-DD'.
 */
import type { Aging, AgingBucket, StatementStatus, TermRule } from '@partsmall/contract';
import { KOREAN_HOLIDAYS } from './holidays.js';

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Adds days to a calendar day. */
export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The last day of a month 'YYYY-MM'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m, 0));
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m, 1)).slice(0, 7);
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(y, m - 2, 1)).slice(0, 7);
}

/** Saturday, Sunday or a Korean public holiday. */
export function isBankHoliday(day: string, holidays: ReadonlySet<string> = KOREAN_HOLIDAYS): boolean {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return weekday === 0 || weekday === 6 || holidays.has(day);
}

/** The day itself when banks open on it, else the next day they do. */
export function nextBusinessDay(day: string, holidays: ReadonlySet<string> = KOREAN_HOLIDAYS): string {
  let d = day;
  while (isBankHoliday(d, holidays)) d = addDays(d, 1);
  return d;
}

/**
 * The due date of a statement of `month` under a term: `next_month_day` N is the N-th of the next
 * month (a day the month lacks, 31 for one, is its last day); `days_after_close` N is N days after
 * the month's last day. A weekend or holiday moves it to the next business day.
 */
export function dueDateOf(
  month: string,
  term: { rule: TermRule; value: number },
  holidays: ReadonlySet<string> = KOREAN_HOLIDAYS,
): string {
  let day: string;
  if (term.rule === 'next_month_day') {
    const next = nextMonth(month);
    const last = monthEnd(next);
    const lastDay = Number(last.slice(8));
    day = `${next}-${String(Math.min(term.value, lastDay)).padStart(2, '0')}`;
  } else {
    day = addDays(monthEnd(month), term.value);
  }
  return nextBusinessDay(day, holidays);
}

/** The bucket of an unpaid amount by the days past its due date (0 or fewer: not yet due). */
export function agingBucket(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1_30';
  if (daysPastDue <= 60) return 'd31_60';
  if (daysPastDue <= 90) return 'd61_90';
  return 'd90plus';
}

export const emptyAging = (): Aging => ({ current: 0, d1_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 });

/**
 * Aging of what a company owes on a day: each statement's unpaid amount in the bucket of its days past
 * due; shipped lines not yet billed are current.
 */
export function agingOf(
  unpaid: readonly { unpaid: number; dueDate: string }[],
  unbilledShipped: number,
  today: string,
): Aging {
  const aging = emptyAging();
  for (const s of unpaid) if (s.unpaid > 0) aging[agingBucket(daysBetween(s.dueDate, today))] += s.unpaid;
  if (unbilledShipped > 0) aging.current += unbilledShipped;
  return aging;
}

export interface ExposureParts {
  /** Σ max(amountDue − paid, 0) of the company's statements. */
  unpaidStatements: number;
  /** Shipped charges (less their reversals) not yet on a statement, and credit notes and adjustments not yet billed. */
  unbilledShipped: number;
  /** Charges of credit orders not yet shipped (less the reversals of those cancelled). */
  openOrders: number;
  /**
   * Credit left on closed statements, not yet used to pay another: Σ max(paid − amountDue, 0). A
   * credit note lowers exposure while unbilled; billed on a statement with nothing to pay, it must
   * go on lowering it until a later close uses it (without it, 사용액 jumped at the close).
   */
  statementCredit: number;
}

/**
 * Exposure (사용액): unpaid statements + shipped lines not yet on a statement + open credit orders −
 * credit left on statements, never below 0.
 */
export function exposureOf(p: ExposureParts): number {
  return Math.max(0, p.unpaidStatements + p.unbilledShipped + p.openOrders - p.statementCredit);
}

/** exposureOf of a company's credit position as the repository reads it (creditPosition). */
export function positionExposure(p: {
  unpaid: readonly { amountDue: number; paid: number }[];
  unbilled: { shipped: number; open: number; statementCredit: number };
}): number {
  return exposureOf({
    unpaidStatements: p.unpaid.reduce((sum, s) => sum + Math.max(0, s.amountDue - s.paid), 0),
    unbilledShipped: p.unbilled.shipped,
    openOrders: p.unbilled.open,
    statementCredit: p.unbilled.statementCredit,
  });
}

/**
 * What the next close takes off and no statement has yet (docs/requirements.md#credit-summary-and-statements):
 * unbilled credit notes beyond the unbilled shipments. Exposure has it off already, the aging and the
 * statements not yet, so the buyer is told it. Credit left on closed statements is told apart
 * (`statementCredit`): a close credited it already, and the next one uses it.
 */
export function pendingCreditOf(unbilled: { shipped: number }): number {
  return Math.max(0, -unbilled.shipped);
}

/** Whether a credit order of `amount` fits: exposure + amount ≤ limit, or the account may exceed. */
export function creditFits(exposure: number, amount: number, limit: number, allowExceed: boolean): boolean {
  return allowExceed || exposure + amount <= limit;
}

/** What is left of the limit, never below 0. */
export function availableOf(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/** A statement's status on a day: paid, partly paid, unpaid, or overdue (unpaid after its due date). */
export function statementStatusOf(
  s: { amountDue: number; paid: number; dueDate: string },
  today: string,
): StatementStatus {
  if (s.paid >= s.amountDue) return 'paid';
  if (today > s.dueDate) return 'overdue';
  return s.paid > 0 ? 'partial' : 'unpaid';
}

/**
 * Whether a statement puts its account on hold on a day: unpaid more than the threshold (won) after
 * its due date plus the grace days.
 */
export function isHoldingOverdue(
  s: { amountDue: number; paid: number; dueDate: string },
  account: { graceDays: number; overdueThreshold: number },
  today: string,
): boolean {
  const unpaid = s.amountDue - s.paid;
  return unpaid > account.overdueThreshold && daysBetween(s.dueDate, today) > account.graceDays;
}

/** '2026년 10월 명세서': how a statement is named in messages. */
export function statementName(month: string): string {
  return `${month.slice(0, 4)}년 ${Number(month.slice(5, 7))}월 명세서`;
}

/**
 * The reminder of an unpaid statement due on `today`, if any: D-3 (from three days before), the due
 * day, D+7. A day missed (the server was down) is caught up within a day (the due day), or a week (D+7);
 * each is sent once.
 */
export function reminderDue(dueDate: string, today: string, sent: readonly string[]): 'd-3' | 'due' | 'd+7' | null {
  const late = daysBetween(dueDate, today);
  if (late >= 7 && late <= 14) return sent.includes('d+7') ? null : 'd+7';
  if (late >= 0 && late <= 1) return sent.includes('due') ? null : 'due';
  if (late >= -3 && late < 0) return sent.includes('d-3') ? null : 'd-3';
  return null;
}
