/** 전자세금계산서 and the console provider's outbox of them. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, createdAt, timestamps, wonAmount, blankText, status, checkIn } from '../../db/columns.js';
import { companyRow } from '../members/schema.js';
import { orderRef } from '../orders/schema.js';

/**
 * 전자세금계산서 (docs/requirements.md#tax-invoices): one row per invoice the shop issues or will issue,
 * keyed by Popbill's mgtKey (derived from the order, the company-month or the refund), so a retried
 * job finds the row, and Popbill the document, it already made.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    ...companyRow(),
    /** 'order' (one shipped order), 'monthly' (월합계), 'correction' (negative 수정세금계산서). */
    kind: text('kind').notNull(),
    mgtKey: text('mgt_key').notNull(),
    orderId: orderRef(),
    /** 'YYYY-MM' of a 월합계. */
    month: text('month'),
    /** The invoice a correction corrects. */
    originalId: integer('original_id'),
    /** The refund a correction is for ('order:<id>:<status>'). */
    refundKey: text('refund_key'),
    /** The credit statement a 월합계 is issued for: its amounts are the statement's, never worked out again. */
    statementId: integer('statement_id'),
    /** pending 발행 대기, issued 발행, sent 국세청 전송, failed 실패 (error says why), cancelled 취소. */
    status: status('pending'),
    /** 작성일자 YYYYMMDD. */
    writeDate: text('write_date').notNull(),
    supply: wonAmount('supply'),
    tax: wonAmount('tax'),
    total: wonAmount('total'),
    /** The orders it lists: [{ orderSeq, supply, tax, total }]. */
    items: jsonb('items')
      .$type<{ orderSeq: number; supply: number; tax: number; total: number }[]>()
      .notNull()
      .default([]),
    /** The buyer's details as issued (the record the tax law keeps). */
    buyer: jsonb('buyer').$type<Record<string, string>>(),
    error: blankText('error'),
    ntsConfirmNum: text('nts_confirm_num'),
    issuedAt: instant('issued_at'),
    /**
     * When the amounts sent to the provider were read (a per-order or 월합계 invoice worked out again at
     * its try): a refund after it is corrected, one before it is in the amounts. Null until a try.
     */
    draftedAt: instant('drafted_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tax_invoices_mgt_key').on(t.mgtKey),
    index('tax_invoices_company').on(t.companyId, t.writeDate),
    index('tax_invoices_order').on(t.orderId),
    // One 월합계 per credit statement.
    uniqueIndex('tax_invoices_statement')
      .on(t.statementId)
      .where(sql`"statement_id" is not null`),
    checkIn('tax_invoices_kind_valid', t.kind, ['order', 'monthly', 'correction']),
    checkIn('tax_invoices_status_valid', t.status, ['pending', 'issued', 'sent', 'failed', 'cancelled']),
  ],
);

/** What the console tax-invoice provider "issued": the dev outbox, one row per mgtKey. */
export const taxInvoiceOutbox = pgTable('tax_invoice_outbox', {
  mgtKey: text('mgt_key').primaryKey(),
  fields: jsonb('fields').notNull(),
  createdAt: createdAt(),
});
