/** The cart: one row per company and product. */
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, createdAt, blankText, checkPositive } from '../../db/columns.js';
import { companyRef, memberRef } from '../members/schema.js';
import { productRef } from '../products/schema.js';

/** What a cart line says about its part, carried onto the order's line at checkout. */
export const cartLineNotes = () => ({
  /** The vehicle the part was picked for in the catalogue (fewer 'information differs' returns). */
  vin: text('vin'),
  /** The buyer's note from a quick order line (docs/requirements.md#quick-order). */
  memo: blankText('memo'),
  /** 작업번호 or 차량번호 the part is for, up to 30 characters (docs/requirements.md#job-reference). */
  jobRef: blankText('job_ref'),
});

/** Cart lines of a member; adding a product again raises its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serialId(),
    memberId: memberRef().notNull(),
    companyId: companyRef().notNull(),
    productId: productRef().notNull(),
    qty: integer('qty').notNull(),
    ...cartLineNotes(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_member_product').on(t.memberId, t.productId),
    checkPositive('cart_items_qty_positive', t.qty),
  ],
);

/**
 * One row per request id a member's cart write was sent with (quick order, reorder): a retry of a
 * request whose answer never came is answered from here instead of adding its lines again
 * (docs/requirements.md#quick-order). Kept CART_REQUEST_RETENTION_DAYS (features/cart/repository.ts).
 */
export const cartRequests = pgTable(
  'cart_requests',
  {
    memberId: memberRef().notNull(),
    requestId: text('request_id').notNull(),
    /** The call and its payload, so that the same id sent with other lines is refused, not answered. */
    digest: text('digest').notNull(),
    /** What the first request answered: null while its transaction is still open. */
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.requestId] }), index('cart_requests_created_at').on(t.createdAt)],
);
