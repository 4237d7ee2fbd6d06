import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { paymentRequest, savedAddressRequest, cartLineJobRefRequest } from './orders-requests.js';
import { addQuickOrderToCartRequest } from './quick-order.js';

/**
 * Every text field refuses control characters (docs/requirements.md#validation): the checkout's
 * delivery fields, a saved address, a cart line's job reference and a quick order's memo. A memo
 * written in a text area keeps its line breaks and tabs.
 */
const delivery = {
  name: '김수령',
  phone: '01012345678',
  postNum: '06236',
  address: '서울 강남구 테헤란로 1',
  addrSub: '3층',
  arrive: '',
  shippingValue: 1,
  shippingPayType: 0,
  memo: '',
};
const pay = (shippingInfo: Record<string, unknown>) =>
  paymentRequest.safeParse({ shippingInfo: { ...delivery, ...shippingInfo }, carts: [{ productId: 7, qty: 1 }] });
const firstIssue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { message: r.error!.issues[0]!.message, path: r.error!.issues[0]!.path.join('.') };

describe('checkout and cart texts', () => {
  it.each(['name', 'address', 'addrSub', 'arrive', 'fromName', 'memo'])(
    'a payment whose %s holds a bell, an escape or a NUL is refused on that field',
    (field) => {
      for (const bad of ['김\u0007수령', '\u001b[2J주소', '메모\u0000끝']) {
        expect(firstIssue(pay({ [field]: bad }))).toEqual({ message: MSG.textInvalid, path: `shippingInfo.${field}` });
      }
    },
  );

  it('the delivery memo keeps its line breaks and tabs; the same fields without controls pass', () => {
    const ok = pay({ memo: '경비실에 맡겨 주세요.\r\n\t부재 시 연락', addrSub: '3층 301호', fromName: '한빛' });
    expect(ok.success).toBe(true);
    expect(ok.data!.shippingInfo.memo).toBe('경비실에 맡겨 주세요.\r\n\t부재 시 연락');
    expect(firstIssue(pay({ name: '김\n수령' }))).toEqual({ message: MSG.textInvalid, path: 'shippingInfo.name' });
  });

  it('a saved address, a job reference and a quick order memo refuse control characters', () => {
    const address = {
      name: '김수령',
      phone: '01012345678',
      postNum: '06236',
      address: '서울 강남구 테헤란로 1',
      addrSub: '3층',
    };
    expect(savedAddressRequest.safeParse(address).success).toBe(true);
    expect(firstIssue(savedAddressRequest.safeParse({ ...address, addrSub: '3층\u0000' }))).toEqual({
      message: MSG.textInvalid,
      path: 'addrSub',
    });
    expect(firstIssue(cartLineJobRefRequest.safeParse({ seq: 3, jobRef: '12가\u00073456' }))).toEqual({
      message: MSG.textInvalid,
      path: 'jobRef',
    });
    expect(cartLineJobRefRequest.safeParse({ seq: 3, jobRef: '12가3456' }).success).toBe(true);
    const line = { productId: 9, qty: 2 };
    expect(addQuickOrderToCartRequest.safeParse({ lines: [{ ...line, memo: '좌측 앞' }] }).success).toBe(true);
    expect(firstIssue(addQuickOrderToCartRequest.safeParse({ lines: [{ ...line, memo: '좌측\u001b앞' }] }))).toEqual({
      message: MSG.textInvalid,
      path: 'lines.0.memo',
    });
  });
});
