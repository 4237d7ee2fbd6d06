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

/** The label of each status, as every screen and paper shows it. */
export const ORDER_STATUS_LABELS: Record<number, string> = {
  [ORDER_STATUS.purchaseRequest]: '구매요청',
  [ORDER_STATUS.shipmentConfirmed]: '출고확정',
  [ORDER_STATUS.shipmentComplete]: '출고완료',
  [ORDER_STATUS.shipmentCancelled]: '출고취소',
  [ORDER_STATUS.returnRequested]: '반품요청',
  [ORDER_STATUS.returnApproved]: '반품승인',
  [ORDER_STATUS.returnOnHold]: '반품보류',
  [ORDER_STATUS.sellerCancelled]: '판매자취소',
} satisfies Record<OrderStatus, string>;

/** A return for change of mind: the buyer pays the shipping (it is not refunded, and stays a sale). */
export const RETURN_REASON_CHANGE_OF_MIND = 1;

export const RETURN_REASONS: Record<number, string> = {
  0: '초기 불량',
  1: '단순 변심',
  2: '상품 정보 상이',
  3: '배송 지연',
};

export type StatusActor = 'buyer' | 'staff';

const S = ORDER_STATUS;

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
  { from: [S.purchaseRequest], to: S.shipmentConfirmed, by: ['staff'], refund: 'none' },
  { from: [S.purchaseRequest], to: S.shipmentCancelled, by: ['buyer', 'staff'], refund: 'all' },
  { from: [S.purchaseRequest, S.shipmentConfirmed], to: S.sellerCancelled, by: ['staff'], refund: 'all' },
  { from: [S.shipmentConfirmed], to: S.shipmentComplete, by: ['staff'], refund: 'none' },
  { from: [S.shipmentComplete], to: S.returnRequested, by: ['buyer'], refund: 'none' },
  { from: [S.returnRequested], to: S.returnOnHold, by: ['staff'], refund: 'none' },
  { from: [S.returnRequested, S.returnOnHold], to: S.returnApproved, by: ['staff'], refund: 'goods-or-all' },
];

/** Statuses no move leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = [S.shipmentCancelled, S.returnApproved, S.sellerCancelled];

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
