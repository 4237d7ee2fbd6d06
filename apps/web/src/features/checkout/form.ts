import { z } from 'zod';
import {
  MSG_ORDER,
  SHIPPING,
  jobRefField,
  shippingInfo,
  type ShippingAddressView,
  type ShippingInfo,
  type WarehouseDelivery,
} from '@partsmall/contract';
import { digits } from '../../shared/format';
import { METHOD_KEYS, defaultMethod, type MethodKey } from './api';

/**
 * The checkout form: what the user types, plus the chosen shipping. Before the contract's
 * shippingInfo rules run, fields the chosen shipping does not use are emptied (a freight branch
 * only for freight, the sender only for direct delivery), so every checkout rule (docs/requirements.md#validation) applies to
 * exactly the fields on screen.
 */
export const checkoutForm = z
  .object({
    name: z.string(),
    phone: z.string(),
    postNum: z.string(),
    address: z.string(),
    addrSub: z.string(),
    arrive: z.string(),
    memo: z.string(),
    fromName: z.string(),
    fromPhone: z.string(),
    method: z.enum(METHOD_KEYS),
    shippingValue: z.number(),
    shippingPayType: z.number(),
    receiverIsSelfQuick: z.boolean(),
    directDeli: z.boolean(),
    /** 작업번호 or 차량번호 of the order (docs/requirements.md#job-reference); optional. */
    jobRef: z.string(),
  })
  .transform(({ method: _method, ...v }): ShippingInfo & { jobRef?: string } => ({
    ...v,
    // Kept as numbers in the form; the contract's rules below name a wrong one.
    shippingValue: v.shippingValue as ShippingInfo['shippingValue'],
    shippingPayType: v.shippingPayType as ShippingInfo['shippingPayType'],
    arrive: v.shippingValue === SHIPPING.types.freight ? v.arrive : '',
    receiverIsSelfQuick: v.shippingValue === SHIPPING.types.quick && v.receiverIsSelfQuick,
    fromName: v.directDeli ? v.fromName : '',
    fromPhone: v.directDeli ? v.fromPhone : '',
  }))
  .pipe(shippingInfo.safeExtend({ jobRef: jobRefField }));
export type CheckoutForm = z.input<typeof checkoutForm>;

/** The order of the checks before paying (docs/requirements.md#validation): freight branch, sender, then the rest of the form. */
export const CHECK_ORDER = [
  'arrive',
  'fromName',
  'fromPhone',
  'name',
  'phone',
  'postNum',
  'address',
  'addrSub',
  'memo',
  'jobRef',
] as const;

/** The shipping a method of the warehouse starts with: its type, default pay type and quick option. */
export function methodDefaults(w: WarehouseDelivery | null, method: MethodKey) {
  const m = w?.delivery_methods[method];
  return {
    method,
    shippingValue: m?.shippingValue ?? SHIPPING.types.courier,
    shippingPayType: m?.receiverDeliveryPaymentOption.defaultValue ?? SHIPPING.payTypes.prepaid,
    receiverIsSelfQuick: (m && 'receiverIsSelfQuick' in m ? m.receiverIsSelfQuick.defaultValue : false) as boolean,
  };
}

/** The form a checkout opens with: the default address as recipient, the warehouse's default shipping. */
export function initialCheckout(warehouse: WarehouseDelivery | null, basic: ShippingAddressView | null): CheckoutForm {
  const start = methodDefaults(warehouse, defaultMethod(warehouse));
  return {
    name: basic?.name ?? '',
    phone: basic ? digits(basic.phone) : '',
    postNum: basic?.postNum ?? '',
    address: basic?.address ?? '',
    addrSub: basic?.addrSub ?? '',
    arrive: '',
    memo: start.shippingValue === SHIPPING.types.pickup ? '' : MSG_ORDER.defaultMemo,
    fromName: '',
    fromPhone: '',
    directDeli: false,
    jobRef: '',
    ...start,
  };
}
