import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { session } from './session';

/** Keys of the shared data that does not depend on who is logged in. */
const SESSION_FREE = new Set(['mallConfig']);

/**
 * The app's one QueryClient. Calls are retried only when the network failed (a refused call
 * answers the same the second time); the window's focus does not refetch, so what a user reads
 * stays until they act or the data is invalidated.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
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
