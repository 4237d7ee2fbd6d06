import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  chatJoinRequest,
  checkAuthCodeQuery,
  checkLicenseQuery,
  findMemberIdQuery,
  findMemberPwRequest,
  joinRequest,
  loginRequest,
  phoneCodeRequestQuery,
} from '../src/auth.js';
import { MSG } from '../src/messages.js';
import { createMemberRequest } from '../src/member-accounts.js';
import { MSG_MEMBER, updateMyPasswordRequest } from '../src/member-info.js';
import { LICENSE, chatJoin, companyJoin, messageFor } from './auth-fixtures.js';

function parses(schema: z.ZodType, input: unknown): boolean {
  return schema.safeParse(input).success;
}

const HANGUL = /[가-힣]/;

const subJoin = {
  license: LICENSE,
  securityNum: '482913',
  id: 'sub2@partsmall.kr',
  pw: 'secret12',
  cpw: 'secret12',
  phone: '01098765433',
  authCode: '654321',
  policy: true,
  privacy: true,
};

describe('every auth message is Korean', () => {
  it('MSG values contain Hangul', () => {
    for (const [key, text] of Object.entries(MSG)) expect(text, key).toMatch(HANGUL);
  });
});

describe('loginRequest', () => {
  const ok = { id: 'demo@partsmall.kr', pw: 'demo1234' };

  it('accepts a mail-address id and lower-cases and trims it', () => {
    const res = loginRequest.parse({ id: '  Demo@PartsMall.KR ', pw: 'demo1234' });
    expect(res).toEqual({ id: 'demo@partsmall.kr', pw: 'demo1234' });
  });

  it.each([
    ['', MSG.loginIdRequired],
    ['   ', MSG.loginIdRequired],
    ['a@b', MSG.loginIdLength],
    [`${'a'.repeat(44)}@abc.kr`, MSG.loginIdLength],
    ['not-a-mail-address', MSG.loginIdShape],
    ['two words@mail.kr', MSG.loginIdShape],
  ])('id %j -> %s', (id, msg) => {
    expect(messageFor(loginRequest, { ...ok, id }, 'id')).toBe(msg);
  });

  it('id bounds: 5 and 50 characters pass', () => {
    expect(parses(loginRequest, { ...ok, id: 'a@b.k' })).toBe(true);
    expect(parses(loginRequest, { ...ok, id: `${'a'.repeat(43)}@abc.kr` })).toBe(true);
  });

  it.each([
    ['', MSG.passwordRequired],
    ['abc', MSG.passwordLength],
    ['a'.repeat(21), MSG.passwordLength],
  ])('pw %j -> %s', (pw, msg) => {
    expect(messageFor(loginRequest, { ...ok, pw }, 'pw')).toBe(msg);
  });

  it('pw bounds: 4 and 20 characters pass', () => {
    expect(parses(loginRequest, { ...ok, pw: 'abcd' })).toBe(true);
    expect(parses(loginRequest, { ...ok, pw: 'a'.repeat(20) })).toBe(true);
  });

  it('missing or non-string fields get the "enter" messages', () => {
    expect(messageFor(loginRequest, {}, 'id')).toBe(MSG.loginIdRequired);
    expect(messageFor(loginRequest, {}, 'pw')).toBe(MSG.passwordRequired);
    expect(messageFor(loginRequest, { id: 12345, pw: 1234 }, 'id')).toBe(MSG.loginIdRequired);
    expect(messageFor(loginRequest, { id: 12345, pw: 1234 }, 'pw')).toBe(MSG.passwordRequired);
  });
});

describe('checkLicenseQuery (business number)', () => {
  it('accepts a valid number, trimmed', () => {
    expect(checkLicenseQuery.parse({ license: ` ${LICENSE} ` })).toEqual({ license: LICENSE });
  });

  it.each([
    ['', MSG.licenseRequired],
    ['12481009', MSG.licenseDigits],
    ['12481009980', MSG.licenseDigits],
    ['124-81-00998', MSG.licenseDigits],
    ['12481OO998', MSG.licenseDigits],
    ['1248100999', MSG.licenseChecksum],
    ['1234567890', MSG.licenseChecksum],
  ])('%j -> %s', (license, msg) => {
    expect(messageFor(checkLicenseQuery, { license }, 'license')).toBe(msg);
  });

  it('missing -> licenseRequired', () => {
    expect(messageFor(checkLicenseQuery, {}, 'license')).toBe(MSG.licenseRequired);
  });
});

describe('phone and code queries', () => {
  it('phoneCodeRequestQuery defaults authType to message and refuses other kinds', () => {
    expect(phoneCodeRequestQuery.parse({ phone: '01012345678' })).toEqual({
      phone: '01012345678',
      authType: 'message',
    });
    expect(parses(phoneCodeRequestQuery, { phone: '01012345678', authType: 'voice' })).toBe(false);
  });

  it.each([
    ['', MSG.phoneRequired],
    ['0101234567', MSG.phoneDigits],
    ['010123456789', MSG.phoneDigits],
    ['010-1234-567', MSG.phoneDigits],
    ['02123456789', MSG.phoneShape],
    ['01512345678', MSG.phoneShape],
  ])('phone %j -> %s', (phone, msg) => {
    expect(messageFor(phoneCodeRequestQuery, { phone }, 'phone')).toBe(msg);
    expect(messageFor(checkAuthCodeQuery, { phone, authCode: '123456' }, 'phone')).toBe(msg);
  });

  it.each([
    ['', MSG.codeRequired],
    ['12345', MSG.codeDigits],
    ['1234567', MSG.codeDigits],
    ['12a456', MSG.codeDigits],
  ])('authCode %j -> %s', (authCode, msg) => {
    expect(messageFor(checkAuthCodeQuery, { phone: '01012345678', authCode }, 'authCode')).toBe(msg);
    expect(messageFor(findMemberIdQuery, { phone: '01012345678', authCode }, 'authCode')).toBe(msg);
  });

  it('accepts a 6-digit code, leading zeros kept', () => {
    expect(checkAuthCodeQuery.parse({ phone: '01012345678', authCode: '000123' }).authCode).toBe('000123');
  });
});

describe('joinRequest (company join)', () => {
  it('accepts a full company form', () => {
    expect(parses(joinRequest, companyJoin)).toBe(true);
  });

  it.each([
    ['license', '', MSG.licenseRequired],
    ['license', '12345', MSG.licenseDigits],
    ['license', '1248100999', MSG.licenseChecksum],
    ['companyName', '', MSG.companyNameRequired],
    ['companyName', '가'.repeat(51), MSG.companyNameLength],
    ['companyArea', '', MSG.companyAreaRequired],
    ['companyArea', '서', MSG.companyAreaLength],
    ['companyArea', '가'.repeat(21), MSG.companyAreaLength],
    ['id', '', MSG.loginIdRequired],
    ['id', 'a@b', MSG.loginIdLength],
    ['id', 'nobody', MSG.loginIdShape],
    ['pw', '', MSG.passwordRequired],
    ['pw', 'abc', MSG.passwordLength],
    ['pw', 'a'.repeat(21), MSG.passwordLength],
    ['phone', '', MSG.phoneRequired],
    ['phone', '0109876543', MSG.phoneDigits],
    ['authCode', '', MSG.codeRequired],
    ['authCode', '12345', MSG.codeDigits],
    ['policy', false, MSG.policyRequired],
    ['privacy', false, MSG.privacyRequired],
  ])('%s = %j -> %s', (field, value, msg) => {
    expect(messageFor(joinRequest, { ...companyJoin, [field]: value }, field)).toBe(msg);
  });

  it('missing consents are refused with their messages', () => {
    const { policy: _p, privacy: _q, ...noConsents } = companyJoin;
    expect(messageFor(joinRequest, noConsents, 'policy')).toBe(MSG.policyRequired);
    expect(messageFor(joinRequest, noConsents, 'privacy')).toBe(MSG.privacyRequired);
    expect(messageFor(joinRequest, { ...companyJoin, policy: 'true' }, 'policy')).toBe(MSG.policyRequired);
  });

  it('company name and area are required when there is no security number', () => {
    const { companyName: _n, companyArea: _a, ...bare } = companyJoin;
    expect(messageFor(joinRequest, bare, 'companyName')).toBe(MSG.companyNameRequired);
    const { companyArea: _b, ...noArea } = companyJoin;
    expect(messageFor(joinRequest, noArea, 'companyArea')).toBe(MSG.companyAreaRequired);
  });

  it('mismatched passwords are refused on cpw', () => {
    expect(messageFor(joinRequest, { ...companyJoin, cpw: 'secret13' }, 'cpw')).toBe(MSG.passwordMismatch);
    expect(messageFor(joinRequest, { ...companyJoin, cpw: '' }, 'cpw')).toBe(MSG.passwordMismatch);
  });

  it('control characters in the names are refused (PostgreSQL cannot store NUL)', () => {
    expect(messageFor(joinRequest, { ...companyJoin, companyName: '한빛\u0000' }, 'companyName')).toBe(MSG.textInvalid);
    expect(messageFor(joinRequest, { ...companyJoin, companyArea: '서울\n성동' }, 'companyArea')).toBe(MSG.textInvalid);
    expect(messageFor(joinRequest, { ...companyJoin, id: 'new\u0000@partsmall.kr' }, 'id')).toBe(MSG.loginIdShape);
    expect(messageFor(loginRequest, { id: 'demo@partsmall.kr\u0000', pw: 'demo1234' }, 'id')).toBe(MSG.loginIdShape);
  });

  it('bounds pass: company name 1 and 50, area 2 and 20', () => {
    expect(parses(joinRequest, { ...companyJoin, companyName: '가', companyArea: '서울' })).toBe(true);
    expect(parses(joinRequest, { ...companyJoin, companyName: '가'.repeat(50), companyArea: '가'.repeat(20) })).toBe(
      true,
    );
  });
});

describe('joinRequest (sub-account join)', () => {
  it('accepts a sub-account form without company name or area', () => {
    expect(parses(joinRequest, subJoin)).toBe(true);
  });

  it.each([
    ['', MSG.securityNumRequired],
    ['12345', MSG.securityNumLength],
    ['1234567', MSG.securityNumLength],
    ['12a456', MSG.securityNumLength],
    // Not text: a malformed number, not a missing one.
    [12345, MSG.securityNumLength],
    [1234567, MSG.securityNumLength],
    [482913.5, MSG.securityNumLength],
    [-482913, MSG.securityNumLength],
    [true, MSG.securityNumLength],
    [[], MSG.securityNumLength],
  ])('securityNum %j -> %s', (securityNum, msg) => {
    expect(messageFor(joinRequest, { ...subJoin, securityNum }, 'securityNum')).toBe(msg);
  });

  it('takes a 6-digit number sent as a JSON number as its digit string (the original client keeps only digits)', () => {
    expect(joinRequest.parse({ ...subJoin, securityNum: 482913 }).securityNum).toBe('482913');
    expect(joinRequest.parse({ ...subJoin, securityNum: ' 482913 ' }).securityNum).toBe('482913');
  });

  it('the person name is optional, 2-20 characters, no control characters', () => {
    expect(joinRequest.parse({ ...subJoin, name: ' 김부장 ' }).name).toBe('김부장');
    expect(messageFor(joinRequest, { ...subJoin, name: '가'.repeat(21) }, 'name')).toBe(MSG.nameLength);
    expect(messageFor(joinRequest, { ...subJoin, name: '김\u0000' }, 'name')).toBe(MSG.textInvalid);
  });

  it('the contact number (phoen) is optional, else 9-11 digits', () => {
    expect(parses(joinRequest, { ...subJoin, phoen: '' })).toBe(true);
    expect(parses(joinRequest, { ...subJoin, phoen: '021234567' })).toBe(true);
    expect(parses(joinRequest, { ...subJoin, phoen: '01012345678' })).toBe(true);
    expect(messageFor(joinRequest, { ...subJoin, phoen: '12345678' }, 'phoen')).toBe(MSG.contactDigits);
    expect(messageFor(joinRequest, { ...subJoin, phoen: '010-1234-5678' }, 'phoen')).toBe(MSG.contactDigits);
  });
});

describe('chatJoinRequest', () => {
  const chat = chatJoin;

  it('accepts the chat sign-up form', () => {
    expect(parses(chatJoinRequest, chat)).toBe(true);
  });

  it.each([
    ['companyArea', '', MSG.companyAreaRequired],
    ['companyName', '', MSG.companyNameRequired],
    ['phone', '010', MSG.phoneDigits],
    ['id', '', MSG.loginIdRequired],
    ['pw', 'abc', MSG.passwordLength],
  ])('%s = %j -> %s', (field, value, msg) => {
    expect(messageFor(chatJoinRequest, { ...chat, [field]: value }, field)).toBe(msg);
  });

  it('mismatched passwords are refused on cpw', () => {
    expect(messageFor(chatJoinRequest, { ...chat, cpw: 'chat9999' }, 'cpw')).toBe(MSG.passwordMismatch);
  });

  it("names an empty form's fields in the order the sign-up form shows them, 상호 first", () => {
    const empty = { companyArea: '', phone: '', companyName: '', id: '', pw: '', cpw: '' };
    const result = chatJoinRequest.safeParse(empty);
    expect(result.success).toBe(false);
    // The popup tells the first issue; the form shows 상호, 사업 지역, 휴대폰, 아이디, 비밀번호, 확인.
    const fields = [...new Set(result.error!.issues.map((i) => i.path[0]))];
    expect(fields).toEqual(['companyName', 'companyArea', 'phone', 'id', 'pw']);
    expect(result.error!.issues[0]!.message).toBe(MSG.companyNameRequired);
  });
});

describe('findMemberPwRequest', () => {
  const form = { phone: '01012345601', authCode: '123456', pw: 'newpass1', cpw: 'newpass1' };

  it('accepts phone, code and matching passwords', () => {
    expect(parses(findMemberPwRequest, form)).toBe(true);
  });

  it.each([
    ['phone', '', MSG.phoneRequired],
    ['authCode', '1', MSG.codeDigits],
    ['pw', '', MSG.passwordRequired],
    ['pw', 'a'.repeat(21), MSG.passwordLength],
  ])('%s = %j -> %s', (field, value, msg) => {
    expect(messageFor(findMemberPwRequest, { ...form, [field]: value }, field)).toBe(msg);
  });

  it('mismatched passwords are refused on cpw', () => {
    expect(messageFor(findMemberPwRequest, { ...form, cpw: 'newpass2' }, 'cpw')).toBe(MSG.passwordMismatch);
  });
});

describe('a password being chosen holds a visible character', () => {
  const blank = '    ';
  it.each([
    ['join', joinRequest, { ...companyJoin, pw: blank, cpw: blank }],
    ['chat sign-up', chatJoinRequest, { ...chatJoin, pw: blank, cpw: blank }],
    ['found account', findMemberPwRequest, { phone: '01012345678', authCode: '123456', pw: blank, cpw: blank }],
  ])('%s: four spaces read "enter a password"', (_form, schema, body) => {
    expect(messageFor(schema as z.ZodType, body, 'pw')).toBe(MSG.passwordRequired);
  });

  it('a sub-account and a new 내 정보 password refuse spaces with their own texts', () => {
    const account = { id: 'staff9@partsmall.kr', pw: blank };
    expect(messageFor(createMemberRequest, account, 'pw')).toBe(MSG_MEMBER.passwordRequired);
    const change = { opw: 'demo1234', pw: blank, cpw: blank };
    expect(messageFor(updateMyPasswordRequest, change, 'pw')).toBe(MSG_MEMBER.pwRequired);
  });

  it.each([
    ['four Hangul fillers', '\u3164'.repeat(4)],
    ['four zero-width spaces', '\u200b'.repeat(4)],
    ['half-width fillers and a space', '\uffa0 \uffa0 '],
  ])('%s read "enter a password" in every form that chooses one', (_what, invisible) => {
    const company = { ...companyJoin, pw: invisible, cpw: invisible };
    expect(messageFor(joinRequest, company, 'pw')).toBe(MSG.passwordRequired);
    const sub = { ...company, companyName: undefined, companyArea: undefined, securityNum: '123456' };
    expect(messageFor(joinRequest, sub, 'pw')).toBe(MSG.passwordRequired);
    expect(messageFor(chatJoinRequest, { ...chatJoin, pw: invisible, cpw: invisible }, 'pw')).toBe(
      MSG.passwordRequired,
    );
    const found = { phone: '01012345678', authCode: '123456', pw: invisible, cpw: invisible };
    expect(messageFor(findMemberPwRequest, found, 'pw')).toBe(MSG.passwordRequired);
    const account = { id: 'staff9@partsmall.kr', pw: invisible };
    expect(messageFor(createMemberRequest, account, 'pw')).toBe(MSG_MEMBER.passwordRequired);
    const change = { opw: 'demo1234', pw: invisible, cpw: invisible };
    expect(messageFor(updateMyPasswordRequest, change, 'pw')).toBe(MSG_MEMBER.pwRequired);
  });

  it('a filler beside a visible character is a password', () => {
    const pw = '\u3164\u3164\u3164a';
    expect(parses(updateMyPasswordRequest, { opw: 'demo1234', pw, cpw: pw })).toBe(true);
    const account = {
      id: 'staff9@partsmall.kr',
      pw,
      name: '김부계',
      phone: '01012345678',
      mail: 'staff9@partsmall.kr',
    };
    expect(parses(createMemberRequest, account)).toBe(true);
  });

  it('a password with spaces and a visible character is taken, and a login takes any stored one', () => {
    expect(parses(joinRequest, { ...companyJoin, pw: ' a  ', cpw: ' a  ' })).toBe(true);
    expect(parses(loginRequest, { id: 'demo@partsmall.kr', pw: blank })).toBe(true);
    expect(parses(updateMyPasswordRequest, { opw: blank, pw: 'new1234', cpw: 'new1234' })).toBe(true);
  });
});
