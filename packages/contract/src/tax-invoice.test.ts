import { describe, expect, it } from 'vitest';
import { splitWithTotal } from './rules.js';
import {
  corrections,
  correctionMgtKey,
  correctionSplit,
  creditNoteMgtKey,
  lastDayOfMonth,
  monthlyInvoice,
  monthlyIssueDeadline,
  monthlyMgtKey,
  orderInvoice,
  orderMgtKey,
  statementMgtKey,
  type InvoiceOrder,
} from './tax-invoice.js';

const d = (iso: string) => new Date(iso);

describe('mgtKey', () => {
  it('derives the same key from the same order or company-month', () => {
    expect(orderMgtKey(42)).toBe('O-16');
    expect(orderMgtKey(42)).toBe(orderMgtKey(42));
    expect(monthlyMgtKey(7, '2026-11')).toBe('M-202611-7');
    expect(correctionMgtKey('O-16', 5)).toBe('O-16-R5');
    expect(correctionMgtKey('M-202611-7', 1295)).toBe('M-202611-7-RZZ');
    expect(creditNoteMgtKey('S-A', 1295)).toBe('S-A-CZZ');
  });

  it('keeps original and corrections distinct, and different inputs apart', () => {
    const keys = new Set([
      orderMgtKey(1),
      orderMgtKey(36),
      monthlyMgtKey(1, '2026-11'),
      monthlyMgtKey(1, '2026-12'),
      monthlyMgtKey(36, '2026-11'),
      correctionMgtKey(orderMgtKey(1), 1),
      correctionMgtKey(orderMgtKey(1), 2),
      correctionMgtKey(monthlyMgtKey(1, '2026-11'), 1),
      creditNoteMgtKey(statementMgtKey(1), 1),
      correctionMgtKey(statementMgtKey(1), 1),
    ]);
    expect(keys.size).toBe(10);
  });

  it("stays within Popbill's 24 characters of [A-Za-z0-9_-] at the largest ids", () => {
    const max = 2_147_483_647;
    const longest = correctionMgtKey(monthlyMgtKey(max, '2026-11'), max);
    expect(longest).toBe('M-202611-ZIK0ZJ-RZIK0ZJ');
    expect(longest.length).toBe(23);
    expect(correctionMgtKey(orderMgtKey(max), max)).toMatch(/^[A-Za-z0-9_-]{1,24}$/);
    expect(creditNoteMgtKey(statementMgtKey(max), max)).toBe('S-ZIK0ZJ-CZIK0ZJ');
  });

  it('refuses ids and months it cannot key', () => {
    expect(() => orderMgtKey(0)).toThrow(RangeError);
    expect(() => orderMgtKey(2_147_483_648)).toThrow(RangeError);
    expect(() => orderMgtKey(1.5)).toThrow(RangeError);
    expect(() => monthlyMgtKey(1, '2026-13')).toThrow(RangeError);
    expect(() => monthlyMgtKey(1, '202611')).toThrow(RangeError);
  });
});

describe('per-order invoice', () => {
  const order: InvoiceOrder = { seq: 101, total: 56_300, shippedAt: d('2026-11-20T16:00:00Z'), refunds: [] };

  it('invoices the order total split into 공급가액 and 세액, dated the Seoul day it shipped', () => {
    expect(orderInvoice(order, d('2026-11-20T16:00:01Z'))).toEqual({
      mgtKey: 'O-2T',
      writeDate: '20261121',
      supply: 51_182,
      tax: 5_118,
      total: 56_300,
      items: [{ orderSeq: 101, supply: 51_182, tax: 5_118, total: 56_300 }],
    });
  });

  it('invoices nothing for an order never shipped', () => {
    expect(orderInvoice({ ...order, shippedAt: null }, d('2026-11-21T00:00:00Z'))).toBeNull();
  });

  it('leaves out what was refunded before issuance, and drops a fully refunded order', () => {
    const partly = { ...order, refunds: [{ seq: 1, amount: 6_300, at: d('2026-11-20T15:59:00Z') }] };
    expect(orderInvoice(partly, d('2026-11-20T16:00:01Z'))).toMatchObject({
      supply: 45_455,
      tax: 4_545,
      total: 50_000,
    });
    const all = { ...order, refunds: [{ seq: 1, amount: 56_300, at: d('2026-11-20T15:59:00Z') }] };
    expect(orderInvoice(all, d('2026-11-20T16:00:01Z'))).toBeNull();
  });

  it('issues a negative 수정세금계산서 for a refund after issuance, never more than was invoiced', () => {
    const issuedAt = d('2026-11-20T16:00:01Z');
    const original = orderInvoice(order, issuedAt)!;
    const later = {
      ...order,
      refunds: [
        { seq: 9, amount: 12_300, at: d('2026-11-25T01:00:00Z') },
        { seq: 10, amount: 50_000, at: d('2026-11-26T01:00:00Z') },
      ],
    };
    expect(corrections(original, issuedAt, [later])).toEqual([
      {
        mgtKey: 'O-2T-R9',
        originalMgtKey: 'O-2T',
        writeDate: '20261125',
        refundSeq: 9,
        orderSeq: 101,
        supply: -11_182,
        tax: -1_118,
        total: -12_300,
      },
      // Only 44,000 of the 50,000 was still invoiced.
      {
        mgtKey: 'O-2T-RA',
        originalMgtKey: 'O-2T',
        writeDate: '20261126',
        refundSeq: 10,
        orderSeq: 101,
        supply: -40_000,
        tax: -4_000,
        total: -44_000,
      },
    ]);
  });

  it('issues no correction for a refund made before issuance', () => {
    const issuedAt = d('2026-11-20T16:00:01Z');
    const withEarly = { ...order, refunds: [{ seq: 3, amount: 6_300, at: d('2026-11-20T15:00:00Z') }] };
    expect(corrections(orderInvoice(withEarly, issuedAt)!, issuedAt, [withEarly])).toEqual([]);
  });
});

describe('월합계 invoice', () => {
  const issueAt = d('2026-11-30T15:10:00Z'); // 2026-12-01 00:10 in Seoul, the scheduled run
  const orders: InvoiceOrder[] = [
    // Shipped 2026-11-01 00:30 Seoul (still October in UTC): in November.
    { seq: 11, total: 110_000, shippedAt: d('2026-10-31T15:30:00Z'), refunds: [] },
    // Partly returned before issuance: 33,000 of 99,000 left out.
    {
      seq: 12,
      total: 99_000,
      shippedAt: d('2026-11-10T03:00:00Z'),
      refunds: [{ seq: 501, amount: 33_000, at: d('2026-11-15T03:00:00Z') }],
    },
    // Seller-cancelled in full before issuance: drops out.
    {
      seq: 13,
      total: 45_000,
      shippedAt: d('2026-11-12T03:00:00Z'),
      refunds: [{ seq: 502, amount: 45_000, at: d('2026-11-13T03:00:00Z') }],
    },
    // Shipped 2026-12-01 00:05 Seoul: December, not in this invoice.
    { seq: 14, total: 77_000, shippedAt: d('2026-11-30T15:05:00Z'), refunds: [] },
    // Never shipped.
    { seq: 15, total: 12_000, shippedAt: null, refunds: [] },
    // Returned after issuance: in the invoice in full, corrected later.
    {
      seq: 16,
      total: 10_001,
      shippedAt: d('2026-11-30T14:00:00Z'),
      refunds: [{ seq: 503, amount: 10_001, at: d('2026-12-03T02:00:00Z') }],
    },
  ];

  it("lists the month's shipped orders less returns before issuance, totals split once", () => {
    expect(monthlyInvoice(3, '2026-11', orders, issueAt)).toEqual({
      mgtKey: 'M-202611-3',
      writeDate: '20261130',
      supply: 169_092,
      tax: 16_909,
      total: 186_001,
      items: [
        { orderSeq: 11, supply: 100_000, tax: 10_000, total: 110_000 },
        { orderSeq: 12, supply: 60_000, tax: 6_000, total: 66_000 },
        { orderSeq: 16, supply: 9_092, tax: 909, total: 10_001 },
      ],
    });
  });

  it('corrects a return approved after issuance with a negative invoice', () => {
    const original = monthlyInvoice(3, '2026-11', orders, issueAt)!;
    expect(corrections(original, issueAt, orders)).toEqual([
      {
        mgtKey: 'M-202611-3-RDZ',
        originalMgtKey: 'M-202611-3',
        writeDate: '20261203',
        refundSeq: 503,
        orderSeq: 16,
        supply: -9_092,
        tax: -909,
        total: -10_001,
      },
    ]);
  });

  it("a full return undoes the order's own split on a 월합계 whose rounding was settled won by won", () => {
    // Two orders of 16: the columns add up to the split of 32 (29 + 3), so one line carries the won.
    const original = {
      mgtKey: 'M-202611-4',
      writeDate: '20261130',
      supply: 29,
      tax: 3,
      total: 32,
      items: [
        { orderSeq: 21, supply: 14, tax: 2, total: 16 },
        { orderSeq: 22, supply: 15, tax: 1, total: 16 },
      ],
    };
    const returned = {
      seq: 21,
      shippedAt: d('2026-11-20T01:00:00Z'),
      total: 16,
      refunds: [{ seq: 601, amount: 16, at: d('2026-12-03T02:00:00Z') }],
    };
    expect(corrections(original, issueAt, [returned])).toEqual([
      expect.objectContaining({ orderSeq: 21, supply: -14, tax: -2, total: -16 }),
    ]);
  });

  it('correctionSplit: a part split afresh, the rest the exact remainder, never more than is left', () => {
    const item = { supply: 14, tax: 2, total: 16 };
    const part = correctionSplit(10, item)!;
    expect(part).toEqual({ supply: -9, tax: -1, total: -10 });
    const left = { supply: item.supply + part.supply, tax: item.tax + part.tax, total: item.total + part.total };
    expect(correctionSplit(6, left)).toEqual({ supply: -5, tax: -1, total: -6 });
    expect(correctionSplit(50, item)).toEqual({ supply: -14, tax: -2, total: -16 });
    expect(correctionSplit(5, { supply: 0, tax: 0, total: 0 })).toBeNull();
  });

  it("correctionSplit: a part leaves the order at the split of what it keeps, as the order's statement shows it", () => {
    // An order of 276,107원 (251,006 + 25,101) returned but for its 6,000원 shipping. The statement of
    // what is left says 5,455 + 545; a fresh split of the refund (−245,552 − 24,555) would leave 5,454 + 546.
    const invoiced = splitWithTotal(276_107);
    expect(invoiced).toEqual({ supply: 251_006, tax: 25_101, total: 276_107 });
    const part = correctionSplit(270_107, invoiced)!;
    expect(part).toEqual({ supply: -245_551, tax: -24_556, total: -270_107 });
    expect({ supply: invoiced.supply + part.supply, tax: invoiced.tax + part.tax }).toEqual({
      supply: 5_455,
      tax: 545,
    });
    // A 월합계 item whose rounding was settled (17 = 14 + 3, not 15 + 2) keeps its signs: 1 won off would
    // leave 15 + 1, a correction of +1 공급가액; the won is split afresh instead.
    expect(correctionSplit(1, { supply: 14, tax: 3, total: 17 })).toEqual({ supply: -1, tax: 0, total: -1 });
  });

  it('issues nothing for a month without a shipped order left', () => {
    expect(monthlyInvoice(3, '2026-10', orders, issueAt)).toBeNull();
    expect(monthlyInvoice(3, '2026-11', [orders[2]!, orders[4]!], issueAt)).toBeNull();
  });

  it('is dated the last day of the month and due on the 10th of the next', () => {
    expect(lastDayOfMonth('2026-11')).toBe('20261130');
    expect(lastDayOfMonth('2028-02')).toBe('20280229');
    expect(lastDayOfMonth('2026-02')).toBe('20260228');
    expect(monthlyIssueDeadline('2026-11')).toBe('2026-12-10');
    expect(monthlyIssueDeadline('2026-12')).toBe('2027-01-10');
  });
});
