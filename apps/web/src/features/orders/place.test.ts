import { describe, expect, it } from 'vitest';
import { orderDelivery, orderPlace, orderSender } from './place';

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

describe('the sender an order names (직배송)', () => {
  it('is the name and the phone, hyphenated', () => {
    expect(orderSender({ fromName: '한빛상사', fromPhone: '01012345678' })).toBe('한빛상사 010-1234-5678');
  });
  it('is what the order has when it has only one of the two', () => {
    expect(orderSender({ fromName: '대성모터스', fromPhone: '' })).toBe('대성모터스');
    expect(orderSender({ fromName: '', fromPhone: '0212345678' })).toBe('02-1234-5678');
  });
  it('is null when the order names no sender, for the screen to say -', () => {
    expect(orderSender({ fromName: '', fromPhone: '' })).toBeNull();
  });
});
