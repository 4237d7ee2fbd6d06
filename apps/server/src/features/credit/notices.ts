/** The 알림톡 of credit statements (docs/requirements.md#overdue): issued at the close, D-3, due day, D+7. */
import { formatWon } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { enqueue } from '../../shared/job-queue.js';
import { statementName } from './rules.js';
import type { StatementDbRow } from './schema.js';

export type StatementNotice = 'issued' | 'd-3' | 'due' | 'd+7';

const NOTES: Record<Exclude<StatementNotice, 'issued'>, string> = {
  'd-3': '결제기한이 3일 남았습니다.',
  due: '오늘이 결제기한입니다.',
  'd+7': '결제기한이 7일 지났습니다. 결제되지 않으면 외상 주문이 보류될 수 있습니다.',
};

type NoticeStatement = Pick<
  StatementDbRow,
  'id' | 'companyId' | 'month' | 'amountDue' | 'paid' | 'closing' | 'dueDate'
>;

/**
 * The 알림톡 a statement's notice sends. The issued notice names the statement's 청구금액; one already
 * partly paid (credit settled at the close, a payment before 다시 보내기) is asked for what is left
 * instead, in the reminder's words with its 미결제 금액, so the buyer never pays the whole again.
 */
export function statementNotice(
  s: NoticeStatement,
  kind: StatementNotice,
): { event: 'creditStatement' | 'creditReminder'; values: Record<string, string | number> } {
  const statement = statementName(s.month);
  if (kind === 'issued' && s.paid === 0)
    return {
      event: 'creditStatement',
      values: { statement, amount: s.amountDue, closing: s.closing, dueDate: s.dueDate },
    };
  const note =
    kind === 'issued' ? `청구금액 ${formatWon(s.amountDue)} 중 ${formatWon(s.paid)}이 결제되었습니다.` : NOTES[kind];
  return {
    event: 'creditReminder',
    values: { statement, amount: s.amountDue - s.paid, dueDate: s.dueDate, note },
  };
}

/** Writes the statement's notice as a `notify.send` job of the caller's transaction, once per statement and kind. */
export function notifyStatement(tx: Tx, s: NoticeStatement, kind: StatementNotice, key = `statement:${s.id}:${kind}`) {
  const { event, values } = statementNotice(s, kind);
  return enqueue(tx, 'notify.send', { event, companyId: s.companyId, values }, { key });
}
