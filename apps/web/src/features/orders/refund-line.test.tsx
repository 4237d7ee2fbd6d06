// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@partsmall/contract';
import { MobileOrdersPage } from './MobileOrdersPage';
import { OrderDetailPopup } from './OrderDetailPopup';
import { orderKeys, orderPagesQuery } from './api';
import { renderScreen } from '../../../test/render-screen';
import { cachedClient, orderView, withoutNetwork } from '../../../test/order-view';

/**
 * An undone order (출고취소, 판매자취소, 반품승인) says what came back beside the cash it used, as its
 * 거래명세서 does (docs/requirements.md#order-statuses): the amount the refund gave back (the answer's
 * `refunded`), a change-of-mind return's kept shipping, and for a 외상 order that the amount came off
 * what the company owes, not cash.
 */

/** An order of 25,200 won of goods and 6,000 won of shipping, delivered. */
const order = (seq: number, over: Partial<OrderView>) => orderView(seq, 12_600, { status: 2, ...over });

/** Each case: the order, and the refund row's label and words (null: no refund row). */
const CASES: [string, OrderView, [string, string] | null][] = [
  ['출고취소, cash', order(51, { status: 3, refunded: 31_200 }), ['환불 금액', '31,200원을 캐시로 돌려드렸습니다.']],
  ['판매자취소, cash', order(52, { status: 8, refunded: 31_200 }), ['환불 금액', '31,200원을 캐시로 돌려드렸습니다.']],
  [
    '반품승인 for change of mind, cash',
    order(53, { status: 5, returnReason: 1, refunded: 25_200 }),
    ['환불 금액', '25,200원을 캐시로 돌려드렸습니다. 단순 변심 반품이라 배송비 6,000원은 환불되지 않았습니다.'],
  ],
  [
    '출고취소, 외상',
    order(54, { status: 3, payWith: 'credit', refunded: 31_200 }),
    ['외상 차감', '31,200원은 청구하지 않으며, 외상 미수금에서 차감되었습니다.'],
  ],
  [
    '반품승인 for change of mind, 외상',
    order(55, { status: 5, returnReason: 1, payWith: 'credit', refunded: 25_200 }),
    [
      '외상 차감',
      '25,200원은 청구하지 않으며, 외상 미수금에서 차감되었습니다. 단순 변심 반품이라 배송비 6,000원은 차감되지 않았습니다.',
    ],
  ],
  // An old return whose reason was erased: the amount is not known, the refund is still said.
  [
    '반품승인 without its amount, cash',
    order(56, { status: 5 }),
    ['환불 금액', '결제된 금액은 캐시로 환불되었습니다.'],
  ],
  ['출고완료: nothing refunded', order(57, { status: 2 }), null],
  ['반품요청: nothing refunded yet', order(58, { status: 4, returnReason: 1 }), null],
];

const client = cachedClient;

withoutNetwork();

describe('the order detail popup', () => {
  it.each(CASES)('%s', (_, o, expected) => {
    const c = client();
    c.setQueryData(orderKeys.one(o.seq), o);
    sessionStorage.setItem('orderDetailSeq', String(o.seq));
    renderScreen(<OrderDetailPopup />, c);
    const row = screen.queryByTestId('order-refund');
    if (expected === null) return void expect(row).toBeNull();
    expect([row?.closest('tr')?.querySelector('th')?.textContent, row?.textContent]).toEqual(expected);
    // What the order used stays as it was paid.
    expect(screen.getByTestId('order-used').textContent).toBe('31,200원');
  });
});

describe('the phone order list', () => {
  it.each(CASES)('%s', (_, o, expected) => {
    const c = client();
    c.setQueryData(orderPagesQuery.queryKey, {
      pages: [{ code: 200, message: '', results: [o], total: 1 }],
      pageParams: [1],
    });
    renderScreen(<MobileOrdersPage />, c);
    const row = screen.queryByTestId('order-refund');
    if (expected === null) return void expect(row).toBeNull();
    expect([row?.previousElementSibling?.textContent, row?.textContent]).toEqual(expected);
  });
});
