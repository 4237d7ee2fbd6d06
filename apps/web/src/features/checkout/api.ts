import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changedPrices,
  TRADE_EVENTS,
  type ChangedPrices,
  type PaymentRequest,
  type PaymentResult,
  type WarehouseDelivery,
} from '@partsmall/contract';
import { api, ApiError } from '../../shared/api';
import { tradeCall } from '../../shared/trade';
import { cartKeys, paymentStore } from '../cart';
import { orderKeys } from '../orders';
import { T } from '../../shared/texts';

export const METHOD_KEYS = ['gdFreight', 'gdDelivery', 'quick', 'pickUp'] as const;
export type MethodKey = (typeof METHOD_KEYS)[number];

export const checkoutKeys = { all: ['checkout'] as const, delivery: ['checkout', 'delivery'] as const };

/** Delivery methods and pay options per warehouse (api/getDeliInfo). */
export const deliveryQuery = queryOptions({
  queryKey: checkoutKeys.delivery,
  queryFn: ({ signal }) => api('getDeliInfo', {}, { signal, accept: [200] }).then((a) => a.results),
  staleTime: 5 * 60_000,
});

/** The options of the warehouse the goods leave from: by storage id, else by name, else the first. */
export function warehouseOptions(
  all: WarehouseDelivery[],
  storageId: number,
  stockName: string,
): WarehouseDelivery | null {
  return (
    all.find((w) => w.storageId === storageId) ?? all.find((w) => w.warehouse_name === stockName) ?? all[0] ?? null
  );
}

/** The method a checkout opens with: courier when the warehouse offers it, else the first offered. */
export function defaultMethod(w: WarehouseDelivery | null): MethodKey {
  if (!w || w.delivery_methods.gdDelivery) return 'gdDelivery';
  return METHOD_KEYS.find((k) => w.delivery_methods[k]) ?? 'gdDelivery';
}

/** The paid order of a payment's answer (a refusal of changed prices carries the prices instead). */
const paidOf = (results: PaymentResult | ChangedPrices | undefined): PaymentResult | undefined =>
  results && 'orderSeq' in results ? results : undefined;

/**
 * The current prices a refused payment carries when the prices it was sent with changed
 * (docs/requirements.md#cart-and-checkout), or null for any other refusal.
 */
export function changedPricesOf(error: unknown): ChangedPrices['prices'] | null {
  if (!(error instanceof ApiError) || error.code !== 409) return null;
  const parsed = changedPrices.safeParse(error.results);
  return parsed.success ? parsed.data.prices : null;
}

/**
 * Pays over the trade channel (requestPaymentProduct → paymentFinish). The answer meant for this
 * request carries its client request id; the paid order replaces the draft, and the cart and
 * order lists are read again.
 */
export function usePay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PaymentRequest & { clientRequestId: string }) =>
      tradeCall(TRADE_EVENTS.requestPaymentProduct, request, {
        timeoutMs: 30_000,
        timeoutMessage: T.trade.checkout.payTimeout,
        accept: (a) => {
          const rid = paidOf(a.results)?.clientRequestId ?? a.clientRequestId;
          return rid === undefined || rid === request.clientRequestId;
        },
      }).then((a) => paidOf(a.results)),
    onSuccess: (paid) => {
      if (!paid) return;
      paymentStore.setFinished(paid);
      paymentStore.clearDraft();
      void client.invalidateQueries({ queryKey: cartKeys.all });
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
    // Prices changed: the cart shows today's prices too when the buyer goes back to it.
    onError: (e) => {
      if (changedPricesOf(e)) void client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}
