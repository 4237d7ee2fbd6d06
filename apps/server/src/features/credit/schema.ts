/**
 * 외상 (docs/requirements.md#credit): the credit accounts and their audit, the payment terms, the immutable
 * receivables ledger and the monthly statements. The aggregate's tables; its queries are in repository.ts.
 */
import { sql } from 'drizzle-orm';
import { RECEIVABLE_KINDS, RECEIVABLE_VIAS } from '@partsmall/contract';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  serialId,
  instant,
  instantNow,
  createdAt,
  updatedAt,
  timestamps,
  day,
  wonAmount,
  wonZero,
  blankText,
  emptyTextList,
  refTo,
  status,
  checkIn,
  outerColumn,
} from '../../db/columns.js';
import { authorNote, companyRef, companyRow, memberRef } from '../members/schema.js';
import { orderRef } from '../orders/schema.js';
import { taxInvoices } from '../tax-invoices/schema.js';

/**
 * Payment terms: how a statement's due date follows the month's end. `next_month_day` N: the N-th of
 * the next month (31 = its last day); `days_after_close` N: N days after the month's last day. A due
 * date on a weekend or holiday moves to the next business day (rules.ts dueDateOf).
 */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    rule: text('rule').notNull(),
    value: integer('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('payment_terms_rule_valid', t.rule, ['next_month_day', 'days_after_close']),
    check(
      'payment_terms_value_valid',
      sql`(${t.rule} = 'next_month_day' and ${t.value} between 1 and 31) or (${t.rule} = 'days_after_close' and ${t.value} between 0 and 180)`,
    ),
  ],
);

/**
 * One credit account per company: whether and how much it may buy on 외상. A checkout on credit locks
 * this row (FOR UPDATE) in the order's transaction, so two checkouts at the limit cannot both pass.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    companyId: companyRef().primaryKey(),
    /** active 정상, on_hold 보류 (overdue, or staff), suspended 정지. */
    status: status('active'),
    creditLimit: wonZero('credit_limit'),
    allowExceed: boolean('allow_exceed').notNull().default(false),
    termCode: text('term_code')
      .notNull()
      .references(() => paymentTerms.code),
    graceDays: integer('grace_days').notNull().default(0),
    /** Won: an overdue statement's unpaid amount above it, past the grace days, puts the account on hold. */
    overdueThreshold: wonZero('overdue_threshold'),
    /** Why the account is on hold (names the statement); '' when it is not. */
    holdReason: blankText('hold_reason'),
    /** The statement that put it on hold (null: staff put it on hold, or not on hold). */
    holdStatementId: integer('hold_statement_id'),
    allowSubAccounts: boolean('allow_sub_accounts').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    checkIn('credit_accounts_status_valid', t.status, ['active', 'on_hold', 'suspended']),
    check('credit_accounts_limit_nonnegative', sql`${t.creditLimit} >= 0`),
    check('credit_accounts_grace_valid', sql`${t.graceDays} between 0 and 365`),
    check('credit_accounts_threshold_nonnegative', sql`${t.overdueThreshold} >= 0`),
  ],
);
export type CreditAccountRow = typeof creditAccounts.$inferSelect;

/** Every change of a credit account: who (null = the system), why, and the fields before and after. */
export const creditAccountAudit = pgTable(
  'credit_account_audit',
  {
    ...companyRow(),
    memberId: memberRef(),
    /** The actor's name as it was ('시스템' for the overdue check and payments). */
    actorName: text('actor_name').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_account_audit_company').on(t.companyId, t.id)],
);

/**
 * The receivables ledger: immutable rows, never updated or deleted; the sum of a company's rows is
 * what it owes (its balance). amount is signed: + charge (a credit order), − reversal (its cancel or
 * return), − credit_note (a return after the close), − payment, + payment_reversal, ± adjustment.
 * idem_key makes each posting happen once: a retried close, webhook or cancel finds its row.
 */
export const receivablesLedger = pgTable(
  'receivables_ledger',
  {
    ...companyRow(),
    kind: text('kind').notNull(),
    amount: wonAmount(),
    /** The credit order a charge, reversal or credit note is about. */
    orderId: orderRef(),
    /** The statement a payment is applied to (or a credit note corrects). */
    statementId: integer('statement_id'),
    /** The deposit a payment comes from (deposits are the deposits feature's rows). */
    depositId: integer('deposit_id'),
    /** How a payment's money came (its reversal's too), for the ledger's label; null on other kinds. */
    via: text('via'),
    idemKey: text('idem_key').notNull(),
    ...authorNote(),
  },
  (t) => [
    uniqueIndex('receivables_ledger_idem').on(t.idemKey),
    index('receivables_ledger_company').on(t.companyId, t.id),
    index('receivables_ledger_order').on(t.orderId),
    index('receivables_ledger_statement').on(t.statementId),
    checkIn('receivables_ledger_kind_valid', t.kind, RECEIVABLE_KINDS),
    checkIn('receivables_ledger_via_valid', t.via, RECEIVABLE_VIAS),
    check(
      'receivables_ledger_via_of_payments',
      sql`(${t.kind} in ('payment', 'payment_reversal')) = (${t.via} is not null)`,
    ),
    check('receivables_ledger_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
export type ReceivableEntry = typeof receivablesLedger.$inferSelect;
/** The key of a statement's refund to cash (refunds.ts): `refund:statement:<id>:after:<paid>`. */
export const REFUND_KEY_PREFIX = 'refund:statement:';

/**
 * A month's statement of a company with credit: made once by the close (unique company + month).
 * opening + charges + credits + payments + adjustments = closing; amount_due (charges + credits +
 * adjustments) is what it bills, paid what was applied to it. The virtual account (va_*) is issued at
 * the close by the deposits feature; its fields stay null until then.
 */
export const statements = pgTable(
  'statements',
  {
    ...companyRow(),
    /** 'YYYY-MM'. */
    month: text('month').notNull(),
    opening: wonAmount('opening'),
    charges: wonAmount('charges'),
    credits: wonAmount('credits'),
    payments: wonAmount('payments'),
    adjustments: wonAmount('adjustments'),
    closing: wonAmount('closing'),
    amountDue: wonAmount('amount_due'),
    paid: wonZero('paid'),
    /** unpaid, partial, paid (overdue is read from due_date). */
    status: status('unpaid'),
    termCode: text('term_code').notNull(),
    termLabel: text('term_label').notNull(),
    dueDate: day('due_date').notNull(),
    /** The 월합계 세금계산서 (null: nothing to invoice, or not yet made). */
    taxInvoiceId: refTo('tax_invoice_id', () => taxInvoices.id),
    /** The stored PDF's path under the data folder (null: made when asked). */
    pdfPath: text('pdf_path'),
    vaBank: text('va_bank'),
    vaAccountNumber: text('va_account_number'),
    vaHolder: text('va_holder'),
    vaExpiresAt: instant('va_expires_at'),
    /** The provider's key of the virtual account (Toss orderId / secret reference). */
    vaProviderKey: text('va_provider_key'),
    /** The reminders sent: 'issued', 'd-3', 'due', 'd+7'. */
    reminders: emptyTextList('reminders'),
    /**
     * The last 다시 보내기 that sent the 알림톡: the next one sends nothing until
     * STATEMENT_RESEND_MINUTES after it (docs/requirements.md#monthly-close).
     */
    resentAt: instant('resent_at'),
    closedAt: instantNow('closed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('statements_company_month').on(t.companyId, t.month),
    index('statements_due').on(t.status, t.dueDate),
    // No unique index on va_account_number: banks reuse a virtual account's number once it has
    // expired, and an old statement keeping it refused the new statement's account for good.
    checkIn('statements_status_valid', t.status, ['unpaid', 'partial', 'paid']),
    check('statements_month_valid', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
export type StatementDbRow = typeof statements.$inferSelect;

/** The lines of a statement: one per ledger row it bills; a ledger row is on at most one statement. */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: serialId(),
    statementId: refTo('statement_id', () => statements.id).notNull(),
    ledgerId: refTo('ledger_id', () => receivablesLedger.id).notNull(),
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    lineDate: day('line_date').notNull(),
    description: text('description').notNull(),
    amount: wonAmount(),
  },
  (t) => [uniqueIndex('statement_lines_ledger').on(t.ledgerId), index('statement_lines_statement').on(t.statementId)],
);

/** What of a statement's credit went back to the company's cash (its refund rows), a column of its select. */
export const statementRefundedSql = sql<number>`(select coalesce(sum(${receivablesLedger.amount}), 0)::int
  from ${receivablesLedger} where ${receivablesLedger.statementId} = ${outerColumn(statements.id)}
  and ${receivablesLedger.idemKey} like ${`${REFUND_KEY_PREFIX}%`})`;
