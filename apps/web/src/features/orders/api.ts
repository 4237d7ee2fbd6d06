import { PAGE_SIZE } from '@partsmall/contract';
import { post } from '../../shared/api';

/** An order as api/getMallOrderDetail and api/getMallOrderInfo send it (spec 2 §3). */
export interface OrderView {
  seq: number;
  created: string;
  orderProductInfo: { name: string; pid: string; factoryNum: string; qty: number; price: number; created: string }[];
  itemLength: number;
  totalAmount: number;
  shipping: number;
  memo: string;
  shippingValue: number;
  shippingPayType: number;
  status: number;
  fromName: string;
  fromPhone: string;
  name: string;
  phone: string;
  postNum: string;
  address: string;
  addrSub: string;
  arrive: string;
  directDeli: boolean;
  stockName: string;
  carrier: string | null;
  waybill: string | null;
  returnReason: number | null;
  staffNote: string | null;
}

export type Outcome<T> = { ok: true; value: T; message: string } | { ok: false; message: string };

export async function fetchOrder(seq: number): Promise<Outcome<OrderView>> {
  const res = await post<OrderView>('api/getMallOrderDetail', { seq });
  return res.code === 200 && res.results ? { ok: true, value: res.results, message: res.message } : { ok: false, message: res.message };
}

export async function fetchOrders(page: number, size: number = PAGE_SIZE.memberArea): Promise<Outcome<{ orders: OrderView[]; total: number }>> {
  const res = await post<OrderView[]>('api/getMallOrderInfo', { page, size });
  if (res.code !== 200) return { ok: false, message: res.message };
  const orders = res.results ?? [];
  return { ok: true, value: { orders, total: res.total ?? orders.length }, message: res.message };
}

/** Buyer's cancellation (same Seoul day, status 0): 201 with the updated order. */
export async function cancelOrder(seq: number): Promise<Outcome<OrderView>> {
  const res = await post<OrderView>('api/cancelMallOrder', { seq });
  return res.code === 201 && res.results ? { ok: true, value: res.results, message: res.message } : { ok: false, message: res.message };
}

export async function requestReturn(seq: number, returnReason: number): Promise<Outcome<OrderView>> {
  const res = await post<OrderView>('api/returnMallOrder', { seq, returnReason });
  return res.code === 201 && res.results ? { ok: true, value: res.results, message: res.message } : { ok: false, message: res.message };
}

const DETAIL_KEY = 'orderDetailSeq';

/**
 * Opens the order detail popup (800×600, spec 2 §2). The seq travels in the URL and is also kept
 * in the opener's storage, which the popup reads when the query is missing.
 */
export function openOrderDetail(seq: number) {
  try {
    localStorage.setItem(DETAIL_KEY, String(seq));
    sessionStorage.setItem(DETAIL_KEY, String(seq));
  } catch {
    // The query carries the seq anyway.
  }
  window.open(`/orderDetail?seq=${seq}`, 'orderDetail', 'width=800,height=600');
}

/** The order the popup shows: ?seq= first, then the stored copy; null when none. */
export function storedOrderSeq(search: string): number | null {
  const fromQuery = Number(new URLSearchParams(search).get('seq'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(DETAIL_KEY) ?? localStorage.getItem(DETAIL_KEY);
  } catch {
    stored = null;
  }
  const n = Number(stored);
  return Number.isInteger(n) && n > 0 ? n : null;
}
