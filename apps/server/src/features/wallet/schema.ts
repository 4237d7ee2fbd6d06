/** The cash ledger, the history of every company's 예치금. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { serialId, createdAt, won, blankText, refTo } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';

/** Append-only cash ledger; the sum of a company's rows always equals companies.point. */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    id: serialId(),
    companyId: refTo('company_id', () => companies.id).notNull(),
    /** order, point (top-up), license, cancel, return, adjust */
    type: text('type').notNull(),
    amount: won('amount').notNull(),
    balanceAfter: won('balance_after').notNull(),
    memberId: refTo('member_id', () => members.id),
    note: blankText('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_ledger_company').on(t.companyId, t.createdAt),
    check('cash_ledger_type_valid', sql`${t.type} in ('order','point','license','cancel','return','adjust')`),
  ],
);
