import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { session } from './session';

/**
 * The root keys (xxxKeys.all) of the query key factories that features below them act on: a vehicle
 * change re-reads the products and the cart, whose features import the vehicles' one way
 * (docs/architecture.md#boundaries). Every other key comes from its feature's factory, `<feature>Keys`
 * in its api.ts; a `queryKey` written as an array literal fails the lint (eslint.config.js).
 */
export const QUERY_ROOTS = {
  mallConfig: ['mallConfig'],
  products: ['products'],
  cart: ['cart'],
} as const;

/** Keys of the shared data that does not depend on who is logged in. */
const SESSION_FREE = new Set<string>(QUERY_ROOTS.mallConfig);

/**
 * The app's one QueryClient. Calls are retried only when the network failed (a refused call
 * answers the same the second time); the window's focus does not refetch, so what a user reads
 * stays until they act or the data is invalidated. Calls are sent even when the browser says it is
 * offline (`networkMode: 'always'`): React Query would otherwise hold them paused, neither loading
 * nor failed, and a search showed 'no products found' and a save waited with no word; sent, they
 * fail with the app's network message (docs/requirements.md#shop-screens).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Login, logout and a 401 change what the server answers (prices, carts, lists): everything read
 * for the previous session is dropped and what is on screen is read again.
 */
let lastToken = session.get().token;
session.subscribe(() => {
  const token = session.get().token;
  if (token === lastToken) return;
  lastToken = token;
  void queryClient.resetQueries({ predicate: (q) => !SESSION_FREE.has(String(q.queryKey[0])) });
});

/**
 * Windows of one shop (the order detail popup and the tab that opened it) each have their own
 * query cache. A change one of them makes is announced on this channel, and every other window
 * reads the named data again, so a list behind a popup never keeps a stale status.
 */
const CHANGES_CHANNEL = 'partsmall-changes';
const changes: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANGES_CHANNEL);
changes?.addEventListener('message', (e: MessageEvent<unknown>) => {
  const key = (e.data as { invalidate?: unknown } | null)?.invalidate;
  if (Array.isArray(key) && key.every((k) => typeof k === 'string'))
    void queryClient.invalidateQueries({ queryKey: key });
});

/** Tells the shop's other windows that what they read under `queryKey` has changed. */
export function announceChange(queryKey: readonly string[]) {
  changes?.postMessage({ invalidate: [...queryKey] });
}
