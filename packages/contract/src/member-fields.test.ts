import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { memberListItem, memberStateRequest, memberTypeRequest, saveMemberRequest } from './member-accounts.js';
import { chatJoinRequest, joinRequest } from './auth.js';
import { MSG } from './messages.js';
import {
  MSG_MEMBER,
  addressSeqRequest,
  memberSeqRequest,
  updateCompanyInfoRequest,
  updateMyInfoRequest,
} from './member-info.js';

/**
 * The member area's ids (docs/requirements.md#validation) are a number or a string of digits, and
 * api/stateMemberInfo takes the list's row back as the original client sends it.
 */

const BAD_REQUEST = '요청 형식이 올바르지 않습니다.';
const edit = { name: '이신입', phone: '01012345678', mail: 'newstaff@hanbit.kr' };

/** The parsed seq, or the message of the issue on seq. */
function seqOf(schema: z.ZodType, input: Record<string, unknown>): unknown {
  const res = schema.safeParse(input);
  if (res.success) return (res.data as { seq: unknown }).seq;
  return res.error.issues.find((i) => i.path.join('.') === 'seq')?.message ?? 'no issue on seq';
}

describe('a member-area id: a number or a string of digits', () => {
  const MEMBER = '회원을 선택하세요.';
  const calls: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['an address (addressSeqRequest)', addressSeqRequest, {}, '배송지를 찾을 수 없습니다.'],
    ['a password reset (memberSeqRequest)', memberSeqRequest, {}, MEMBER],
    ['a type change', memberTypeRequest, { type: 1 }, MEMBER],
    ['a stop', memberStateRequest, {}, MEMBER],
    ["an account's edit", saveMemberRequest, edit, MEMBER],
  ];
  it.each(calls)('%s takes 12 and "12", 1 and 2147483647', (_, schema, rest) => {
    expect(seqOf(schema, { ...rest, seq: 12 })).toBe(12);
    expect(seqOf(schema, { ...rest, seq: '12' })).toBe(12);
    expect(seqOf(schema, { ...rest, seq: '1' })).toBe(1);
    expect(seqOf(schema, { ...rest, seq: '2147483647' })).toBe(2_147_483_647);
  });
  it.each(calls)('%s refuses anything else with the field message', (_, schema, rest, message) => {
    for (const seq of [0, '0', -1, 1.5, '2147483648', ' 12', '12 ', '1e3', '0x1', '', true, null, [12], { n: 12 }])
      expect(seqOf(schema, { ...rest, seq }), JSON.stringify(seq)).toBe(message);
  });
  it("my info's seq (sent by the form, ignored) takes a string of digits too", () => {
    const form = { ...edit, name: '이신입' };
    expect(seqOf(updateMyInfoRequest, { ...form, seq: '12' })).toBe(12);
    expect(seqOf(updateMyInfoRequest, { ...form, seq: 12 })).toBe(12);
    expect(seqOf(updateMyInfoRequest, form)).toBeUndefined();
    expect(seqOf(updateMyInfoRequest, { ...form, seq: true })).toBe(BAD_REQUEST);
  });
});

describe('api/stateMemberInfo: the row as the list answers it', () => {
  const row = memberListItem.parse({
    seq: 7,
    id: 'sub@partsmall.kr',
    name: '최민지',
    phone: '01012345602',
    mail: 'sub@partsmall.kr',
    type: 1,
    status: 'active',
    created: '2026-01-05T01:02:03.000Z',
  });
  const target = (input: Record<string, unknown>) => {
    const res = memberStateRequest.safeParse(input);
    if (!res.success) return res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    return { seq: res.data.seq, targetStatus: res.data.targetStatus };
  };
  it("stops the account: the row's status is what the account is, not what it becomes", () => {
    expect(target(row)).toEqual({ seq: 7, targetStatus: 'stopped' });
    expect(target({ ...row, status: 'stopped' })).toEqual({ seq: 7, targetStatus: 'stopped' });
    expect(target({ seq: 7 })).toEqual({ seq: 7, targetStatus: 'stopped' });
  });
  it('lets a stopped account in again only by our own field targetStatus', () => {
    expect(target({ ...row, status: 'stopped', targetStatus: 'active' })).toEqual({ seq: 7, targetStatus: 'active' });
    expect(target({ seq: 7, targetStatus: 'active' })).toEqual({ seq: 7, targetStatus: 'active' });
    expect(target({ seq: 7, targetStatus: 'stopped' })).toEqual({ seq: 7, targetStatus: 'stopped' });
    expect(target({ seq: 7, targetStatus: 'withdrawn' })).toEqual(['targetStatus: 계정 상태를 다시 선택하세요.']);
  });
  it('the target field is none of the fields the list row carries', () => {
    expect(Object.keys(memberListItem.shape)).not.toContain('targetStatus');
  });
});

describe('a company’s 상호, 대표자 and 주소 hold no emoji: the 거래명세서 and 세금계산서 print them', () => {
  const company = {
    license: '1234567891',
    name: '한빛모터스(주)',
    ceo: '김한빛',
    phone: '0212345678',
    postMain: '06236',
    addrMain: '서울 강남구 테헤란로 123',
    addrSub: '4층 #401',
  };
  const join = {
    license: '1234567891',
    companyName: '한빛모터스',
    companyArea: '서울',
    id: 'new@hanbit.kr',
    pw: 'abcd1234!',
    cpw: 'abcd1234!',
    phone: '01012345678',
    authCode: '123456',
    policy: true,
    privacy: true,
  };
  const issues = (schema: z.ZodType, input: Record<string, unknown>) => {
    const res = schema.safeParse(input);
    return res.success ? [] : res.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('takes names and addresses as a registration writes them', () => {
    expect(issues(updateCompanyInfoRequest, company)).toEqual([]);
    expect(issues(updateCompanyInfoRequest, { ...company, name: '㈜한빛 AUTO & Parts', ceo: '金한빛' })).toEqual([]);
    expect(issues(joinRequest, join)).toEqual([]);
  });

  it.each([
    ['name', '한빛모터스🚗', MSG.companyNamePictograph],
    ['ceo', '김한빛😀', MSG_MEMBER.ceoPictograph],
    ['addrMain', '서울 강남구 테헤란로 123 ⭐', MSG_MEMBER.addrPictograph],
    ['addrSub', '4층 ❤️', MSG_MEMBER.addrPictograph],
    ['addrSub', '4층 🇰🇷', MSG_MEMBER.addrPictograph],
  ])('the company edit refuses %s %s', (field, value, message) => {
    expect(issues(updateCompanyInfoRequest, { ...company, [field]: value })).toEqual([[field, message]]);
  });

  it('the join and the chat join refuse an emoji in the 상호', () => {
    expect(MSG.companyNamePictograph).toBe(
      '상호에는 이모지 같은 그림 문자를 넣을 수 없습니다. 사업자등록증에 적힌 대로 입력하세요.',
    );
    expect(issues(joinRequest, { ...join, companyName: '한빛🔧모터스' })).toEqual([
      ['companyName', MSG.companyNamePictograph],
    ]);
    const chat = {
      companyArea: '서울',
      phone: '01012345678',
      companyName: '🔧',
      id: 'a@b.kr',
      pw: 'abcd1234!',
      cpw: 'abcd1234!',
    };
    expect(issues(chatJoinRequest, chat)).toEqual([['companyName', MSG.companyNamePictograph]]);
  });
});
