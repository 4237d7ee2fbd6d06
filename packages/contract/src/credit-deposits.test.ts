import { describe, expect, it } from 'vitest';
import { recordDepositRequest } from './credit-deposits.js';

/** A deposit staff type in is 1 won to 1조 won, and its refusal names both ends (docs/requirements.md#credit-deposits). */
const MESSAGE = '입금액은 1원 이상 1조원 이하의 정수(원)로 입력하세요.';
const deposit = (amount: unknown) =>
  recordDepositRequest.safeParse({ depositorName: '서울공업사', amount, depositedAt: '2026-05-04' });

describe('recordDepositRequest amount', () => {
  it.each([1, 1_000_000_000_000])('takes %d', (amount) => {
    expect(deposit(amount).data?.amount).toBe(amount);
  });

  it.each([0, 1_000_000_000_001, 1.5, '1000'])('refuses %o naming 1원 and 1조원', (amount) => {
    expect(deposit(amount).error?.issues.map((i) => i.message)).toEqual([MESSAGE]);
  });
});
