/** Orders, their lines and every status move. */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  serialId,
  instant,
  createdAt,
  won,
  wonZero,
  blankText,
  refTo,
  checkIn,
  checkPositive,
} from '../../db/columns.js';
import { cartLineNotes } from '../cart/schema.js';
import { authorNote, companyRow, memberRef } from '../members/schema.js';
import { productRef } from '../products/schema.js';
import { deliveryAddress } from '../shipping/schema.js';

/** An order: one warehouse, paid from the company's cash in the same transaction as its ledger row. */
export const orders = pgTable(
  'orders',
  {
    ...companyRow(),
    memberId: memberRef().notNull(),
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
    ...deliveryAddress(),
    /** '' for a 방문수령, which goes to no address (docs/requirements.md#shipping). */
    postNum: blankText('post_num'),
    address: blankText('address'),
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
    checkIn('orders_pay_with_valid', t.payWith, ['cash', 'credit']),
    uniqueIndex('orders_company_request').on(t.companyId, t.clientRequestId),
    index('orders_company_created').on(t.companyId, t.createdAt),
    checkIn('orders_status_valid', t.status, [0, 1, 2, 3, 4, 5, 6, 8]),
  ],
);

/** A reference to an order (`order_id`). */
export const orderRef = () => refTo('order_id', () => orders.id);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serialId(),
    orderId: orderRef().notNull(),
    productId: productRef().notNull(),
    name: text('name').notNull(),
    pid: text('pid').notNull(),
    factoryNum: blankText('factory_num'),
    qty: integer('qty').notNull(),
    /** Unit price the company paid. */
    price: won('price').notNull(),
    /** The vehicle, memo and job reference carried from the cart line (or 'buy now'). */
    ...cartLineNotes(),
    createdAt: createdAt(),
  },
  (t) => [index('order_lines_order').on(t.orderId), checkPositive('order_lines_qty_positive', t.qty)],
);

/** Every status move: who, when, from and to. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: orderRef().notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    ...authorNote(),
  },
  (t) => [index('order_events_order').on(t.orderId)],
);
