import { describe, expect, it } from 'vitest';
import { MSG_ADMIN } from './admin-menu.js';
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
