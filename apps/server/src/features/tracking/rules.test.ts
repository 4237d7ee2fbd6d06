import { describe, expect, it } from 'vitest';
import { checkShipment, shipmentLink } from './rules.js';

describe('shipping an order: carrier and waybill', () => {
  it('takes a carrier code and keeps only the digits of the waybill', () => {
    expect(checkShipment('kr.cjlogistics', '6012-3456-7890')).toEqual({
      ok: true,
      shipment: { code: 'kr.cjlogistics', carrierName: 'CJ대한통운', waybill: '601234567890', tracked: true },
    });
  });

  it('maps a name typed as before to its carrier', () => {
    expect(checkShipment('대한통운', '6543210987')).toEqual({
      ok: true,
      shipment: { code: 'kr.cjlogistics', carrierName: 'CJ대한통운', waybill: '6543210987', tracked: true },
    });
    expect(checkShipment('경동화물', '123456789')).toMatchObject({ ok: true, shipment: { code: 'kr.kdexp' } });
  });

  it('keeps a name of no listed carrier as typed, untracked, with any waybill', () => {
    expect(checkShipment('동네화물 배송', 'A-77')).toEqual({
      ok: true,
      shipment: { code: null, carrierName: '동네화물 배송', waybill: 'A-77', tracked: false },
    });
  });

  it("refuses a waybill of the wrong shape, naming the carrier's shape", () => {
    expect(checkShipment('kr.cjlogistics', '12345678901')).toEqual({
      ok: false,
      message: 'CJ대한통운 송장번호는 10자리 또는 12자리 숫자입니다. 다시 확인하세요.',
      field: 'waybill',
    });
    expect(checkShipment('kr.logen', '1234567890')).toMatchObject({ ok: false, field: 'waybill' });
    expect(checkShipment('kr.logen', '12345678901')).toMatchObject({ ok: true });
  });

  it('needs a carrier, and a waybill unless it is 직접 배송 or 퀵, naming the one missing', () => {
    for (const [carrier, waybill, message, field] of [
      [undefined, undefined, '택배사와 송장번호를 입력하세요.', 'carrier'],
      [' ', '', '택배사와 송장번호를 입력하세요.', 'carrier'],
      [undefined, '601234567890', '택배사를 선택하세요.', 'carrier'],
      ['  ', '601234567890', '택배사를 선택하세요.', 'carrier'],
      ['kr.cjlogistics', '', '송장번호를 입력하세요.', 'waybill'],
      ['kr.cjlogistics', undefined, '송장번호를 입력하세요.', 'waybill'],
      ['동네화물', ' ', '송장번호를 입력하세요.', 'waybill'],
    ] as const) {
      expect(checkShipment(carrier, waybill), `${carrier} ${waybill}`).toEqual({ ok: false, message, field });
    }
    expect(checkShipment('quick', '')).toEqual({
      ok: true,
      shipment: { code: 'quick', carrierName: '퀵', waybill: '', tracked: false },
    });
    expect(checkShipment('직접배송', undefined)).toMatchObject({ ok: true, shipment: { code: 'direct' } });
    expect(checkShipment('direct', '123')).toMatchObject({ ok: false, field: 'waybill' });
  });

  it("links to the carrier's page only for a listed carrier with a waybill", () => {
    expect(shipmentLink('kr.logen', '12345678901')).toBe('https://www.ilogen.com/web/personal/trace/12345678901');
    expect(shipmentLink(null, 'A-77')).toBeNull();
    expect(shipmentLink('quick', '')).toBeNull();
    // A listed carrier without a waybill (an order shipped before waybills were required): no link.
    expect(shipmentLink('kr.logen', '')).toBeNull();
  });
});
