import { describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { mergeRequested } from './payment.js';

const line = (id: number, productId: number, notes: { vin?: string; memo?: string; jobRef?: string } = {}) => ({
  id,
  productId,
  vin: notes.vin ?? null,
  memo: notes.memo ?? '',
  jobRef: notes.jobRef ?? '',
});

/** An item as the request's schema leaves it: no vehicle is null. */
const item = (i: { seq?: number; productId?: number; qty: number; vin?: string }) => ({ vin: null, ...i });

describe('the items a payment asks for, merged by product', () => {
  it('sums a cart line and a direct item of the same product', () => {
    const merged = mergeRequested(
      [item({ seq: 1, qty: 2 }), item({ productId: 7, qty: 3 }), item({ productId: 9, qty: 1 })],
      [line(1, 7)],
    );
    expect([...merged.wanted]).toEqual([
      [7, 5],
      [9, 1],
    ]);
  });

  it("keeps the first vehicle given for a product, a cart line's or a direct item's", () => {
    const merged = mergeRequested(
      [item({ productId: 7, qty: 1, vin: 'KMHxx1' }), item({ seq: 1, qty: 1 }), item({ seq: 2, qty: 1 })],
      [line(1, 7, { vin: 'KMHxx2' }), line(2, 8, { vin: 'KMHxx3' })],
    );
    expect([...merged.vins]).toEqual([
      [7, 'KMHxx1'],
      [8, 'KMHxx3'],
    ]);
  });

  it("carries a cart line's memo and job reference, none for a line without either", () => {
    const merged = mergeRequested(
      [item({ productId: 7, qty: 1 }), item({ seq: 1, qty: 1 }), item({ seq: 2, qty: 1 })],
      [line(1, 7, { jobRef: '12가3456' }), line(2, 8)],
    );
    expect([...merged.notes]).toEqual([[7, { memo: '', jobRef: '12가3456' }]]);
  });

  it('orders the lines as the cart lists them (by cart line, the estimate order of a quick order), then direct items as sent', () => {
    // Cart lines 11, 12, 13 hold products 30, 10, 20 (a quick order's estimate order); sent in another order.
    const cart = [line(11, 30), line(12, 10), line(13, 20)];
    const sent = [
      item({ productId: 5, qty: 1 }),
      item({ seq: 13, qty: 1 }),
      item({ seq: 11, qty: 1 }),
      item({ seq: 12, qty: 1 }),
    ];
    expect(mergeRequested(sent, cart).order).toEqual([30, 10, 20, 5]);
    // A direct item of a product a cart line also holds stands at the cart line's place.
    expect(
      mergeRequested([item({ productId: 20, qty: 1 }), item({ seq: 12, qty: 1 }), item({ seq: 13, qty: 1 })], cart)
        .order,
    ).toEqual([10, 20]);
  });

  it('refuses an item naming neither a cart line nor a product', () => {
    expect(() => mergeRequested([item({ qty: 1 })], [])).toThrow(MSG_ORDER.selectProduct);
  });
});
