import { PAGE_SIZE, type ProductView } from '@partsmall/contract';
import { post } from '../../shared/api';

export type SearchType = 'name' | 'pid';

/**
 * Home grid paging: page 1 holds 60, every later page 12 (spec 1 §9). The server pages by a
 * fixed size, so grid page p ≥ 2 is server page p + 4 of size 12 (offset 60 + 12·(p − 2)).
 */
export function serverPage(gridPage: number): { page: number; size: number } {
  if (gridPage <= 1) return { page: 1, size: PAGE_SIZE.homeFirst };
  return { page: gridPage + PAGE_SIZE.homeFirst / PAGE_SIZE.homeMore - 1, size: PAGE_SIZE.homeMore };
}

export async function fetchProductPage(q: { searchType: SearchType; keyword: string; category?: string; gridPage: number }) {
  const { page, size } = serverPage(q.gridPage);
  const res = await post<ProductView[]>('api/getProductHome', {
    searchType: q.keyword ? q.searchType : '',
    searchKeyword: q.keyword,
    category: q.category || undefined,
    page,
    size,
  });
  if (res.code !== 200) throw new Error(res.message);
  return { items: res.results ?? [], more: Boolean(res.more) };
}

export async function fetchProduct(seq: number, path: 'api/getProductHomeDetail' | 'api/getProductInfo' = 'api/getProductInfo') {
  const res = await post<ProductView>(path, { seq });
  return res.code === 200 && res.results ? res.results : null;
}

/** Stored paths and full https urls are both allowed for product images. */
export function imageUrl(file: string | undefined): string {
  if (!file) return '/favicon.svg';
  if (/^https?:\/\//.test(file) || file.startsWith('/')) return file;
  return `/uploads/${file}`;
}
