/**
 * The credit aggregate's queries (docs/architecture.md#credit): accounts, terms, the receivables
 * ledger and statements. The ledger is written only through postLedgerEntry.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ReceivableKind, ReceivableVia } from '@partsmall/contract';
import { idsAmong, queryRows, type Db, type Tx } from '../../db/client.js';
import { companiesByIds, companyNameSql } from '../members/repository.js';
import { invoiceStateSql } from '../tax-invoices/repository.js';
import {
  creditAccountAudit,
  creditAccounts,
  paymentTerms,
  receivablesLedger,
  statementLines,
  statementRefundedSql,
  statements,
  type ReceivableEntry,
} from './schema.js';

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
  /** How a payment's (or its reversal's) money came; only those kinds have it. */
  via?: ReceivableVia | null;
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
      via: p.via ?? null,
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

/** The companies with a 외상 account, whatever its state (a held or stopped one still pays its statements). */
export async function companiesWithCreditAccount(db: Db | Tx): Promise<Set<number>> {
  const rows = await db.select({ id: creditAccounts.companyId }).from(creditAccounts);
  return new Set(rows.map((r) => r.id));
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

/**
 * What "unpaid" is, wherever statements are asked it (the deposits' ladder, the overdue hold, the
 * position behind exposure and aging): something of the amount due is not paid yet. A statement's
 * status follows its paid amount (payments.ts), so this is also every statement not 'paid'.
 */
const isUnpaid = sql`${statements.paid} < ${statements.amountDue}`;

/** A company's unpaid statements, oldest due first (the deposits' ladder places money among them). */
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
    .where(and(eq(statements.companyId, companyId), isUnpaid))
    .orderBy(asc(statements.dueDate), asc(statements.id));
}

export interface UnbilledParts {
  shipped: number;
  open: number;
  statementCredit: number;
}
export type UnpaidStatement = Awaited<ReturnType<typeof unpaidStatements>>[number];
export interface CreditPosition {
  unbilled: UnbilledParts;
  unpaid: UnpaidStatement[];
}

/**
 * What exposure is made of, in one statement (a credit checkout asks it on its hot path,
 * docs/performance.md#statement-pdf-and-monthly-close): the unpaid statements as unpaidStatements
 * reads them; the ledger rows not yet on a statement that bill something (charges, reversals, credit
 * notes, adjustments), split into those of shipped orders or of no order (unbilled, owed) and those of
 * orders not shipped yet (open orders); and the credit left on its statements (paid above the amount
 * due, not yet used to pay another).
 */
export async function creditPosition(db: Db | Tx, companyId: number): Promise<CreditPosition> {
  const [row] = await queryRows<PositionRow>(db, positionSelect(companyId));
  return toPosition(row);
}

/** creditPosition of many companies in one statement (the aging report), by company id. */
export async function creditPositions(db: Db | Tx, companyIds: number[]): Promise<Map<number, CreditPosition>> {
  const rows = await queryRows<PositionRow & { company_id: number }>(
    db,
    sql`select c.id as company_id, p.* from unnest(${sql.param(companyIds)}::int[]) c(id)
      cross join lateral (${positionSelect(sql`c.id`)}) p`,
  );
  return new Map(rows.map((r) => [Number(r.company_id), toPosition(r)]));
}

type PositionRow = { shipped: string; open: string; statement_credit: string; unpaid: UnpaidStatement[] };

/** The position's one row for the company `id`: a parameter, or the column of a query around it. */
const positionSelect = (id: number | SQL) => sql`select
      coalesce(sum(l.amount) filter (where l.order_id is null or o.shipped_at is not null), 0) as shipped,
      coalesce(sum(l.amount) filter (where l.order_id is not null and o.shipped_at is null), 0) as open,
      (select coalesce(sum(s.paid - s.amount_due), 0) from statements s
        where s.company_id = ${id} and s.paid > s.amount_due) as statement_credit,
      (select coalesce(json_agg(json_build_object('id', statements.id, 'month', statements.month,
          'amountDue', statements.amount_due, 'paid', statements.paid, 'dueDate', statements.due_date)
          order by statements.due_date, statements.id), '[]'::json)
        from statements where statements.company_id = ${id} and ${isUnpaid}) as unpaid
    from receivables_ledger l
    left join orders o on o.id = l.order_id
    where l.company_id = ${id}
      and l.kind in ('charge', 'reversal', 'credit_note', 'adjustment')
      and not exists (select 1 from statement_lines sl where sl.ledger_id = l.id)`;

const toPosition = (row: PositionRow | undefined): CreditPosition => ({
  unbilled: {
    shipped: Number(row?.shipped ?? 0),
    open: Number(row?.open ?? 0),
    statementCredit: Number(row?.statement_credit ?? 0),
  },
  unpaid: (row?.unpaid ?? []).map((u) => ({ ...u, amountDue: Number(u.amountDue), paid: Number(u.paid) })),
});

/** A ledger row as ledgerRowsOf reads it, with the company's running balance after it. */
export interface LedgerRowWithBalance {
  id: number;
  kind: string;
  amount: string | number;
  balance_after: string | number;
  order_id: number | null;
  statement_id: number | null;
  deposit_id: number | null;
  via: string | null;
  note: string;
  created_at: Date | string;
}

/** The newest ledger rows of a company with the running balance after each, newest first. */
export async function ledgerRowsOf(db: Db | Tx, companyId: number, limit: number) {
  return queryRows<LedgerRowWithBalance>(
    db,
    sql`select * from (
      select l.id, l.kind, l.amount, sum(l.amount) over (order by l.id) as balance_after, l.order_id,
        l.statement_id, l.deposit_id, l.via, l.note, l.created_at
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

/** Statements with their company's name, their 월합계's state and their refund to cash, newest month first. */
export async function statementRowsWhere(db: Db | Tx, where: SQL | undefined, page: { offset: number; limit: number }) {
  const invoice = invoiceStateSql(statements.taxInvoiceId);
  const rows = await db
    .select({
      s: statements,
      companyName: companyNameSql(statements.companyId),
      invoiceStatus: invoice.status,
      invoiceError: invoice.error,
      refunded: statementRefundedSql,
    })
    .from(statements)
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

/** What a payment of a statement reads of it: what is due and what is paid. */
const statementDue = {
  id: statements.id,
  companyId: statements.companyId,
  month: statements.month,
  amountDue: statements.amountDue,
  paid: statements.paid,
};

/** The company's statement `id` and whether its credit account lets sub-accounts pay it (api/payStatement). */
export async function companyStatementToPay(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select({ ...statementDue, allowSubAccounts: creditAccounts.allowSubAccounts })
    .from(statements)
    .leftJoin(creditAccounts, eq(creditAccounts.companyId, statements.companyId))
    .where(and(eq(statements.id, id), eq(statements.companyId, companyId)));
  return row ?? null;
}

/** A statement with its due date and its company's name (the virtual account issued for it). */
export async function statementWithCompany(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ ...statementDue, dueDate: statements.dueDate, companyName: companyNameSql(statements.companyId) })
    .from(statements)
    .where(eq(statements.id, id));
  return row ?? null;
}

/** Writes the virtual account issued for a statement on it (its va_* fields). */
export async function setStatementAccount(
  tx: Tx,
  id: number,
  va: { bank: string; accountNumber: string; holder: string; expiresAt: Date; providerKey: string },
  now: Date,
): Promise<void> {
  await tx
    .update(statements)
    .set({
      vaBank: va.bank,
      vaAccountNumber: va.accountNumber,
      vaHolder: va.holder,
      vaExpiresAt: va.expiresAt,
      vaProviderKey: va.providerKey,
      updatedAt: now,
    })
    .where(eq(statements.id, id));
}

/** Locks the company's credit account row first, as a credit checkout does: deposits go one at a time, no deadlock. */
export async function lockCreditAccount(tx: Tx, companyId: number): Promise<void> {
  await tx
    .select({ id: creditAccounts.companyId })
    .from(creditAccounts)
    .where(eq(creditAccounts.companyId, companyId))
    .for('update');
}

/** The payments a deposit made, statement by statement (ledger rows of kind payment). */
export async function paymentsOfDeposit(tx: Tx, depositId: number) {
  return tx
    .select({ statementId: receivablesLedger.statementId, amount: receivablesLedger.amount })
    .from(receivablesLedger)
    .where(and(eq(receivablesLedger.depositId, depositId), eq(receivablesLedger.kind, 'payment')));
}

/** What these deposits paid, statement by statement with its month, in the order it was paid. */
export async function paymentsOfDeposits(db: Db | Tx, depositIds: number[]) {
  return db
    .select({
      depositId: receivablesLedger.depositId,
      statementId: receivablesLedger.statementId,
      month: statements.month,
      amount: receivablesLedger.amount,
    })
    .from(receivablesLedger)
    .leftJoin(statements, eq(statements.id, receivablesLedger.statementId))
    .where(and(inArray(receivablesLedger.depositId, depositIds), eq(receivablesLedger.kind, 'payment')))
    .orderBy(asc(receivablesLedger.id));
}

/** The credit accounts (of every company, or the one named) with their company's row, by company. */
export async function accountCompanies(db: Db, companyId?: number) {
  const accounts = await db
    .select({ companyId: creditAccounts.companyId })
    .from(creditAccounts)
    .where(companyId !== undefined ? eq(creditAccounts.companyId, companyId) : undefined)
    .orderBy(asc(creditAccounts.companyId));
  // The companies are the members feature's rows (docs/architecture.md#the-database); an account's
  // company is a foreign key, so every account finds its company.
  const byId = await companiesByIds(
    db,
    accounts.map((a) => a.companyId),
  );
  return accounts.flatMap((a) => {
    const company = byId.get(a.companyId);
    return company ? [{ companyId: a.companyId, name: company.name, company }] : [];
  });
}

/** Every credit account with its company's name, by name. */
export async function accountsByCompanyName(db: Db) {
  return db
    .select({ a: creditAccounts, name: companyNameSql(creditAccounts.companyId) })
    .from(creditAccounts)
    .orderBy(asc(companyNameSql(creditAccounts.companyId)), asc(creditAccounts.companyId));
}

// ---------------------------------------------------------------- retention (docs/requirements.md#retention)

/**
 * Which of `companyIds` (a subquery) have a receivables row or a statement made at or after `since`,
 * or any at all without `since`: the retention sweep keeps a company's 외상 book whole until its
 * newest record is old, and looks only at companies that have one.
 */
export async function companiesWithCreditSince(tx: Tx, companyIds: SQLWrapper, since?: SQL): Promise<number[]> {
  return [
    ...(await idsAmong(tx, receivablesLedger.companyId, companyIds, since && gte(receivablesLedger.createdAt, since))),
    ...(await idsAmong(tx, statements.companyId, companyIds, since && gte(statements.closedAt, since))),
  ];
}

/**
 * Destroys the 외상 books of these companies: their statements with their lines and their receivables
 * ledger, the one delete the ledger's immutability trigger lets through, and only while this
 * transaction says so (migration 0028). After their deposits and their statements' payments, which
 * name the statements. The credit account and its audit stay, as the back office's audit log does.
 */
export async function deleteCreditBooks(tx: Tx, companyIds: number[]): Promise<void> {
  if (companyIds.length === 0) return;
  const books = tx.select({ id: statements.id }).from(statements).where(inArray(statements.companyId, companyIds));
  await tx.delete(statementLines).where(inArray(statementLines.statementId, books));
  await tx.execute(sql`select set_config('partsmall.retention_sweep', 'on', true)`);
  await tx.delete(receivablesLedger).where(inArray(receivablesLedger.companyId, companyIds));
  await tx.execute(sql`select set_config('partsmall.retention_sweep', 'off', true)`);
  await tx.delete(statements).where(inArray(statements.companyId, companyIds));
}

/** The tax invoices a statement names, as a subquery (an invoice a statement still names is kept). */
export const statementInvoiceIds = (tx: Tx) =>
  tx.select({ id: statements.taxInvoiceId }).from(statements).where(isNotNull(statements.taxInvoiceId));

/** The orders a receivables row names, as a subquery (an order the ledger still names is kept). */
export const ledgerOrderIds = (tx: Tx) =>
  tx.select({ id: receivablesLedger.orderId }).from(receivablesLedger).where(isNotNull(receivablesLedger.orderId));
