import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallId } from '@partsmall/contract';
import { ApiError, api, type Payload } from './api';

/** A write refused because what it acts on changed meanwhile (another staff member's move, a newer edit). */
export const isConflict = (e: unknown) => e instanceof ApiError && e.status === 409;

/**
 * A write that reads what it changed (everything under `root`) again on success, and on a refusal
 * (409) too unless `rereadOnConflict` is off: a row another staff member moved or handled then shows
 * as it is now, not with its old buttons (docs/requirements.md#back-office). The re-read is awaited,
 * so the refusal's alert opens over what is stored now.
 */
export function useRereadingWrite<I extends CallId>(call: I, root: QueryKey, rereadOnConflict = true) {
  const client = useQueryClient();
  const reread = () => client.invalidateQueries({ queryKey: root });
  return useMutation({
    mutationFn: (body: Payload<I>) => api(call, body, { accept: [200, 201] }),
    onSuccess: reread,
    onError: (e) => (rereadOnConflict && isConflict(e) ? reread() : undefined),
  });
}
