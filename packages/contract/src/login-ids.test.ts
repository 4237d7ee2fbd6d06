import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatJoinRequest, joinRequest, loginRequest } from './auth.js';
import { createStaffRequest } from './admin-staff.js';
import { saveMemberRequest } from './member-accounts.js';

/**
 * docs/requirements.md#validation: a login id chosen now (a join, the chat sign-up, a sub-account's
 * registration) is printable ASCII in a mail's shape and outside the reserved top-level domain
 * `.invalid` (withdrawn accounts' ids); a login still takes every id stored before.
 */

const JOIN_ASCII = '아이디는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';
const JOIN_RESERVED = '.invalid로 끝나는 주소는 아이디로 쓸 수 없습니다.';
const ACCOUNT_ASCII = '계정은 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';
const ACCOUNT_RESERVED = '.invalid로 끝나는 주소는 계정으로 쓸 수 없습니다.';

const companyJoin = {
  license: '1248100998',
  companyName: '한빛수입차부품',
  companyArea: '서울 성동구',
  pw: 'secret12',
  cpw: 'secret12',
  phone: '01098765432',
  authCode: '123456',
  policy: true,
  privacy: true,
};
const subJoin = { ...companyJoin, companyName: undefined, companyArea: undefined, securityNum: '482913' };
const chatJoin = {
  companyArea: '부산',
  phone: '01055556666',
  companyName: '부산모터스',
  pw: 'chat1234',
  cpw: 'chat1234',
};
const registration = { pw: 'start123', name: '이신입', phone: '01012345678', mail: 'newstaff@hanbit.kr' };

/** The id's refusal message, or the id as the schema stores it. */
function idOf(schema: z.ZodType, input: Record<string, unknown>): string {
  const res = schema.safeParse(input);
  if (res.success) return (res.data as { id: string }).id;
  return res.error.issues.find((i) => i.path.join('.') === 'id')?.message ?? 'no issue on id';
}

const LOOK_ALIKES = [
  'sub\u200b@partsmall.kr', // zero-width space
  'ＡＡ@b.kr', // full-width letters
  'ｓｕｂ@partsmall.kr',
  '데모@partsmall.kr',
  'demo@파츠몰.한국',
  'de\u00admo@partsmall.kr', // soft hyphen
];
/** Mail-shaped but ill-formed: an empty label in the domain, e.g. a trailing dot, reads as another member's id. */
const ILL_FORMED = ['sub@partsmall.kr.', 'Sub@Partsmall.KR.', 'sub@partsmall..kr', 'sub@.partsmall.kr', 'a@b.kr..'];
const JOIN_SHAPE = '아이디는 메일 주소 형식으로 입력하세요.';
const ACCOUNT_SHAPE = '계정은 메일 주소 형식으로 입력하세요.';
const RESERVED = ['withdrawn-5@withdrawn.invalid', 'Withdrawn-12@Withdrawn.INVALID', 'me@my.invalid', 'me@my.invalid.'];

describe('a new login id: a company join, a sub-account join and the chat sign-up', () => {
  const forms: [string, z.ZodType, Record<string, unknown>][] = [
    ['company join', joinRequest, companyJoin],
    ['sub-account join', joinRequest, subJoin],
    ['chat sign-up', chatJoinRequest, chatJoin],
  ];
  it.each(forms)('%s: refuses characters outside printable ASCII, saying so', (_, schema, form) => {
    for (const id of LOOK_ALIKES) expect(idOf(schema, { ...form, id }), id).toBe(JOIN_ASCII);
  });
  it.each(forms)("%s: refuses the reserved '.invalid' form", (_, schema, form) => {
    for (const id of RESERVED) expect(idOf(schema, { ...form, id }), id).toBe(JOIN_RESERVED);
  });
  it.each(forms)(
    '%s: refuses an id whose domain has an empty label (a trailing dot), as ill-formed',
    (_, schema, form) => {
      for (const id of ILL_FORMED) expect(idOf(schema, { ...form, id }), id).toBe(JOIN_SHAPE);
    },
  );
  it.each(forms)('%s: takes every printable ASCII character and an .invalid not at the end', (_, schema, form) => {
    expect(idOf(schema, { ...form, id: "!#$%&'*+-/=?^_`{|}~@a.kr" })).toBe("!#$%&'*+-/=?^_`{|}~@a.kr");
    expect(idOf(schema, { ...form, id: ' Me.Invalid@Saehan.kr ' })).toBe('me.invalid@saehan.kr');
    expect(idOf(schema, { ...form, id: 'me@withdrawn.invalid.kr' })).toBe('me@withdrawn.invalid.kr');
    expect(idOf(schema, { ...form, id: 'me@shop.invalidkr' })).toBe('me@shop.invalidkr');
  });
});

describe("a sub-account's registration (api/setMallMemberInfo without seq)", () => {
  it("refuses look-alike characters and the '.invalid' form with the account's messages", () => {
    for (const id of LOOK_ALIKES) expect(idOf(saveMemberRequest, { ...registration, id }), id).toBe(ACCOUNT_ASCII);
    for (const id of RESERVED) expect(idOf(saveMemberRequest, { ...registration, id }), id).toBe(ACCOUNT_RESERVED);
  });
  it('refuses an id whose domain has an empty label (a trailing dot) with the shape message', () => {
    for (const id of ILL_FORMED) expect(idOf(saveMemberRequest, { ...registration, id }), id).toBe(ACCOUNT_SHAPE);
  });
  it('takes a printable ASCII id, lower-cased', () => {
    expect(idOf(saveMemberRequest, { ...registration, id: 'New~Staff@Hanbit.kr' })).toBe('new~staff@hanbit.kr');
    expect(idOf(saveMemberRequest, { ...registration, id: 'me@withdrawn.invalid.kr' })).toBe('me@withdrawn.invalid.kr');
  });
});

describe("a staff account's id (api/createStaff)", () => {
  const staff = { name: '박직원', phone: '01022223333' };
  const STAFF_ID = '아이디는 5~50자의 메일 주소로 입력하세요.';
  it("refuses look-alike characters with the staff form's message and the '.invalid' form as a join does", () => {
    for (const id of LOOK_ALIKES) expect(idOf(createStaffRequest, { ...staff, id }), id).toBe(STAFF_ID);
    for (const id of RESERVED.slice(0, 3)) expect(idOf(createStaffRequest, { ...staff, id }), id).toBe(JOIN_RESERVED);
    for (const id of ILL_FORMED) expect(idOf(createStaffRequest, { ...staff, id }), id).toBe(STAFF_ID);
  });
  it('takes a mail address, lower-cased, with .invalid not at the end', () => {
    expect(idOf(createStaffRequest, { ...staff, id: ' Kim.Staff@PartsMall.kr ' })).toBe('kim.staff@partsmall.kr');
    expect(idOf(createStaffRequest, { ...staff, id: 'me@withdrawn.invalid.kr' })).toBe('me@withdrawn.invalid.kr');
  });
});

describe('a login takes the ids stored before the rule', () => {
  it('look-alike, .invalid and ill-formed ids still log in: only their shape is checked', () => {
    for (const id of [...LOOK_ALIKES, ...RESERVED, ...ILL_FORMED])
      expect(idOf(loginRequest, { id, pw: 'demo1234' }), id).toBe(id.trim().toLowerCase());
  });
});
