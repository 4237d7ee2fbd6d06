import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  buyOrCartForm,
  cartDeleteRequest,
  cartLineJobRefRequest,
  orderMoveRequest,
  orderSeqRequest,
  paymentRequest,
  returnOrderRequest,
  savedAddressRequest,
  updateCartQuantityRequest,
} from './orders-requests.js';
import { reorderRequest } from './quick-order.js';
import { orderTrackingRequest } from './tracking.js';
import { SHIPPING_INFO, refusal } from '../test/order-fixtures.js';

/**
 * The order calls' payloads (docs/requirements.md#validation): a recipient's name shows a character,
 * an order number is a number or a string of digits, and every refusal carries the field's Korean
 * message, never the generic '요청 형식이 올바르지 않습니다.'.
 */
const address = {
  name: '김수령',
  phone: '01055550000',
  postNum: '04790',
  address: '서울 성동구 성수이로 77',
  addrSub: '3층',
};

const pay = (shippingInfo: Record<string, unknown>, qty = 1) =>
  refusal(paymentRequest, { shippingInfo: { ...SHIPPING_INFO, ...shippingInfo }, carts: [{ productId: 7, qty }] });

const BLANK_NAMES = ['\u3164\u3164', '\u200B\u200B', '\u115F\u1160', '\uFFA0\uFFA0\uFFA0', ' \u3164 \u200B ', ''];

describe("a recipient's name", () => {
  it.each(BLANK_NAMES.map((n) => [JSON.stringify(n), n]))('a checkout to %s is refused as a blank name', (_, name) => {
    expect(pay({ name })).toEqual({ message: '받는 분 이름을 입력하세요.', field: 'shippingInfo.name' });
  });
  it.each(BLANK_NAMES.map((n) => [JSON.stringify(n), n]))('a saved address named %s is refused', (_, name) => {
    expect(refusal(savedAddressRequest, { ...address, name })).toEqual({
      message: '받는 분 이름을 입력하세요.',
      field: 'name',
    });
  });
  it('takes two visible characters, with a filler beside them, and keeps the 2-20 rule', () => {
    expect(pay({ name: '김수' })).toBeNull();
    expect(pay({ name: '\u3164김수' })).toBeNull();
    expect(pay({ name: '가'.repeat(20) })).toBeNull();
    expect(pay({ name: '김' })).toEqual({ message: '받는 분 이름은 2~20자로 입력하세요.', field: 'shippingInfo.name' });
    expect(pay({ name: '가'.repeat(21) })).toEqual({
      message: '받는 분 이름은 2~20자로 입력하세요.',
      field: 'shippingInfo.name',
    });
    expect(refusal(savedAddressRequest, { ...address, name: '김수' })).toBeNull();
    expect(refusal(savedAddressRequest, { ...address, name: '김' })).toEqual({
      message: '받는 분 이름은 2~20자로 입력하세요.',
      field: 'name',
    });
  });
});

/**
 * A detail address (상세주소) is 2-100 characters, one of them visible, in a saved address as at the
 * checkout: the address book saved '1' or Hangul fillers, and the checkout then refused the order
 * to it (docs/requirements.md#validation).
 */
describe('a detail address', () => {
  const ADDR_SUB = '상세주소는 2~100자로 입력하세요.';
  const SHORT_OR_BLANK: [string, unknown][] = [
    ['one character', '1'],
    ['one character between spaces', ' 1 '],
    ['Hangul fillers alone', '\u3164\u3164'],
    ['zero-width spaces alone', '\u200B\u200B\u200B'],
    ['an empty one', ''],
    ['none', undefined],
    ['a number', 12],
  ];
  it.each(SHORT_OR_BLANK)('a saved address with %s is refused as the checkout refuses it', (_, addrSub) => {
    expect(refusal(savedAddressRequest, { ...address, addrSub })).toEqual({ message: ADDR_SUB, field: 'addrSub' });
    expect(pay({ addrSub })).toEqual({ message: ADDR_SUB, field: 'shippingInfo.addrSub' });
  });
  it('both take 2 to 100 characters, a filler beside a visible one, and refuse 101', () => {
    for (const addrSub of ['3층', '1A', '\u31641', '가'.repeat(100), ` ${'가'.repeat(100)} `]) {
      expect(refusal(savedAddressRequest, { ...address, addrSub }), JSON.stringify(addrSub)).toBeNull();
      expect(pay({ addrSub }), JSON.stringify(addrSub)).toBeNull();
    }
    expect(refusal(savedAddressRequest, { ...address, addrSub: '가'.repeat(101) })).toEqual({
      message: ADDR_SUB,
      field: 'addrSub',
    });
    expect(pay({ addrSub: '가'.repeat(101) })).toEqual({ message: ADDR_SUB, field: 'shippingInfo.addrSub' });
  });
  it('a pickup needs no address at all', () => {
    expect(pay({ shippingValue: 4, shippingPayType: 2, postNum: '', address: '', addrSub: '' })).toBeNull();
  });
});

describe("a 직접 배송 sender's name and a freight branch", () => {
  const direct = { directDeli: true, fromName: '한빛상사', fromPhone: '0212345678' };
  it.each(BLANK_NAMES.map((n) => [JSON.stringify(n), n]))(
    'a sender named %s is asked for, as an empty one',
    (_, fromName) => {
      expect(pay({ ...direct, fromName })).toEqual({
        message: '보내는 분을 입력하세요.',
        field: 'shippingInfo.fromName',
      });
    },
  );
  it.each(BLANK_NAMES.map((n) => [JSON.stringify(n), n]))('a freight branch %s is asked for', (_, arrive) => {
    expect(pay({ shippingValue: 0, arrive })).toEqual({
      message: '화물 영업소를 입력하세요.',
      field: 'shippingInfo.arrive',
    });
  });
  it('takes a visible sender and branch, and keeps their 2-character minimum', () => {
    expect(pay(direct)).toBeNull();
    expect(pay({ ...direct, fromName: '\u3164한빛' })).toBeNull();
    expect(pay({ ...direct, fromName: '한' })).toEqual({
      message: '보내는 분 이름은 2~20자로 입력하세요.',
      field: 'shippingInfo.fromName',
    });
    expect(pay({ shippingValue: 0, arrive: '성수 영업소' })).toBeNull();
    expect(pay({ shippingValue: 0, arrive: '성' })).toEqual({
      message: '화물 영업소는 2~50자로 입력하세요.',
      field: 'shippingInfo.arrive',
    });
  });
});

/** Every call that names one order by its seq, with the rest of a valid payload. */
const ORDER_SEQ_CALLS: [string, z.ZodType, Record<string, unknown>][] = [
  ['getMallOrderDetail / cancelMallOrder / getOrderEvents', orderSeqRequest, {}],
  ['returnMallOrder', returnOrderRequest, { returnReason: 0 }],
  ['admin/setOrderStatus', orderMoveRequest, { status: 1 }],
  ['reorder', reorderRequest, {}],
  ['getOrderTracking', orderTrackingRequest, {}],
];

describe('an order number', () => {
  it.each(ORDER_SEQ_CALLS)('%s takes a number or a string of digits', (_, schema, rest) => {
    for (const [sent, read] of [
      [3, 3],
      ['3', 3],
      [1, 1],
      ['2147483647', 2_147_483_647],
    ] as const) {
      const r = schema.safeParse({ ...rest, seq: sent });
      expect(r.success, `${JSON.stringify(sent)}`).toBe(true);
      expect((r.data as { seq: number }).seq).toBe(read);
    }
  });
  it.each(ORDER_SEQ_CALLS)("%s refuses what is not one with '주문을 선택하세요.'", (_, schema, rest) => {
    for (const seq of ['3a', '-1', ' 3', '1e3', '', -1, 0, '0', 1.5, 2_147_483_648, true, null, [3]]) {
      expect(refusal(schema, { ...rest, seq }), JSON.stringify(seq)).toEqual({
        message: '주문을 선택하세요.',
        field: 'seq',
      });
    }
    expect(refusal(schema, rest)).toEqual({ message: '주문을 선택하세요.', field: 'seq' });
  });
  it('a staff move with a good seq and a bad status names the status, not the seq', () => {
    expect(refusal(orderMoveRequest, { seq: '3', status: 'x' })).toEqual({
      message: '변경할 주문 상태를 선택하세요.',
      field: 'status',
    });
  });
});

describe("a staff move's carrier", () => {
  const move = (carrier: unknown) => refusal(orderMoveRequest, { seq: 5, status: 2, carrier, waybill: '123456789012' });
  it('is text: a number, a flag, a list or null is refused as not text, never as too long', () => {
    for (const carrier of [123, 0, true, ['kr.hanjin'], { code: 'kr.hanjin' }, null])
      expect(move(carrier), JSON.stringify(carrier)).toEqual({
        message: '택배사를 글자로 입력하세요.',
        field: 'carrier',
      });
  });
  it('takes 30 characters (a code, a name, or none); 31 are too long', () => {
    for (const carrier of ['kr.hanjin', '한진택배', '가'.repeat(30), ` ${'가'.repeat(30)} `, '', undefined])
      expect(move(carrier), JSON.stringify(carrier)).toBeNull();
    expect(move('가'.repeat(31))).toEqual({ message: '택배사는 30자 이내로 입력하세요.', field: 'carrier' });
    expect(move('한진\u202e택배')).toEqual({ message: '입력할 수 없는 문자가 포함되어 있습니다.', field: 'carrier' });
  });
});

describe("a staff move's waybill", () => {
  const move = (waybill: unknown) => refusal(orderMoveRequest, { seq: 5, status: 2, carrier: 'kr.hanjin', waybill });
  it('is text: a number (601234567890), a flag, a list or null is refused as not text, never as too long', () => {
    for (const waybill of [601234567890, 0, true, ['601234567890'], null])
      expect(move(waybill), JSON.stringify(waybill)).toEqual({
        message: '송장번호를 글자로 입력하세요.',
        field: 'waybill',
      });
  });
  it('takes 40 characters, or none; 41 are too long', () => {
    for (const waybill of ['601234567890', 'JD-0146 0001 234', '1'.repeat(40), ` ${'1'.repeat(40)} `, '', undefined])
      expect(move(waybill), JSON.stringify(waybill)).toBeNull();
    expect(move('1'.repeat(41))).toEqual({ message: '송장번호는 40자 이내로 입력하세요.', field: 'waybill' });
  });
});

/**
 * The cart's and the buy form's row numbers take a string of digits as the order number does, and a
 * refusal names the row it asks for.
 */
const ROW_SEQ_CALLS = [
  ['updateCartQuantity', updateCartQuantityRequest, 'seq', { qty: 2 }, '장바구니 항목을 찾을 수 없습니다.'],
  ['setCartLineJobRef', cartLineJobRefRequest, 'seq', { jobRef: 'A-12' }, '장바구니 항목을 찾을 수 없습니다.'],
  ['cartDelete', cartDeleteRequest, 'seq', {}, '장바구니 항목을 찾을 수 없습니다.'],
  ['addToCart', buyOrCartForm, 'productId', { qty: 2 }, '주문할 상품을 선택하세요.'],
  ['setMallShppingInfo', savedAddressRequest, 'seq', address, '배송지를 찾을 수 없습니다.'],
] as const;

describe("a cart line's, a product's and a saved address's number", () => {
  it.each(ROW_SEQ_CALLS)('%s takes a number or a string of digits', (_, schema, field, rest) => {
    for (const [sent, read] of [
      [5, 5],
      ['5', 5],
      ['2147483647', 2_147_483_647],
    ] as const) {
      const r = schema.safeParse({ ...rest, [field]: sent });
      expect(r.success, JSON.stringify(sent)).toBe(true);
      expect((r.data as Record<string, unknown>)[field]).toBe(read);
    }
  });
  it.each(ROW_SEQ_CALLS)('%s refuses what is not one with its own message', (_, schema, field, rest, message) => {
    for (const sent of ['5a', ' 5', '1e3', '', -1, 0, '0', 1.5, 2_147_483_648, true, null, [5]]) {
      expect(refusal(schema, { ...rest, [field]: sent }), JSON.stringify(sent)).toEqual({ message, field });
    }
  });
});

describe('a return reason', () => {
  it('takes 0 to 3', () => {
    for (const returnReason of [0, 1, 2, 3]) {
      expect(refusal(returnOrderRequest, { seq: 3, returnReason })).toBeNull();
      expect(refusal(orderMoveRequest, { seq: 3, status: 4, returnReason })).toBeNull();
    }
    expect(refusal(orderMoveRequest, { seq: 3, status: 4 })).toBeNull();
  });
  it("refuses a missing or wrong reason with '반품 사유를 선택하세요.'", () => {
    const wanted = { message: '반품 사유를 선택하세요.', field: 'returnReason' };
    expect(refusal(returnOrderRequest, { seq: 3 })).toEqual(wanted);
    for (const returnReason of [null, -1, 4, 7, 1.5, '1', true]) {
      expect(refusal(returnOrderRequest, { seq: 3, returnReason }), JSON.stringify(returnReason)).toEqual(wanted);
      expect(refusal(orderMoveRequest, { seq: 3, status: 4, returnReason }), JSON.stringify(returnReason)).toEqual(
        wanted,
      );
    }
  });
});

describe('a quantity', () => {
  const over = '수량은 100,000개까지 입력할 수 있습니다.';
  it('takes 1 to 100,000 at checkout, in the cart and on the buy form', () => {
    for (const qty of [1, 100_000]) {
      expect(pay({}, qty)).toBeNull();
      expect(refusal(updateCartQuantityRequest, { seq: 3, qty })).toBeNull();
      expect(refusal(buyOrCartForm, { productId: 7, hasAmount: qty })).toBeNull();
    }
  });
  it('names the limit over 100,000', () => {
    expect(pay({}, 100_001)).toEqual({ message: over, field: 'carts.0.qty' });
    expect(refusal(updateCartQuantityRequest, { seq: 3, qty: 100_001 })).toEqual({ message: over, field: 'qty' });
    expect(refusal(buyOrCartForm, { productId: 7, hasAmount: 100_001 })).toEqual({ message: over, field: 'hasAmount' });
  });
  it('asks for a whole number of 1 or more below the limit', () => {
    for (const qty of [0, -1, 1.5]) {
      expect(pay({}, qty)).toEqual({ message: '수량은 1 이상의 정수로 입력하세요.', field: 'carts.0.qty' });
    }
  });
});
