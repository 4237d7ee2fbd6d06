import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE, TIMING, TRADE_EVENTS, type CartLine } from '@partsmall/contract';
import { api } from '../../shared/api';
import { QUERY_ROOTS } from '../../shared/query';
import { tradeCall } from '../../shared/trade';

export const cartKeys = { all: QUERY_ROOTS.cart };

/** The member's cart (api/getMallCartInfo): one page of 64 lines (docs/requirements.md#limits). */
export const cartQuery = queryOptions({
  queryKey: cartKeys.all,
  queryFn: ({ signal }) => api('getMallCartInfo', { page: 1, size: PAGE_SIZE.cart }, { signal, accept: [200] }),
});

/** Shows a typed quantity at once, before the server has it. */
export function setCachedQuantity(client: ReturnType<typeof useQueryClient>, seq: number, qty: number) {
  client.setQueryData(cartQuery.queryKey, (page) =>
    page ? { ...page, results: page.results.map((l: CartLine) => (l.seq === seq ? { ...l, qty } : l)) } : page,
  );
}

/** /api/updateCartQuantity: 201 when the server stored the quantity. */
export function useSaveQuantity() {
  return useMutation({
    mutationFn: (v: { seq: number; qty: number }) => api('updateCartQuantity', v, { accept: [201] }),
  });
}

/** /api/setCartLineJobRef: the line's 작업번호/차량번호, saved when the field is left. */
export function useSaveJobRef() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { seq: number; jobRef: string }) => api('setCartLineJobRef', v, { accept: [201] }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** Removes a line over the trade channel; the list is read again after 300 ms (docs/requirements.md#cart-and-checkout). */
export function useRemoveCartLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => tradeCall(TRADE_EVENTS.stateCartItem, { seq }),
    onSuccess: () => setTimeout(() => void client.invalidateQueries({ queryKey: cartKeys.all }), TIMING.cartReloadMs),
  });
}
