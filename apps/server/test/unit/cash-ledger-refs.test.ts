import { describe, expect, it } from 'vitest';
import { toLedgerRow } from '../../src/features/paperwork/ledger.js';

/**
 * A 캐시 원장 row names an order or a payment only from the note forms the wallet writes
 * (docs/requirements.md#cash-ledger): a reason staff typed is text, whatever numbers it holds.
 */
const refs = (type: string, note: string) => {
  const row = toLedgerRow({
    id: 9,
    companyId: 3,
    type,
    amount: 1_000,
    balanceAfter: 1_000,
    memberId: 5,
    note,
    createdAt: new Date('2026-05-01T03:00:00.000Z'),
  });
  return [row.orderSeq, row.paymentSeq, row.note];
};

describe('toLedgerRow: the order or payment a row is about', () => {
  it('reads the notes the wallet writes', () => {
    expect(refs('order', '주문 #12')).toEqual([12, null, '주문 #12']);
    expect(refs('cancel', '주문 #7 취소 환불')).toEqual([7, null, '주문 #7 취소 환불']);
    expect(refs('return', '주문 #8 반품 환불')).toEqual([8, null, '주문 #8 반품 환불']);
    expect(refs('point', '캐시 충전 30,000원 (결제 #77)')).toEqual([null, 77, '캐시 충전 30,000원 (결제 #77)']);
    expect(refs('license', '이용권 30일 (결제 #78)')).toEqual([null, 78, '이용권 30일 (결제 #78)']);
  });

  it("never reads an adjustment's reason, nor a number inside another row's text", () => {
    expect(refs('adjust', '관리자 조정: 주문 #1 배송 지연 보상')).toEqual([
      null,
      null,
      '관리자 조정: 주문 #1 배송 지연 보상',
    ]);
    expect(refs('adjust', '관리자 조정: 보전 (결제 #1)')).toEqual([null, null, '관리자 조정: 보전 (결제 #1)']);
    expect(refs('adjust', '주문 #1')).toEqual([null, null, '주문 #1']);
    expect(refs('point', '입금 #4 중 명세서에 남은 금액이 없어 캐시로 넣은 120원')[0]).toBeNull();
    expect(refs('point', '캐시 충전 (결제 #5) 메모')).toEqual([null, null, '캐시 충전 (결제 #5) 메모']);
    expect(refs('order', '관리 메모 주문 #3')).toEqual([null, null, '관리 메모 주문 #3']);
    expect(refs('statement_payment', '2026년 4월 명세서 결제 (캐시)')).toEqual([
      null,
      null,
      '2026년 4월 명세서 결제 (캐시)',
    ]);
  });
});
