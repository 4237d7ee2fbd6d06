/** Cart lines, orders, their lines and every status move. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, won } from './columns.js';
import { companies, members } from './accounts.js';
import { products } from './products.js';

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

/** An order: one warehouse, paid from the company's cash in the same transaction as its ledger row. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Makes a repeated payment request pay once. */
    clientRequestId: text('client_request_id').notNull(),
    storageId: integer('storage_id').notNull(),
    stockName: text('stock_name').notNull(),
    status: integer('status').notNull().default(0),
    totalAmount: won('total_amount').notNull().default(0),
    shipping: won('shipping').notNull().default(0),
    shippingValue: integer('shipping_value').notNull(),
    shippingPayType: integer('shipping_pay_type').notNull(),
    arrive: text('arrive').notNull().default(''),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postNum: text('post_num').notNull().default(''),
    address: text('address').notNull().default(''),
    addrSub: text('addr_sub').notNull().default(''),
    memo: text('memo').notNull().default(''),
    directDeli: boolean('direct_deli').notNull().default(false),
    fromName: text('from_name').notNull().default(''),
    fromPhone: text('from_phone').notNull().default(''),
    receiverIsSelfQuick: boolean('receiver_is_self_quick').notNull().default(false),
    carrier: text('carrier').notNull().default(''),
    waybill: text('waybill').notNull().default(''),
    returnReason: integer('return_reason'),
    staffNote: text('staff_note').notNull().default(''),
    /** The order's 작업번호 or 차량번호, typed at checkout (docs/requirements.md#job-reference). */
    jobRef: text('job_ref').notNull().default(''),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /** 'cash' (from the cash balance) or 'credit' (외상: a receivables ledger charge; docs/requirements.md#credit). */
    payWith: text('pay_with').notNull().default('cash'),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_pay_with_valid', sql`${t.payWith} in ('cash','credit')`),
    uniqueIndex('orders_company_request').on(t.companyId, t.clientRequestId),
    index('orders_company_created').on(t.companyId, t.createdAt),
    check('orders_status_valid', sql`${t.status} in (0,1,2,3,4,5,6,8)`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    pid: text('pid').notNull(),
    factoryNum: text('factory_num').notNull().default(''),
    qty: integer('qty').notNull(),
    /** Unit price the company paid. */
    price: won('price').notNull(),
    /** The vehicle the part was bought for, carried from the cart line or 'buy now' (issue 10). */
    vin: text('vin'),
    /** Memo and job reference carried from the cart line (docs/requirements.md#job-reference). */
    memo: text('memo').notNull().default(''),
    jobRef: text('job_ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_lines_order').on(t.orderId), check('order_lines_qty_positive', sql`${t.qty} > 0`)],
);

/** Every status move: who, when, from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    memberId: integer('member_id').references(() => members.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);
