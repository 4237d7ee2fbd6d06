/** The shop's cart, order, payment and delivery answers (docs/requirements.md#entities). */
import { z } from 'zod';
import { PAY_WITH } from './orders-pay-with.js';
import { answerOf, emptyAnswer, pageAnswerOf } from './envelope.js';
import { orderTaxCorrection, orderTaxInvoice } from './paperwork.js';
import { fitVehicle } from './vehicles.js';

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
  /** Ours: the buyer's note from a quick order line ('' when none; docs/requirements.md#quick-order). */
  memo: z.string().optional(),
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
  /**
   * Ours: the order's 수정세금계산서, oldest first, when a refund after issuance corrected its invoice
   * (docs/requirements.md#tax-invoices); absent when it has none.
   */
  taxCorrections: z.array(orderTaxCorrection).optional(),
  /** Ours: 'credit' when paid on 외상 (docs/requirements.md#credit-checkout); absent for cash. */
  payWith: z.enum(PAY_WITH).optional(),
  /**
   * Ours: on an undone order (출고취소, 판매자취소, 반품승인), the won its refund gave back, to the cash or off
   * a 외상 order's receivables: the goods alone on a return for change of mind. Absent on any other order,
   * and on a return whose reason was erased (docs/requirements.md#retention).
   */
  refunded: int.optional(),
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
  /** The company's cash balance after paying (a credit order leaves it as it was). */
  point: int,
  /** Ours: 'credit' when paid on 외상 (docs/requirements.md#credit-checkout); absent for cash. */
  payWith: z.enum(PAY_WITH).optional(),
  /**
   * Ours: on an undone order (출고취소, 판매자취소, 반품승인), the won its refund gave back, to the cash or off
   * a 외상 order's receivables: the goods alone on a return for change of mind. Absent on any other order,
   * and on a return whose reason was erased (docs/requirements.md#retention).
   */
  refunded: int.optional(),
});
export type PaymentResult = z.infer<typeof paymentResult>;
export const paymentAnswer = answerOf(paymentResult);

/**
 * The refusal (409) of a payment whose shown prices changed (docs/requirements.md#cart-and-checkout):
 * the company's price of every product paid, so the checkout shows them before the buyer pays again.
 */
export const changedPrices = z.object({ prices: z.array(z.object({ productId: int, price: int })) });
export type ChangedPrices = z.infer<typeof changedPrices>;

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
