/** Card and transfer payments that top up a company's 예치금. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, won, refTo } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';

/**
 * Payments: cash top-ups ('point'), licence purchases ('license') and card payments of 외상 statements
 * ('statement') through the payment gateway,
 * and charges the shop made itself (pgcode 'manager'). A payment starts 'pending' and moves once,
 * to 'paid' (credited in the same transaction) or 'declined'; it never moves back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serialId(),
    /** The gateway's payment id; a confirmation is matched by it, so one payment credits once. */
    gatewayId: text('gateway_id').notNull(),
    /** 'sandbox', a real provider's name, or 'manager'. */
    provider: text('provider').notNull(),
    companyId: refTo('company_id', () => companies.id).notNull(),
    memberId: refTo('member_id', () => members.id),
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
    paidAt: instant('paid_at'),
    declinedAt: instant('declined_at'),
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
