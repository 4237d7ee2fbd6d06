/** The cash ledger, the history of every company's 예치금. */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { wonAmount, won, checkIn } from '../../db/columns.js';
import { authorNote, companyRow } from '../members/schema.js';

/** Append-only cash ledger; the sum of a company's rows always equals companies.point. */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    ...companyRow(),
    /** order, point (top-up), license, cancel, return, adjust */
    type: text('type').notNull(),
    amount: wonAmount(),
    balanceAfter: won('balance_after').notNull(),
    ...authorNote(),
  },
  (t) => [
    index('cash_ledger_company').on(t.companyId, t.createdAt),
    checkIn('cash_ledger_type_valid', t.type, ['order', 'point', 'license', 'cancel', 'return', 'adjust']),
  ],
);
