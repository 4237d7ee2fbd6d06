import { describe, expect, it } from 'vitest';
import { orderMoveRequest, paymentRequest } from './orders-requests.js';
import { cashLedgerExportRequest } from './paperwork.js';
import { SHIPPING_INFO, refusal } from '../test/order-fixtures.js';

/**
 * A payload missing a part, or with a part of the wrong kind, is answered with that field's Korean
 * message, never the generic '요청 형식이 올바르지 않습니다.' (docs/requirements.md#validation).
 */

describe('a payment without its goods or its delivery form', () => {
  const goods = { message: '주문할 상품을 선택하세요.', field: 'carts' };
  const delivery = { message: '배송 정보를 입력하세요.', field: 'shippingInfo' };

  it('asks for the goods first when nothing is sent, as the checks before paying go', () => {
    expect(refusal(paymentRequest, {})).toEqual(goods);
    expect(refusal(paymentRequest, { carts: [] })).toEqual(goods);
    expect(refusal(paymentRequest, { shippingInfo: SHIPPING_INFO })).toEqual(goods);
  });
  it('asks for the delivery information when the goods come without it', () => {
    for (const shippingInfo of [undefined, null, 'courier', 3, [SHIPPING_INFO]])
      expect(
        refusal(paymentRequest, { carts: [{ productId: 3, qty: 1 }], shippingInfo }),
        JSON.stringify(shippingInfo),
      ).toEqual(delivery);
  });
  it('takes the original payload whole', () => {
    expect(refusal(paymentRequest, { carts: [{ productId: 3, qty: 1 }], shippingInfo: SHIPPING_INFO })).toBeNull();
  });
});

describe("a cash ledger export's format", () => {
  const choose = { message: '파일 형식은 CSV 또는 PDF 중에서 선택하세요.', field: 'format' };
  it('is csv or pdf; none or another is asked to be chosen', () => {
    expect(refusal(cashLedgerExportRequest, { format: 'csv' })).toBeNull();
    expect(refusal(cashLedgerExportRequest, { format: 'pdf' })).toBeNull();
    for (const format of [undefined, '', 'xls', 'CSV ', 3, null])
      expect(refusal(cashLedgerExportRequest, { format }), JSON.stringify(format)).toEqual(choose);
  });
});

describe("a staff move's note", () => {
  const move = (note: unknown) => refusal(orderMoveRequest, { seq: 6, status: 6, note });
  it('is text: a number, a flag, a list or null is refused as not text, never as too long', () => {
    for (const note of [123, 0, true, ['사유'], { text: '사유' }, null])
      expect(move(note), JSON.stringify(note)).toEqual({ message: '메모를 글자로 입력하세요.', field: 'note' });
  });
  it('takes 255 characters, or none; 256 are too long', () => {
    for (const note of ['고객 요청으로 보류', '가'.repeat(255), '', undefined])
      expect(move(note), JSON.stringify(note)).toBeNull();
    expect(move('가'.repeat(256))).toEqual({ message: '메모는 255자 이내로 입력하세요.', field: 'note' });
  });
});
