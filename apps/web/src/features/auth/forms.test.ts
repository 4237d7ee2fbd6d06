import { describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { findPwForm, joinForm, joinSubForm, phoneAuthState } from './forms';

const join = {
  license: '1234567891',
  phone: '01012345678',
  authCode: '123456',
  companyName: '동해수입차부품',
  companyArea: '경기 화성시',
  id: 'Newco@Partsmall.kr',
  pw: 'newco1234',
  cpw: 'newco1234',
  policy: true,
  privacy: true,
};

/** The first message of each field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('sign-up forms', () => {
  it('names a blank login account with the join message, not the login one', () => {
    expect(messages(joinForm.safeParse({ ...join, id: '  ' })).id).toBe(MSG.joinIdRequired);
  });

  it('requires the confirmation, then equal passwords', () => {
    expect(
      messages(findPwForm.safeParse({ phone: '01012345678', authCode: '123456', pw: 'fresh7788', cpw: '' })).cpw,
    ).toBe(MSG.passwordRequired);
    expect(
      messages(findPwForm.safeParse({ phone: '01012345678', authCode: '123456', pw: 'fresh7788', cpw: 'fresh7789' }))
        .cpw,
    ).toBe(MSG.passwordMismatch);
    expect(
      findPwForm.safeParse({ phone: '01012345678', authCode: '123456', pw: 'fresh7788', cpw: 'fresh7788' }).success,
    ).toBe(true);
  });

  it('lowercases the account the way the server stores it', () => {
    const parsed = joinForm.safeParse(join);
    expect(parsed.success && parsed.data.id).toBe('newco@partsmall.kr');
  });

  it('takes a sub-account contact of 9 to 11 digits or none', () => {
    const sub = { ...join, securityNum: '123456', name: '', phoen: '' };
    expect(joinSubForm.safeParse(sub).success).toBe(true);
    expect(joinSubForm.safeParse({ ...sub, phoen: '025551234' }).success).toBe(true);
    expect(messages(joinSubForm.safeParse({ ...sub, phoen: '02555' })).phoen).toBe(MSG.contactDigits);
    expect(Object.keys(messages(joinSubForm.safeParse({ ...sub, securityNum: '12345' })))).toEqual(['securityNum']);
  });
});

describe('phone auth state', () => {
  it('lifts a verified phone to 3 only with both consents', () => {
    expect(phoneAuthState(2, { policy: true, privacy: true })).toBe(3);
    expect(phoneAuthState(2, { policy: true, privacy: false })).toBe(2);
    expect(phoneAuthState(1, { policy: true, privacy: true })).toBe(1);
    expect(phoneAuthState(0, {})).toBe(0);
  });
});
