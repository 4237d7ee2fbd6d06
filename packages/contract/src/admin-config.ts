/** The back office's shop configuration: delivery options per warehouse, the shop's footer and licence packages. */
import { z } from 'zod';
import { MSG } from './messages.js';
import { answerOf } from './envelope.js';
import { mallBottom, licensePackage } from './mall.js';
import { MSG_ADMIN } from './admin-menu.js';
import { int, readAtVer } from './admin-fields.js';
import { CASH_CHARGE, PAY_TYPE_LABELS, SHIPPING, SHIPPING_TYPE_LABELS } from './constants.js';
import {
  MAIL_SHAPE,
  hasVisibleText,
  isPlainText,
  isPrintableOnDocuments,
  isValidBusinessNumber,
  newLoginIdRefusal,
} from './rules.js';
import { MSG_MEMBER } from './member-info.js';
import { plainLines, textField } from './text-field.js';

const payTypeValue = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG_ADMIN.deliveryPayTypeRequired });
type PayType = z.infer<typeof payTypeValue>;
const { prepaid, collect, pickup } = SHIPPING.payTypes;

/** A warehouse's delivery methods, by their key in the options and api/getDeliInfo, with their shipping type. */
const METHOD_TYPES = {
  gdFreight: SHIPPING.types.freight,
  gdDelivery: SHIPPING.types.courier,
  quick: SHIPPING.types.quick,
  pickUp: SHIPPING.types.pickup,
} as const;
export type DeliveryMethodKey = keyof typeof METHOD_TYPES;

/**
 * The pay types each method may take (docs/requirements.md#shipping): 방문수령 is paid as 방문수령 only
 * (no fee); 화물, 택배 and 퀵배송 carry the parcel, 선불 (6,000 won) or 착불 (0). A 택배 'paid' by
 * 방문수령 went out free without being 착불, and a 방문수령 paid 선불 was charged 6,000 won.
 */
export const DELIVERY_METHOD_PAY_TYPES: Readonly<Record<DeliveryMethodKey, readonly PayType[]>> = {
  gdFreight: [prepaid, collect],
  gdDelivery: [prepaid, collect],
  quick: [prepaid, collect],
  pickUp: [pickup],
};

/** '택배의 배송비 결제 방식은 선불 또는 착불만 고를 수 있습니다.': a pay type the method cannot take. */
const payTypeNotFor = (key: DeliveryMethodKey) =>
  `${SHIPPING_TYPE_LABELS[METHOD_TYPES[key]]}의 배송비 결제 방식은 ${DELIVERY_METHOD_PAY_TYPES[key]
    .map((p) => PAY_TYPE_LABELS[p])
    .join(' 또는 ')}만 고를 수 있습니다.`;

/** One delivery method of a warehouse as the back office edits it: offered or not, its pay types and the default one. */
const methodBase = z.object({
  offered: z.boolean(),
  payTypes: z.array(payTypeValue).max(3),
  defaultPayType: payTypeValue,
});
/**
 * The method's pay types are ones it may take, offered or not (one kept while it is not offered would
 * come back with it); an offered method has one at least, its default among them.
 */
const methodRules = (key: DeliveryMethodKey) => (m: z.infer<typeof methodBase>, ctx: z.RefinementCtx) => {
  if (m.payTypes.some((p) => !DELIVERY_METHOD_PAY_TYPES[key].includes(p)))
    ctx.addIssue({ code: 'custom', path: ['payTypes'], message: payTypeNotFor(key) });
  if (!m.offered) return;
  if (m.payTypes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['payTypes'], message: MSG_ADMIN.deliveryPayTypeRequired });
  else if (!m.payTypes.includes(m.defaultPayType))
    ctx.addIssue({ code: 'custom', path: ['defaultPayType'], message: MSG_ADMIN.deliveryDefaultNotOffered });
};
const deliveryMethodOption = (key: DeliveryMethodKey) => methodBase.superRefine(methodRules(key));
export type DeliveryMethodOption = z.infer<typeof methodBase>;

/**
 * Delivery options of one warehouse (api/getDeliInfo), stored in the shop
 * configuration. selfQuick: quick delivery may also be sent to the buyer himself.
 */
export const warehouseDeliveryOptions = z.object({
  storageId: z
    .number({ error: MSG_ADMIN.deliveryStorageId })
    .int(MSG_ADMIN.deliveryStorageId)
    .min(1, MSG_ADMIN.deliveryStorageId)
    .max(1000, MSG_ADMIN.deliveryStorageId),
  // Shown to every buyer at checkout (api/getDeliInfo): plain text (docs/requirements.md#validation).
  warehouseName: textField(2, 50, MSG_ADMIN.deliveryWarehouseName),
  gdFreight: deliveryMethodOption('gdFreight'),
  gdDelivery: deliveryMethodOption('gdDelivery'),
  quick: methodBase.extend({ selfQuick: z.boolean() }).superRefine(methodRules('quick')),
  pickUp: deliveryMethodOption('pickUp'),
});
export type WarehouseDeliveryOptions = z.infer<typeof warehouseDeliveryOptions>;

/**
 * The shop's standard options for a warehouse, used until the back office saves its own: freight
 * collect or prepaid, courier prepaid or collect, quick collect (to the recipient or oneself), pickup
 * at the warehouse (docs/requirements.md#shipping).
 */
export function standardDeliveryOptions(w: { storageId: number; stockName: string }): WarehouseDeliveryOptions {
  const { prepaid, collect, pickup } = SHIPPING.payTypes;
  return {
    storageId: w.storageId,
    warehouseName: w.stockName,
    gdFreight: { offered: true, payTypes: [collect, prepaid], defaultPayType: collect },
    gdDelivery: { offered: true, payTypes: [prepaid, collect], defaultPayType: prepaid },
    quick: { offered: true, payTypes: [collect], defaultPayType: collect, selfQuick: true },
    pickUp: { offered: true, payTypes: [pickup], defaultPayType: pickup },
  };
}

/**
 * A licence package as the buyer pays for it (payCenter/showLicensePaymentWinow): its price is a
 * payment amount, so it keeps the payment's bounds (CASH_CHARGE); one outside them could be shown
 * but never bought (docs/requirements.md#licence).
 */
const licenseOption = licensePackage.extend({
  price: z
    .number({ error: MSG_ADMIN.packagePrice })
    .int(MSG_ADMIN.packagePrice)
    .min(CASH_CHARGE.min, MSG_ADMIN.packagePrice)
    .max(CASH_CHARGE.max, MSG_ADMIN.packagePrice),
  days: z
    .number({ error: MSG_ADMIN.packageDays })
    .int(MSG_ADMIN.packageDays)
    .min(1, MSG_ADMIN.packageDays)
    .max(3650, MSG_ADMIN.packageDays),
  // One line, as the form's input and the payment's name ('라이선스 …') show it.
  content: textField(0, 100, MSG_ADMIN.packageContent),
});

/**
 * No two packages share their days or their price (docs/requirements.md#licence). A buyer offered
 * two prices for the same days takes the cheaper, so the other is a slip; and a purchase names its
 * package by price, with days only when the client sends them (the original API's do not), so two
 * packages at one price would sell whichever is listed first. The later row is the one marked.
 */
const distinctPackages = (list: z.infer<typeof licenseOption>[], ctx: z.RefinementCtx) => {
  list.forEach((p, i) => {
    const earlier = list.slice(0, i);
    if (earlier.some((q) => q.days === p.days))
      ctx.addIssue({ code: 'custom', path: [i, 'days'], message: MSG_ADMIN.packageDuplicateDays });
    if (earlier.some((q) => q.price === p.price))
      ctx.addIssue({ code: 'custom', path: [i, 'price'], message: MSG_ADMIN.packageDuplicatePrice });
  });
};

const totalShown = (max: number) =>
  z
    .number({ error: MSG_ADMIN.totalInvalid })
    .int(MSG_ADMIN.totalInvalid)
    .min(0, MSG_ADMIN.totalInvalid)
    .max(max, MSG_ADMIN.totalInvalid);

export const MSG_CONFIG = {
  /** A character of a field printed on documents that their font has no glyph for. */
  notPrintable: '거래명세서에 인쇄되는 항목에는 이모지나 그림 문자를 쓸 수 없습니다.',
} as const;

/**
 * The footer's texts a document prints as its 공급자 (docs/requirements.md#statements); the 사업자등록번호,
 * printed too, takes digits and hyphens only.
 */
const PRINTED_FOOTER_FIELDS: readonly string[] = ['companyName', 'ceo', 'address', 'phone'];

/** The shop's 사업자등록번호 as the footer shows it: ten digits, bare or written 123-45-67890, of a valid checksum. */
function licenseRefusal(text: string): string | null {
  if (text.trim() === '') return MSG.licenseRequired;
  if (!/^\d{3}-?\d{2}-?\d{5}$/.test(text.trim())) return MSG.licenseDigits;
  return isValidBusinessNumber(text.trim().replace(/-/g, '')) ? null : MSG.licenseChecksum;
}

/**
 * The footer's mail, blank or a mail address by the rule of every contact mail: its shape, in
 * printable ASCII (docs/requirements.md#validation); the footer and the inquiry page show it to buyers.
 */
function footerMailRefusal(text: string): string | null {
  if (text.trim() === '') return null;
  if (!MAIL_SHAPE.test(text.trim())) return MSG_MEMBER.mailShape;
  return newLoginIdRefusal(text.trim()) === 'ascii' ? MSG_MEMBER.mailAscii : null;
}

/**
 * The footer's lines, each one line of plain text as long as the form's field (docs/requirements.md#validation);
 * those a 거래명세서 prints as its 공급자 hold only characters its font draws, and the 사업자등록번호 is one.
 */
function footerRules(lines: z.infer<typeof mallBottom>, ctx: z.RefinementCtx) {
  for (const [key, text] of Object.entries(lines)) {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
    if (!isPlainText(text)) issue(MSG.textInvalid);
    else if (text.length > 200) issue(MSG_ADMIN.footerTooLong);
    else if (PRINTED_FOOTER_FIELDS.includes(key) && !isPrintableOnDocuments(text)) issue(MSG_CONFIG.notPrintable);
    else if (key === 'mail') {
      const refusal = footerMailRefusal(text);
      if (refusal) issue(refusal);
    }
  }
  // The 공급자 a 거래명세서 and a 전자세금계산서 print: a shop with no 상호 would issue papers from nobody.
  if (!hasVisibleText(lines.companyName) && isPlainText(lines.companyName))
    ctx.addIssue({ code: 'custom', path: ['companyName'], message: MSG.companyNameRequired });
  const license = licenseRefusal(lines.license);
  if (license) ctx.addIssue({ code: 'custom', path: ['license'], message: license });
}

export const configFields = z.object({
  mallBottom: mallBottom.superRefine(footerRules),
  buyPolicy: plainLines(z.string({ error: MSG_ADMIN.buyPolicyTooLong }).max(20_000, MSG_ADMIN.buyPolicyTooLong)),
  totalAsset: totalShown(1e15),
  totalQuantity: totalShown(1e12),
  licenseValidBuy: z.array(licenseOption).max(10).superRefine(distinctPackages),
  // The warehouses' addresses, shown to every buyer (api/getMallConfig): plain text (docs/requirements.md#validation).
  shippingAddress: z
    .array(
      z.object({
        name: textField(1, 50, MSG_ADMIN.warehouseAddressName),
        address: textField(0, 200, MSG_ADMIN.warehouseAddress),
        phone: textField(0, 20, MSG_ADMIN.warehousePhone),
      }),
    )
    .max(20),
  deliveryOptions: z
    .array(warehouseDeliveryOptions)
    .max(20)
    .refine((list) => new Set(list.map((w) => w.storageId)).size === list.length, MSG_ADMIN.deliveryDuplicateWarehouse),
});
export type ConfigFields = z.infer<typeof configFields>;
/**
 * api/admin/saveConfig: the fields, and optionally the `ver` the form was read at. With it, a save
 * over another admin's newer one is refused (409) instead of silently undoing it (docs/requirements.md#entities).
 */
export const saveConfigRequest = configFields.extend({ ver: readAtVer(1) });
export type SaveConfigRequest = z.infer<typeof saveConfigRequest>;
export const adminConfigAnswer = answerOf(configFields.extend({ ver: int }));
