import { describe, expect, it } from 'vitest';
import { chargeForm, closedText, defaultOption, steppedAmount, typedAmount } from './PaySections';

describe('cash charge amount', () => {
  it('keeps digits, no leading zero; anything else as typed, never another amount', () => {
    expect(typedAmount('001234')).toBe('1234');
    expect(typedAmount('50,000')).toBe('50000');
    // Won has no fractions: 1500.5 was kept as 15005 (15,005원), an amount never asked for.
    expect(typedAmount('1500.5')).toBe('1500.5');
    expect(typedAmount('0012a34')).toBe('0012a34');
    expect(typedAmount('000')).toBe('');
    // Every digit is kept, for the max rule to refuse: a pasted 100,000,000 was cut to 10,000,000.
    expect(typedAmount('123456789')).toBe('123456789');
    expect(typedAmount('100,000,000')).toBe('100000000');
    // A Korean keyboard's full-width mode types digits and commas as ＡＳＣＩＩ's look-alikes: the same number.
    expect(typedAmount('１５，０００')).toBe('15000');
    expect(typedAmount('０１２３')).toBe('123');
    expect(typedAmount('１５００．５')).toBe('１５００．５');
  });

  it('steps between 1,000 and 10,000,000', () => {
    expect(steppedAmount(1234, -5000)).toBe(1000);
    expect(steppedAmount(1000, -1000)).toBe(1000);
    expect(steppedAmount(9_990_000, 50_000)).toBe(10_000_000);
    expect(steppedAmount(40_000, 10_000)).toBe(50_000);
  });

  it("refuses blank, under 1,000 and over 10,000,000 with the screen's messages", () => {
    const issue = (amount: string) =>
      chargeForm.safeParse({ pgcode: 'creditcard', amount }).error?.issues[0]?.message ?? null;
    expect(issue('')).toBe('충전할 금액을 입력하세요.');
    expect(issue('999')).toBe('최소 결제금액은 1,000원 입니다.');
    expect(issue('1500.5')).toBe('충전 금액은 숫자로만 입력하세요. 원 단위 아래(소수점)는 입력할 수 없습니다.');
    expect(issue('5만')).toBe('충전 금액은 숫자로만 입력하세요. 원 단위 아래(소수점)는 입력할 수 없습니다.');
    expect(issue('1000')).toBeNull();
    expect(issue('10000000')).toBeNull();
    expect(issue('10000001')).toBe('최대 결제금액은 1,000만원 입니다.');
    expect(issue('100000000')).toBe('최대 결제금액은 1,000만원 입니다.');
    expect(chargeForm.parse({ pgcode: 'banktransfer', amount: '50000' })).toEqual({
      pgcode: 'banktransfer',
      amount: 50_000,
    });
  });
});

describe('licence purchase', () => {
  it('opens on the 30,000-won package when the configuration has it, else the first', () => {
    const p = (price: number, days: number) => ({ price, days, content: `${days}일` });
    expect(defaultOption([p(3000, 1), p(30_000, 30), p(90_000, 90)])).toBe(1);
    expect(defaultOption([p(90_000, 90), p(200_000, 365)])).toBe(0);
  });
});

describe('what the page says once the payment window closed', () => {
  it('charged, declined, awaiting a deposit, unfinished; only that it closed when the status is unknown', () => {
    expect(closedText('cash', { pgcode: 'creditcard', status: 'paid' })).toBe('결제가 완료되어 캐시가 충전되었습니다.');
    expect(closedText('license', { pgcode: 'banktransfer', status: 'paid' })).toBe(
      '결제가 완료되어 라이선스 기간이 늘었습니다.',
    );
    expect(closedText('cash', { pgcode: 'creditcard', status: 'declined' })).toBe(
      '결제가 거절되었습니다. 결제된 금액은 없습니다.',
    );
    expect(closedText('cash', { pgcode: 'banktransfer', status: 'pending' })).toMatch(/^입금을 기다리고 있습니다/);
    expect(closedText('cash', { pgcode: 'creditcard', status: 'pending' })).toMatch(/^결제가 완료되지 않았습니다/);
    expect(closedText('cash', null)).toBe('결제창이 닫혔습니다. 잔액을 새로 불러왔습니다.');
  });
});
