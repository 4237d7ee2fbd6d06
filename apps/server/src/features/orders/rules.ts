import {
  MSG_ORDER,
  ORDER_STATUS,
  ORDER_STATUSES_UNDONE,
  ORDER_TRANSITIONS,
  RETURN_REASON_CHANGE_OF_MIND,
  RETURN_WINDOW_DAYS,
  addSeoulDays,
  isChinaWarehouse,
  seoulDay,
  startOfSeoulDay,
  type OrderStatus,
  type StatusActor,
} from '@partsmall/contract';
import { checkShipment } from '../tracking/index.js';

/**
 * The side rules of an order's status move (docs/requirements.md#order-statuses), as pure functions. Which status may
 * follow which is the contract's ORDER_TRANSITIONS; these are the conditions and amounts that come
 * with a move the table allows. All days are Asia/Seoul days.
 */

/** Why a move the table allows is refused: the Korean message and the field it is about. */
export interface Refusal {
  message: string;
  field: string;
}

/** How a transition refunds: nothing, everything, or the goods alone on a return for change of mind. */
export type RefundRule = (typeof ORDER_TRANSITIONS)[number]['refund'];

/** The buyer cancels only on the Seoul day the order was placed. */
export function cancelRefusal(createdAt: Date, now: Date): Refusal | null {
  return seoulDay(createdAt) === seoulDay(now) ? null : { message: MSG_ORDER.cancelOnlySameDay, field: 'status' };
}

/**
 * The first instant a return is no longer accepted: the shipment's Seoul day is day 0, and day 20
 * is the last day a return may be requested (until 24:00 Seoul time).
 */
export function returnDeadline(shippedAt: Date): Date {
  return startOfSeoulDay(addSeoulDays(seoulDay(shippedAt), RETURN_WINDOW_DAYS + 1));
}

export interface ReturnFacts {
  /** When the order was marked shipment complete; null when it never was. */
  shippedAt: Date | null;
  stockName: string;
  /** 0 initial defect, 1 change of mind, 2 information differs, 3 delivery delay. */
  returnReason: number | undefined;
}

/** A return needs a reason, comes within the window, and is not for change of mind from the China warehouse. */
export function returnRefusal(f: ReturnFacts, now: Date): Refusal | null {
  if (f.returnReason === undefined) return { message: MSG_ORDER.returnReasonRequired, field: 'returnReason' };
  if (!f.shippedAt || now.getTime() >= returnDeadline(f.shippedAt).getTime())
    return { message: MSG_ORDER.returnWindow, field: 'status' };
  if (f.returnReason === 1 && isChinaWarehouse(f.stockName))
    return { message: MSG_ORDER.returnReasonChina, field: 'returnReason' };
  return null;
}

/**
 * Shipment complete needs the carrier and a waybill of its shape (none for 직접 배송 and 퀵). A 방문수령
 * order is handed over at its warehouse: it takes neither, and one sent is refused (the field sent, the
 * waybill first): docs/requirements.md#shipping-and-tracking.
 */
export function shipmentRefusal(
  carrier: string | undefined,
  waybill: string | undefined,
  pickup = false,
): Refusal | null {
  if (pickup) {
    if (waybill?.trim()) return { message: MSG_ORDER.pickupNoParcel, field: 'waybill' };
    return carrier?.trim() ? { message: MSG_ORDER.pickupNoParcel, field: 'carrier' } : null;
  }
  const checked = checkShipment(carrier, waybill);
  return checked.ok ? null : { message: checked.message, field: checked.field };
}

export interface MoveFacts {
  to: number;
  actor: StatusActor;
  createdAt: Date;
  shippedAt: Date | null;
  stockName: string;
  returnReason?: number | undefined;
  carrier?: string | undefined;
  waybill?: string | undefined;
  /** A 방문수령 order (shippingValue 4): handed over, not shipped by a carrier. */
  pickup?: boolean;
}

/** The side rule a move the table allows must still pass, or null when it passes. */
export function moveRefusal(f: MoveFacts, now: Date): Refusal | null {
  if (f.to === ORDER_STATUS.shipmentCancelled && f.actor === 'buyer') return cancelRefusal(f.createdAt, now);
  if (f.to === ORDER_STATUS.shipmentComplete) return shipmentRefusal(f.carrier, f.waybill, f.pickup);
  if (f.to === ORDER_STATUS.returnRequested)
    return returnRefusal({ shippedAt: f.shippedAt, stockName: f.stockName, returnReason: f.returnReason }, now);
  return null;
}

/**
 * The cash a move gives back: cancels give back the goods and the shipping; an approved return
 * gives back the goods, and the shipping too unless the buyer returned for change of mind (reason 1).
 */
export function refundAmount(
  rule: RefundRule,
  order: { totalAmount: number; shipping: number; returnReason: number | null },
): number {
  if (rule === 'none') return 0;
  if (rule === 'goods-or-all' && order.returnReason === RETURN_REASON_CHANGE_OF_MIND) return order.totalAmount;
  return order.totalAmount + order.shipping;
}

/**
 * What an undone order's refund gave back (the amount its move credited, by the same rule from the same
 * order), or undefined for an order no move refunded; undefined too for a return whose reason was erased
 * with its dispute details (docs/requirements.md#retention), when the kept shipping cannot be told.
 */
export function refundedOf(order: {
  status: number;
  totalAmount: number;
  shipping: number;
  returnReason: number | null;
}): number | undefined {
  if (!ORDER_STATUSES_UNDONE.includes(order.status as OrderStatus)) return undefined;
  const rule = ORDER_TRANSITIONS.find((t) => t.to === order.status)?.refund ?? 'none';
  if (rule === 'none') return undefined;
  if (rule === 'goods-or-all' && order.returnReason === null && order.shipping > 0) return undefined;
  return refundAmount(rule, order);
}
