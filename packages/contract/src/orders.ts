import { z } from 'zod';
import { PAGE_SIZE, SHIPPING } from './constants.js';
import { MSG_ORDER } from './messages-shop.js';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { dateRangeListRequest } from './member.js';
import { EPC_MSG, normalizeVin } from './epc.js';
import { orderTaxInvoice } from './paperwork.js';
import { fitVehicle } from './vehicles.js';
import { jobRefField } from './quick-order.js';

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

/** VAT of an amount: 10 %, rounded half up to whole won. */
export function vatOf(amount: number): number {
  return Math.floor((amount + 5) / 10);
}

export const RETURN_WINDOW_DAYS = 20;

const positiveQty = z
  .number({ error: MSG_ORDER.qtyInvalid })
  .int(MSG_ORDER.qtyInvalid)
  .min(1, MSG_ORDER.qtyInvalid)
  .max(100_000, MSG_ORDER.qtyInvalid);
const id = z.number({ error: MSG_ORDER.selectProduct }).int().min(1).max(2_147_483_647);

/**
 * The VIN a part was picked for in the catalogue (issue 10): a full 17-character VIN, normalised;
 * absent, null or empty for parts bought from the shop pages.
 */
export const lineVin = z
  .union([z.string().max(100, EPC_MSG.hintFull), z.null()], { error: EPC_MSG.hintFull })
  .optional()
  .transform((v) => (v == null ? null : normalizeVin(v) || null))
  .refine((v) => v === null || /^[A-HJ-NPR-Z0-9]{17}$/.test(v), EPC_MSG.hintFull);

/** Buy or cart form (docs/requirements.md#entities); the server trusts only productId and the quantity. */
export const buyOrCartForm = z
  .object({
    productId: id,
    vin: lineVin,
    hasAmount: positiveQty.optional(),
    /** Mobile sends qty. */
    qty: positiveQty.optional(),
    price: z.number().optional(),
    originHasAmount: z.number().optional(),
    companyId: z.number().optional(),
  })
  .refine((v) => v.hasAmount !== undefined || v.qty !== undefined, {
    path: ['hasAmount'],
    error: MSG_ORDER.qtyInvalid,
  });
export type BuyOrCartForm = z.input<typeof buyOrCartForm>;

export const updateCartQuantityRequest = z.object({ seq: id, qty: positiveQty });
/** api/setCartLineJobRef: the line's 작업번호/차량번호 ('' clears it; docs/requirements.md#job-reference). */
export const cartLineJobRefRequest = z.object({ seq: id, jobRef: jobRefField.unwrap() });
export const cartDeleteRequest = z.object({ seq: id });

const digits = (min: number, max: number, msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), msg);
const text = (min: number, max: number, msg: string) => z.string({ error: msg }).trim().min(min, msg).max(max, msg);

export const shippingInfo = z
  .object({
    managerCompanyId: z.number().optional(),
    name: text(2, 20, MSG_ORDER.recipientName),
    phone: digits(10, 11, MSG_ORDER.recipientPhone),
    postNum: z.string().trim().max(6).default(''),
    address: z.string().trim().max(100, MSG_ORDER.address).default(''),
    addrSub: z.string().trim().max(100, MSG_ORDER.addrSub).default(''),
    arrive: z.string().trim().max(50, MSG_ORDER.arrive).default(''),
    shippingValue: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)], {
      error: MSG_ORDER.badShippingType,
    }),
    shippingPayType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG_ORDER.badPayType }),
    memo: z.string().max(255, MSG_ORDER.memo).default(''),
    directDeli: z.boolean().default(false),
    fromName: z.string().trim().max(20, MSG_ORDER.senderName).default(''),
    fromPhone: z.string().trim().max(11, MSG_ORDER.senderPhone).default(''),
    receiverIsSelfQuick: z.boolean().default(false),
    /** The fee the client showed; the server computes its own. */
    shipping: z.number().optional(),
  })
  .superRefine((v, ctx) => {
    const pickup = v.shippingValue === SHIPPING.types.pickup;
    if (!pickup) {
      if (!/^\d{5,6}$/.test(v.postNum)) ctx.addIssue({ code: 'custom', path: ['postNum'], message: MSG_ORDER.postNum });
      if (v.address.length < 2) ctx.addIssue({ code: 'custom', path: ['address'], message: MSG_ORDER.address });
      if (v.addrSub.length < 2) ctx.addIssue({ code: 'custom', path: ['addrSub'], message: MSG_ORDER.addrSub });
    }
    if (v.shippingValue === SHIPPING.types.freight) {
      if (v.arrive === '') ctx.addIssue({ code: 'custom', path: ['arrive'], message: MSG_ORDER.freightBranchRequired });
      else if (v.arrive.length < 2) ctx.addIssue({ code: 'custom', path: ['arrive'], message: MSG_ORDER.arrive });
    }
    if (v.directDeli) {
      if (v.fromName === '') ctx.addIssue({ code: 'custom', path: ['fromName'], message: MSG_ORDER.senderRequired });
      else if (v.fromName.length < 2)
        ctx.addIssue({ code: 'custom', path: ['fromName'], message: MSG_ORDER.senderName });
      if (v.fromPhone === '')
        ctx.addIssue({ code: 'custom', path: ['fromPhone'], message: MSG_ORDER.senderPhoneRequired });
      else if (!/^\d{10,11}$/.test(v.fromPhone))
        ctx.addIssue({ code: 'custom', path: ['fromPhone'], message: MSG_ORDER.senderPhone });
    }
  });
export type ShippingInfo = z.input<typeof shippingInfo>;

/**
 * One payment: either cart lines (seq) or direct items (productId + qty) from 'buy now'. The spec's
 * payload is `{ shippingInfo, carts }`; clientRequestId is a safety net the web app adds: with it a
 * repeated request pays once, without it every request is a payment of its own.
 */
export const paymentRequest = z.object({
  clientRequestId: z
    .string({ error: MSG_ORDER.clientRequestId })
    .trim()
    .min(8, MSG_ORDER.clientRequestId)
    .max(64, MSG_ORDER.clientRequestId)
    .optional(),
  shippingInfo,
  /** Ours, optional: the order's 작업번호 or 차량번호 (docs/requirements.md#job-reference). */
  jobRef: jobRefField,
  carts: z
    .array(z.object({ seq: id.optional(), productId: id.optional(), qty: positiveQty, vin: lineVin }), {
      error: MSG_ORDER.selectProduct,
    })
    .min(1, MSG_ORDER.selectProduct)
    .max(64, MSG_ORDER.selectProduct),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

export const savedAddressRequest = z.object({
  seq: id.optional(),
  basic: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  name: text(2, 20, MSG_ORDER.recipientName),
  phone: digits(10, 11, MSG_ORDER.recipientPhone),
  postNum: digits(5, 6, MSG_ORDER.postNum),
  address: text(2, 100, MSG_ORDER.address),
  addrSub: z.string().trim().max(100, MSG_ORDER.addrSub).default(''),
});

/** api/getMallOrderInfo: the same date-range list query as the payment histories (docs/requirements.md#validation). */
export const orderListRequest = dateRangeListRequest;

export const orderMoveRequest = z.object({
  seq: id,
  status: z.number().int(),
  returnReason: z.number().int().min(0).max(3).optional(),
  note: z.string().trim().max(255).optional(),
  carrier: z.string().trim().max(30).optional(),
  waybill: z.string().trim().max(40).optional(),
});

// ---------------------------------------------------------------- answers

const int = z.number().int();
const instant = z.iso.datetime();

/** The product part of a cart line or payment item, priced for the company's level (docs/requirements.md#entities). */
export const cartProductInfo = z.object({
  seq: int,
  name: z.string(),
  pid: z.string(),
  factoryNum: z.string(),
  price: int,
  hasAmount: int,
  stockName: z.string(),
  storageId: int,
  imgFiles: z.array(z.string()),
});
export type CartProductInfo = z.infer<typeof cartProductInfo>;

/** A cart line as api/getMallCartInfo sends it (docs/requirements.md#entities). */
export const cartLine = z.object({
  seq: int,
  qty: int,
  managerCompanyId: int,
  productInfo: cartProductInfo,
  vin: z.string().nullable(),
  /** Ours: the company's vehicles this line's product fits (docs/requirements.md#my-vehicles). */
  fitsMyVehicles: z.array(fitVehicle).optional(),
  /** Ours: the line's 작업번호/차량번호 ('' when none; docs/requirements.md#job-reference). */
  jobRef: z.string().optional(),
});
export type CartLine = z.infer<typeof cartLine>;
export const cartPageAnswer = pageAnswerOf(cartLine);

/** 'Buy now' (api/addToBuy): the payment items for checkout; nothing is stored. */
export const buyItem = z.object({
  productId: int,
  qty: int,
  managerCompanyId: int,
  productInfo: cartProductInfo,
  vin: z.string().nullable(),
});
export type BuyItem = z.infer<typeof buyItem>;
export const buyAnswer = answerOf(z.array(buyItem));

/** api/addToCart, api/updateCartQuantity: 201 and a message. */
export const cartWriteAnswer = emptyAnswer;

/** A line of an order as it was paid. */
export const orderLineView = z.object({
  name: z.string(),
  pid: z.string(),
  factoryNum: z.string(),
  qty: int,
  price: int,
  created: instant,
  /** The vehicle the part was bought for in the catalogue, or null. */
  vin: z.string().nullable(),
  /** Ours: the cart line's memo and job reference ('' when none; docs/requirements.md#job-reference). */
  memo: z.string().optional(),
  jobRef: z.string().optional(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

/** An order as the member area and the order popups read it (docs/requirements.md#entities). */
export const orderView = z.object({
  seq: int,
  created: instant,
  orderProductInfo: z.array(orderLineView),
  itemLength: int,
  totalAmount: int,
  shipping: int,
  memo: z.string(),
  shippingValue: int,
  shippingPayType: int,
  status: int,
  fromName: z.string(),
  fromPhone: z.string(),
  name: z.string(),
  phone: z.string(),
  postNum: z.string(),
  address: z.string(),
  addrSub: z.string(),
  arrive: z.string(),
  directDeli: z.boolean(),
  stockName: z.string(),
  carrier: z.string(),
  waybill: z.string(),
  returnReason: int.nullable(),
  staffNote: z.string(),
  /** Ours: the 작업번호 or 차량번호 typed at checkout ('' when none; docs/requirements.md#job-reference). */
  jobRef: z.string().optional(),
  /** The order's 전자세금계산서, when it has one (docs/requirements.md#tax-invoices). */
  taxInvoice: orderTaxInvoice.optional(),
});
export type OrderView = z.infer<typeof orderView>;

/**
 * Every job reference of an order, once each: the one typed at checkout first, then the lines' own
 * (docs/requirements.md#job-reference). What the order lists, its detail and the CSV show.
 */
export function orderJobRefs(o: Pick<OrderView, 'jobRef' | 'orderProductInfo'>): string[] {
  const all = [o.jobRef ?? '', ...o.orderProductInfo.map((l) => l.jobRef ?? '')].map((r) => r.trim());
  return [...new Set(all.filter(Boolean))];
}
/** api/getMallOrderInfo. */
export const orderPageAnswer = pageAnswerOf(orderView);
/** api/getMallOrderDetail, api/cancelMallOrder, api/returnMallOrder, api/admin/setOrderStatus. */
export const orderAnswer = answerOf(orderView);

/** One recorded status move: who (member id) and when. */
export const orderEvent = z.object({
  id: int,
  orderId: int,
  fromStatus: int.nullable(),
  toStatus: int,
  memberId: int.nullable(),
  note: z.string(),
  createdAt: instant,
});
export type OrderEvent = z.infer<typeof orderEvent>;
export const orderEventsAnswer = answerOf(z.array(orderEvent));

/** A paid order: api/requestPaymentProduct and the trade channel's paymentFinish. */
export const paymentResult = z.object({
  orderSeq: int,
  /** The request id the payment came with (absent when it came without one). */
  clientRequestId: z.string().optional(),
  /** True when this request repeated one already paid: nothing was charged again. */
  repeated: z.boolean(),
  totalAmount: int,
  shipping: int,
  /** The company's cash balance after paying. */
  point: int,
});
export type PaymentResult = z.infer<typeof paymentResult>;
export const paymentAnswer = answerOf(paymentResult);

/** A saved delivery address (docs/requirements.md#entities); basic is 'true' for the default one. */
export const shippingAddressView = z.object({
  seq: int,
  basic: z.enum(['true', 'false']),
  name: z.string(),
  phone: z.string(),
  postNum: z.string(),
  address: z.string(),
  addrSub: z.string(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressView>;
export const shippingAddressPageAnswer = pageAnswerOf(shippingAddressView);

/** An answer naming the row a write created or changed (api/setMallShppingInfo, api/setMallMemberInfo). */
export const savedSeqAnswer = answerOf(z.object({ seq: int }));

const payOption = z.object({ value: int, label: z.string() });
const payOptions = z.object({ selections: z.array(payOption), defaultValue: int });
const deliveryMethod = z.object({ shippingValue: int, label: z.string(), receiverDeliveryPaymentOption: payOptions });

/** Delivery methods of one warehouse and how each may be paid (api/getDeliInfo). */
export const warehouseDelivery = z.object({
  warehouse_name: z.string(),
  storageId: int,
  /** A method the warehouse does not offer is left out. */
  delivery_methods: z.object({
    gdFreight: deliveryMethod.optional(),
    gdDelivery: deliveryMethod.optional(),
    quick: deliveryMethod
      .extend({
        receiverIsSelfQuick: z.object({
          selections: z.array(z.object({ value: z.boolean(), label: z.string() })),
          defaultValue: z.boolean(),
        }),
      })
      .optional(),
    pickUp: deliveryMethod.optional(),
  }),
});
export type WarehouseDelivery = z.infer<typeof warehouseDelivery>;
export const deliveryInfoAnswer = answerOf(z.array(warehouseDelivery));

/** A customer's own order by its number (api/getMallOrderDetail, api/cancelMallOrder, the staff's order history). */
export const orderSeqRequest = z.object({ seq: z.number().int().min(1).max(2_147_483_647) });
/** A return request: the order and its reason (0-3, docs/requirements.md#order-statuses). */
export const returnOrderRequest = orderSeqRequest.extend({ returnReason: z.number().int().min(0).max(3) });

/** The cart's page (api/getMallCartInfo): 64 lines a page at most. */
export const cartListRequest = z.object({
  searchKeyword: z.string().max(50).optional(),
  searchType: z.string().max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, 64))
    .default(64),
});

/** The saved addresses' page (api/getMyShippingInfo). */
export const addressListRequest = z.object({
  searchType: z.enum(['name', 'phone', '']).optional(),
  searchKeyword: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, PAGE_SIZE.max))
    .default(PAGE_SIZE.memberArea),
});
