/** Money: the cash ledger, payments, 전자세금계산서 and the console provider's outbox of them. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, won } from './columns.js';
import { companies, members } from './accounts.js';
import { orders } from './orders.js';

/** Append-only cash ledger; the sum of a company's rows always equals companies.point. */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** order, point (top-up), license, cancel, return, adjust */
    type: text('type').notNull(),
    amount: won('amount').notNull(),
    balanceAfter: won('balance_after').notNull(),
    memberId: integer('member_id').references(() => members.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_ledger_company').on(t.companyId, t.createdAt),
    check('cash_ledger_type_valid', sql`${t.type} in ('order','point','license','cancel','return','adjust')`),
  ],
);

/**
 * Payments: cash top-ups ('point'), licence purchases ('license') and card payments of 외상 statements
 * ('statement') through the payment gateway,
 * and charges the shop made itself (pgcode 'manager'). A payment starts 'pending' and moves once,
 * to 'paid' (credited in the same transaction) or 'declined'; it never moves back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The gateway's payment id; a confirmation is matched by it, so one payment credits once. */
    gatewayId: text('gateway_id').notNull(),
    /** 'sandbox', a real provider's name, or 'manager'. */
    provider: text('provider').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    memberId: integer('member_id').references(() => members.id),
    kind: text('kind').notNull(),
    pgcode: text('pgcode').notNull(),
    amount: won('amount').notNull(),
    /** Licence days bought (kind 'license'). */
    days: integer('days'),
    /** The statement a card payment pays (kind 'statement', docs/requirements.md#credit-deposits). */
    statementId: integer('statement_id'),
    productName: text('product_name').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_gateway_id').on(t.gatewayId),
    index('payments_company_kind_paid').on(t.companyId, t.kind, t.paidAt),
    check('payments_kind_valid', sql`${t.kind} in ('point','license','statement')`),
    check('payments_statement_named', sql`(${t.kind} = 'statement') = (${t.statementId} is not null)`),
    check('payments_pgcode_valid', sql`${t.pgcode} in ('creditcard','banktransfer','manager')`),
    check('payments_status_valid', sql`${t.status} in ('pending','paid','declined')`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_license_days', sql`${t.kind} <> 'license' or ${t.days} > 0`),
  ],
);

/**
 * 전자세금계산서 (docs/requirements.md#tax-invoices): one row per invoice the shop issues or will issue,
 * keyed by Popbill's mgtKey (derived from the order, the company-month or the refund), so a retried
 * job finds the row, and Popbill the document, it already made.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** 'order' (one shipped order), 'monthly' (월합계), 'correction' (negative 수정세금계산서). */
    kind: text('kind').notNull(),
    mgtKey: text('mgt_key').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    /** 'YYYY-MM' of a 월합계. */
    month: text('month'),
    /** The invoice a correction corrects. */
    originalId: integer('original_id'),
    /** The refund a correction is for ('order:<id>:<status>'). */
    refundKey: text('refund_key'),
    /** The credit statement a 월합계 is issued for: its amounts are the statement's, never worked out again. */
    statementId: integer('statement_id'),
    /** pending 발행 대기, issued 발행, sent 국세청 전송, failed 실패 (error says why), cancelled 취소. */
    status: text('status').notNull().default('pending'),
    /** 작성일자 YYYYMMDD. */
    writeDate: text('write_date').notNull(),
    supply: won('supply').notNull(),
    tax: won('tax').notNull(),
    total: won('total').notNull(),
    /** The orders it lists: [{ orderSeq, supply, tax, total }]. */
    items: jsonb('items')
      .$type<{ orderSeq: number; supply: number; tax: number; total: number }[]>()
      .notNull()
      .default([]),
    /** The buyer's details as issued (the record the tax law keeps). */
    buyer: jsonb('buyer').$type<Record<string, string>>(),
    error: text('error').notNull().default(''),
    ntsConfirmNum: text('nts_confirm_num'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_invoices_mgt_key').on(t.mgtKey),
    index('tax_invoices_company').on(t.companyId, t.writeDate),
    index('tax_invoices_order').on(t.orderId),
    check('tax_invoices_kind_valid', sql`${t.kind} in ('order','monthly','correction')`),
    check('tax_invoices_status_valid', sql`${t.status} in ('pending','issued','sent','failed','cancelled')`),
  ],
);

/** What the console tax-invoice provider "issued": the dev outbox, one row per mgtKey. */
export const taxInvoiceOutbox = pgTable('tax_invoice_outbox', {
  mgtKey: text('mgt_key').primaryKey(),
  fields: jsonb('fields').notNull(),
  createdAt: createdAt(),
});
