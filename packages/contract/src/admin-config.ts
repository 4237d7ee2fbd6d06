/** The back office's shop configuration: delivery options per warehouse, the shop's footer and licence packages. */
import { z } from 'zod';
import { MSG } from './messages.js';
import { answerOf } from './envelope.js';
import { mallBottom, licensePackage } from './mall.js';
import { MSG_ADMIN } from './admin-menu.js';
import { int, readAtVer } from './admin-fields.js';
import { isPlainText } from './rules.js';
import { plainLines } from './text-field.js';

const payTypeValue = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: MSG_ADMIN.deliveryPayTypeRequired });
/** One delivery method of a warehouse as the back office edits it: offered or not, its pay types and the default one. */
const methodBase = z.object({
  offered: z.boolean(),
  payTypes: z.array(payTypeValue).max(3),
  defaultPayType: payTypeValue,
});
const offeredNeedsPayTypes = (m: z.infer<typeof methodBase>, ctx: z.RefinementCtx) => {
  if (!m.offered) return;
  if (m.payTypes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['payTypes'], message: MSG_ADMIN.deliveryPayTypeRequired });
  else if (!m.payTypes.includes(m.defaultPayType))
    ctx.addIssue({ code: 'custom', path: ['defaultPayType'], message: MSG_ADMIN.deliveryDefaultNotOffered });
};
const deliveryMethodOption = methodBase.superRefine(offeredNeedsPayTypes);
export type DeliveryMethodOption = z.infer<typeof deliveryMethodOption>;

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
  warehouseName: z
    .string({ error: MSG_ADMIN.deliveryWarehouseName })
    .trim()
    .min(2, MSG_ADMIN.deliveryWarehouseName)
    .max(50, MSG_ADMIN.deliveryWarehouseName),
  gdFreight: deliveryMethodOption,
  gdDelivery: deliveryMethodOption,
  quick: methodBase.extend({ selfQuick: z.boolean() }).superRefine(offeredNeedsPayTypes),
  pickUp: deliveryMethodOption,
});
export type WarehouseDeliveryOptions = z.infer<typeof warehouseDeliveryOptions>;

export const configFields = z.object({
  // The footer's lines, each one line of plain text (docs/requirements.md#validation).
  mallBottom: mallBottom.superRefine((lines, ctx) => {
    for (const [key, text] of Object.entries(lines))
      if (!isPlainText(text)) ctx.addIssue({ code: 'custom', path: [key], message: MSG.textInvalid });
  }),
  buyPolicy: plainLines(z.string().max(20_000, MSG.badRequest)),
  totalAsset: z.number().int().min(0).max(1e15),
  totalQuantity: z.number().int().min(0).max(1e12),
  licenseValidBuy: z
    .array(
      licensePackage.extend({
        price: z.number().int().min(0).max(100_000_000),
        days: z.number().int().min(1).max(3650),
        content: plainLines(z.string()),
      }),
    )
    .max(10),
  shippingAddress: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(50),
        address: z.string().trim().max(200),
        phone: z.string().trim().max(20),
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
