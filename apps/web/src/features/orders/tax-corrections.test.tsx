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
 * An order refunded after its invoice was issued says so beside the invoice
 * (docs/requirements.md#paperwork-screens): each 수정세금계산서 with its amount and status, so a
 * refunded order does not read as billed by the invoice alone.
 */

const SENT = {
  status: 'sent' as const,
  statusLabel: '국세청 전송',
  issuedAt: '2026-11-02T01:00:00.000Z',
  ntsConfirmNum: '20261102-41000000-00000001',
};

/** A returned order whose invoice was issued, then corrected in full (and one not yet corrected). */
const returned = (seq: number, over: Partial<OrderView> = {}) =>
  orderView(seq, 111_150, {
    status: 5,
    returnReason: 0,
    refunded: 228_300,
    taxInvoice: SENT,
    taxCorrections: [
      {
        status: 'pending',
        statusLabel: '발행 대기',
        issuedAt: null,
        supply: -202_091,
        tax: -20_209,
        total: -222_300,
      },
    ],
    ...over,
  });

withoutNetwork();

describe('the order detail popup', () => {
  it('shows the invoice and its correction with the amount and status', () => {
    const o = returned(71);
    const c = cachedClient();
    c.setQueryData(orderKeys.one(o.seq), o);
    sessionStorage.setItem('orderDetailSeq', String(o.seq));
    renderScreen(<OrderDetailPopup />, c);
    expect(screen.getByTestId('order-tax-invoice').textContent).toContain('국세청 전송');
    expect(screen.getAllByTestId('order-tax-correction').map((e) => e.textContent)).toEqual([
      '수정세금계산서 −222,300원 발행 대기',
    ]);
  });

  it('an order without a correction shows none', () => {
    const o = orderView(72, 111_150, { status: 2, taxInvoice: SENT });
    const c = cachedClient();
    c.setQueryData(orderKeys.one(o.seq), o);
    sessionStorage.setItem('orderDetailSeq', String(o.seq));
    renderScreen(<OrderDetailPopup />, c);
    expect(screen.getByTestId('order-tax-invoice').textContent).toContain('국세청 전송');
    expect(screen.queryByTestId('order-tax-correction')).toBeNull();
  });
});

describe('the phone order list', () => {
  it('shows the invoice and its corrections, each with its status', () => {
    const sent = { ...SENT, ntsConfirmNum: '20261110-41000000-00000009', supply: -10_000, tax: -1_000, total: -11_000 };
    const o = returned(73, {
      taxCorrections: [sent, { status: 'issued', statusLabel: '발행', issuedAt: null, supply: -1, tax: 0, total: -1 }],
    });
    const c = cachedClient();
    c.setQueryData(orderPagesQuery.queryKey, {
      pages: [{ code: 200, message: '', results: [o], total: 1 }],
      pageParams: [1],
    });
    renderScreen(<MobileOrdersPage />, c);
    const lines = screen.getAllByTestId('order-tax-correction').map((e) => e.textContent);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^수정세금계산서 −11,000원 국세청 전송 .+ 발행 20261110-41000000-00000009$/);
    expect(lines[1]).toBe('수정세금계산서 −1원 발행');
  });
});
