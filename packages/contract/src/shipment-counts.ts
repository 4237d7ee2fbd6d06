import { z } from 'zod';
import { answerOf } from './envelope.js';

/**
 * The member area's 배송 현황 (docs/requirements.md#member-area): how many of the company's orders
 * wait to ship, are on their way, and were delivered lately. Orders without a warehouse count nowhere.
 */

/** 배송완료 counts the deliveries of this many Seoul days, today included. */
export const SHIPMENT_DELIVERED_DAYS = 30;

const counted = z.number().int().min(0);

/** api/getMallShipmentCounts: the three figures of the profile's 배송 현황. */
export const shipmentCounts = z.object({
  /** 배송대기: orders in 구매요청 or 출고확정 (statuses 0 and 1). */
  awaiting: counted,
  /** 배송중: 출고완료 (status 2) orders shipped in the window by a followed carrier, not yet delivered. */
  shipping: counted,
  /** 배송완료: 출고완료 orders delivered, or shipped by 직접 배송 or 퀵, on one of the last SHIPMENT_DELIVERED_DAYS Seoul days. */
  delivered: counted,
});
export type ShipmentCounts = z.infer<typeof shipmentCounts>;
export const shipmentCountsAnswer = answerOf(shipmentCounts);
