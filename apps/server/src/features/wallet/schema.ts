/** The cash ledger, the history of every company's 예치금. */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { LEDGER_TYPES } from '@partsmall/contract';
import { wonAmount, won, checkIn } from '../../db/columns.js';
import { authorNote, companyRow } from '../members/schema.js';

/** Append-only cash ledger; the sum of a company's rows always equals companies.point. */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    ...companyRow(),
    /** One of the contract's LEDGER_TYPES (point = a top-up). */
    type: text('type').notNull(),
    amount: wonAmount(),
    balanceAfter: won('balance_after').notNull(),
    ...authorNote(),
  },
  (t) => [
    index('cash_ledger_company').on(t.companyId, t.createdAt),
    checkIn('cash_ledger_type_valid', t.type, LEDGER_TYPES),
  ],
);
