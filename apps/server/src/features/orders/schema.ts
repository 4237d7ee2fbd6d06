/** Orders, their lines and every status move. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt, won, wonZero, blankText, refTo } from '../../db/columns.js';
import { companies, members } from '../members/schema.js';
import { products } from '../products/schema.js';

/** An order: one warehouse, paid from the company's cash in the same transaction as its ledger row. */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    companyId: refTo('company_id', () => companies.id).notNull(),
    memberId: refTo('member_id', () => members.id).notNull(),
    /** Makes a repeated payment request pay once. */
    clientRequestId: text('client_request_id').notNull(),
    storageId: integer('storage_id').notNull(),
    stockName: text('stock_name').notNull(),
    status: integer('status').notNull().default(0),
    totalAmount: wonZero('total_amount'),
    shipping: wonZero('shipping'),
    shippingValue: integer('shipping_value').notNull(),
    shippingPayType: integer('shipping_pay_type').notNull(),
    arrive: blankText('arrive'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postNum: blankText('post_num'),
    address: blankText('address'),
    addrSub: blankText('addr_sub'),
    memo: blankText('memo'),
    directDeli: boolean('direct_deli').notNull().default(false),
    fromName: blankText('from_name'),
    fromPhone: blankText('from_phone'),
    receiverIsSelfQuick: boolean('receiver_is_self_quick').notNull().default(false),
    carrier: blankText('carrier'),
    waybill: blankText('waybill'),
    returnReason: integer('return_reason'),
    staffNote: blankText('staff_note'),
    /** The order's 작업번호 or 차량번호, typed at checkout (docs/requirements.md#job-reference). */
    jobRef: blankText('job_ref'),
    shippedAt: instant('shipped_at'),
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
    id: serialId(),
    orderId: refTo('order_id', () => orders.id).notNull(),
    productId: refTo('product_id', () => products.id).notNull(),
    name: text('name').notNull(),
    pid: text('pid').notNull(),
    factoryNum: blankText('factory_num'),
    qty: integer('qty').notNull(),
    /** Unit price the company paid. */
    price: won('price').notNull(),
    /** The vehicle the part was bought for, carried from the cart line or 'buy now' (issue 10). */
    vin: text('vin'),
    /** Memo and job reference carried from the cart line (docs/requirements.md#job-reference). */
    memo: blankText('memo'),
    jobRef: blankText('job_ref'),
    createdAt: createdAt(),
  },
  (t) => [index('order_lines_order').on(t.orderId), check('order_lines_qty_positive', sql`${t.qty} > 0`)],
);

/** Every status move: who, when, from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: refTo('order_id', () => orders.id).notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    memberId: refTo('member_id', () => members.id),
    note: blankText('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);
