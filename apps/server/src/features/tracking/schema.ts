import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, instantNow, blankText } from '../../db/columns.js';
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
    id: serialId(),
    /** The order (the migration's foreign key; deleted with it). */
    orderId: integer('order_id').notNull(),
    carrierCode: text('carrier_code'),
    carrierName: text('carrier_name').notNull(),
    /** Digits only for a listed carrier; as typed otherwise; '' for 직접 배송 and 퀵. */
    waybill: blankText('waybill'),
    /** Whether the provider follows it (a listed parcel or freight carrier). */
    tracked: boolean('tracked').notNull().default(false),
    shippedAt: instantNow('shipped_at'),
    deliveredAt: instant('delivered_at'),
    /** The last event's status code (tracker.delivery's), '' before the first read. */
    lastStatus: blankText('last_status'),
    /** The events as the provider last answered them, oldest first. */
    events: jsonb('events').$type<TrackingEvent[]>().notNull().default([]),
    /** When the provider was last read for it (null: never). */
    checkedAt: instant('checked_at'),
  },
  (t) => [uniqueIndex('shipments_order_uq').on(t.orderId), index('shipments_waybill_idx').on(t.carrierCode, t.waybill)],
);
export type ShipmentRow = typeof shipments.$inferSelect;
