import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { saveMemberRequest } from './member-accounts.js';
import { updateCompanyInfoRequest, updateMyInfoRequest } from './member-info.js';
import { companyInvoiceInfoRequest } from './paperwork.js';

/**
 * docs/requirements.md#validation: a contact mail (my info's, an account's, the company's and its
 * 세금계산서 mail) is printable ASCII, as a new login id is: full-width letters ('ｍａｉｌ@ｔｅｓｔ.kr')
 * read as another address and reach nobody. Each is refused with the field's Korean message.
 */
const MAIL_ASCII = '메일 주소는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';

const LOOK_ALIKES = [
  'ｍａｉｌ@ｔｅｓｔ.kr', // full-width letters
  'ｍail@test.kr', // one full-width letter
  'mail@ｔｅｓｔ.kr',
  'mail@test.ｋｒ',
  'ma\u200bil@test.kr', // zero-width space
  'ma\u00adil@test.kr', // soft hyphen
  '메일주소@test.kr',
  'mail@파츠몰.한국',
];
const PRINTABLE = ["!#$%&'*+-/=?^_`{|}~@a.kr", 'mail@test.kr', 'Kim.Staff@PartsMall.kr'];

const myInfo = { name: '박준호', phone: '01012345678' };
const account = { name: '이신입', phone: '01012345678' };
const registration = { ...account, id: 'newstaff@hanbit.kr', pw: 'start123' };
const company = {
  license: '1248100998',
  name: '한빛수입차부품',
  ceo: '박준호',
  phone: '0212345678',
  postMain: '04790',
  addrMain: '서울 성동구 성수이로 77',
};

/** The message of the issue on `field`, or the value the schema keeps. */
function valueOf(schema: z.ZodType, input: Record<string, unknown>, field: string): unknown {
  const res = schema.safeParse(input);
  if (res.success) return (res.data as Record<string, unknown>)[field];
  return res.error.issues.find((i) => i.path.join('.') === field)?.message ?? res.error.issues[0]!.message;
}

const CONTACT_MAILS: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['my info (api/updateMyInfo)', updateMyInfoRequest, myInfo, 'mail'],
  ["a sub-account's registration (api/setMallMemberInfo)", saveMemberRequest, registration, 'mail'],
  ["an account's edit (api/setMallMemberInfo with seq)", saveMemberRequest, { ...account, seq: 3 }, 'mail'],
  ["the company's mail (api/setMallCompanyInfo)", updateCompanyInfoRequest, company, 'mail'],
  ["the company's 세금계산서 mail", updateCompanyInfoRequest, company, 'invoiceMail'],
  ["staff setting a company's 세금계산서 mail", companyInvoiceInfoRequest, { companyId: 3 }, 'invoiceMail'],
];

describe('a contact mail address', () => {
  it.each(CONTACT_MAILS)('%s refuses characters outside printable ASCII, saying so', (_, schema, rest, field) => {
    for (const mail of LOOK_ALIKES)
      expect(valueOf(schema, { ...rest, [field]: mail }, field), JSON.stringify(mail)).toBe(MAIL_ASCII);
  });
  it.each(CONTACT_MAILS)('%s takes every printable ASCII character', (_, schema, rest, field) => {
    for (const mail of PRINTABLE) expect(valueOf(schema, { ...rest, [field]: mail }, field), mail).toBe(mail);
  });
});
