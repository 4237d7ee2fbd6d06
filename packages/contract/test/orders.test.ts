import { describe, expect, it } from 'vitest';
import {
  ORDER_TRANSITIONS,
  allowedMoves,
  findTransition,
  paymentRequest,
  shippingFee,
  shippingInfo,
  tierPrice,
  splitVat,
} from '../src/index.js';
import { SHIPPING_INFO } from './order-fixtures.js';

describe('shipping fee, VAT and prices', () => {
  it('charges 6,000 won prepaid and nothing for collect or pickup', () => {
    expect([shippingFee(0), shippingFee(1), shippingFee(2)]).toEqual([6000, 0, 0]);
  });
  it('the VAT of a VAT-included payment is the 세액 of its split, not 10 % of the amount', () => {
    // A 100,000원 cash top-up and a 30,000원 licence: 100,000 / 1.1 = 90,909.09… and 30,000 / 1.1 = 27,272.7…
    expect(splitVat(100_000)).toEqual({ supply: 90_909, tax: 9_091 });
    expect(splitVat(30_000)).toEqual({ supply: 27_273, tax: 2_727 });
    expect(splitVat(50_000)).toEqual({ supply: 45_455, tax: 4_545 });
  });
  it('a VAT-included total splits into 공급가액 = round(total / 1.1) half up and 세액 = the rest', () => {
    // 112,200 = 37,400 × 3: an exact split.
    expect(splitVat(112_200)).toEqual({ supply: 102_000, tax: 10_200 });
    expect(splitVat(0)).toEqual({ supply: 0, tax: 0 });
    // 5 / 1.1 = 4.545… rounds up to 5; 6 / 1.1 = 5.454… rounds down to 5.
    expect(splitVat(5)).toEqual({ supply: 5, tax: 0 });
    expect(splitVat(6)).toEqual({ supply: 5, tax: 1 });
    // The same two sides at a realistic size: 12,345 / 1.1 = 11,222.72… (up), 1,000 / 1.1 = 909.09… (down).
    expect(splitVat(12_345)).toEqual({ supply: 11_223, tax: 1_122 });
    expect(splitVat(1_000)).toEqual({ supply: 909, tax: 91 });
    // A total of a billion won stays exact (no floating point drift).
    expect(splitVat(1_100_000_000)).toEqual({ supply: 1_000_000_000, tax: 100_000_000 });
  });
  it('supply and tax always add up to the total', () => {
    for (let total = 0; total <= 5_000; total++) {
      const { supply, tax } = splitVat(total);
      expect(supply + tax).toBe(total);
      // Nearest whole won to total / 1.1: never more than half a won away.
      expect(Math.abs(supply - total / 1.1)).toBeLessThanOrEqual(0.5);
    }
  });
  it('tier prices fall back to the next lower tier, then the sale price', () => {
    const p = { priceA: 0, priceB: 900, priceC: 0, priceD: 800, salePrice: 1000 };
    expect(['a', 'b', 'c', 'd'].map((l) => tierPrice(p, l as 'a'))).toEqual([900, 900, 800, 800]);
    expect(tierPrice({ priceA: 0, priceB: 0, priceC: 0, priceD: 0, salePrice: 1234 }, 'a')).toBe(1234);
  });
});

describe('order status transitions', () => {
  const cases: [number, number, 'buyer' | 'staff', boolean][] = [
    [0, 1, 'staff', true],
    [0, 1, 'buyer', false],
    [0, 3, 'buyer', true],
    [0, 3, 'staff', true],
    [1, 3, 'buyer', false],
    [0, 8, 'staff', true],
    [1, 8, 'staff', true],
    [2, 8, 'staff', false],
    [1, 2, 'staff', true],
    [0, 2, 'staff', false],
    [2, 4, 'buyer', true],
    [2, 4, 'staff', false],
    [4, 6, 'staff', true],
    [4, 5, 'staff', true],
    [6, 5, 'staff', true],
    [5, 4, 'buyer', false],
    [3, 0, 'staff', false],
    [8, 1, 'staff', false],
  ];
  for (const [from, to, actor, ok] of cases) {
    it(`${from} → ${to} by ${actor}: ${ok ? 'allowed' : 'refused'}`, () => {
      expect(findTransition(from, to, actor) !== null).toBe(ok);
    });
  }
  it('final statuses have no way out', () => {
    for (const s of [3, 5, 8]) {
      expect(allowedMoves(s, 'staff')).toEqual([]);
      expect(allowedMoves(s, 'buyer')).toEqual([]);
    }
  });
  it('refunds happen only on cancellations and approved returns', () => {
    expect(
      ORDER_TRANSITIONS.filter((t) => t.refund !== 'none')
        .map((t) => t.to)
        .sort(),
    ).toEqual([3, 5, 8]);
  });
});

describe('checkout rules', () => {
  const base = SHIPPING_INFO;
  const firstMessage = (v: unknown) => {
    const r = shippingInfo.safeParse(v);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('accepts a complete courier address', () => expect(firstMessage(base)).toBeNull());
  it('requires the freight branch for freight', () =>
    expect(firstMessage({ ...base, shippingValue: 0 })).toBe('화물 영업소를 입력하세요.'));
  it('requires sender name and phone for direct delivery', () => {
    expect(firstMessage({ ...base, directDeli: true })).toBe('보내는 분을 입력하세요.');
    expect(firstMessage({ ...base, directDeli: true, fromName: '박보냄' })).toBe('보내는 분 연락처를 입력하세요.');
  });
  it('checks recipient lengths and digits', () => {
    expect(firstMessage({ ...base, name: '김' })).toBe('받는 분 이름은 2~20자로 입력하세요.');
    expect(firstMessage({ ...base, phone: '0101234' })).toBe('받는 분 연락처는 숫자 10~11자리로 입력하세요.');
    expect(firstMessage({ ...base, postNum: '123' })).toBe('우편번호는 5~6자리입니다.');
    expect(firstMessage({ ...base, memo: 'x'.repeat(256) })).toBe('배송 메모는 255자 이내로 입력하세요.');
  });
  it('pickup needs no address', () =>
    expect(firstMessage({ name: '김수령', phone: '01012345678', shippingValue: 4, shippingPayType: 2 })).toBeNull());
  it('refuses quantities of 0, negative, fractional or absurd', () => {
    for (const qty of [0, -1, 1.5, 1e9]) {
      const r = paymentRequest.safeParse({
        clientRequestId: 'abcdefgh-1',
        shippingInfo: base,
        carts: [{ productId: 1, qty }],
      });
      expect(r.success).toBe(false);
    }
  });
  it('a payment of more lines than the cart page holds names the limit, not an empty selection', () => {
    const issuesOfCarts = (lines: number) => {
      const r = paymentRequest.safeParse({
        clientRequestId: 'abcdefgh-1',
        shippingInfo: base,
        carts: Array.from({ length: lines }, (_, i) => ({ productId: i + 1, qty: 1 })),
      });
      return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    };
    expect(issuesOfCarts(64)).toEqual([]);
    for (const lines of [65, 40_000])
      expect(issuesOfCarts(lines)).toEqual([
        { path: 'carts', message: '한 번에 최대 64개 상품까지 결제할 수 있습니다. 나누어 결제하세요.' },
      ]);
    expect(issuesOfCarts(0)).toEqual([{ path: 'carts', message: '주문할 상품을 선택하세요.' }]);
  });
});
