/** The order's pure rules: statuses and their moves, the shipping fee, VAT and the return window. */
import { SHIPPING } from './constants.js';

/** Order statuses (docs/requirements.md#order-statuses). */
export const ORDER_STATUS = {
  purchaseRequest: 0,
  shipmentConfirmed: 1,
  shipmentComplete: 2,
  shipmentCancelled: 3,
  returnRequested: 4,
  returnApproved: 5,
  returnOnHold: 6,
  sellerCancelled: 8,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Statuses whose goods went back and whose money was refunded: not sales (docs/requirements.md#order-statuses). */
export const ORDER_STATUSES_UNDONE: readonly OrderStatus[] = [
  ORDER_STATUS.shipmentCancelled,
  ORDER_STATUS.returnApproved,
  ORDER_STATUS.sellerCancelled,
];

/** Statuses waiting for staff to act, as the back office's dashboard counts them. */
export const ORDER_STATUSES_WAITING: readonly OrderStatus[] = [
  ORDER_STATUS.purchaseRequest,
  ORDER_STATUS.shipmentConfirmed,
  ORDER_STATUS.returnRequested,
  ORDER_STATUS.returnOnHold,
];

export const ORDER_STATUS_LABELS: Record<number, string> = {
  0: '구매요청',
  1: '출고확정',
  2: '출고완료',
  3: '출고취소',
  4: '반품요청',
  5: '반품승인',
  6: '반품보류',
  8: '판매자취소',
};

export const RETURN_REASONS: Record<number, string> = {
  0: '초기 불량',
  1: '단순 변심',
  2: '상품 정보 상이',
  3: '배송 지연',
};

export type StatusActor = 'buyer' | 'staff';

/**
 * The only table of which status may follow which (docs/requirements.md#order-statuses). Server checks and the buttons
 * the web app shows both read it.
 */
export const ORDER_TRANSITIONS: {
  from: OrderStatus[];
  to: OrderStatus;
  by: StatusActor[];
  refund: 'none' | 'all' | 'goods-or-all';
}[] = [
  { from: [0], to: 1, by: ['staff'], refund: 'none' },
  { from: [0], to: 3, by: ['buyer', 'staff'], refund: 'all' },
  { from: [0, 1], to: 8, by: ['staff'], refund: 'all' },
  { from: [1], to: 2, by: ['staff'], refund: 'none' },
  { from: [2], to: 4, by: ['buyer'], refund: 'none' },
  { from: [4], to: 6, by: ['staff'], refund: 'none' },
  { from: [4, 6], to: 5, by: ['staff'], refund: 'goods-or-all' },
];

export const FINAL_STATUSES: OrderStatus[] = [3, 5, 8];

export function findTransition(from: number, to: number, actor: StatusActor) {
  return (
    ORDER_TRANSITIONS.find((t) => t.to === to && t.from.includes(from as OrderStatus) && t.by.includes(actor)) ?? null
  );
}

/** The moves an actor may make from a status (for the buttons shown). */
export function allowedMoves(from: number, actor: StatusActor): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from.includes(from as OrderStatus) && t.by.includes(actor)).map((t) => t.to);
}

/** Shipping fee by pay type: 6,000 won prepaid, 0 collect or pickup (docs/requirements.md#shipping). */
export function shippingFee(payType: number): number {
  return payType === SHIPPING.payTypes.prepaid ? SHIPPING.prepaidFee : 0;
}

export const RETURN_WINDOW_DAYS = 20;
