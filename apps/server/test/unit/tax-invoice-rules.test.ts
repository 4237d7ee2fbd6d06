import { describe, expect, it } from 'vitest';
import { modifyCodeOf } from '../../src/features/tax-invoices/issue.js';
import { pastIssueDeadline, popbillLines } from '../../src/features/tax-invoices/popbill.js';

/** The rules of 수정세금계산서 and Popbill's limits (docs/requirements.md#tax-invoices). */
describe('수정사유', () => {
  it('a 반품 is 환입 (3), whole or part of the invoice', () => {
    expect(modifyCodeOf('return', -22_000, 22_000)).toBe(3);
    expect(modifyCodeOf('return', -10_000, 55_000)).toBe(3);
  });
  it('a cancelled sale undoing the whole invoice is 계약의 해제 (4); part of it is 공급가액 변동 (2)', () => {
    expect(modifyCodeOf('cancel', -22_000, 22_000)).toBe(4);
    expect(modifyCodeOf('cancel', -22_000, 66_000)).toBe(2);
  });
});

describe('지연발행', () => {
  it('is needed from the 11th of the month after the 작성일자 (Seoul)', () => {
    expect(pastIssueDeadline('20261130', new Date('2026-12-10T14:59:59Z'))).toBe(false);
    expect(pastIssueDeadline('20261130', new Date('2026-12-10T15:00:00Z'))).toBe(true);
    expect(pastIssueDeadline('20261215', new Date('2027-01-10T12:00:00Z'))).toBe(false);
    expect(pastIssueDeadline('20261215', new Date('2027-01-11T00:00:00Z'))).toBe(true);
  });
});

describe('품목 lines', () => {
  const line = (n: number) => ({ name: `주문 #${n}`, supply: 1_000, tax: 100, total: 1_100, date: '20261130' });
  it('99 lines go as they are', () => {
    const items = Array.from({ length: 99 }, (_, i) => line(i + 1));
    expect(popbillLines(items)).toEqual(items);
  });
  it('beyond 99, the 99th line stands for the rest with their sum: nothing is dropped', () => {
    const items = Array.from({ length: 150 }, (_, i) => line(i + 1));
    const lines = popbillLines(items);
    expect(lines).toHaveLength(99);
    expect(lines[97]).toEqual(line(98));
    expect(lines[98]).toEqual({
      name: '그 밖의 주문 52건',
      supply: 52_000,
      tax: 5_200,
      total: 57_200,
      date: '20261130',
    });
    expect(lines.reduce((s, l) => s + l.total, 0)).toBe(150 * 1_100);
  });
});
