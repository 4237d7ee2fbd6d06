import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { OrderView } from '@partsmall/contract';

/**
 * An order as the order answers carry it: one line of 2 × `price` won in the 한국 창고, 6,000 won of
 * 택배 shipping, delivered to 김철수; `over` changes what a test is about (status, payWith, refunded).
 */
export function orderView(seq: number, price: number, over: Partial<OrderView> = {}): OrderView {
  return {
    seq,
    created: new Date().toISOString(),
    orderProductInfo: [
      {
        name: '브레이크 패드',
        pid: 'BP-1',
        factoryNum: '',
        qty: 2,
        price,
        created: new Date().toISOString(),
        vin: null,
      },
    ],
    itemLength: 1,
    totalAmount: price * 2,
    shipping: 6000,
    memo: '',
    shippingValue: 1,
    shippingPayType: 0,
    status: 0,
    fromName: '',
    fromPhone: '',
    name: '김철수',
    phone: '01012345678',
    postNum: '04524',
    address: '서울 중구 세종대로 110',
    addrSub: '3층',
    arrive: '',
    directDeli: false,
    stockName: '한국 창고',
    carrier: '',
    waybill: '',
    returnReason: null,
    staffNote: '',
    ...over,
  };
}

/** A query cache that never refetches: what a screen shows is what the test put in it. */
export const cachedClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

/** Every test of the file runs with no network (a call the screen makes fails loudly) and a clean page after. */
export function withoutNetwork() {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('no network in a component test');
      }),
    );
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });
}
