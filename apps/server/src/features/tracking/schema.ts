import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TrackingEvent } from '@partsmall/contract';

/**
 * One shipment per shipped order (docs/requirements.md#shipping-and-tracking): the carrier as a
 * code of the contract's CARRIERS (null for a name typed that is not in the list, kept as typed),
 * the waybill, and what the carrier last reported. The delivery time is the shipment's, not an
 * order status: status 2 keeps its meaning.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    /** The order (the migration's foreign key; deleted with it). */
    orderId: integer('order_id').notNull(),
    carrierCode: text('carrier_code'),
    carrierName: text('carrier_name').notNull(),
    /** Digits only for a listed carrier; as typed otherwise; '' for 직접 배송 and 퀵. */
    waybill: text('waybill').notNull().default(''),
    /** Whether the provider follows it (a listed parcel or freight carrier). */
    tracked: boolean('tracked').notNull().default(false),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The last event's status code (tracker.delivery's), '' before the first read. */
    lastStatus: text('last_status').notNull().default(''),
    /** The events as the provider last answered them, oldest first. */
    events: jsonb('events').$type<TrackingEvent[]>().notNull().default([]),
    /** When the provider was last read for it (null: never). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('shipments_order_uq').on(t.orderId), index('shipments_waybill_idx').on(t.carrierCode, t.waybill)],
);
export type ShipmentRow = typeof shipments.$inferSelect;
