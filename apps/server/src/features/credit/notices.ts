/** The 알림톡 of credit statements (docs/requirements.md#overdue): issued at the close, D-3, due day, D+7. */
import type { Tx } from '../../db/client.js';
import { enqueue } from '../../shared/job-queue.js';
import { statementName } from './rules.js';
import type { StatementDbRow } from './tables.js';

export type StatementNotice = 'issued' | 'd-3' | 'due' | 'd+7';

const NOTES: Record<Exclude<StatementNotice, 'issued'>, string> = {
  'd-3': '결제기한이 3일 남았습니다.',
  due: '오늘이 결제기한입니다.',
  'd+7': '결제기한이 7일 지났습니다. 결제되지 않으면 외상 주문이 보류될 수 있습니다.',
};

/** Writes the statement's notice as a `notify.send` job of the caller's transaction, once per statement and kind. */
export function notifyStatement(
  tx: Tx,
  s: Pick<StatementDbRow, 'id' | 'companyId' | 'month' | 'amountDue' | 'paid' | 'closing' | 'dueDate'>,
  kind: StatementNotice,
  key = `statement:${s.id}:${kind}`,
) {
  const statement = statementName(s.month);
  const values: Record<string, string | number> =
    kind === 'issued'
      ? { statement, amount: s.amountDue, closing: s.closing, dueDate: s.dueDate }
      : { statement, amount: s.amountDue - s.paid, dueDate: s.dueDate, note: NOTES[kind] };
  return enqueue(
    tx,
    'notify.send',
    { event: kind === 'issued' ? 'creditStatement' : 'creditReminder', companyId: s.companyId, values },
    { key },
  );
}
