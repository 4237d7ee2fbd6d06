import { describe, expect, it } from 'vitest';
import { toLedgerRow } from './ledger.js';

/** The 캐시 원장's links to an order or a payment are read from the notes the wallet writes (docs/requirements.md#cash-ledger). */
const entry = (note: string, type = 'order') => ({
  id: 41,
  companyId: 3,
  type,
  amount: -12_100,
  balanceAfter: 87_900,
  memberId: 5,
  note,
  createdAt: new Date('2026-05-01T03:00:00.000Z'),
});

describe('toLedgerRow', () => {
  it('reads the order of a note with a number of any length, and the payment of a top-up', () => {
    expect(toLedgerRow(entry('주문 #12345')).orderSeq).toBe(12_345);
    expect(toLedgerRow(entry('주문 #7 취소 환불', 'cancel')).orderSeq).toBe(7);
    expect(toLedgerRow(entry('캐시 충전 (결제 #908)', 'point'))).toMatchObject({ orderSeq: null, paymentSeq: 908 });
  });

  it('names the type in Korean and keeps the amounts and the instant', () => {
    expect(toLedgerRow(entry('주문 #3'))).toEqual({
      seq: 41,
      created: '2026-05-01T03:00:00.000Z',
      type: 'order',
      typeLabel: '주문 결제',
      orderSeq: 3,
      paymentSeq: null,
      note: '주문 #3',
      amount: -12_100,
      balanceAfter: 87_900,
    });
  });
});
