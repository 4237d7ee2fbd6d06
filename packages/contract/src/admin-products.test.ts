import { describe, expect, it } from 'vitest';
import { MSG_ADMIN } from './admin-menu.js';
import { adjustCashRequest, adjustLicenseRequest } from './admin-companies.js';
import { productFields } from './admin-products.js';

const product = (over: Record<string, unknown>) => ({
  name: '프론트 브레이크 패드',
  pid: '34116860016',
  type: 2,
  salePrice: 50_000,
  priceA: 40_000,
  priceB: 42_000,
  priceC: 0,
  priceD: 48_000,
  stockName: '한국 김포물류센터',
  storageId: 1,
  ...over,
});
const faults = (over: Record<string, unknown>) =>
  (productFields.safeParse(product(over)).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('productFields: tiers against the sale price', () => {
  it('says a sale price fault alone, not every tier above a sale price that is no price', () => {
    expect(faults({ salePrice: -5_000 })).toEqual([
      ['salePrice', MSG_ADMIN.priceInvalid],
      ['salePrice', MSG_ADMIN.salePriceRequired],
    ]);
    expect(faults({ salePrice: 0 })).toEqual([['salePrice', MSG_ADMIN.salePriceRequired]]);
  });

  it('holds the tiers to a sale price of 1원 and up: equal is fine, one won above is not', () => {
    expect(faults({ salePrice: 1, priceA: 1, priceB: 0, priceD: 0 })).toEqual([]);
    expect(faults({ salePrice: 1, priceA: 2, priceB: 0, priceD: 0 })).toEqual([['priceA', MSG_ADMIN.tierAboveSale]]);
    expect(faults({ priceB: 50_001 })).toEqual([['priceB', MSG_ADMIN.tierAboveSale]]);
  });
});

describe('productFields: a price above the ceiling names it', () => {
  const ABOVE = '가격은 1,000,000,000원 이하로 입력하세요.';
  it.each(['salePrice', 'priceA', 'priceB', 'priceC', 'priceD'])(
    '%s: 1,000,000,000 taken; one won more, 1.5e9, 1e15 and 1e30 refused with the ceiling',
    (field) => {
      const top = { salePrice: 1_000_000_000, [field]: 1_000_000_000 };
      expect(faults(top)).toEqual([]);
      for (const v of [1_000_000_001, 1_500_000_000, 1e15, 1e30])
        expect(faults({ ...top, [field]: v })[0]).toEqual([field, ABOVE]);
      expect(MSG_ADMIN.priceAboveMax).toBe(ABOVE);
    },
  );
  it.each(['salePrice', 'priceA', 'priceD'])(
    '%s: below zero, a fraction or no number keep the integer rule',
    (field) => {
      for (const v of [-1, 100.5, '100', Number.NaN])
        expect(faults({ [field]: v })[0]).toEqual([field, MSG_ADMIN.priceInvalid]);
    },
  );
});

describe('productFields: a text over its form field names the field', () => {
  it.each([
    ['factoryNum', 50, '공장 품번은 50자 이내로 입력하세요.'],
    ['detailInfo', 500, '특이사항은 500자 이내로 입력하세요.'],
    ['description', 5000, '상세 설명은 5,000자 이내로 입력하세요.'],
    ['category', 30, '모바일 분류는 30자 이내로 입력하세요.'],
    ['brand', 50, '브랜드는 50자 이내로 입력하세요.'],
  ])('%s: %i characters saved, one more refused with its own message', (field, max, message) => {
    expect(faults({ [field]: 'A'.repeat(max) })).toEqual([]);
    expect(faults({ [field]: 'A'.repeat(max + 1) })).toEqual([[field, message]]);
  });
});

describe('adjustments out of range say the range', () => {
  const cash = (amount: number) => adjustCashRequest.safeParse({ companyId: 3, amount, reason: '입금 누락 보정' });
  const days = (d: number) => adjustLicenseRequest.safeParse({ companyId: 3, days: d, reason: '이용권 보정' });
  it('cash: ±1,000,000,000 taken, one won beyond refused with the range, 0 and fractions with the integer rule', () => {
    expect([cash(1_000_000_000).success, cash(-1_000_000_000).success]).toEqual([true, true]);
    for (const amount of [1_000_000_001, -1_000_000_001, -999_999_999_999])
      expect(cash(amount).error?.issues[0]?.message).toBe('조정 금액은 -10억 원부터 10억 원까지 입력할 수 있습니다.');
    for (const amount of [0, 1.5]) expect(cash(amount).error?.issues[0]?.message).toBe(MSG_ADMIN.amountInvalid);
  });
  it('licence days: ±3,650 taken, one beyond refused with the range', () => {
    expect([days(3650).success, days(-3650).success]).toEqual([true, true]);
    for (const d of [3651, -3651])
      expect(days(d).error?.issues[0]?.message).toBe('조정 일수는 -3,650일부터 3,650일까지 입력할 수 있습니다.');
  });
});
