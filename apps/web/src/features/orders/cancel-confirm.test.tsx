// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '@partsmall/contract';
import { MobileOrdersPage } from './MobileOrdersPage';
import { OrderDetailPopup } from './OrderDetailPopup';
import { orderKeys, orderPagesQuery } from './api';
import { renderScreen } from '../../../test/render-screen';
import { cachedClient, orderView, withoutNetwork } from '../../../test/order-view';

/**
 * The buyer's cancel asks first, and says what happens to the money (docs/requirements.md#credit-checkout):
 * a cash order's cash comes back, a 외상 order's amount comes off what the company owes, no cash.
 */

const CASH_TEXT = '이 주문을 취소할까요? 결제한 캐시(배송비 포함)를 돌려드립니다.';
const CREDIT_TEXT =
  '이 주문을 취소할까요? 주문 금액(배송비 포함)은 외상 미수금에서 차감되며, 캐시로 돌려드리지 않습니다.';

/** An order just paid (status 0, so the buyer may cancel it), in cash or on 외상; a cash order's answer has no payWith. */
const order = (seq: number, payWith: 'cash' | 'credit') =>
  orderView(seq, 9500, payWith === 'credit' ? { payWith } : {});

/**
 * The question's two buttons under its text: the one that keeps the order says '닫기', so that it is
 * not misread beside the red '주문 취소' ('취소' next to '주문 취소' was). The layer's × is left out.
 */
const DIALOG_BUTTONS = ['닫기', '주문 취소'];
const answerButtons = () =>
  within(screen.getByRole('alertdialog'))
    .getAllByRole('button')
    .filter((b) => !b.classList.contains('popup-close'));
const dialogButtons = () => answerButtons().map((b) => b.textContent);

const client = cachedClient;

// Everything the screens show is in the cache; nothing is sent before the buyer confirms.
withoutNetwork();

describe('the phone order list: 주문 취소', () => {
  const renderList = () => {
    const c = client();
    const results = [order(31, 'cash'), order(32, 'credit')];
    c.setQueryData(orderPagesQuery.queryKey, {
      pages: [{ code: 200, message: '', results, total: results.length }],
      pageParams: [1],
    });
    return renderScreen(<MobileOrdersPage />, c);
  };
  const cancelOf = (i: number) => screen.getAllByRole('button', { name: '주문 취소' })[i]!;

  it('a cash order: the cash comes back', async () => {
    renderList();
    fireEvent.click(cancelOf(0));
    expect(await screen.findByText(CASH_TEXT)).toBeTruthy();
    expect(screen.queryByText(CREDIT_TEXT)).toBeNull();
    expect(dialogButtons()).toEqual(DIALOG_BUTTONS);
  });

  it('a 외상 order: the amount comes off the 외상 balance, no cash', async () => {
    renderList();
    fireEvent.click(cancelOf(1));
    expect(await screen.findByText(CREDIT_TEXT)).toBeTruthy();
    expect(screen.queryByText(CASH_TEXT)).toBeNull();
  });
});

describe('the order detail popup: 주문 취소', () => {
  const renderPopup = (o: OrderView) => {
    const c = client();
    c.setQueryData(orderKeys.one(o.seq), o);
    // The popup finds its order by the stored seq when the address has none.
    sessionStorage.setItem('orderDetailSeq', String(o.seq));
    return renderScreen(<OrderDetailPopup />, c);
  };

  it.each([
    ['cash', CASH_TEXT, CREDIT_TEXT],
    ['credit', CREDIT_TEXT, CASH_TEXT],
  ] as const)('a %s order asks with its own text', async (payWith, asked, notAsked) => {
    renderPopup(order(41, payWith));
    fireEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    expect(await screen.findByText(asked)).toBeTruthy();
    expect(screen.queryByText(notAsked)).toBeNull();
    expect(dialogButtons()).toEqual(DIALOG_BUTTONS);
  });

  it("'닫기' leaves the order as it was: nothing is sent", async () => {
    renderPopup(order(42, 'cash'));
    fireEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    await screen.findByRole('alertdialog');
    const keep = answerButtons()[0]!;
    expect(keep.textContent).toBe('닫기');
    fireEvent.click(keep);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
