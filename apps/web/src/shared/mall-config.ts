import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING, type MallConfig } from '@partsmall/contract';
import { api } from './api';
import { QUERY_ROOTS } from './query';

/**
 * The shop configuration (api/getMallConfig): footer data, notices, buy policy, licence
 * packages. The app frame polls it every 100 ms while it is awaited and every minute after, to
 * notice a new `ver` (docs/requirements.md#entities).
 */
export const mallConfigQuery = queryOptions({
  queryKey: QUERY_ROOTS.mallConfig,
  queryFn: ({ signal }) => api('getMallConfig', {}, { signal }).then((a) => a.results),
  staleTime: Infinity,
  retry: false,
  // Polled in the background: while the browser is offline the poll waits (React Query's 'online'
  // mode) instead of failing ten times a second, and goes on when the network is back.
  networkMode: 'online',
});

/** How often the frame reads the configuration: fast until it first arrives. */
export function configPollMs(loaded: boolean): number {
  return loaded ? TIMING.configVersionCheckMs : TIMING.configPollMs;
}

export function useMallConfig(): MallConfig | null {
  return useQuery(mallConfigQuery).data ?? null;
}
