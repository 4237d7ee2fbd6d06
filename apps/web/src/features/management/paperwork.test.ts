import { describe, expect, it } from 'vitest';
import { ledgerRef, signedMoney } from './CashLedgerSection';
import { monthRange } from './MonthlyStatementSection';
import { periodBody } from './paperwork-api';
import { invoiceTarget } from './TaxInvoicesSection';

/** The rules of the member area's paperwork screens (docs/requirements.md#paperwork-screens). */
describe('캐시 원장 rows', () => {
  it('names the order first, else the payment, else nothing', () => {
    expect(ledgerRef({ orderSeq: 1207, paymentSeq: null })).toBe('주문 1207');
    expect(ledgerRef({ orderSeq: 1208, paymentSeq: 88 })).toBe('주문 1208');
    expect(ledgerRef({ orderSeq: null, paymentSeq: 91 })).toBe('결제 91');
    expect(ledgerRef({ orderSeq: null, paymentSeq: null })).toBe('-');
  });

  it('signs credits with + and debits with −', () => {
    expect(signedMoney(50_000)).toBe('+50,000');
    expect(signedMoney(-24_200)).toBe('−24,200');
    expect(signedMoney(0)).toBe('0');
  });
});

describe('세금계산서 targets', () => {
  it('a per-order invoice names its order; a 월합계 its month and count; a correction its orders', () => {
    expect(invoiceTarget({ kind: 'order', orderSeq: 311, month: null, orderSeqs: [311] })).toBe('주문 311');
    expect(invoiceTarget({ kind: 'monthly', orderSeq: null, month: '2026-10', orderSeqs: [4, 9, 12] })).toBe(
      '2026년 10월 (주문 3건)',
    );
    expect(invoiceTarget({ kind: 'correction', orderSeq: null, month: null, orderSeqs: [77, 78] })).toBe('주문 77, 78');
  });
});

describe('월간 거래명세서 quick ranges', () => {
  it('last month is its first to its last day, across a year', () => {
    expect(monthRange('2026-01-15', -1)).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(monthRange('2026-03-31', -1)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });
  it('this month ends today, not after', () => {
    expect(monthRange('2026-11-26', 0)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-26' });
    expect(monthRange('2026-11-30', 0)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
  });
});

describe('period lists', () => {
  it('send both dates or none, with the page and the member-area size', () => {
    expect(periodBody({ startDate: '2026-10-01', endDate: '2026-10-31', page: 2 })).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      page: 2,
      size: 15,
    });
    expect(periodBody({ startDate: '2026-10-01', endDate: '', page: 1 })).toEqual({ page: 1, size: 15 });
  });
});
