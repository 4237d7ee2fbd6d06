import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_SIZE, type ProductView } from '@partsmall/contract';
import { useSession } from '../../shared/session';
import { fetchProductPage, type SearchType } from './api';

/**
 * The grid's pages: 60 first, 12 per 'more', marked ended after page 20 or when the server has
 * no more. Reloads when the search or the login (prices) changes.
 */
export function useProductGrid(searchType: SearchType, keyword: string, category = '') {
  const { token } = useSession();
  const [items, setItems] = useState<ProductView[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  const load = useCallback(
    async (gridPage: number) => {
      const id = ++request.current;
      setLoading(true);
      try {
        const res = await fetchProductPage({ searchType, keyword, category, gridPage });
        if (id !== request.current) return null;
        setItems((prev) => (gridPage === 1 ? res.items : [...prev, ...res.items]));
        setMore(res.more);
        setPage(gridPage);
        setError(null);
        return res.items.length;
      } catch (e) {
        if (id === request.current) setError((e as Error).message);
        return null;
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [searchType, keyword, category],
  );

  const [firstCount, setFirstCount] = useState<number | null>(null);
  useEffect(() => {
    setFirstCount(null);
    void load(1).then(setFirstCount);
  }, [load, token]);

  const ended = page >= PAGE_SIZE.homeMaxPage || (!more && page > 0);
  return {
    items,
    loading,
    error,
    ended,
    /** Number of items of the first page once loaded (null while loading). */
    firstCount,
    loadMore: () => {
      if (!ended && !loading) void load(page + 1);
    },
  };
}
