import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of serialized product-grid answers, keyed by the query and the price tier
 * that answered it. The grid is the shop's busiest read and the same pages (the first page, the
 * popular searches) are asked for over and over; reusing an answer for about a second takes the
 * database and the serializer off that path. Stock in the grid may therefore lag by at most the
 * TTL, on every server instance alike; the product popup, the product page, the cart and the
 * payment always read fresh rows, and payment checks stock in its own transaction.
 */
export interface ProductListCache {
  /** False when PRODUCT_LIST_CACHE_MS is 0: every query is answered fresh. */
  enabled: boolean;
  get(key: string): string | undefined;
  set(key: string, body: string): void;
  clear(): void;
}

/** Every grid cache of this process, so that a product write can empty them at once. */
const caches = new Set<ProductListCache>();

/** A product changed (back office): the next grid read is fresh on this instance (others within the TTL). */
export function invalidateProductLists(): void {
  for (const c of caches) c.clear();
}

/** A clock in milliseconds; tests pass their own to move time without waiting. */
export interface Clock {
  now(): number;
}

export function createProductListCache(ttlMs: number, clock?: Clock): ProductListCache {
  if (ttlMs <= 0) return { enabled: false, get: () => undefined, set: () => {}, clear: () => {} };
  const cache = new LRUCache<string, string>({
    ttl: ttlMs,
    // lru-cache reads `perf.now()`; with a given clock, on every check (no cached reading of the time).
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    // Bounded by bytes, not entries: a keyword can be long and an answer is up to ~30 KB.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (body, key) => body.length + key.length,
  });
  const listCache: ProductListCache = {
    enabled: true,
    get: (key) => cache.get(key),
    set: (key, body) => void cache.set(key, body),
    clear: () => cache.clear(),
  };
  caches.add(listCache);
  return listCache;
}
