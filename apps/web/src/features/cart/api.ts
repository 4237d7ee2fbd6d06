import { PAGE_SIZE } from '@partsmall/contract';
import { post } from '../../shared/api';
import type { CartLine } from './model';

export async function fetchCart(): Promise<{ ok: true; lines: CartLine[]; total: number } | { ok: false; message: string }> {
  const res = await post<CartLine[]>('api/getMallCartInfo', { page: 1, size: PAGE_SIZE.cart });
  if (res.code !== 200) return { ok: false, message: res.message };
  const lines = res.results ?? [];
  return { ok: true, lines, total: res.total ?? lines.length };
}

/** True when the server stored the quantity (code 201). */
export async function saveCartQuantity(seq: number, qty: number): Promise<boolean> {
  const res = await post('/api/updateCartQuantity', { seq, qty });
  return res.code === 201;
}
