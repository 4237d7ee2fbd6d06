import { describe, expect, it } from 'vitest';
import { paymentUrl } from './api';

describe('the payment window address', () => {
  it('takes online_url from the top of the answer, else from its results', () => {
    expect(
      paymentUrl({ online_url: 'http://127.0.0.1:3000/payCenter/sandbox/sbx_1', results: { online_url: 'other' } }),
    ).toBe('http://127.0.0.1:3000/payCenter/sandbox/sbx_1');
    expect(paymentUrl({ results: { online_url: 'http://shop.kr/pay/2' } })).toBe('http://shop.kr/pay/2');
  });

  it('has none when the address is missing, blank or not text (the original start error then)', () => {
    expect(paymentUrl({})).toBeNull();
    expect(paymentUrl({ online_url: '  ', results: { online_url: '' } })).toBeNull();
    expect(paymentUrl({ online_url: 42, results: { online_url: null } })).toBeNull();
  });
});
