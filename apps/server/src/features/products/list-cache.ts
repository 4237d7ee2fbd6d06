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
}

/** A clock in milliseconds; tests pass their own to move time without waiting. */
export interface Clock {
  now(): number;
}

export function createProductListCache(ttlMs: number, clock?: Clock): ProductListCache {
  if (ttlMs <= 0) return { enabled: false, get: () => undefined, set: () => {} };
  const cache = new LRUCache<string, string>({
    ttl: ttlMs,
    // lru-cache reads `perf.now()`; with a given clock, on every check (no cached reading of the time).
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    // Bounded by bytes, not entries: a keyword can be long and an answer is up to ~30 KB.
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (body, key) => body.length + key.length,
  });
  return { enabled: true, get: (key) => cache.get(key), set: (key, body) => void cache.set(key, body) };
}
