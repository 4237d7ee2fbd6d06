/** The cart: one row per company and product. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, createdAt, blankText, refTo } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';
import { products } from '../products/schema.js';

/** Cart lines of a member; adding a product again raises its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serialId(),
    memberId: refTo('member_id', () => members.id).notNull(),
    companyId: refTo('company_id', () => companies.id).notNull(),
    productId: refTo('product_id', () => products.id).notNull(),
    qty: integer('qty').notNull(),
    /** The vehicle the part was picked for in the catalogue (fewer 'information differs' returns). */
    vin: text('vin'),
    /** The buyer's note from a quick order line (docs/requirements.md#quick-order). */
    memo: blankText('memo'),
    /** 작업번호 or 차량번호 the part is for, up to 30 characters (docs/requirements.md#job-reference). */
    jobRef: blankText('job_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_member_product').on(t.memberId, t.productId),
    check('cart_items_qty_positive', sql`${t.qty} > 0`),
  ],
);
