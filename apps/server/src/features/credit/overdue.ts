/**
 * Overdue (docs/requirements.md#overdue): a statement unpaid beyond its due date, the grace days and
 * the threshold puts the account on hold; paying it lifts a hold the check put on. The daily job also
 * writes the D-3, due-day and D+7 알림톡, each once per statement.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { MSG_CREDIT } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { seoulDay } from '@partsmall/contract';
import { SYSTEM, auditCreditChange } from './accounts.js';
import { notifyStatement } from './notices.js';
import { findCreditAccount, unpaidStatements } from './repository.js';
import { isHoldingOverdue, reminderDue, statementName } from './rules.js';
import { creditAccounts, statements } from './schema.js';

/**
 * Puts an active account on hold when a statement is overdue beyond its grace and threshold, or lifts
 * a hold the check put on when none is any more (a hold staff set stays). A hold the check put on
 * whose statement is paid while another is still overdue names that one instead: its reason is what
 * the buyer reads. Answers the change made.
 */
export async function reevaluateHold(
  tx: Tx,
  companyId: number,
  now: Date = new Date(),
): Promise<'held' | 'lifted' | 'renamed' | null> {
  const account = await findCreditAccount(tx, companyId, true);
  if (!account || account.status === 'suspended') return null;
  const today = seoulDay(now);
  const overdue = (await unpaidStatements(tx, companyId)).find((s) => isHoldingOverdue(s, account, today));
  const checkHold = account.status === 'on_hold' && account.holdStatementId !== null;
  if (overdue && (account.status === 'active' || (checkHold && account.holdStatementId !== overdue.id))) {
    const [after] = await tx
      .update(creditAccounts)
      .set({
        status: 'on_hold',
        holdReason: MSG_CREDIT.onHold(statementName(overdue.month)),
        holdStatementId: overdue.id,
        updatedAt: new Date(),
      })
      .where(eq(creditAccounts.companyId, companyId))
      .returning();
    await auditCreditChange(tx, SYSTEM, companyId, `${statementName(overdue.month)} 연체`, account, after!);
    return account.status === 'active' ? 'held' : 'renamed';
  }
  if (checkHold && !overdue) {
    const [after] = await tx
      .update(creditAccounts)
      .set({ status: 'active', holdReason: '', holdStatementId: null, updatedAt: new Date() })
      .where(eq(creditAccounts.companyId, companyId))
      .returning();
    await auditCreditChange(tx, SYSTEM, companyId, '연체 명세서 결제', account, after!);
    return 'lifted';
  }
  return null;
}

/**
 * What whatever applies a payment calls after it (in its transaction): the statement's hold is
 * looked at again, so paying the overdue amount lifts the hold by itself.
 */
export async function onStatementPaid(tx: Tx, companyId: number, now: Date = new Date()) {
  return reevaluateHold(tx, companyId, now);
}

/** The day's work: holds for every account, then the reminders due today. */
export async function runCreditDay(db: Db, now: Date = new Date()) {
  const today = seoulDay(now);
  let held = 0;
  let lifted = 0;
  let reminders = 0;
  const accounts = await db.select({ companyId: creditAccounts.companyId }).from(creditAccounts);
  for (const a of accounts) {
    const change = await db.transaction((tx) => reevaluateHold(tx, a.companyId, now));
    if (change === 'held') held++;
    if (change === 'lifted') lifted++;
  }
  // Unpaid statements due within the reminder window (D-3 to D+14).
  const open = await db
    .select()
    .from(statements)
    .where(
      and(
        lt(statements.paid, statements.amountDue),
        sql`${statements.dueDate} between (${today}::date - 14) and (${today}::date + 3)`,
      ),
    )
    .orderBy(asc(statements.id));
  for (const s of open) {
    const kind = reminderDue(s.dueDate, today, s.reminders);
    if (!kind) continue;
    const sent = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(statements)
        .set({ reminders: sql`array_append(${statements.reminders}, ${kind})` })
        .where(and(eq(statements.id, s.id), sql`not (${kind} = any(${statements.reminders}))`))
        .returning({ id: statements.id });
      if (!marked) return false;
      await notifyStatement(tx, s, kind);
      return true;
    });
    if (sent) reminders++;
  }
  return { held, lifted, reminders };
}
