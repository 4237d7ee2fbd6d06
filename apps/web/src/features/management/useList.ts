import { useCallback, useEffect, useState } from 'react';
import { fetchPage, type Page } from './api';

/**
 * One page of a member-area list, fetched whenever the query changes; `reload` fetches the same
 * query again (after an add, edit or delete).
 */
export function useList<T>(path: string, query: object) {
  const key = JSON.stringify(query);
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<{ key: string; page: Page<T> } | null>(null);
  const stamp = `${tick}:${key}`;
  useEffect(() => {
    let live = true;
    fetchPage<T>(path, JSON.parse(stamp.slice(stamp.indexOf(':') + 1)) as object)
      .then((page) => {
        if (live) setState({ key: stamp, page });
      })
      // A 401 moves the app to /login; nothing to show here.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [path, stamp]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const page = state?.page;
  return {
    rows: page?.rows ?? [],
    total: page?.total ?? 0,
    error: page?.error ?? null,
    /** True until the answer for the current query (and reload) has arrived. */
    loading: state?.key !== stamp,
    reload,
  };
}
