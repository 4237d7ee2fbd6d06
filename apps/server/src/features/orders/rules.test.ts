import { describe, expect, it } from 'vitest';
import { MSG_ORDER } from '@partsmall/contract';
import { cancelRefusal, moveRefusal, refundAmount, returnDeadline, returnRefusal, shipmentRefusal } from './rules.js';

const at = (iso: string) => new Date(iso);
const KOREA = '한국 김포물류센터';
const CHINA = '중국 위해직수입창고';

describe('same-day cancel (Asia/Seoul)', () => {
  it('is allowed until 23:59:59 of the order day in Seoul', () => {
    const ordered = at('2026-03-10T00:00:00+09:00');
    expect(cancelRefusal(ordered, at('2026-03-10T23:59:59+09:00'))).toBeNull();
  });

  it('is refused from 00:00 of the next Seoul day', () => {
    const ordered = at('2026-03-10T23:59:00+09:00');
    expect(cancelRefusal(ordered, at('2026-03-11T00:00:00+09:00'))).toEqual({
      message: MSG_ORDER.cancelOnlySameDay,
      field: 'status',
    });
  });

  it('counts the Seoul day, not the UTC day', () => {
    // 23:30 and 00:30 UTC fall on two UTC dates but are 08:30 and 09:30 of one Seoul day.
    expect(cancelRefusal(at('2026-03-09T23:30:00Z'), at('2026-03-10T00:30:00Z'))).toBeNull();
    // 14:30 and 15:30 UTC fall on one UTC date but are 23:30 and 00:30 of two Seoul days.
    expect(cancelRefusal(at('2026-03-10T14:30:00Z'), at('2026-03-10T15:30:00Z'))).toEqual({
      message: MSG_ORDER.cancelOnlySameDay,
      field: 'status',
    });
  });
});

describe('the 20-day return window (Asia/Seoul days; the shipment day is day 0)', () => {
  it('ends at 00:00 Seoul 21 days after the shipment day', () => {
    expect(returnDeadline(at('2026-03-01T15:20:00+09:00')).toISOString()).toBe('2026-03-21T15:00:00.000Z');
    expect(returnDeadline(at('2026-03-01T00:00:00+09:00')).toISOString()).toBe('2026-03-21T15:00:00.000Z');
  });

  const shipped = at('2026-03-01T18:00:00+09:00');
  const facts = { shippedAt: shipped, stockName: KOREA, returnReason: 0 };

  it('accepts on day 20 until its last second', () => {
    expect(returnRefusal(facts, at('2026-03-21T00:00:00+09:00'))).toBeNull();
    expect(returnRefusal(facts, at('2026-03-21T23:59:59+09:00'))).toBeNull();
  });

  it('refuses on day 21 from its first second', () => {
    expect(returnRefusal(facts, at('2026-03-22T00:00:00+09:00'))).toEqual({
      message: MSG_ORDER.returnWindow,
      field: 'status',
    });
    expect(returnRefusal(facts, at('2026-04-30T12:00:00+09:00'))).toEqual({
      message: MSG_ORDER.returnWindow,
      field: 'status',
    });
  });

  it('counts Seoul days, not UTC days', () => {
    // Shipped 08:30 Seoul on 1 March = 23:30 UTC on 28 February. Day 20 in Seoul is 21 March;
    // counted in UTC the shipment day would be 28 February and 21 March would already be day 21.
    const early = { ...facts, shippedAt: at('2026-03-01T08:30:00+09:00') };
    expect(returnRefusal(early, at('2026-03-21T20:00:00+09:00'))).toBeNull();
    // Shipped 23:30 Seoul on 1 March = 14:30 UTC. Day 21 in Seoul starts 22 March 00:00 Seoul,
    // which is still 21 March in UTC: refused all the same.
    const late = { ...facts, shippedAt: at('2026-03-01T23:30:00+09:00') };
    expect(returnRefusal(late, at('2026-03-22T00:30:00+09:00'))).not.toBeNull();
  });

  it('refuses an order never marked shipped, and a request without a reason', () => {
    expect(returnRefusal({ ...facts, shippedAt: null }, at('2026-03-02T12:00:00+09:00'))).toEqual({
      message: MSG_ORDER.returnWindow,
      field: 'status',
    });
    expect(returnRefusal({ ...facts, returnReason: undefined }, at('2026-03-02T12:00:00+09:00'))).toEqual({
      message: MSG_ORDER.returnReasonRequired,
      field: 'returnReason',
    });
  });
});

describe('returns from the China warehouse', () => {
  const now = at('2026-03-05T12:00:00+09:00');
  const shippedAt = at('2026-03-02T12:00:00+09:00');

  it('refuses change of mind (reason 1) from the China warehouse', () => {
    expect(returnRefusal({ shippedAt, stockName: CHINA, returnReason: 1 }, now)).toEqual({
      message: MSG_ORDER.returnReasonChina,
      field: 'returnReason',
    });
  });

  it('accepts the other reasons from the China warehouse, and change of mind from Korea', () => {
    for (const reason of [0, 2, 3])
      expect(returnRefusal({ shippedAt, stockName: CHINA, returnReason: reason }, now), `reason ${reason}`).toBeNull();
    expect(returnRefusal({ shippedAt, stockName: KOREA, returnReason: 1 }, now)).toBeNull();
  });
});

describe('shipment complete', () => {
  it('needs the carrier and the waybill, naming the one missing', () => {
    expect(shipmentRefusal('CJ대한통운', '6543210987')).toBeNull();
    for (const [carrier, waybill, field] of [
      [undefined, '1', 'carrier'],
      ['', '1', 'carrier'],
      ['CJ대한통운', undefined, 'waybill'],
      ['CJ대한통운', '', 'waybill'],
    ] as const) {
      expect(shipmentRefusal(carrier, waybill)?.field, `${carrier} ${waybill}`).toBe(field);
    }
  });

  it('hands a 방문수령 order over without a carrier, and refuses one or a waybill', () => {
    const refused = (field: string) => ({
      message: '방문수령 주문은 창고에서 직접 전달하므로 택배사와 송장번호를 넣지 않습니다.',
      field,
    });
    expect(shipmentRefusal(undefined, undefined, true)).toBeNull();
    expect(shipmentRefusal(' ', '', true)).toBeNull();
    expect(shipmentRefusal('CJ대한통운', '6543210987', true)).toEqual(refused('waybill'));
    expect(shipmentRefusal(undefined, '6543210987', true)).toEqual(refused('waybill'));
    expect(shipmentRefusal('direct', undefined, true)).toEqual(refused('carrier'));
  });
});

describe('moveRefusal applies the rule of the target status', () => {
  const base = { createdAt: at('2026-03-01T10:00:00+09:00'), shippedAt: null, stockName: KOREA };
  const nextDay = at('2026-03-02T10:00:00+09:00');

  it('the same-day rule binds the buyer, not staff', () => {
    expect(moveRefusal({ ...base, to: 3, actor: 'buyer' }, nextDay)?.message).toBe(MSG_ORDER.cancelOnlySameDay);
    expect(moveRefusal({ ...base, to: 3, actor: 'staff' }, nextDay)).toBeNull();
    expect(moveRefusal({ ...base, to: 8, actor: 'staff' }, nextDay)).toBeNull();
  });

  it('shipment complete and return requested check their own facts', () => {
    expect(moveRefusal({ ...base, to: 2, actor: 'staff' }, nextDay)?.message).toBe(MSG_ORDER.carrierRequired);
    expect(
      moveRefusal({ ...base, to: 2, actor: 'staff', carrier: '한진택배', waybill: '555000000001' }, nextDay),
    ).toBeNull();
    expect(moveRefusal({ ...base, to: 4, actor: 'buyer', returnReason: 0 }, nextDay)?.message).toBe(
      MSG_ORDER.returnWindow,
    );
    expect(
      moveRefusal(
        { ...base, to: 4, actor: 'buyer', returnReason: 0, shippedAt: at('2026-03-01T12:00:00+09:00') },
        nextDay,
      ),
    ).toBeNull();
  });
});

describe('refund amounts', () => {
  const order = { totalAmount: 24_000, shipping: 6000 };

  it('cancels (buyer or seller) give back goods and shipping', () => {
    expect(refundAmount('all', { ...order, returnReason: null })).toBe(30_000);
    expect(refundAmount('all', { ...order, returnReason: 1 })).toBe(30_000);
  });

  it('an approved return gives back the shipping too, except for change of mind', () => {
    expect(refundAmount('goods-or-all', { ...order, returnReason: 0 })).toBe(30_000);
    expect(refundAmount('goods-or-all', { ...order, returnReason: 1 })).toBe(24_000);
    expect(refundAmount('goods-or-all', { ...order, returnReason: 2 })).toBe(30_000);
    expect(refundAmount('goods-or-all', { ...order, returnReason: 3 })).toBe(30_000);
  });

  it('moves without a refund give nothing', () => {
    expect(refundAmount('none', { ...order, returnReason: null })).toBe(0);
  });

  it('collect or pickup orders have no shipping to give back', () => {
    expect(refundAmount('all', { totalAmount: 15_500, shipping: 0, returnReason: null })).toBe(15_500);
  });
});
