/** The shop's cart, checkout and order payloads (docs/requirements.md#entities). */
import { z } from 'zod';
import { PAGE_SIZE, SHIPPING } from './constants.js';
import { MSG } from './messages.js';
import { MSG_ORDER } from './messages-shop.js';
import { dateRangeListRequest } from './member-payments.js';
import { MSG_MEMBER } from './member-info.js';
import { EPC_MSG, normalizeVin } from './epc-vin.js';
import { jobRefField } from './quick-order.js';
import { fromDigits, listKeyword, pageNumber, pageSize, rowId, wholeNumber } from './page-fields.js';
import { payWithField } from './orders-pay-with.js';
import { hasVisibleText } from './rules.js';
import { plainLines, plainText, textField } from './text-field.js';

/** The most one line may hold; over it the refusal names the limit (docs/requirements.md#limits). */
const MAX_LINE_QTY = 100_000;
/**
 * A line's quantity, as a number or a string of digits ('2'): the original client keeps digits only in
 * its number inputs (docs/requirements.md#validation). The limit is checked first, so a number too
 * large to be exact ('99999999999999999999') names the limit too.
 */
const positiveQty = fromDigits(
  z
    .number({ error: MSG_ORDER.qtyInvalid })
    .max(MAX_LINE_QTY, MSG_ORDER.qtyMax(MAX_LINE_QTY))
    .int(MSG_ORDER.qtyInvalid)
    .min(1, MSG_ORDER.qtyInvalid),
);
/** A field of the original buy form the server ignores (it prices from its own table): a number, text or null. */
const ignoredField = z.union([z.number(), z.string(), z.null()]).optional();
/** A product's, a cart line's and a saved address's number, as a number or a string of digits ('3'). */
const productId = rowId(MSG_ORDER.selectProduct);
const cartLineSeq = rowId(MSG_ORDER.cartLineNotFound);
const savedAddressSeq = rowId(MSG_ORDER.addressNotFound);
/** An order's number, as a number or a query string's digits ('3'): docs/requirements.md#validation. */
const orderSeq = rowId(MSG_ORDER.selectOrder);
/** 0 초기 불량, 1 단순 변심, 2 상품 정보 상이, 3 배송 지연 (docs/requirements.md#order-statuses). */
const returnReason = z
  .number({ error: MSG_ORDER.returnReasonRequired })
  .int(MSG_ORDER.returnReasonRequired)
  .min(0, MSG_ORDER.returnReasonRequired)
  .max(3, MSG_ORDER.returnReasonRequired);

/**
 * A recipient's name: 2-20 characters, one of them visible; Hangul fillers or U+200B alone are a
 * blank name and answer the 'required' message (docs/requirements.md#validation).
 */
const recipientName = plainText(
  z
    .string({ error: MSG_ORDER.recipientName })
    .trim()
    .refine(hasVisibleText, { error: MSG_ORDER.recipientNameRequired, abort: true })
    .min(2, MSG_ORDER.recipientName)
    .max(20, MSG_ORDER.recipientName),
);
const shownPrice = z
  .number({ error: MSG_ORDER.linePrice })
  .int(MSG_ORDER.linePrice)
  .min(0, MSG_ORDER.linePrice)
  .max(2_147_483_647, MSG_ORDER.linePrice);

/**
 * The VIN a part was picked for in the catalogue (docs/requirements.md#parts-catalogue): a full 17-character VIN, normalised;
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
    productId,
    vin: lineVin,
    hasAmount: positiveQty.optional(),
    /** Mobile sends qty. */
    qty: positiveQty.optional(),
    price: ignoredField,
    originHasAmount: ignoredField,
    companyId: ignoredField,
  })
  .refine((v) => v.hasAmount !== undefined || v.qty !== undefined, {
    path: ['hasAmount'],
    error: MSG_ORDER.qtyInvalid,
  });
export type BuyOrCartForm = z.input<typeof buyOrCartForm>;

export const updateCartQuantityRequest = z.object({ seq: cartLineSeq, qty: positiveQty });
/** api/setCartLineJobRef: the line's 작업번호/차량번호 ('' clears it; docs/requirements.md#job-reference). */
export const cartLineJobRefRequest = z.object({ seq: cartLineSeq, jobRef: jobRefField.unwrap() });
export const cartDeleteRequest = z.object({ seq: cartLineSeq });

/**
 * Where an order goes: an address and its detail (상세주소), each 2-100 characters with one of them
 * visible. A saved address takes them by these rules and a checkout (other than a pickup) by the same
 * ones, so the address book keeps no address the checkout then refuses (docs/requirements.md#validation).
 */
const deliveryAddress = textField(2, 100, MSG_ORDER.address);
const detailAddress = textField(2, 100, MSG_ORDER.addrSub);

const digits = (min: number, max: number, msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), msg);

export const shippingInfo = z
  .object(
    {
      managerCompanyId: z.number().optional(),
      name: recipientName,
      phone: digits(10, 11, MSG_ORDER.recipientPhone),
      postNum: textField(0, 6, MSG_ORDER.postNum).default(''),
      address: textField(0, 100, MSG_ORDER.address).default(''),
      addrSub: textField(0, 100, MSG_ORDER.addrSub).default(''),
      arrive: textField(0, 50, MSG_ORDER.arrive).default(''),
      shippingValue: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4)], {
        error: MSG_ORDER.badShippingType,
      }),
      shippingPayType: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG_ORDER.badPayType }),
      memo: plainLines(z.string().max(255, MSG_ORDER.memo)).default(''),
      directDeli: z.boolean().default(false),
      fromName: textField(0, 20, MSG_ORDER.senderName).default(''),
      fromPhone: textField(0, 11, MSG_ORDER.senderPhone).default(''),
      receiverIsSelfQuick: z.boolean().default(false),
      /** The fee the client showed; the server computes its own. */
      shipping: z.number().optional(),
    },
    { error: MSG_ORDER.shippingInfoRequired },
  )
  .superRefine((v, ctx) => {
    const pickup = v.shippingValue === SHIPPING.types.pickup;
    if (!pickup) {
      if (!/^\d{5,6}$/.test(v.postNum)) ctx.addIssue({ code: 'custom', path: ['postNum'], message: MSG_ORDER.postNum });
      // A saved address's rules: fillers alone are a blank address (docs/requirements.md#validation).
      if (!deliveryAddress.safeParse(v.address).success)
        ctx.addIssue({ code: 'custom', path: ['address'], message: MSG_ORDER.address });
      if (!detailAddress.safeParse(v.addrSub).success)
        ctx.addIssue({ code: 'custom', path: ['addrSub'], message: MSG_ORDER.addrSub });
    }
    if (v.shippingValue === SHIPPING.types.freight) {
      // Fillers or U+200B alone are a blank branch or sender, as a recipient's name (docs/requirements.md#validation).
      if (!hasVisibleText(v.arrive))
        ctx.addIssue({ code: 'custom', path: ['arrive'], message: MSG_ORDER.freightBranchRequired });
      else if (v.arrive.length < 2) ctx.addIssue({ code: 'custom', path: ['arrive'], message: MSG_ORDER.arrive });
    }
    if (v.directDeli) {
      if (!hasVisibleText(v.fromName))
        ctx.addIssue({ code: 'custom', path: ['fromName'], message: MSG_ORDER.senderRequired });
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
 * One payment: either cart lines (seq) or direct items (productId + qty) from 'buy now'. The original
 * payload is `{ shippingInfo, carts }`; clientRequestId is a safety net the web app adds: with it a
 * repeated request pays once, without it every request is a payment of its own.
 */
export const paymentRequest = z.object({
  /** Stored with the order and echoed in the answer, so plain (docs/requirements.md#validation). */
  clientRequestId: plainText(
    z
      .string({ error: MSG_ORDER.clientRequestId })
      .trim()
      .min(8, MSG_ORDER.clientRequestId)
      .max(64, MSG_ORDER.clientRequestId),
  ).optional(),
  /**
   * The goods come before the delivery form: a payload missing both asks for the goods first, as
   * the checks before paying go (docs/requirements.md#validation).
   */
  carts: z
    .array(
      z.object({
        seq: cartLineSeq.optional(),
        productId: productId.optional(),
        qty: positiveQty,
        vin: lineVin,
        /**
         * Ours, optional: the unit price the buyer was shown. A price changed since is refused (409
         * with the current prices) rather than charged (docs/requirements.md#cart-and-checkout).
         */
        price: shownPrice.optional(),
      }),
      { error: MSG_ORDER.selectProduct },
    )
    .min(1, MSG_ORDER.selectProduct)
    .max(PAGE_SIZE.cart, MSG_ORDER.tooManyLines),
  shippingInfo,
  /** Ours, optional: the order's 작업번호 or 차량번호 (docs/requirements.md#job-reference). */
  jobRef: jobRefField,
  /** Ours, optional: 'credit' pays on 외상 (docs/requirements.md#credit); absent or 'cash' pays from the cash balance. */
  payWith: payWithField,
});
export type PaymentRequest = z.input<typeof paymentRequest>;

export const savedAddressRequest = z.object({
  seq: savedAddressSeq.optional(),
  basic: z.union([z.boolean(), z.enum(['true', 'false'])], { error: MSG_MEMBER.addressBasicType }).optional(),
  name: recipientName,
  phone: digits(10, 11, MSG_ORDER.recipientPhone),
  postNum: digits(5, 6, MSG_ORDER.postNum),
  address: deliveryAddress,
  addrSub: detailAddress,
});

/** api/getMallOrderInfo: the same date-range list query as the payment histories (docs/requirements.md#validation). */
export const orderListRequest = dateRangeListRequest;

/**
 * A staff move of an order. The note (반품보류's reason) reaches the buyer's 알림톡 and the order's
 * history, the carrier and waybill the tracking and the 알림톡: plain text (docs/requirements.md#validation).
 */
export const orderMoveRequest = z.object({
  seq: orderSeq,
  status: z.number({ error: MSG_ORDER.moveStatus }).int(MSG_ORDER.moveStatus),
  returnReason: returnReason.optional(),
  // A note, carrier or waybill that is no text is told so (as the vehicle name is), not that it is too long.
  note: plainText(z.string({ error: MSG_ORDER.moveNoteType }).trim().max(255, MSG_ORDER.moveNote)).optional(),
  carrier: plainText(z.string({ error: MSG_ORDER.moveCarrierType }).trim().max(30, MSG_ORDER.moveCarrier)).optional(),
  waybill: plainText(z.string({ error: MSG_ORDER.moveWaybillType }).trim().max(40, MSG_ORDER.moveWaybill)).optional(),
});

/** A customer's own order by its number (api/getMallOrderDetail, api/cancelMallOrder, the staff's order history). */
export const orderSeqRequest = z.object({ seq: orderSeq });
/** A return request: the order and its reason (0-3, docs/requirements.md#order-statuses). */
export const returnOrderRequest = orderSeqRequest.extend({ returnReason });

/** The cart's page (api/getMallCartInfo): 64 lines a page at most. */
export const cartListRequest = z.object({
  searchKeyword: listKeyword(),
  searchType: z.string().max(20).optional(),
  page: pageNumber(),
  size: wholeNumber(1, Number.MAX_SAFE_INTEGER, MSG.pageSizeTooSmall)
    .transform((n) => Math.min(n, PAGE_SIZE.cart))
    .default(PAGE_SIZE.cart),
});

/** The saved addresses' page (api/getMyShippingInfo). */
export const addressListRequest = z.object({
  searchType: z.enum(['name', 'phone', ''], { error: MSG_MEMBER.addressSearchTypeInvalid }).optional(),
  searchKeyword: listKeyword(),
  page: pageNumber(),
  size: pageSize(PAGE_SIZE.memberArea),
});
