import { PAGE_SIZE } from '@partsmall/contract';
import { post } from '../../shared/api';

export interface PayOption {
  value: number;
  label: string;
}
export interface DeliveryMethod {
  shippingValue: number;
  label?: string;
  receiverDeliveryPaymentOption: { selections: PayOption[]; defaultValue: number };
  receiverIsSelfQuick?: { selections: { value: boolean; label: string }[]; defaultValue: boolean };
}
/** Delivery options of one warehouse (api/getDeliInfo, spec 1 §3). */
export interface WarehouseDelivery {
  warehouse_name: string;
  storageId?: number;
  delivery_methods: Partial<Record<MethodKey, DeliveryMethod>>;
}
export const METHOD_KEYS = ['gdFreight', 'gdDelivery', 'quick', 'pickUp'] as const;
export type MethodKey = (typeof METHOD_KEYS)[number];

export async function fetchDeliveryInfo(): Promise<WarehouseDelivery[] | string> {
  const res = await post<WarehouseDelivery[]>('api/getDeliInfo', {});
  return res.code === 200 && Array.isArray(res.results) ? res.results : res.message;
}

/** The options of the warehouse the goods leave from: by storage id, else by name, else the first. */
export function warehouseOptions(all: WarehouseDelivery[], storageId: number, stockName: string): WarehouseDelivery | null {
  return all.find((w) => w.storageId === storageId) ?? all.find((w) => w.warehouse_name === stockName) ?? all[0] ?? null;
}

/** A saved shipping address (spec 1 §3). */
export interface SavedAddress {
  seq: number;
  basic: 'true' | 'false' | boolean;
  name: string;
  phone: string;
  postNum: string;
  address: string;
  addrSub: string;
}

export async function fetchAddresses(page: number, size: number = PAGE_SIZE.addressBook) {
  const res = await post<SavedAddress[]>('api/getMyShippingInfo', { page, size });
  if (res.code !== 200) return { ok: false as const, message: res.message };
  const list = res.results ?? [];
  return { ok: true as const, list, total: res.total ?? list.length };
}

export async function saveAddress(form: { name: string; phone: string; postNum: string; address: string; addrSub: string }) {
  const res = await post<{ seq: number }>('api/setMallShppingInfo', { ...form, basic: false });
  return { ok: res.code === 201, message: res.message, field: res.field };
}
