import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CALL_SCHEMAS } from './call-schemas.js';
import { addQuickOrderToCartRequest } from './quick-order.js';

/**
 * Every id a call names says what to choose when it is no id (docs/requirements.md#validation), as an
 * order's says '주문을 선택하세요.': `{"companyId": true}` answered the generic '요청 형식이 올바르지 않습니다.',
 * which tells staff nothing about which of the form's fields was wrong.
 */
const COMPANY = '업체를 선택하세요.';
const MEMBER = '회원을 선택하세요.';
const CASES: [call: keyof typeof CALL_SCHEMAS, field: string, message: string][] = [
  ['adminCompanyDetail', 'companyId', COMPANY],
  ['adminSetCompanyLevel', 'companyId', COMPANY],
  ['adminAdjustCash', 'companyId', COMPANY],
  ['adminAdjustLicense', 'companyId', COMPANY],
  ['adminSetCreditAccount', 'companyId', COMPANY],
  ['adminGetCreditAccount', 'companyId', COMPANY],
  ['adminLiftCreditHold', 'companyId', COMPANY],
  ['adminPayStatementFromCash', 'companyId', COMPANY],
  ['adminPreviewStatement', 'companyId', COMPANY],
  ['adminCloseMonth', 'companyId', COMPANY],
  ['adminAssignDeposit', 'companyId', COMPANY],
  ['adminSetCompanyInvoiceInfo', 'companyId', COMPANY],
  ['adminTaxInvoiceList', 'companyId', COMPANY],
  ['monthlyStatement', 'companyId', COMPANY],
  ['adminSetMemberStatus', 'memberId', MEMBER],
  ['initMallMemberPw', 'seq', MEMBER],
  ['setMallMemberType', 'seq', MEMBER],
  ['stateMemberInfo', 'seq', MEMBER],
  ['setMallShippingBasic', 'seq', '배송지를 찾을 수 없습니다.'],
  ['stateShippingInfo', 'seq', '배송지를 찾을 수 없습니다.'],
  ['orderStatement', 'seq', '주문을 선택하세요.'],
  ['adminConfirmDeposit', 'seq', '입금 내역을 선택하세요.'],
  ['adminAssignDeposit', 'seq', '입금 내역을 선택하세요.'],
  ['adminDismissDeposit', 'seq', '입금 내역을 선택하세요.'],
  ['adminRestoreDeposit', 'seq', '입금 내역을 선택하세요.'],
  ['adminNoticeDetail', 'seq', '공지사항을 선택하세요.'],
  ['adminSaveNotice', 'seq', '공지사항을 선택하세요.'],
  ['adminAnswerInquiry', 'seq', '문의를 선택하세요.'],
  ['adminCloseInquiry', 'seq', '문의를 선택하세요.'],
  ['statementPdf', 'seq', '명세서를 선택하세요.'],
  ['payStatement', 'seq', '명세서를 선택하세요.'],
  ['adminPayStatementFromCash', 'seq', '명세서를 선택하세요.'],
  ['adminResendStatement', 'seq', '명세서를 선택하세요.'],
  ['adminRetryTaxInvoice', 'seq', '세금계산서를 선택하세요.'],
  ['adminCancelTaxInvoice', 'seq', '세금계산서를 선택하세요.'],
  ['adminDeleteXref', 'seq', '호환품번 관계를 선택하세요.'],
  ['adminDeleteSynonym', 'seq', '동의어 묶음을 선택하세요.'],
  ['adminSaveSynonym', 'seq', '동의어 묶음을 선택하세요.'],
  ['adminRetryJob', 'id', '작업을 선택하세요.'],
];

/** The message of the issue at `field` when the body carries `value` there. */
function messageAt(call: keyof typeof CALL_SCHEMAS, field: string, value: unknown): string | undefined {
  const entry = CALL_SCHEMAS[call] as { body?: z.ZodType; query?: z.ZodType };
  const schema = (entry.body ?? entry.query)!;
  const issues = schema.safeParse({ [field]: value }).error?.issues ?? [];
  return issues.find((i) => i.path.join('.') === field)?.message;
}

describe('an id that is no id says what to choose', () => {
  it.each(CASES)('%s.%s', (call, field, message) => {
    for (const bad of [true, [], '1.0', -3, 0]) expect([bad, messageAt(call, field, bad)]).toEqual([bad, message]);
  });

  it('an id given as 3 or "3" raises no issue at its field', () => {
    const wrong = CASES.filter(([call, field]) => field !== 'id' && [3, '3'].some((v) => messageAt(call, field, v)));
    expect(wrong).toEqual([]);
  });
});

/**
 * A quick order's line names its product as the cart and the payment do: a number or a string of
 * digits ('322'); anything else says what to choose (docs/requirements.md#quick-order).
 */
describe("a quick order line's product", () => {
  const NO_LINES = '장바구니에 담을 상품을 선택하세요.';
  const lineIssue = (productId: unknown) => {
    const parsed = addQuickOrderToCartRequest.safeParse({ lines: [{ productId, qty: 2 }] });
    if (parsed.success) return { productId: parsed.data.lines[0]!.productId };
    const issue = parsed.error.issues[0]!;
    return { path: issue.path.join('.'), message: issue.message };
  };

  it('is taken as 322 or "322", and up to the largest row id', () => {
    expect(lineIssue(322)).toEqual({ productId: 322 });
    expect(lineIssue('322')).toEqual({ productId: 322 });
    expect(lineIssue('2147483647')).toEqual({ productId: 2_147_483_647 });
  });

  it.each([['abc'], ['1.5'], ['-1'], [''], [' 3'], ['0'], [0], [1.5], ['2147483648'], [true], [null]])(
    '%j is refused with what to choose',
    (bad) => {
      expect(lineIssue(bad)).toEqual({ path: 'lines.0.productId', message: NO_LINES });
    },
  );
});
