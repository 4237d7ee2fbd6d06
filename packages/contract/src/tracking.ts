import { z } from 'zod';
import { answerOf } from './envelope.js';
import { MSG } from './messages.js';
import { MSG_ORDER } from './messages-shop.js';
import { rowId } from './page-fields.js';

/**
 * Carrier tracking of shipped orders (docs/requirements.md#shipping-and-tracking): the events a
 * carrier reports for a waybill, in tracker.delivery's status codes, and the calls that read them.
 */

/** tracker.delivery's general status of one event (its TrackEventStatusCode). */
export const TRACKING_STATUSES = [
  'UNKNOWN',
  'INFORMATION_RECEIVED',
  'AT_PICKUP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'ATTEMPT_FAIL',
  'DELIVERED',
  'AVAILABLE_FOR_PICKUP',
  'EXCEPTION',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** What the buyer reads for each status. */
export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  UNKNOWN: '확인 중',
  INFORMATION_RECEIVED: '접수',
  AT_PICKUP: '집화',
  IN_TRANSIT: '간선 이동',
  OUT_FOR_DELIVERY: '배송출발',
  ATTEMPT_FAIL: '배송 실패',
  DELIVERED: '배송완료',
  AVAILABLE_FOR_PICKUP: '보관 중 (수령 대기)',
  EXCEPTION: '배송 이상',
};

export const MSG_TRACKING = {
  carrierRequired: '택배사를 선택하세요.',
  waybillRequired: '송장번호를 입력하세요.',
  /** A waybill of the wrong shape: names the carrier and what its numbers look like. */
  waybillShape: (carrier: string, hint: string) => `${carrier} 송장번호는 ${hint}입니다. 다시 확인하세요.`,
  noWaybill: (carrier: string) => `${carrier}은(는) 송장번호 없이 배송 완료합니다. 송장번호를 비워 두세요.`,
  /** The parcel is another company's: its buyer would read this order's tracking (docs/requirements.md#shipping-and-tracking). */
  waybillOfOtherCompany: (carrier: string, waybill: string, seq: number) =>
    `${carrier} 송장번호 ${waybill}은(는) 이미 다른 업체의 주문(#${seq})에 등록되어 있습니다. 송장번호를 다시 확인하세요.`,
  notShipped: '아직 배송 정보가 없는 주문입니다.',
  orderNotFound: '주문을 찾을 수 없습니다.',
  /** The same answer whether or not the waybill is the shop's (docs/security.md#webhooks). */
  hintReceived: '배송 정보 변경 알림을 받았습니다.',
  webhookKeyWrong: '웹훅 키가 올바르지 않습니다.',
  providerDown: '배송 조회 서비스가 응답하지 않습니다. 잠시 후 다시 시도하세요.',
} as const;

const instant = z.iso.datetime();

/** One event of a parcel, oldest first. */
export const trackingEvent = z.object({
  /** When the carrier recorded it (null when the carrier gave no time). */
  time: instant.nullable(),
  status: z.enum(TRACKING_STATUSES),
  /** The carrier's place name ('' when none). */
  location: z.string(),
  /** The carrier's own words ('' when none). */
  description: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

/** api/getOrderTracking: the order's seq, a number or a query string's digits ('3'; docs/requirements.md#validation). */
export const orderTrackingRequest = z.object({ seq: rowId(MSG_ORDER.selectOrder) });

/** The shipment of one order as the buyer and staff read it. */
export const orderTracking = z.object({
  /** tracker.delivery's carrier id ('kr.cjlogistics'), 'direct', 'quick', or null for a name typed that is not in the list. */
  carrier: z.string().nullable(),
  carrierName: z.string(),
  waybill: z.string(),
  /** The carrier's own tracking page, or null (직접 배송, 퀵, a carrier not in the list). */
  link: z.string().nullable(),
  /** Whether the shop follows the parcel's events (a listed parcel or freight carrier). */
  tracked: z.boolean(),
  shippedAt: instant.nullable(),
  /** When the carrier reported delivery (배송완료), or null. */
  deliveredAt: instant.nullable(),
  events: z.array(trackingEvent),
});
export type OrderTracking = z.infer<typeof orderTracking>;
export const orderTrackingAnswer = answerOf(orderTracking);

/**
 * api/trackingWebhook?key=…: tracker.delivery's callback, `{ carrierId, trackingNumber }` and nothing
 * else, at the address the shop registered (its key in the query). Only a hint: the server reads the
 * track back from the provider. The answer is the same for any waybill, the shop's or not.
 */
export const trackingWebhook = z.object({
  carrierId: z.string({ error: MSG.badRequest }).trim().min(1, MSG.badRequest).max(40, MSG.badRequest),
  trackingNumber: z.string({ error: MSG.badRequest }).trim().min(1, MSG.badRequest).max(40, MSG.badRequest),
});
export const trackingWebhookAnswer = answerOf(
  z.object({
    /** Always true: the hint was received (whether it named a waybill of the shop's is not said). */
    received: z.literal(true),
  }),
);
