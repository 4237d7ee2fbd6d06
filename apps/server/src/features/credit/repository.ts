/**
 * The credit aggregate's queries (docs/architecture.md#credit): accounts, terms, the receivables
 * ledger and statements. The ledger is written only through postLedgerEntry.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReceivableKind } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { creditAccounts, paymentTerms, receivablesLedger, type ReceivableEntry } from './tables.js';

export interface LedgerPosting {
  companyId: number;
  kind: ReceivableKind;
  /** Signed won: + the company owes more (charge, payment_reversal), − less (reversal, credit_note, payment). */
  amount: number;
  /**
   * Makes the posting happen once: a second posting with the same key (a retried job, a replayed
   * webhook, a cancel asked twice) returns the first row and writes nothing. E.g. `charge:order:12`,
   * `reversal:order:12`, `payment:deposit:7:statement:3`.
   */
  idemKey: string;
  orderId?: number | null;
  statementId?: number | null;
  depositId?: number | null;
  memberId?: number | null;
  note?: string;
}

/**
 * Posts one row of the receivables ledger, inside the caller's transaction, exactly once per
 * idemKey. Answers the row and whether this call wrote it. A key reused for a different company,
 * kind or amount is a programming error and throws (the transaction rolls back).
 */
export async function postLedgerEntry(
  tx: Db | Tx,
  p: LedgerPosting,
): Promise<{ entry: ReceivableEntry; created: boolean }> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`ledger amount must be a non-zero integer`);
  const [row] = await tx
    .insert(receivablesLedger)
    .values({
      companyId: p.companyId,
      kind: p.kind,
      amount: p.amount,
      idemKey: p.idemKey,
      orderId: p.orderId ?? null,
      statementId: p.statementId ?? null,
      depositId: p.depositId ?? null,
      memberId: p.memberId ?? null,
      note: p.note ?? '',
    })
    .onConflictDoNothing({ target: receivablesLedger.idemKey })
    .returning();
  if (row) return { entry: row, created: true };
  const [existing] = await tx.select().from(receivablesLedger).where(eq(receivablesLedger.idemKey, p.idemKey));
  if (!existing) throw new Error(`ledger posting ${p.idemKey} neither inserted nor found`);
  if (existing.companyId !== p.companyId || existing.kind !== p.kind || existing.amount !== p.amount)
    throw new Error(`ledger idempotency key ${p.idemKey} reused for another posting`);
  return { entry: existing, created: false };
}

/** The sum of a company's ledger rows: what it owes (negative: paid ahead). */
export async function ledgerBalance(db: Db | Tx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${receivablesLedger.amount}), 0)` })
    .from(receivablesLedger)
    .where(eq(receivablesLedger.companyId, companyId));
  return Number(row?.sum ?? 0);
}

/** A company's credit account, locked FOR UPDATE when `lock` (a checkout on credit, a change of it). */
export async function findCreditAccount(db: Db | Tx, companyId: number, lock = false) {
  const q = db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function listPaymentTerms(db: Db | Tx) {
  return db.select().from(paymentTerms).orderBy(paymentTerms.createdAt, paymentTerms.code);
}

export async function findPaymentTerm(db: Db | Tx, code: string) {
  const [row] = await db.select().from(paymentTerms).where(eq(paymentTerms.code, code));
  return row ?? null;
}

/** The charge of a credit order (null when the order was not paid on credit). */
export async function chargeOfOrder(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select()
    .from(receivablesLedger)
    .where(and(eq(receivablesLedger.orderId, orderId), eq(receivablesLedger.kind, 'charge')));
  return row ?? null;
}
