import { describe, expect, it } from 'vitest';
import { orderPlace } from './place';

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
