// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckoutFinishPage } from './CheckoutFinishPage';
import { paymentStore } from '../cart';
import { orderKeys } from '../orders';
import { renderScreen } from '../../../test/render-screen';
import { cachedClient, orderView, withoutNetwork } from '../../../test/order-view';

/**
 * The finished page of a checkout (docs/requirements.md#credit-screens): a 외상 order was not paid, it
 * went on the receivables, and the page says so in the credit screens' words, never that it was paid
 * with cash; a cash order says what it paid.
 */

withoutNetwork();

const render = (payWith: 'cash' | 'credit') => {
  const o = orderView(91, 12_000, payWith === 'credit' ? { payWith } : {});
  paymentStore.setFinished({
    orderSeq: o.seq,
    repeated: false,
    totalAmount: o.totalAmount,
    shipping: o.shipping,
    point: 5_000,
    ...(payWith === 'credit' ? { payWith } : {}),
  });
  const c = cachedClient();
  c.setQueryData(orderKeys.one(o.seq), o);
  return renderScreen(<CheckoutFinishPage />, c).container;
};

describe('the finished page', () => {
  it('a 외상 order: ordered on credit, billed on the statement, no cash used or left', () => {
    const page = render('credit');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('주문이 완료되었습니다');
    expect(page.querySelector('.finish-head p')?.textContent).toBe(
      '외상으로 주문이 접수되었습니다. 출고된 달의 월말 마감 명세서로 청구됩니다.',
    );
    expect(page.textContent).not.toMatch(/결제|캐시/);
    expect(screen.getByTestId('used-credit').textContent).toBe('30,000원');
  });

  it('a cash order: paid with cash, what is left', () => {
    const page = render('cash');
    expect(page.querySelector('.finish-head p')?.textContent).toContain('결제한 캐시로 주문이 접수되었습니다.');
    expect(screen.getByTestId('remaining-cash').textContent).toBe('5,000원');
  });
});
