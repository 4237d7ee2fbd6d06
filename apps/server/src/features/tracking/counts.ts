import { and, eq, exists, gte, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  ORDER_STATUS,
  SHIPMENT_DELIVERED_DAYS,
  addSeoulDays,
  seoulDay,
  startOfSeoulDay,
  type ShipmentCounts,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { countStaffOrders, orderIdMeets, staffOrderWhere } from '../orders/repository.js';
import { shipments } from './schema.js';

/** The order's shipment meeting `condition`, as a condition on the order's number. */
const shipmentWhere = (orderId: SQLWrapper, condition: SQL) =>
  sql`(select 1 from ${shipments} where ${shipments.orderId} = ${orderId} and ${condition})`;

/**
 * The profile's 배송 현황 (docs/requirements.md#member-area) for a company, main and sub-accounts alike:
 * 배송대기 = statuses 0 and 1; 배송중 = status 2 whose followed shipment (a listed carrier's waybill)
 * has no delivery time, shipped within the window; 배송완료 = status 2 delivered within the window, or
 * shipped within it without a carrier to follow (직접 배송, 퀵: nothing ever reports their delivery, and
 * they would stay 배송중 for good). The window starts at the Seoul day SHIPMENT_DELIVERED_DAYS - 1 days
 * before today. Only shown orders (a warehouse's) count. The orders are counted by their feature's
 * repository (the tables of orders are read only there), one count each.
 */
export async function shipmentCounts(db: Db, companyId: number, now: Date = new Date()): Promise<ShipmentCounts> {
  const since = startOfSeoulDay(addSeoulDays(seoulDay(now), -(SHIPMENT_DELIVERED_DAYS - 1)));
  const company = staffOrderWhere({ companyId });
  const status = (s: number) => staffOrderWhere({ status: s });
  // 출고완료 orders of the company whose shipment meets `condition`.
  const shippedWhere = (condition: SQL | undefined) =>
    countStaffOrders(
      db,
      and(
        company,
        status(ORDER_STATUS.shipmentComplete),
        orderIdMeets((id) => exists(shipmentWhere(id, condition!))),
      ),
    );
  const [awaiting, shipping, delivered] = await Promise.all([
    countStaffOrders(
      db,
      and(company, or(status(ORDER_STATUS.purchaseRequest), status(ORDER_STATUS.shipmentConfirmed))),
    ),
    shippedWhere(and(eq(shipments.tracked, true), isNull(shipments.deliveredAt), gte(shipments.shippedAt, since))),
    shippedWhere(
      or(gte(shipments.deliveredAt, since), and(eq(shipments.tracked, false), gte(shipments.shippedAt, since))),
    ),
  ]);
  return { awaiting, shipping, delivered };
}
