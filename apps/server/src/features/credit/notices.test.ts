import { describe, expect, it } from 'vitest';
import { renderNotice } from '@partsmall/contract';
import { statementNotice } from './notices.js';

/** A statement of November 2026: 330,000원 billed, due 2026-12-10, 450,000원 owed at its close. */
const statement = {
  id: 7,
  companyId: 3,
  month: '2026-11',
  amountDue: 330_000,
  paid: 0,
  closing: 450_000,
  dueDate: '2026-12-10',
};
const text = (n: ReturnType<typeof statementNotice>) => renderNotice(n.event, { shop: '파츠몰', ...n.values }).text;

describe("a credit statement's 알림톡 (docs/requirements.md#overdue)", () => {
  it('an unpaid statement is announced with its 청구금액 and closing balance', () => {
    const notice = statementNotice(statement, 'issued');
    expect(notice.event).toBe('creditStatement');
    expect(text(notice)).toContain('청구금액: 330,000원\n기말 잔액: 450,000원');
  });

  it('one partly paid asks only for what is left, and says what was paid of what', () => {
    const notice = statementNotice({ ...statement, paid: 100_000 }, 'issued');
    expect(notice.event).toBe('creditReminder');
    expect(text(notice)).toContain('미결제 금액: 230,000원');
    expect(text(notice)).toContain('청구금액 330,000원 중 100,000원이 결제되었습니다.');
    expect(text(notice)).not.toContain('청구금액: 330,000원');
  });

  it('the reminders ask for what is left', () => {
    const notice = statementNotice({ ...statement, paid: 30_000 }, 'd-3');
    expect(text(notice)).toContain('미결제 금액: 300,000원');
    expect(text(notice)).toContain('결제기한이 3일 남았습니다.');
  });
});
