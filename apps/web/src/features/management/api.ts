import type { MemberListItem, PgCode, UserInfo } from '@partsmall/contract';
import { post } from '../../shared/api';

/** Shapes of the member-area calls (spec 2 §3, §7). */

export interface ShippingAddress {
  seq: number;
  basic: 'true' | 'false';
  name: string;
  phone: string;
  postNum: string;
  address: string;
  addrSub: string;
}

export type SubAccount = MemberListItem;

export interface OrderLine {
  name: string;
  pid: string;
  factoryNum: string;
  qty: number;
  price: number;
  created: string;
}

export interface OrderRow {
  seq: number;
  created: string;
  orderProductInfo: OrderLine[];
  itemLength: number;
  totalAmount: number;
  shipping: number;
  memo: string;
  shippingValue: number;
  status: number;
  fromName: string;
  fromPhone: string;
  name: string;
  phone: string;
  postNum: string;
  address: string;
  addrSub: string;
  arrive: string;
}

export interface NoticeRow {
  seq: number;
  title: string;
  created: string;
}
export interface NoticeDetail extends NoticeRow {
  content: string;
}

/** A page of a list call: rows and the total, or the server's message. */
export interface Page<T> {
  rows: T[];
  total: number;
  error: string | null;
}

export async function fetchPage<T>(path: string, payload: object): Promise<Page<T>> {
  const res = await post<T[]>(path, payload);
  if (res.code !== 200) return { rows: [], total: 0, error: res.message };
  return { rows: res.results ?? [], total: res.total ?? res.results?.length ?? 0, error: null };
}

/** Date-range query of the orders and payment lists: searchType 'date' only with both dates. */
export interface RangeQuery {
  startDate: string;
  endDate: string;
  searchType: 'date' | '';
  page: number;
}

/** The payment page of the gateway, from the top of the answer or from its results. */
export function paymentUrl(res: { online_url?: unknown; results?: unknown }): string | null {
  const top = typeof res.online_url === 'string' ? res.online_url : null;
  const inner = res.results && typeof res.results === 'object' ? (res.results as { online_url?: unknown }).online_url : undefined;
  const url = top ?? (typeof inner === 'string' ? inner : null);
  return url && url.trim() !== '' ? url : null;
}

export async function startPayment(
  kind: 'cash' | 'license',
  payload: { pgcode: PgCode; amount: number; days?: number },
): Promise<{ url: string | null; message: string }> {
  const path = kind === 'cash' ? 'payCenter/showCashPaymentWinow' : 'payCenter/showLicensePaymentWinow';
  const res = await post<{ online_url?: string }>(path, payload);
  return { url: paymentUrl(res as { online_url?: unknown; results?: unknown }), message: res.message };
}

export type MyInfoResult = { token: string; userInfo: UserInfo };
