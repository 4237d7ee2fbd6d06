import { describe, expect, it } from 'vitest';
import { chatJoinRequest, joinRequest, personNameField } from '../src/auth.js';
import { memberListRequest, editMemberRequest } from '../src/member-accounts.js';
import {
  editedNameField,
  nameChangeRefusal,
  updateCompanyInfoRequest,
  updateMyInfoRequest,
} from '../src/member-info.js';
import { createStaffRequest, setStaffStatusRequest } from '../src/admin-staff.js';
import { MSG } from '../src/messages.js';
import { hasVisibleText } from '../src/rules.js';
import { chatJoin, companyJoin, messageFor } from './auth-fixtures.js';

/** Names of accounts and companies (docs/requirements.md#validation): visible, and what a join stored stays savable. */

// A zero-width space, Hangul fillers (compatibility, choseong and jungseong, half-width), and a mix.
const INVISIBLE = ['\u200b', '\u3164', '\u3164\u3164', '\u115f\u1160', '\uffa0\uffa0', ' \u200b\u3164 '];

const subJoin = { ...companyJoin, companyName: undefined, companyArea: undefined, securityNum: '482913' };

describe('hasVisibleText', () => {
  it.each(INVISIBLE)('%j shows nothing', (v) => expect(hasVisibleText(v)).toBe(false));
  it('a visible character with format characters around it shows', () => {
    expect(hasVisibleText('\u200b가\u200b')).toBe(true);
    expect(hasVisibleText('👨\u200d🔧')).toBe(true);
    expect(hasVisibleText('a')).toBe(true);
  });
});

describe('a company name shows a character', () => {
  it.each(INVISIBLE)('%j is refused as a blank one, in the join and the chat sign-up', (name) => {
    expect(messageFor(joinRequest, { ...companyJoin, companyName: name }, 'companyName')).toBe('상호를 입력하세요.');
    expect(messageFor(chatJoinRequest, { ...chatJoin, companyName: name }, 'companyName')).toBe('상호를 입력하세요.');
    // With a visible character, the invisible one is kept.
    const shown = { ...companyJoin, companyName: `한빛${name}모터스` };
    expect(messageFor(joinRequest, shown, 'companyName')).toBeNull();
  });
});

describe("a person's name typed (personNameField)", () => {
  const said = (v: unknown) => {
    const r = personNameField.safeParse(v);
    return r.success ? r.data : r.error.issues[0]!.message;
  };
  it.each(INVISIBLE)('%j is refused as a blank one', (v) => expect(said(v)).toBe('이름을 입력하세요.'));
  it('2-20 characters, trimmed', () => {
    expect(said(' 김부장 ')).toBe('김부장');
    expect(said('김')).toBe('이름은 2~20자로 입력하세요.');
    expect(said('가'.repeat(20))).toBe('가'.repeat(20));
    expect(said('가'.repeat(21))).toBe('이름은 2~20자로 입력하세요.');
    expect(said('')).toBe('이름을 입력하세요.');
    expect(said(3)).toBe('이름을 입력하세요.');
  });
  it("the company's 대표 is a person's name too", () => {
    const company = {
      license: '1248100998',
      name: '한빛',
      ceo: '\u3164\u3164',
      phone: '0212345678',
      postMain: '04799',
      addrMain: '서울 성동구',
    };
    expect(messageFor(updateCompanyInfoRequest, company, 'ceo')).toBe('대표를 입력하세요.');
    expect(messageFor(updateCompanyInfoRequest, { ...company, ceo: '김대표' }, 'ceo')).toBeNull();
  });
});

describe("the sub-account join's name (ours, optional)", () => {
  it('absent or blank means none; else the typed-name rule, each limit with its Korean message', () => {
    expect(joinRequest.parse(subJoin).name).toBeUndefined();
    expect(joinRequest.parse({ ...subJoin, name: '  ' }).name).toBeUndefined();
    expect(joinRequest.parse({ ...subJoin, name: ' 김부장 ' }).name).toBe('김부장');
    expect(messageFor(joinRequest, { ...subJoin, name: '가'.repeat(21) }, 'name')).toBe('이름은 2~20자로 입력하세요.');
    expect(messageFor(joinRequest, { ...subJoin, name: '김' }, 'name')).toBe('이름은 2~20자로 입력하세요.');
    expect(messageFor(joinRequest, { ...subJoin, name: '\u3164\u3164' }, 'name')).toBe('이름을 입력하세요.');
    expect(messageFor(joinRequest, { ...subJoin, name: 7 }, 'name')).toBe('이름을 입력하세요.');
  });
  it('a contact number that is not text gets its own message, not the generic one', () => {
    expect(messageFor(joinRequest, { ...subJoin, phoen: 212345678 }, 'phoen')).toBe(MSG.contactDigits);
  });
});

describe('an account name that a join stored is saved unchanged (my info, a sub-account edit)', () => {
  const info = { name: '', phone: '01077778888', mail: 'owner@test.kr' };
  // A company name of 1 or 30 characters, or a login id's part before '@' of 30.
  const stored = ['가', '한빛수입자동차부품유통주식회사'.repeat(2), 'a'.repeat(30)];

  it.each(stored)('%j unchanged passes the call and the form', (name) => {
    expect(messageFor(updateMyInfoRequest, { ...info, name }, 'name')).toBeNull();
    expect(messageFor(editMemberRequest, { ...info, seq: 3, name }, 'name')).toBeNull();
    expect(nameChangeRefusal(name, name)).toBeNull();
    expect(
      messageFor(updateMyInfoRequest.extend({ name: editedNameField(name) }), { ...info, name }, 'name'),
    ).toBeNull();
  });

  it('a changed name follows the typed-name rule', () => {
    expect(nameChangeRefusal('김', '가')).toBe('이름은 2~20자로 입력하세요.');
    expect(nameChangeRefusal('가'.repeat(21), '가'.repeat(30))).toBe('이름은 2~20자로 입력하세요.');
    expect(nameChangeRefusal('\u200b', '가')).toBe('이름을 입력하세요.');
    expect(nameChangeRefusal('김영업', '가')).toBeNull();
    const form = updateMyInfoRequest.extend({ name: editedNameField('a'.repeat(30)) });
    expect(messageFor(form, { ...info, name: 'a'.repeat(29) }, 'name')).toBe('이름은 2~20자로 입력하세요.');
    expect(messageFor(form, { ...info, name: ' ' }, 'name')).toBe('이름을 입력하세요.');
    // The call still refuses what no join stores: blank, over 50, control characters.
    expect(messageFor(updateMyInfoRequest, { ...info, name: ' ' }, 'name')).toBe('이름을 입력하세요.');
    expect(messageFor(updateMyInfoRequest, { ...info, name: '가'.repeat(51) }, 'name')).toBe(
      '이름은 2~20자로 입력하세요.',
    );
    expect(messageFor(updateMyInfoRequest, { ...info, name: '김\u0000' }, 'name')).toBe(MSG.textInvalid);
  });
});

describe('the sub-account search', () => {
  it('a keyword over 50 characters gets its Korean message', () => {
    expect(messageFor(memberListRequest, { searchKeyword: '가'.repeat(51) }, 'searchKeyword')).toBe(
      '검색어는 50자 이내로 입력하세요.',
    );
    expect(messageFor(memberListRequest, { searchKeyword: '가'.repeat(50) }, 'searchKeyword')).toBeNull();
  });
});

describe("a staff account's form (the back office)", () => {
  const staff = { id: 'staff2@partsmall.kr', name: '상담원 이바다', phone: '01033334444', role: 'staff' };
  it.each(INVISIBLE)("%j is refused as a blank name, as a sub-account's", (name) => {
    expect(messageFor(createStaffRequest, { ...staff, name }, 'name')).toBe('이름을 입력하세요.');
  });
  it('each field says its own Korean message, for a wrong value and a wrong type', () => {
    expect(messageFor(createStaffRequest, staff, 'name')).toBeNull();
    expect(messageFor(createStaffRequest, { ...staff, name: '김' }, 'name')).toBe('이름은 2~20자로 입력하세요.');
    expect(messageFor(createStaffRequest, { ...staff, id: 'staff2' }, 'id')).toBe(
      '아이디는 5~50자의 메일 주소로 입력하세요.',
    );
    expect(messageFor(createStaffRequest, { ...staff, id: 7 }, 'id')).toBe('아이디는 5~50자의 메일 주소로 입력하세요.');
    expect(messageFor(createStaffRequest, { ...staff, phone: 1033334444 }, 'phone')).toBe(
      '연락처는 숫자 9~11자리로 입력하세요.',
    );
    expect(messageFor(createStaffRequest, { ...staff, role: 'owner' }, 'role')).toBe(
      '권한은 직원 또는 관리자 중에서 고르세요.',
    );
    expect(messageFor(setStaffStatusRequest, { seq: 4, status: 'gone' }, 'status')).toBe(
      '상태는 사용 또는 정지 중에서 고르세요.',
    );
  });
});
