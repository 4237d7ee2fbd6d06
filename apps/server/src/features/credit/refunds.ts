/**
 * Money paid on 외상 and then returned (docs/requirements.md#monthly-close): at the close, a statement
 * that credits more than it bills because of returns and cancels, once the company's unpaid statements
 * have taken what they need of it (settleStatementCredits), gives back to the company's cash what the
 * company had actually paid, as a cash order's return refunds cash. On the close's transaction, under
 * the company's credit account lock, so a close run twice at once or again after a crash refunds once.
 */
import { and, asc, eq, gt, inArray, like, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { credit } from '../wallet/index.js';
import { postLedgerEntry } from './repository.js';
import { REFUND_KEY_PREFIX, receivablesLedger, statements } from './schema.js';

/** The cash ledger's note (and the receivables row's) of a statement's refund. */
export const refundNote = (month: string) => `외상 반품 환급 (${month} 명세서)`;

/**
 * What the company paid in money and has not had back: its payments (a bank transfer, its virtual
 * account, a card, its cash) less their reversals and the refunds before. A credit note paying another
 * statement is not money, nor is a staff adjustment.
 */
async function paidInMoney(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${receivablesLedger.amount}), 0)` })
    .from(receivablesLedger)
    .where(
      and(
        eq(receivablesLedger.companyId, companyId),
        inArray(receivablesLedger.kind, ['payment', 'payment_reversal']),
        ne(receivablesLedger.via, 'credit_note'),
      ),
    );
  return -Number(row?.sum ?? 0);
}

/** What was refunded of each statement before, by statement. */
async function refundedBefore(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: receivablesLedger.statementId, sum: sql<string>`sum(${receivablesLedger.amount})` })
    .from(receivablesLedger)
    .where(and(inArray(receivablesLedger.statementId, ids), like(receivablesLedger.idemKey, `${REFUND_KEY_PREFIX}%`)))
    .groupBy(receivablesLedger.statementId);
  return new Map(rows.map((r) => [r.id!, Number(r.sum)]));
}

/**
 * Refunds each statement's credit left (paid above its amount due below zero), never more than its
 * returns and cancels credit (a staff adjustment's credit stays for the next statements), than it
 * refunded already, nor than the company paid in money: a `payment_reversal` of the statement (`via`
 * cash: its paid amount goes down to what it bills, nothing left to pay) and a `return` row of the
 * cash ledger, each once (the key names the statement and its paid amount before).
 */
export async function refundStatementCredits(tx: Tx, companyId: number): Promise<number> {
  const credited = await tx
    .select({
      id: statements.id,
      month: statements.month,
      credits: statements.credits,
      amountDue: statements.amountDue,
      paid: statements.paid,
    })
    .from(statements)
    .where(
      and(eq(statements.companyId, companyId), lt(statements.amountDue, 0), gt(statements.paid, statements.amountDue)),
    )
    .orderBy(asc(statements.id))
    .for('update');
  if (credited.length === 0) return 0;
  let money = await paidInMoney(tx, companyId);
  const before = await refundedBefore(
    tx,
    credited.map((c) => c.id),
  );
  let refunded = 0;
  for (const c of credited) {
    const amount = Math.min(c.paid - c.amountDue, -c.credits - (before.get(c.id) ?? 0), money);
    if (amount <= 0) continue;
    const note = refundNote(c.month);
    const { created } = await postLedgerEntry(tx, {
      companyId,
      kind: 'payment_reversal',
      amount,
      idemKey: `${REFUND_KEY_PREFIX}${c.id}:after:${c.paid}`,
      statementId: c.id,
      via: 'cash',
      note,
    });
    if (!created) continue;
    await tx
      .update(statements)
      .set({ paid: sql`${statements.paid} - ${amount}`, status: 'paid', updatedAt: new Date() })
      .where(eq(statements.id, c.id));
    await credit(tx, { companyId, amount, type: 'return', memberId: null, note });
    money -= amount;
    refunded += amount;
  }
  return refunded;
}
