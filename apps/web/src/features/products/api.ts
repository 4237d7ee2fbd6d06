import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { PAGE_SIZE, PRODUCT_CATEGORIES, cutText, type BuyOrCartForm } from '@partsmall/contract';
import { TRADE_EVENTS } from '@partsmall/contract';
import { api, messageOf } from '../../shared/api';
import { QUERY_ROOTS, queryClient } from '../../shared/query';
import { tradeCall } from '../../shared/trade';
import { SUGGEST_DELAY_MS, suggestionText } from './suggest-text';

export type SearchType = 'name' | 'pid';

/**
 * Home grid paging: page 1 holds 60, every later page 12 (docs/requirements.md#limits). The server pages by a
 * fixed size, so grid page p ≥ 2 is server page p + 4 of size 12 (offset 60 + 12·(p − 2)).
 */
export function serverPage(gridPage: number): { page: number; size: number } {
  if (gridPage <= 1) return { page: 1, size: PAGE_SIZE.homeFirst };
  return { page: gridPage + PAGE_SIZE.homeFirst / PAGE_SIZE.homeMore - 1, size: PAGE_SIZE.homeMore };
}

/** The next grid page, or undefined once the list ended (no more, or page 20 reached). */
export function nextGridPage(loaded: number, more: boolean): number | undefined {
  return more && loaded < PAGE_SIZE.homeMaxPage ? loaded + 1 : undefined;
}

export interface GridQuery {
  searchType: SearchType;
  keyword: string;
  category?: string;
  /** '내 차량에 맞는 부품': a VIN of the member's company (docs/requirements.md#my-vehicles). */
  fitsVin?: string;
}

export const productKeys = {
  all: QUERY_ROOTS.products,
  suggest: (wanted: string) => ['products', 'suggest', wanted] as const,
  grid: (q: GridQuery) => ['products', 'grid', q.searchType, q.keyword, q.category ?? '', q.fitsVin ?? ''] as const,
  one: (seq: number, path: string) => ['products', 'one', path, seq] as const,
};

/** The grid a home screen shows for its address (the desktop grid has no category filter). */
export function gridQueryOf(params: URLSearchParams, mobile: boolean): GridQuery {
  const category = PRODUCT_CATEGORIES.find((c) => c.key === params.get('category'))?.key ?? '';
  return {
    searchType: params.get('searchType') === 'pid' ? 'pid' : 'name',
    keyword: cutText(params.get('keyword') ?? '', 200),
    // The phone's shortcuts, or a category chosen among the suggestions (the desktop's only way
    // there); an address's unknown category is no category.
    ...(mobile || category ? { category } : {}),
    ...(params.get('fitsVin') ? { fitsVin: params.get('fitsVin')!.slice(0, 17) } : {}),
  };
}

/**
 * Route loader of the home screens: asks for the first grid page as the route starts, so the
 * answer travels while the screen renders instead of after it (the largest paint of the home page
 * is the list). It does not wait for the answer; the screen's query takes over the request.
 */
export function prefetchGrid(mobile: boolean) {
  return ({ request }: LoaderFunctionArgs) => {
    void queryClient.prefetchInfiniteQuery(productGridQuery(gridQueryOf(new URL(request.url).searchParams, mobile)));
    return null;
  };
}

/** The grid's pages: 60 first, 12 per 'more', ended after page 20 or when the server has no more. */
export const productGridQuery = (q: GridQuery) =>
  infiniteQueryOptions({
    queryKey: productKeys.grid(q),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api(
        'getProductHome',
        {
          searchType: q.keyword ? q.searchType : '',
          searchKeyword: q.keyword,
          category: q.category || undefined,
          fitsVin: q.fitsVin || undefined,
          ...serverPage(pageParam),
        },
        { signal, accept: [200] },
      ),
    getNextPageParam: (last, all) => nextGridPage(all.length, last.more),
    // The route loader asks for the first page before the screen mounts; an answer that arrived
    // before the mount is used as it is, not asked for again (the server's grid cache lags as much).
    staleTime: 2_000,
  });

/** The grid as screens use it: the items so far, whether it ended, and 'more'. */
export function useProductGrid(q: GridQuery) {
  const query = useInfiniteQuery(productGridQuery(q));
  const pages = query.data?.pages;
  // One array per answer, not per render: the screens compare it with their deferred copy.
  const items = useMemo(() => pages?.flatMap((p) => p.results) ?? [], [pages]);
  return {
    items,
    loading: query.isFetching,
    error: query.error ? messageOf(query.error) : null,
    // A failed first page has nothing to page on: no 더보기 beside the error (a failed later page keeps it, to try again).
    ended: (query.isSuccess || query.isError) && !query.hasNextPage,
    /** Items of the first page once loaded (null while loading). */
    firstCount: pages?.[0]?.results.length ?? null,
    /** The word no product has that left a name search empty (the answer's unmatchedWord). */
    unmatchedWord: pages?.[0]?.unmatchedWord,
    /** How the first page read the query (the answer's searchedAs): a number, a name, a name with a typo. */
    searchedAs: pages?.[0]?.searchedAs,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetching) void query.fetchNextPage();
    },
  };
}

/** One product with fresh stock and price: the home popup reads …HomeDetail, the product page …Info. */
export const productQuery = (seq: number, call: 'getProductHomeDetail' | 'getProductInfo' = 'getProductInfo') =>
  queryOptions({
    queryKey: productKeys.one(seq, call),
    queryFn: ({ signal }) => api(call, { seq }, { signal, accept: [200] }).then((a) => a.results),
    // The product page's loader asks while the page's code loads; the page mounting a moment later
    // uses that answer instead of asking again (stale data refetches on mount). The home popup asks
    // afresh at each opening.
    staleTime: call === 'getProductInfo' ? 10_000 : 0,
  });

/** A product id of the route: a positive whole number, else null. */
export function productSeq(id: string | undefined): number | null {
  const seq = Number(id);
  return Number.isInteger(seq) && seq >= 1 ? seq : null;
}

/** Route loader of the product page: asks for the product while the page's code downloads. */
export function prefetchProduct({ params }: LoaderFunctionArgs) {
  const seq = productSeq(params.id);
  if (seq !== null) void queryClient.prefetchQuery(productQuery(seq));
  return null;
}

/** api/addToBuy: the payment items of 'buy now' (nothing is stored). */
export function useBuyNow() {
  return useMutation({
    mutationFn: (form: BuyOrCartForm) => api('addToBuy', form, { accept: [201] }).then((a) => a.results),
  });
}

/**
 * Adds to the cart over the trade socket (home popup) or with a plain call (product page,
 * mobile), docs/requirements.md#cart-and-checkout; the server then pushes fresh base info, so every tab's cart badge follows.
 */
export function useAddToCart(channel: 'socket' | 'http') {
  return useMutation({
    mutationFn: (form: BuyOrCartForm) =>
      channel === 'socket' ? tradeCall(TRADE_EVENTS.addToCart, form) : api('addToCart', form, { accept: [201] }),
  });
}

/** An entry of the search bar's suggestions. */
export type Suggestion =
  | { kind: 'product'; id: string; seq: number; name: string; pid: string; reason: string }
  | { kind: 'category'; id: string; key: string; label: string };

/**
 * Suggestions for what is being typed (api/suggestProducts), asked for once typing pauses; a
 * request whose text is no longer wanted is cancelled through TanStack Query's signal.
 */
export function useSuggestions(text: string): Suggestion[] {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTyped(suggestionText(text)), SUGGEST_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);
  // Cleared at once, asked for only after the pause; a request whose text is no longer wanted is
  // cancelled by TanStack Query (its signal), and its answer never shows.
  const wanted = suggestionText(text) === '' ? '' : typed;
  const query = useQuery({
    queryKey: productKeys.suggest(wanted),
    queryFn: ({ signal }) => api('suggestProducts', { keyword: wanted }, { signal, accept: [200] }),
    enabled: wanted !== '',
    staleTime: 30_000,
  });
  return useMemo(() => {
    const results = wanted === '' ? undefined : query.data?.results;
    if (!results) return [];
    return [
      ...results.products.map((p): Suggestion => ({
        kind: 'product',
        id: `p${p.seq}`,
        seq: p.seq,
        name: p.name,
        pid: p.pid,
        reason: p.matchKind === 'name' ? '' : (p.matchReason ?? ''),
      })),
      ...results.categories.map((c): Suggestion => ({ kind: 'category', id: `c${c.key}`, key: c.key, label: c.label })),
    ];
  }, [query.data, wanted]);
}
