import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  QUICK_ORDER_COLUMNS_FIELD,
  QUICK_ORDER_FILE_FIELD,
  type AddQuickOrderToCartRequest,
  type EstimateRole,
} from '@partsmall/contract';
import type { Payload } from '../../shared/api';
import { api } from '../../shared/api';
import { cartKeys } from '../cart';

/** api/resolveQuickOrder with the pasted text or one file; nothing is stored. */
export function useResolveQuickOrder() {
  return useMutation({
    mutationFn: (input: { text: string; columns?: EstimateRole[] } | { file: File; columns?: EstimateRole[] }) => {
      if ('text' in input) return api('resolveQuickOrder', input);
      const form = new FormData();
      // The buyer's correction of the columns read, before the file (docs/search.md#paste-anything).
      if (input.columns) form.append(QUICK_ORDER_COLUMNS_FIELD, input.columns.join(','));
      form.append(QUICK_ORDER_FILE_FIELD, input.file, input.file.name);
      // The same call takes a multipart body: the client sends a FormData as it is.
      return api('resolveQuickOrder', form as unknown as Payload<'resolveQuickOrder'>);
    },
  });
}

/** api/addQuickOrderToCart: all lines or none (201); the cart is read again. */
export function useAddQuickOrderToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddQuickOrderToCartRequest) => api('addQuickOrderToCart', body, { accept: [201] }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** api/reorder: an order's lines into the cart at today's price, each saying what changed. */
export function useReorder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { seq: number; clientRequestId?: string }) => api('reorder', body, { accept: [201] }),
    onSuccess: () => void client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
