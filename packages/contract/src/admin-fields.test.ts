import { describe, expect, it } from 'vitest';
import { companyListRequest } from './admin-companies.js';
import { auditListRequest, createStaffRequest } from './admin-staff.js';

/** The first message a payload is refused with, or null when it is taken. */
const refusal = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message ?? null;

describe("the back office's search box (docs/requirements.md#validation)", () => {
  it('a number or other non-text is told to be written as text, not that it is too long', () => {
    expect(refusal(companyListRequest, { keyword: 123 })).toBe('검색어를 글자로 입력하세요.');
    expect(refusal(companyListRequest, { keyword: ['a'] })).toBe('검색어를 글자로 입력하세요.');
    expect(refusal(auditListRequest, { action: 123 })).toBe('검색어를 글자로 입력하세요.');
  });

  it('text over 100 characters is told the length; up to 100, or none, is taken', () => {
    expect(refusal(companyListRequest, { keyword: '가'.repeat(101) })).toBe('검색어는 100자 이내로 입력하세요.');
    expect(refusal(companyListRequest, { keyword: '가'.repeat(100) })).toBeNull();
    expect(refusal(companyListRequest, {})).toBeNull();
  });
});

describe("a staff account's contact phone (docs/requirements.md#validation)", () => {
  const staff = (phone: unknown) => ({ id: 'new-staff@partsmall.kr', name: '김직원', phone });

  it('9, 10 or 11 digits are taken, a Seoul landline 02-123-4567 included', () => {
    for (const phone of ['021234567', '0311234567', '01012345678'])
      expect([phone, refusal(createStaffRequest, staff(phone))]).toEqual([phone, null]);
  });

  it('fewer or more digits, other characters or no text are refused with the 9~11 message', () => {
    for (const phone of ['02123456', '010123456789', '010-1234-5678', '', 1012345678])
      expect([phone, refusal(createStaffRequest, staff(phone))]).toEqual([
        phone,
        '연락처는 숫자 9~11자리로 입력하세요.',
      ]);
  });
});
