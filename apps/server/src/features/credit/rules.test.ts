import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  agingOf,
  availableOf,
  creditFits,
  dueDateOf,
  exposureOf,
  isHoldingOverdue,
  monthEnd,
  nextBusinessDay,
  nextMonth,
  pendingCreditOf,
  previousMonth,
  reminderDue,
  statementName,
  statementStatusOf,
} from './rules.js';

const EOM_NEXT_EOM = { rule: 'next_month_day', value: 31 } as const;
const EOM_NEXT_10 = { rule: 'next_month_day', value: 10 } as const;
const EOM_PLUS_30 = { rule: 'days_after_close', value: 30 } as const;

describe('months', () => {
  it('knows month ends, leap years and the months around a year end', () => {
    expect(monthEnd('2026-02')).toBe('2026-02-28');
    expect(monthEnd('2028-02')).toBe('2028-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });
});

describe('due dates from terms', () => {
  // [what the case shows, the closed month, its due date, the payment term]
  it.each([
    ['월말 마감 익월 말일', '2026-02', '2026-03-31', EOM_NEXT_EOM],
    ['월말 마감 익월 말일, February of a leap year', '2028-01', '2028-02-29', EOM_NEXT_EOM],
    ['월말 마감 익월 말일, a 30-day month', '2026-08', '2026-09-30', EOM_NEXT_EOM],
    ['월말 마감 익월 10일', '2026-01', '2026-02-10', EOM_NEXT_10],
    ['월말 마감 익월 10일 across the year end (2027-01-10 is a Sunday)', '2026-12', '2027-01-11', EOM_NEXT_10],
    ['월말 마감 30일 후 counts from the month’s last day', '2026-09', '2026-10-30', EOM_PLUS_30],
    ['월말 마감 30일 후 from February’s last day', '2026-02', '2026-03-30', EOM_PLUS_30],
    ['월말 마감 30일 후 across the year end (2027-01-30 is a Saturday)', '2026-12', '2027-02-01', EOM_PLUS_30],
    ['a weekend moves it to the next business day (2026-05-31 is a Sunday)', '2026-04', '2026-06-01', EOM_NEXT_EOM],
    ['a weekend moves it to the next business day (2026-10-10 is a Saturday)', '2026-09', '2026-10-12', EOM_NEXT_10],
    ['a Sunday then 삼일절 (2027-02-28, 2027-03-01)', '2027-01', '2027-03-02', EOM_NEXT_EOM],
    ['설날 (2026-02-16..18)', '2026-01', '2026-02-19', { rule: 'next_month_day', value: 16 }],
    ['추석 (2026-09-24..26), then a Sunday', '2026-08', '2026-09-28', { rule: 'next_month_day', value: 24 }],
    ['광복절’s 대체공휴일 (2026-08-17)', '2026-07', '2026-08-18', { rule: 'next_month_day', value: 17 }],
  ] as const)('%s: the %s statement is due %s', (_what, month, due, term) => {
    expect(dueDateOf(month, term)).toBe(due);
  });

  it('the next business day after 개천절 on a Saturday skips the Sunday and its 대체공휴일', () => {
    expect(nextBusinessDay('2026-10-03')).toBe('2026-10-06');
  });
});

describe('exposure and the limit', () => {
  it('adds unpaid statements, shipped lines not billed and open orders', () => {
    expect(
      exposureOf({ unpaidStatements: 300_000, unbilledShipped: 120_000, openOrders: 55_000, statementCredit: 0 }),
    ).toBe(475_000);
    expect(exposureOf({ unpaidStatements: 0, unbilledShipped: -20_000, openOrders: 0, statementCredit: 0 })).toBe(0);
    // Credit left on a closed statement lowers it as the unbilled credit note did before the close.
    expect(exposureOf({ unpaidStatements: 0, unbilledShipped: 0, openOrders: 800_000, statementCredit: 300_000 })).toBe(
      500_000,
    );
    expect(exposureOf({ unpaidStatements: 0, unbilledShipped: 0, openOrders: 100_000, statementCredit: 300_000 })).toBe(
      0,
    );
  });

  it('lets an order in up to the limit exactly, beyond it only when the account may exceed', () => {
    expect(creditFits(900_000, 100_000, 1_000_000, false)).toBe(true);
    expect(creditFits(900_001, 100_000, 1_000_000, false)).toBe(false);
    expect(creditFits(900_001, 100_000, 1_000_000, true)).toBe(true);
    expect(availableOf(1_000_000, 1_200_000)).toBe(0);
    expect(availableOf(1_000_000, 250_000)).toBe(750_000);
  });
});

describe('aging', () => {
  it('puts days past due into buckets at their edges', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, -5].map(agingBucket)).toEqual([
      'current',
      'd1_30',
      'd1_30',
      'd31_60',
      'd31_60',
      'd61_90',
      'd61_90',
      'd90plus',
      'current',
    ]);
  });

  it('ages each statement’s unpaid amount and counts unbilled shipments as current', () => {
    const aging = agingOf(
      [
        { unpaid: 100_000, dueDate: '2026-11-30' }, // due today
        { unpaid: 200_000, dueDate: '2026-11-10' }, // 20 days
        { unpaid: 300_000, dueDate: '2026-09-30' }, // 61 days
        { unpaid: 0, dueDate: '2026-05-10' },
        { unpaid: 400_000, dueDate: '2026-08-31' }, // 91 days
      ],
      50_000,
      '2026-11-30',
    );
    expect(aging).toEqual({ current: 150_000, d1_30: 200_000, d31_60: 0, d61_90: 300_000, d90plus: 400_000 });
  });

  it('names what the next close takes off that no statement has yet', () => {
    // A return of 91,500 after the close, nothing else unbilled: all of it.
    expect(pendingCreditOf({ shipped: -91_500 })).toBe(91_500);
    // A shipment of 30,500 not billed yet: the next statement bills 30,500 - 91,500.
    expect(pendingCreditOf({ shipped: -61_000 })).toBe(61_000);
    // Shipments outweigh the return: the aging counts them net, nothing is taken off later.
    expect(pendingCreditOf({ shipped: 20_000 })).toBe(0);
    expect(pendingCreditOf({ shipped: 0 })).toBe(0);
  });
});

describe('statements and holds', () => {
  it('reads a statement’s status on a day', () => {
    const s = { amountDue: 500_000, dueDate: '2026-12-10' };
    expect(statementStatusOf({ ...s, paid: 0 }, '2026-12-10')).toBe('unpaid');
    expect(statementStatusOf({ ...s, paid: 100_000 }, '2026-12-01')).toBe('partial');
    expect(statementStatusOf({ ...s, paid: 100_000 }, '2026-12-11')).toBe('overdue');
    expect(statementStatusOf({ ...s, paid: 500_000 }, '2027-03-01')).toBe('paid');
  });

  it('holds only after the grace days and above the threshold', () => {
    const s = { amountDue: 500_000, paid: 0, dueDate: '2026-12-10' };
    const account = { graceDays: 5, overdueThreshold: 10_000 };
    expect(isHoldingOverdue(s, account, '2026-12-15')).toBe(false);
    expect(isHoldingOverdue(s, account, '2026-12-16')).toBe(true);
    expect(isHoldingOverdue({ ...s, paid: 490_000 }, account, '2026-12-31')).toBe(false);
    expect(isHoldingOverdue({ ...s, paid: 489_999 }, account, '2026-12-31')).toBe(true);
  });

  it('names a statement by its month', () => {
    expect(statementName('2026-10')).toBe('2026년 10월 명세서');
    expect(statementName('2027-01')).toBe('2027년 1월 명세서');
  });

  it('sends D-3, the due day and D+7 once each, catching up a missed day', () => {
    expect(reminderDue('2026-12-10', '2026-12-06', [])).toBeNull();
    expect(reminderDue('2026-12-10', '2026-12-07', [])).toBe('d-3');
    expect(reminderDue('2026-12-10', '2026-12-08', ['d-3'])).toBeNull();
    expect(reminderDue('2026-12-10', '2026-12-10', ['d-3'])).toBe('due');
    expect(reminderDue('2026-12-10', '2026-12-11', [])).toBe('due');
    expect(reminderDue('2026-12-10', '2026-12-12', ['d-3'])).toBeNull();
    expect(reminderDue('2026-12-10', '2026-12-17', ['d-3', 'due'])).toBe('d+7');
    expect(reminderDue('2026-12-10', '2026-12-20', ['d-3', 'due', 'd+7'])).toBeNull();
    expect(reminderDue('2026-12-10', '2026-12-30', [])).toBeNull();
    // D+7 missed is caught up for a week: the 14th day past due still sends it, the 15th no more.
    expect(reminderDue('2026-12-10', '2026-12-16', ['d-3', 'due'])).toBeNull();
    expect(reminderDue('2026-12-10', '2026-12-24', ['d-3', 'due'])).toBe('d+7');
    expect(reminderDue('2026-12-10', '2026-12-25', ['d-3', 'due'])).toBeNull();
  });
});
