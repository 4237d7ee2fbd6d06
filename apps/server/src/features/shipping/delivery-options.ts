import {
  MSG_ORDER,
  PAY_TYPE_LABELS,
  SHIPPING,
  SHIPPING_TYPE_LABELS,
  WAREHOUSE_LIST,
  standardDeliveryOptions,
  type DeliveryMethodOption,
  type WarehouseDelivery,
  type WarehouseDeliveryOptions,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { mallConfigData } from '../mall/repository.js';
import { badRequest } from '../../shared/http.js';

/**
 * Delivery options per warehouse (api/getDeliInfo). They live in the shop
 * configuration (`deliveryOptions`, edited in the back office); a configuration saved before they
 * existed uses the shop's standard options (`standardDeliveryOptions` in the contract).
 */

export const METHOD_KEYS = ['gdFreight', 'gdDelivery', 'quick', 'pickUp'] as const;
type MethodKey = (typeof METHOD_KEYS)[number];
const METHOD = {
  gdFreight: { shippingValue: SHIPPING.types.freight, label: SHIPPING_TYPE_LABELS[SHIPPING.types.freight]! },
  gdDelivery: { shippingValue: SHIPPING.types.courier, label: SHIPPING_TYPE_LABELS[SHIPPING.types.courier]! },
  quick: { shippingValue: SHIPPING.types.quick, label: SHIPPING_TYPE_LABELS[SHIPPING.types.quick]! },
  pickUp: { shippingValue: SHIPPING.types.pickup, label: SHIPPING_TYPE_LABELS[SHIPPING.types.pickup]! },
} as const satisfies Record<MethodKey, { shippingValue: number; label: string }>;

export const STANDARD_DELIVERY_OPTIONS: WarehouseDeliveryOptions[] = WAREHOUSE_LIST.map(standardDeliveryOptions);

/** The options as stored, or the standard ones when the configuration has none yet. */
export function deliveryOptionsOf(data: unknown): WarehouseDeliveryOptions[] {
  const stored = (data as { deliveryOptions?: WarehouseDeliveryOptions[] } | null)?.deliveryOptions;
  return Array.isArray(stored) ? stored : STANDARD_DELIVERY_OPTIONS;
}

export async function readDeliveryOptions(db: Db): Promise<WarehouseDeliveryOptions[]> {
  return deliveryOptionsOf(await mallConfigData(db));
}

const selections = (m: DeliveryMethodOption) => ({
  selections: m.payTypes.map((value) => ({ value, label: PAY_TYPE_LABELS[value] ?? String(value) })),
  defaultValue: m.defaultPayType,
});

/** The answer of api/getDeliInfo: per warehouse the offered methods only. */
export function deliveryAnswer(options: WarehouseDeliveryOptions[]): WarehouseDelivery[] {
  return options.map((w) => {
    const methods: WarehouseDelivery['delivery_methods'] = {};
    if (w.gdFreight.offered)
      methods.gdFreight = { ...METHOD.gdFreight, receiverDeliveryPaymentOption: selections(w.gdFreight) };
    if (w.gdDelivery.offered)
      methods.gdDelivery = { ...METHOD.gdDelivery, receiverDeliveryPaymentOption: selections(w.gdDelivery) };
    if (w.quick.offered) {
      const toRecipient = { value: false, label: '받는 분에게' };
      methods.quick = {
        ...METHOD.quick,
        receiverDeliveryPaymentOption: selections(w.quick),
        receiverIsSelfQuick: {
          selections: w.quick.selfQuick ? [toRecipient, { value: true, label: '직접 수령' }] : [toRecipient],
          defaultValue: false,
        },
      };
    }
    if (w.pickUp.offered) methods.pickUp = { ...METHOD.pickUp, receiverDeliveryPaymentOption: selections(w.pickUp) };
    return { warehouse_name: w.warehouseName, storageId: w.storageId, delivery_methods: methods };
  });
}

/**
 * Refuses a shipping type, pay type or quick-to-oneself the warehouse does not offer. A warehouse
 * missing from the options (one added to the catalogue later) gets the standard options.
 */
export function checkOffered(
  options: WarehouseDeliveryOptions[],
  warehouse: { storageId: number; stockName: string },
  s: { shippingValue: number; shippingPayType: number; receiverIsSelfQuick: boolean },
): void {
  const w = options.find((o) => o.storageId === warehouse.storageId) ?? standardDeliveryOptions(warehouse);
  const key = METHOD_KEYS.find((k) => METHOD[k].shippingValue === s.shippingValue);
  const method = key ? w[key] : undefined;
  if (!method?.offered) throw badRequest(MSG_ORDER.shippingNotOffered, 'shippingInfo.shippingValue');
  if (!method.payTypes.includes(s.shippingPayType as 0 | 1 | 2))
    throw badRequest(MSG_ORDER.payTypeNotOffered, 'shippingInfo.shippingPayType');
  if (key === 'quick' && s.receiverIsSelfQuick && !w.quick.selfQuick)
    throw badRequest(MSG_ORDER.selfQuickNotOffered, 'shippingInfo.receiverIsSelfQuick');
}
