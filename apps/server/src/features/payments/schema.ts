/** Card and transfer payments that top up a company's 예치금. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, wonAmount, status, checkIn, checkPositive } from '../../db/columns.js';
import { companyRef, memberRef } from '../members/schema.js';

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
    companyId: companyRef().notNull(),
    memberId: memberRef(),
    kind: text('kind').notNull(),
    pgcode: text('pgcode').notNull(),
    amount: wonAmount(),
    /** Licence days bought (kind 'license'). */
    days: integer('days'),
    /** The statement a card payment pays (kind 'statement', docs/requirements.md#credit-deposits). */
    statementId: integer('statement_id'),
    productName: text('product_name').notNull(),
    status: status('pending'),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
    declinedAt: instant('declined_at'),
  },
  (t) => [
    uniqueIndex('payments_gateway_id').on(t.gatewayId),
    index('payments_company_kind_paid').on(t.companyId, t.kind, t.paidAt),
    checkIn('payments_kind_valid', t.kind, ['point', 'license', 'statement']),
    check('payments_statement_named', sql`(${t.kind} = 'statement') = (${t.statementId} is not null)`),
    checkIn('payments_pgcode_valid', t.pgcode, ['creditcard', 'banktransfer', 'manager']),
    checkIn('payments_status_valid', t.status, ['pending', 'paid', 'declined']),
    checkPositive('payments_amount_positive', t.amount),
    check('payments_license_days', sql`${t.kind} <> 'license' or ${t.days} > 0`),
  ],
);
