/**
 * The credit aggregate's queries (docs/architecture.md#credit): accounts, terms, the receivables
 * ledger and statements. The ledger is written only through postLedgerEntry.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ReceivableKind } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { companies } from '../../db/tables/accounts.js';
import { taxInvoices } from '../../db/tables/money.js';
import {
  creditAccountAudit,
  creditAccounts,
  paymentTerms,
  receivablesLedger,
  statements,
  type ReceivableEntry,
} from './tables.js';

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

/** A company's unpaid statements, oldest due first. */
export async function unpaidStatements(db: Db | Tx, companyId: number) {
  return db
    .select({
      id: statements.id,
      month: statements.month,
      amountDue: statements.amountDue,
      paid: statements.paid,
      dueDate: statements.dueDate,
    })
    .from(statements)
    .where(and(eq(statements.companyId, companyId), sql`${statements.paid} < ${statements.amountDue}`))
    .orderBy(asc(statements.dueDate), asc(statements.id));
}

/**
 * The ledger rows not yet on a statement that bill something (charges, reversals, credit notes,
 * adjustments), split into those of shipped orders or of no order (unbilled, owed) and those of orders
 * not shipped yet (open orders). One query on the company's rows.
 */
export async function unbilledParts(db: Db | Tx, companyId: number): Promise<{ shipped: number; open: number }> {
  const [row] = await queryRows<{ shipped: string; open: string }>(
    db,
    sql`select
      coalesce(sum(l.amount) filter (where l.order_id is null or o.shipped_at is not null), 0) as shipped,
      coalesce(sum(l.amount) filter (where l.order_id is not null and o.shipped_at is null), 0) as open
    from receivables_ledger l
    left join orders o on o.id = l.order_id
    where l.company_id = ${companyId}
      and l.kind in ('charge', 'reversal', 'credit_note', 'adjustment')
      and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)`,
  );
  return { shipped: Number(row?.shipped ?? 0), open: Number(row?.open ?? 0) };
}

/** The newest ledger rows of a company with the running balance after each, newest first. */
export async function ledgerRowsOf(db: Db | Tx, companyId: number, limit: number) {
  return queryRows<{
    id: number;
    kind: string;
    amount: string;
    balance_after: string;
    order_id: number | null;
    statement_id: number | null;
    deposit_id: number | null;
    note: string;
    created_at: Date | string;
  }>(
    db,
    sql`select * from (
      select l.id, l.kind, l.amount, sum(l.amount) over (order by l.id) as balance_after, l.order_id,
        l.statement_id, l.deposit_id, l.note, l.created_at
      from receivables_ledger l where l.company_id = ${companyId}
    ) r order by r.id desc limit ${limit}`,
  );
}

export async function creditAuditOf(db: Db | Tx, companyId: number, limit = 100) {
  return db
    .select()
    .from(creditAccountAudit)
    .where(eq(creditAccountAudit.companyId, companyId))
    .orderBy(desc(creditAccountAudit.id))
    .limit(limit);
}

/** Statements with their company's name and the state of their 월합계 invoice, newest month first. */
export async function statementRowsWhere(db: Db | Tx, where: SQL | undefined, page: { offset: number; limit: number }) {
  const rows = await db
    .select({
      s: statements,
      companyName: companies.name,
      invoiceStatus: taxInvoices.status,
      invoiceError: taxInvoices.error,
    })
    .from(statements)
    .innerJoin(companies, eq(companies.id, statements.companyId))
    .leftJoin(taxInvoices, eq(taxInvoices.id, statements.taxInvoiceId))
    .where(where)
    .orderBy(desc(statements.month), asc(statements.companyId))
    .offset(page.offset)
    .limit(page.limit);
  const [count] = await db
    .select({ n: sql<string>`count(*)` })
    .from(statements)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}
