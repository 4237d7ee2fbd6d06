import { describe, expect, it } from 'vitest';
import { standardDeliveryOptions, warehouseDeliveryOptions } from './admin-config.js';

/**
 * docs/requirements.md#shipping: pay type 2 is 방문수령 (pickup) and costs nothing; 선불 (0) costs
 * 6,000 won and 착불 (1) nothing. So 방문수령 is paid only as 방문수령, and 화물, 택배 and 퀵배송 only
 * 선불 or 착불: a 택배 'paid' by 방문수령 was sent free without being 착불, a 방문수령 charged 6,000 won.
 */
const standard = standardDeliveryOptions({ storageId: 1, stockName: '한국 김포물류센터' });

/** Every refusal as 'path: message'; [] when the options pass. */
function refusals(options: unknown): string[] {
  const res = warehouseDeliveryOptions.safeParse(options);
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe("a warehouse's delivery options (api/admin/saveConfig)", () => {
  it("takes the shop's standard options and every pay type each method may take", () => {
    expect(refusals(standard)).toEqual([]);
    const widest = {
      ...standard,
      gdFreight: { offered: true, payTypes: [0, 1], defaultPayType: 0 },
      gdDelivery: { offered: true, payTypes: [1, 0], defaultPayType: 1 },
      quick: { offered: true, payTypes: [0, 1], defaultPayType: 0, selfQuick: false },
    };
    expect(refusals(widest)).toEqual([]);
  });

  it('refuses 택배 paid by 방문수령, naming the method', () => {
    expect(refusals({ ...standard, gdDelivery: { offered: true, payTypes: [2], defaultPayType: 2 } })).toEqual([
      'gdDelivery.payTypes: 택배의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.',
    ]);
  });

  it('refuses 화물 and 퀵배송 paid by 방문수령 among others', () => {
    expect(
      refusals({
        ...standard,
        gdFreight: { offered: true, payTypes: [1, 2], defaultPayType: 1 },
        quick: { offered: true, payTypes: [1, 2], defaultPayType: 1, selfQuick: true },
      }),
    ).toEqual([
      'gdFreight.payTypes: 화물의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.',
      'quick.payTypes: 퀵배송의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.',
    ]);
  });

  it('refuses 방문수령 charged 선불 or 착불', () => {
    expect(refusals({ ...standard, pickUp: { offered: true, payTypes: [0], defaultPayType: 0 } })).toEqual([
      'pickUp.payTypes: 방문수령의 배송비 결제 방식은 방문수령만 고를 수 있습니다.',
    ]);
    expect(refusals({ ...standard, pickUp: { offered: true, payTypes: [2, 1], defaultPayType: 2 } })).toEqual([
      'pickUp.payTypes: 방문수령의 배송비 결제 방식은 방문수령만 고를 수 있습니다.',
    ]);
  });

  it('refuses an impossible pay type kept on a method not offered, so it cannot come back offered', () => {
    expect(refusals({ ...standard, pickUp: { offered: false, payTypes: [0], defaultPayType: 0 } })).toEqual([
      'pickUp.payTypes: 방문수령의 배송비 결제 방식은 방문수령만 고를 수 있습니다.',
    ]);
    expect(refusals({ ...standard, gdFreight: { offered: false, payTypes: [], defaultPayType: 1 } })).toEqual([]);
  });
});
