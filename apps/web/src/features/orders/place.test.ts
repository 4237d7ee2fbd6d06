import { describe, expect, it } from 'vitest';
import { orderDelivery, orderPlace } from './place';

describe('the place of an order', () => {
  const order = {
    stockName: '한국 김포물류센터',
    postNum: '04790',
    address: '서울 성동구 성수이로 77',
    addrSub: '3층',
  };
  it('names the warehouse of a 방문수령 order, not the customer address', () => {
    expect(orderPlace({ ...order, shippingValue: 4 })).toEqual({
      label: '수령 장소',
      value: '한국 김포물류센터 (방문수령)',
    });
  });
  it('gives the delivery address otherwise', () => {
    expect(orderPlace({ ...order, shippingValue: 1 })).toEqual({
      label: null,
      value: '(04790) 서울 성동구 성수이로 77 3층',
    });
  });
});

describe('how an order goes, on the phone order list', () => {
  const order = { carrier: '', waybill: '' };
  it('names the way before a carrier is known, never as the carrier', () => {
    expect(orderDelivery({ ...order, shippingValue: 1 })).toBe('택배');
    expect(orderDelivery({ ...order, shippingValue: 4 })).toBe('방문수령');
    expect(orderDelivery({ ...order, shippingValue: 2 })).toBe('퀵배송');
  });
  it('adds the carrier and its waybill once the order has shipped', () => {
    expect(orderDelivery({ shippingValue: 1, carrier: 'CJ대한통운', waybill: '601234567890' })).toBe(
      '택배 · CJ대한통운 601234567890',
    );
    expect(orderDelivery({ shippingValue: 0, carrier: '경동화물', waybill: '' })).toBe('화물 · 경동화물');
  });
  it('says - for a way the shop does not know', () => {
    expect(orderDelivery({ ...order, shippingValue: 9 })).toBe('-');
  });
});
