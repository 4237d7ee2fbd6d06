/**
 * The deposits feature's tables (docs/requirements.md#credit-deposits): the virtual account of each
 * statement, the deposit callbacks as they arrived, the deposits themselves (from any source) with
 * what each paid, and the depositor names staff taught the matching.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  serialId,
  instant,
  instantNow,
  createdAt,
  wonAmount,
  wonZero,
  blankText,
  refTo,
  status,
  checkIn,
  checkPositive,
} from '../../db/columns.js';
import { companyRef, companyRow, memberRef } from '../members/schema.js';
import { payments } from '../payments/schema.js';

/**
 * A statement's virtual account. The row is written ('issuing', with its orderId) before the
 * provider is asked, so that every try of the issuing job asks for the same orderId and Toss answers
 * the account it issued the first time; then 'open' with the account, or 'failed' (Toss refused);
 * an open one past its due time is 'expired' when next asked for, and a new one is issued.
 */
export const statementAccounts = pgTable(
  'statement_accounts',
  {
    id: serialId(),
    statementId: integer('statement_id').notNull(),
    companyId: companyRef().notNull(),
    /** 'sandbox' or 'toss': the provider that issued it; its callbacks are taken only from there. */
    provider: text('provider').notNull(),
    /** Sent as Toss's orderId: `stm-{statementId}-{n}`. */
    orderId: text('order_id').notNull(),
    amount: wonAmount(),
    status: status('issuing'),
    bank: blankText('bank'),
    accountNumber: blankText('account_number'),
    holder: blankText('holder'),
    dueAt: instant('due_at').notNull(),
    /** The secret the provider gave with the account; every deposit callback must carry it. */
    secret: text('secret'),
    paymentKey: text('payment_key'),
    /** Why the provider refused (status 'failed'), for staff. */
    failure: text('failure'),
    issuedAt: instant('issued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_accounts_order_id').on(t.orderId),
    // One live account per statement at a time.
    uniqueIndex('statement_accounts_live')
      .on(t.statementId)
      .where(sql`status in ('issuing','open')`),
    checkIn('statement_accounts_status_valid', t.status, ['issuing', 'open', 'failed', 'expired']),
    checkPositive('statement_accounts_amount_positive', t.amount),
  ],
);

/** A reference to the virtual account a callback arrived for or a deposit came through (`account_id`). */
const statementAccountRef = () => refTo('account_id', () => statementAccounts.id);

/**
 * A deposit callback as it arrived (Toss's DEPOSIT_CALLBACK, or the sandbox's demo bank), stored
 * once per transaction key and status before it is acknowledged; the `deposit.callback` job applies
 * the account's latest event (by the provider's own time) and marks what it processed.
 */
export const depositEvents = pgTable(
  'deposit_events',
  {
    id: serialId(),
    accountId: statementAccountRef().notNull(),
    transactionKey: text('transaction_key').notNull(),
    /** DONE, WAITING_FOR_DEPOSIT (a deposit taken back), CANCELED, … as the provider wrote it. */
    status: text('status').notNull(),
    /** The provider's time of the event (its createdAt): the order events are applied in. */
    eventAt: instant('event_at').notNull(),
    receivedAt: instantNow('received_at'),
    processedAt: instant('processed_at'),
  },
  (t) => [
    uniqueIndex('deposit_events_transaction').on(t.accountId, t.transactionKey, t.status),
    index('deposit_events_account').on(t.accountId, t.eventAt),
  ],
);

/**
 * Money that came in, from any source, once per source key: a virtual account's transaction, a card
 * payment, a deposit staff entered, a line of a bank file. 'applied' (its company known and its
 * amount paid to statements, each a receivables ledger row, and the rest to cash), 'review' (its
 * depositor name named no company or several: staff assign it), 'ignored' (set aside from the queue by
 * staff: paid to no company, kept with their reason), 'reversed' (the bank took it back: undone by
 * ledger rows of the opposite sign).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serialId(),
    source: text('source').notNull(),
    /** `toss:{transactionKey}`, `card:{paymentId}`, `staff:{request id}`, `import:{digest}`: one deposit per key. */
    sourceKey: text('source_key').notNull(),
    companyId: companyRef(),
    depositorName: blankText('depositor_name'),
    amount: wonAmount(),
    depositedAt: instant('deposited_at').notNull(),
    status: text('status').notNull(),
    /** Why it waits for staff (status 'review'): noMatch or ambiguous. */
    reviewReason: text('review_reason'),
    /** The companies its name matched when more than one did. */
    candidates: integer('candidates').array(),
    accountId: statementAccountRef(),
    paymentId: refTo('payment_id', () => payments.id),
    /** Which rung of the ladder placed it, and what went to the company's cash. */
    rung: text('rung'),
    toCash: wonZero('to_cash'),
    recordedBy: memberRef('recorded_by'),
    createdAt: createdAt(),
    appliedAt: instant('applied_at'),
    reversedAt: instant('reversed_at'),
    /** Set aside by staff (status 'ignored'): money that pays no customer's account, and why. */
    dismissReason: text('dismiss_reason'),
    dismissedAt: instant('dismissed_at'),
  },
  (t) => [
    uniqueIndex('deposits_source_key').on(t.sourceKey),
    index('deposits_company').on(t.companyId, t.depositedAt),
    // A typed deposit's twin in a bank file, and the other way round (twins.ts): by amount, way and
    // day, so that a line of a file counts the typed ones without reading the file's other lines.
    index('deposits_amount_source_day').on(t.amount, t.source, t.depositedAt),
    index('deposits_review')
      .on(t.createdAt)
      .where(sql`status = 'review'`),
    checkIn('deposits_source_valid', t.source, ['virtual_account', 'card', 'staff', 'import']),
    checkIn('deposits_status_valid', t.status, ['applied', 'review', 'ignored', 'reversed']),
    checkPositive('deposits_amount_positive', t.amount),
    check('deposits_company_known', sql`${t.status} in ('review','ignored') or ${t.companyId} is not null`),
  ],
);

/** A depositor name staff assigned to a company: later deposits of that name match it. */
export const depositorNames = pgTable(
  'depositor_names',
  {
    ...companyRow(),
    /** The name as written on the deposit. */
    name: text('name').notNull(),
    createdBy: memberRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('depositor_names_company_name').on(t.companyId, t.name)],
);
