/** The cart: one row per company and product. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';
import { products } from '../products/schema.js';

/** Cart lines of a member; adding a product again raises its quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    /** The vehicle the part was picked for in the catalogue (fewer 'information differs' returns). */
    vin: text('vin'),
    /** The buyer's note from a quick order line (docs/requirements.md#quick-order). */
    memo: text('memo').notNull().default(''),
    /** 작업번호 or 차량번호 the part is for, up to 30 characters (docs/requirements.md#job-reference). */
    jobRef: text('job_ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_member_product').on(t.memberId, t.productId),
    check('cart_items_qty_positive', sql`${t.qty} > 0`),
  ],
);
