/**
 * Money applied to statements (docs/requirements.md#credit-deposits): the one way a payment reaches
 * the receivables. Each application is a `payment` ledger row naming the statement (and the deposit),
 * posted once per idempotency key, the statement's paid amount raised on the same transaction, and the
 * account's hold looked at again.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ReceivableVia } from '@partsmall/contract';
import type { Tx } from '../../db/client.js';
import { onStatementPaid } from './overdue.js';
import { postLedgerEntry } from './repository.js';
import { statementName } from './rules.js';
import { statements } from './schema.js';

export interface StatementPayment {
  statementId: number;
  /** Won applied, > 0. */
  amount: number;
  /** E.g. `payment:deposit:<id>:statement:<id>`: a retried application writes nothing. */
  idemKey: string;
  depositId?: number | null;
  /** How the money came: the ledger row's label says it (and its reversal's, the same). */
  via: ReceivableVia;
  memberId?: number | null;
  note?: string;
  now?: Date;
}

/** Applies a payment to a statement; answers whether this call applied it (false: applied before). */
export function applyStatementPayment(tx: Tx, p: StatementPayment): Promise<boolean> {
  return movePaid(tx, p, 'payment');
}

/** Takes a payment back (a deposit returned to WAITING): a payment_reversal row, the statement's paid lowered. */
export function reverseStatementPayment(tx: Tx, p: StatementPayment): Promise<boolean> {
  return movePaid(tx, p, 'payment_reversal');
}

/**
 * A payment (its ledger row lowers the balance, the statement's paid rises) or its reversal (the
 * other way), on the statement's lock; then the account's hold looked at again.
 */
async function movePaid(tx: Tx, p: StatementPayment, kind: 'payment' | 'payment_reversal'): Promise<boolean> {
  const [s] = await tx.select().from(statements).where(eq(statements.id, p.statementId)).for('update');
  if (!s) throw new Error(`statement ${p.statementId} not found`);
  const paying = kind === 'payment';
  const { created } = await postLedgerEntry(tx, {
    companyId: s.companyId,
    kind,
    amount: paying ? -p.amount : p.amount,
    idemKey: p.idemKey,
    statementId: s.id,
    depositId: p.depositId ?? null,
    via: p.via,
    memberId: p.memberId ?? null,
    note: p.note ?? (paying ? '입금' : '입금 취소'),
  });
  if (!created) return false;
  const paid = paying ? sql`${statements.paid} + ${p.amount}` : sql`${statements.paid} - ${p.amount}`;
  await tx
    .update(statements)
    .set({
      paid,
      status: paying
        ? sql`case when ${paid} >= ${statements.amountDue} then 'paid' else 'partial' end`
        : sql`case when ${paid} <= 0 then 'unpaid' else 'partial' end`,
      updatedAt: new Date(),
    })
    .where(eq(statements.id, s.id));
  await onStatementPaid(tx, s.companyId, p.now);
  return true;
}

/**
 * Credit left on a company's statements (a credit note billed beyond its month's charges: amount due
 * below what was paid) pays its unpaid statements, oldest due first (docs/requirements.md#monthly-close),
 * on the close's transaction: each amount is a `payment` of the unpaid statement and a
 * `payment_reversal` of the one whose credit it uses (the ledger's sum does not move; each
 * statement's paid amount stays the sum of the payments naming it).
 */
export async function settleStatementCredits(tx: Tx, companyId: number, now?: Date): Promise<void> {
  const open = await tx
    .select({ id: statements.id, month: statements.month, amountDue: statements.amountDue, paid: statements.paid })
    .from(statements)
    .where(and(eq(statements.companyId, companyId), ne(statements.paid, statements.amountDue)))
    .orderBy(asc(statements.dueDate), asc(statements.id))
    .for('update');
  const debts = open.filter((d) => d.amountDue > d.paid);
  for (const c of open.filter((x) => x.amountDue < x.paid)) {
    let left = c.paid - c.amountDue;
    for (const d of debts) {
      const amount = Math.min(left, d.amountDue - d.paid);
      if (amount <= 0) continue;
      // Keyed by both statements and what was paid before: a retry posts nothing, a later need anew.
      const key = `credit:statement:${c.id}:statement:${d.id}:after:${d.paid}`;
      const applied = await applyStatementPayment(tx, {
        statementId: d.id,
        amount,
        idemKey: key,
        via: 'credit_note',
        note: `${statementName(c.month)} 차감액으로 결제`,
        now,
      });
      if (!applied) continue;
      await postLedgerEntry(tx, {
        companyId,
        kind: 'payment_reversal',
        amount,
        idemKey: `${key}:used`,
        statementId: c.id,
        via: 'credit_note',
        note: `차감액을 ${statementName(d.month)} 결제에 사용`,
      });
      await tx
        .update(statements)
        .set({ paid: sql`${statements.paid} - ${amount}`, updatedAt: new Date() })
        .where(eq(statements.id, c.id));
      d.paid += amount;
      left -= amount;
      if (left <= 0) break;
    }
  }
}
