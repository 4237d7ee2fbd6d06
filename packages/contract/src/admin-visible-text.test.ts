import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adjustCashRequest, adjustLicenseRequest } from './admin-companies.js';
import { inquiryAnswerRequest, saveNoticeRequest } from './admin-notices.js';
import { changeStockRequest } from './admin-products.js';
import { liftCreditHoldRequest } from './credit.js';

/**
 * docs/requirements.md#validation: a text staff type for others to read (a notice's title, an
 * inquiry's answer, the reason of a cash, licence or stock change) shows a character. Spaces, Hangul
 * fillers and invisible format characters alone are refused with the field's 'required' message: a
 * title of U+3164 showed as an empty notice, a reason of U+200B as '관리자 조정: ' in the buyer's ledger.
 */
const INVISIBLE = ['\u3164', '\u3164\u3164', '\u200b\u200b', '\u115f\u1160', '\uffa0\u200b\u3164', ' \u200b '];

const TITLE = '제목을 입력하세요. (1~200자)';
const ANSWER = '답변을 입력하세요. (1~2000자)';
const REASON = '사유를 입력하세요. (2~200자)';

/** The message of the field's refusal, or 'ok' when the payload passes. */
function said(schema: z.ZodType, payload: Record<string, unknown>, field: string): string {
  const res = schema.safeParse(payload);
  if (res.success) return 'ok';
  return res.error.issues.find((i) => i.path.join('.') === field)?.message ?? 'no issue on ' + field;
}

const notice = { type: 0, title: '설 연휴 배송 안내', content: '<p>연휴 기간에는 출고가 늦어집니다.</p>' };
const answer = { seq: 7, answer: '확인 후 연락드리겠습니다.' };
const forms: [string, z.ZodType, Record<string, unknown>][] = [
  ['adjustCash', adjustCashRequest, { companyId: 3, amount: 5000, reason: '입금 누락 보정' }],
  ['adjustLicense', adjustLicenseRequest, { companyId: 3, days: 30, reason: '이벤트 지급' }],
  ['changeStock', changeStockRequest, { seq: 11, delta: -2, reason: '파손 폐기' }],
  ['liftCreditHold', liftCreditHoldRequest, { companyId: 3, reason: '연체금 입금 확인' }],
];

describe("a back-office text of invisible characters alone is refused with the field's message", () => {
  it("saveNotice: a title of fillers or zero-width spaces says '제목을 입력하세요.'", () => {
    expect(said(saveNoticeRequest, notice, 'title')).toBe('ok');
    for (const title of INVISIBLE) expect(said(saveNoticeRequest, { ...notice, title }, 'title'), title).toBe(TITLE);
  });

  it("answerInquiry: an answer of invisible characters says '답변을 입력하세요.'", () => {
    expect(said(inquiryAnswerRequest, answer, 'answer')).toBe('ok');
    for (const text of [...INVISIBLE, '\u200b'])
      expect(said(inquiryAnswerRequest, { ...answer, answer: text }, 'answer'), text).toBe(ANSWER);
    expect(said(inquiryAnswerRequest, { ...answer, answer: '\u3164\n\u200b' }, 'answer')).toBe(ANSWER);
  });

  it.each(forms)("%s: a reason of invisible characters says '사유를 입력하세요.'", (_, schema, payload) => {
    expect(said(schema, payload, 'reason')).toBe('ok');
    for (const reason of INVISIBLE)
      expect(said(schema, { ...payload, reason }, 'reason'), JSON.stringify(reason)).toBe(REASON);
  });

  it('keeps a text with one visible character among them, as written', () => {
    const titled = saveNoticeRequest.parse({ ...notice, title: '\u3164공지' });
    expect(titled.title).toBe('\u3164공지');
    expect(changeStockRequest.parse({ seq: 11, delta: 1, reason: '\u200b입고' }).reason).toBe('\u200b입고');
  });
});
