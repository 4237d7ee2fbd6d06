import { describe, expect, it } from 'vitest';
import { createStaffRequest } from './admin-staff.js';
import { loginRequest } from './auth.js';

/**
 * docs/requirements.md#validation: a staff account's id is a login id chosen now, so it keeps the
 * login's rule (5-50 characters in a mail's shape); an id the form took must be one a login takes.
 */
const staff = { name: '경계', phone: '01012345678' };
const STAFF_ID = '아이디는 5~50자의 메일 주소로 입력하세요.';

/** The id's refusal message, or the id as the schema stores it. */
function idOf(input: Record<string, unknown>): string {
  const res = createStaffRequest.safeParse(input);
  if (res.success) return res.data.id;
  return res.error.issues.find((i) => i.path.join('.') === 'id')?.message ?? 'no issue on id';
}

describe("a staff account's id (api/admin/createStaff)", () => {
  it('refuses an id longer than a login takes (51 characters) with the 5~50 message', () => {
    const id = `${'b'.repeat(41)}@partsmall.kr`;
    expect(id.length).toBe(54);
    expect(idOf({ ...staff, id })).toBe(STAFF_ID);
    expect(idOf({ ...staff, id: `${'b'.repeat(38)}@partsmall.kr` })).toBe(STAFF_ID);
  });

  it('takes an id of exactly 50 characters, and a login takes it too', () => {
    const id = `${'b'.repeat(37)}@partsmall.kr`;
    expect(id.length).toBe(50);
    expect(idOf({ ...staff, id })).toBe(id);
    expect(loginRequest.safeParse({ id, pw: 'demo1234' }).success).toBe(true);
  });

  it('counts the length after trimming, as a login does', () => {
    const id = `${'b'.repeat(37)}@partsmall.kr`;
    expect(idOf({ ...staff, id: `  ${id.toUpperCase()}  ` })).toBe(id);
  });

  it('refuses a missing or non-mail id with the same message', () => {
    expect(idOf({ ...staff })).toBe(STAFF_ID);
    expect(idOf({ ...staff, id: 'partsmall' })).toBe(STAFF_ID);
  });
});
