import { describe, expect, it } from 'vitest';
import { MSG_ADMIN, MSG_CREDIT } from '@partsmall/contract';
import { companyIdForm, creditAccountForm, depositForm, monthForm, previousMonth, wholeNumber } from './form';

const account = {
  companyId: 7,
  status: 'active' as const,
  limit: '5,000,000',
  allowExceed: false,
  termCode: 'EOM_NEXT_10',
  graceDays: '5',
  overdueThreshold: '0',
  allowSubAccounts: true,
  reason: '신규 외상 거래 승인',
};

/** The messages of a refused form, by field. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe('the credit account form', () => {
  it('reads a limit typed with separators and sends the contract payload', () => {
    expect(creditAccountForm.parse(account)).toEqual({
      companyId: 7,
      status: 'active',
      limit: 5_000_000,
      allowExceed: false,
      termCode: 'EOM_NEXT_10',
      graceDays: 5,
      overdueThreshold: 0,
      allowSubAccounts: true,
      reason: '신규 외상 거래 승인',
    });
  });

  it.each(['-1', '1.5', '오백만', '', '5e6'])('refuses a limit of %j with the Korean message', (limit) => {
    expect(messages(creditAccountForm.safeParse({ ...account, limit }))).toEqual({ limit: MSG_CREDIT.limitInvalid });
  });

  it('requires a reason of 2 to 200 characters, and says which fields are wrong', () => {
    expect(messages(creditAccountForm.safeParse({ ...account, reason: ' ' }))).toEqual({
      reason: MSG_ADMIN.reasonRequired,
    });
    expect(
      messages(creditAccountForm.safeParse({ ...account, graceDays: '400', overdueThreshold: '-5', reason: '' })),
    ).toEqual({
      graceDays: MSG_CREDIT.graceDaysInvalid,
      overdueThreshold: MSG_CREDIT.thresholdInvalid,
      reason: MSG_ADMIN.reasonRequired,
    });
  });

  it('turns typed numbers into whole numbers, anything else into NaN', () => {
    expect(wholeNumber('1,234,567')).toBe(1_234_567);
    expect(wholeNumber(' 12 000 ')).toBe(12_000);
    expect(wholeNumber('-1')).toBeNaN();
    expect(wholeNumber('1.5')).toBeNaN();
    expect(wholeNumber('')).toBeNaN();
  });
});

describe('the deposit, company and month forms', () => {
  const deposit = { depositorName: '가온모터스', amount: '1,100,000', depositedAt: '2026-11-10', companyId: '' };

  it('leaves the company out when none is typed, and sends it as a number when one is', () => {
    expect(depositForm.parse(deposit)).toEqual({
      depositorName: '가온모터스',
      amount: 1_100_000,
      depositedAt: '2026-11-10',
    });
    expect(depositForm.parse({ ...deposit, companyId: '12' })).toMatchObject({ companyId: 12 });
  });

  it('refuses a nameless, zero or wordy deposit and a company that is not a number', () => {
    expect(
      messages(depositForm.safeParse({ depositorName: ' ', amount: '0', depositedAt: '어제', companyId: 'x' })),
    ).toEqual({
      depositorName: MSG_CREDIT.depositorInvalid,
      amount: MSG_CREDIT.depositAmountInvalid,
      depositedAt: MSG_CREDIT.depositDateInvalid,
      companyId: '업체 번호는 1 이상의 정수로 입력하세요.',
    });
  });

  it('opens a company by a positive number only', () => {
    expect(companyIdForm.parse({ companyId: '42' })).toEqual({ companyId: 42 });
    expect(messages(companyIdForm.safeParse({ companyId: '0' }))).toEqual({
      companyId: '업체 번호는 1 이상의 정수로 입력하세요.',
    });
  });

  it('takes a month as YYYY-MM and starts a close at the month before today', () => {
    expect(monthForm.safeParse({ month: '2026-10' }).success).toBe(true);
    expect(messages(monthForm.safeParse({ month: '2026-13' }))).toEqual({ month: MSG_CREDIT.monthInvalid });
    expect(previousMonth('2026-11-29')).toBe('2026-10');
    expect(previousMonth('2027-01-01')).toBe('2026-12');
  });
});
