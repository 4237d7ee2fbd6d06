// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE, type CartLine, type WarehouseDelivery } from '@partsmall/contract';
import { fromCartLine, paymentStore } from '../cart';
import { addressListQuery } from '../management';
import { CheckoutPage } from './CheckoutPage';
import { deliveryQuery } from './api';
import { CHINA, KOREA, cartLine } from '../../../test/cart-lines';
import { renderScreen } from '../../../test/render-screen';

/**
 * Checkout's warehouse rule (docs/requirements.md#cart-and-checkout): an order leaves from one
 * warehouse, and the shipping it offers is that warehouse's, not another's.
 */

const pay = (values: number[]) => ({
  selections: values.map((value) => ({ value, label: `결제 ${value}` })),
  defaultValue: values[0]!,
});
const DELIVERY: WarehouseDelivery[] = [
  {
    warehouse_name: KOREA,
    storageId: 1,
    delivery_methods: {
      gdFreight: { shippingValue: 0, label: '화물', receiverDeliveryPaymentOption: pay([0, 1]) },
      gdDelivery: { shippingValue: 1, label: '택배', receiverDeliveryPaymentOption: pay([0, 1]) },
      quick: {
        shippingValue: 2,
        label: '퀵배송',
        receiverDeliveryPaymentOption: pay([1]),
        receiverIsSelfQuick: { selections: [], defaultValue: false },
      },
      pickUp: { shippingValue: 4, label: '방문수령', receiverDeliveryPaymentOption: pay([2]) },
    },
  },
  {
    warehouse_name: CHINA,
    storageId: 2,
    delivery_methods: { gdDelivery: { shippingValue: 1, label: '택배', receiverDeliveryPaymentOption: pay([1]) } },
  },
];
const line = (seq: number, storageId: number) => cartLine(seq, storageId, 12_000, 5, 2);

beforeEach(() => {
  // Nothing may be asked of a server: every read is in the cache.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new Error('no network in a component test'))),
  );
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function renderCheckout(lines: CartLine[]) {
  paymentStore.setDraft({ source: 'cart', items: lines.map(fromCartLine) });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(deliveryQuery.queryKey, DELIVERY);
  client.setQueryData(addressListQuery({ page: 1, size: PAGE_SIZE.addressBook }).queryKey, {
    code: 200,
    message: '',
    results: [],
    total: 0,
  });
  return renderScreen(<CheckoutPage />, client);
}

const methods = () => screen.getAllByRole('radio').map((r) => r.parentElement!.textContent);
const payTypes = () =>
  [...(screen.getByLabelText('배송비 결제') as HTMLSelectElement).options].map((o) => o.textContent);

describe("checkout's warehouse", () => {
  it('offers the shipping of the warehouse the goods leave from: China has the courier only, paid on arrival', async () => {
    renderCheckout([line(21, 2), line(22, 2)]);
    await waitFor(() => expect(screen.getAllByTestId('checkout-item')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: /주문 상품/ }).textContent).toContain(CHINA);
    expect(methods()).toEqual(['택배']);
    expect(payTypes()).toEqual(['착불 (0원)']);
  });

  it('offers every method of Korea, opening with the courier paid in advance', async () => {
    renderCheckout([line(31, 1)]);
    await waitFor(() => expect(screen.getAllByTestId('checkout-item')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: /주문 상품/ }).textContent).toContain(KOREA);
    expect(methods()).toEqual(['화물', '택배', '퀵배송', '방문수령']);
    expect(screen.getByRole('radio', { checked: true }).parentElement!.textContent).toBe('택배');
    expect(payTypes()).toEqual(['선불 (6,000원)', '착불 (0원)']);
  });
});
