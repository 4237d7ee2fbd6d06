import { describe, expect, it } from 'vitest';
import { addressLine, businessNumber, count, date, dateTime, digits, money, phone, won } from './format';

describe('Korean formats', () => {
  it('writes money with separators and no decimals of won', () => {
    expect(won(12300)).toBe('12,300원');
    expect(won(0)).toBe('0원');
    expect(won(1234.6)).toBe('1,235원');
    expect(money(10_000_000)).toBe('10,000,000');
    expect(money(-6000)).toBe('-6,000');
    expect(count(1200)).toBe('1,200');
  });

  it.each([
    ['01012345678', '010-1234-5678'],
    ['0311234567', '031-123-4567'],
    ['021234567', '02-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['15881234', '1588-1234'],
    ['010-1234-5678', '010-1234-5678'],
    ['1234', '1234'],
  ])('hyphenates phone numbers of 9, 10 and 11 digits, Seoul 02 numbers and 15xx lines: %s', (raw, shown) => {
    expect(phone(raw)).toBe(shown);
  });

  it('writes a business number as 123-45-67890', () => {
    expect(businessNumber('1234567890')).toBe('123-45-67890');
    expect(businessNumber('123456789')).toBe('123456789');
  });

  it('keeps only digits, at most as many as asked', () => {
    expect(digits('010-1234 5678')).toBe('01012345678');
    expect(digits('02-555-1234 ext 9', 9)).toBe('025551234');
    expect(digits('abc')).toBe('');
  });

  it('writes dates in Asia/Seoul: YYYY-MM-DD in tables, YYYY.MM.DD HH:mm in messages', () => {
    // 15:30 UTC is already the next day in Seoul (UTC+9).
    expect(date('2026-11-21T15:30:00Z')).toBe('2026-11-22');
    expect(date('2026-11-21T14:59:00Z')).toBe('2026-11-21');
    expect(dateTime('2026-11-21T05:05:00Z')).toBe('2026.11.21 14:05');
    expect(dateTime('2026-12-31T15:00:00Z')).toBe('2027.01.01 00:00');
    expect(date('not a date')).toBe('');
    expect(dateTime('')).toBe('');
  });

  it('puts an address on one line, leaving out what is empty', () => {
    expect(addressLine({ postNum: '04790', address: '서울특별시 성동구 성수이로 77', addrSub: '3층 301호' })).toBe(
      '(04790) 서울특별시 성동구 성수이로 77 3층 301호',
    );
    expect(addressLine({ postNum: '', address: '부산광역시 사상구', addrSub: '' })).toBe('부산광역시 사상구');
  });
});
