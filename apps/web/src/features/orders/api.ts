import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE, type DateRangeListRequest, type OrderView } from '@partsmall/contract';
import { api, type Payload } from '../../shared/api';
import { announceChange } from '../../shared/query';

export const orderKeys = {
  all: ['orders'] as const,
  tracking: (seq: number) => ['orders', 'tracking', seq] as const,
  list: (q: DateRangeListRequest) => ['orders', 'list', q] as const,
  pages: ['orders', 'pages'] as const,
  one: (seq: number) => ['orders', 'one', seq] as const,
};

const fetchOrders = (q: DateRangeListRequest, signal?: AbortSignal) =>
  api('getMallOrderInfo', q, { signal, accept: [200] });

/** A page of the member's orders (api/getMallOrderInfo, 15 a page, optional date range). */
export const orderListQuery = (q: DateRangeListRequest) =>
  queryOptions({
    queryKey: orderKeys.list(q),
    queryFn: ({ signal }) => fetchOrders(q, signal),
    placeholderData: keepPreviousData,
  });

/** The mobile order list: 15 a page, 'more' adds the next. */
export const orderPagesQuery = infiniteQueryOptions({
  queryKey: orderKeys.pages,
  initialPageParam: 1,
  queryFn: ({ pageParam, signal }) => fetchOrders({ page: pageParam, size: PAGE_SIZE.memberArea }, signal),
  getNextPageParam: (last, all) =>
    all.reduce((n, p) => n + p.results.length, 0) < last.total ? all.length + 1 : undefined,
});

/** One order (api/getMallOrderDetail). */
export const orderQuery = (seq: number) =>
  queryOptions({
    queryKey: orderKeys.one(seq),
    queryFn: ({ signal }) => api('getMallOrderDetail', { seq }, { signal, accept: [200] }).then((a) => a.results),
  });

/**
 * The shipment of a shipped order (api/getOrderTracking): carrier, waybill, the carrier's page and
 * the parcel's events. Read again each minute while the popup is open and the parcel not delivered.
 */
export const orderTrackingQuery = (seq: number) =>
  queryOptions({
    queryKey: orderKeys.tracking(seq),
    queryFn: ({ signal }) => api('getOrderTracking', { seq }, { signal, accept: [200] }).then((a) => a.results),
    refetchInterval: (q) => (q.state.data && !q.state.data.deliveredAt && q.state.data.tracked ? 60_000 : false),
  });

/**
 * A buyer's move of an order: cancellation (same Seoul day, status 0) or a return request. The
 * answer carries the updated order, which replaces the cached one; the lists are read again.
 */
function useOrderMove<V, I extends 'cancelMallOrder' | 'returnMallOrder'>(call: I, body: (v: V) => Payload<I>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => api(call, body(v), { accept: [201] }),
    onSuccess: ({ results }) => {
      client.setQueryData(orderKeys.one(results.seq), results);
      client.setQueryData(orderPagesQuery.queryKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                results: p.results.map((o: OrderView) => (o.seq === results.seq ? results : o)),
              })),
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: orderKeys.all, predicate: (q) => q.queryKey[1] === 'list' });
      // The order list usually sits in the window that opened the detail popup.
      announceChange(orderKeys.all);
    },
  });
}

export const useCancelOrder = () => useOrderMove('cancelMallOrder', (seq: number) => ({ seq }));
export const useReturnOrder = () => useOrderMove('returnMallOrder', (v: { seq: number; returnReason: number }) => v);
