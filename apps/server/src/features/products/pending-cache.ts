import type { Db } from '../../db/client.js';

/** A value being worked out for a key, kept from when it was started; `value` once it is known. */
export interface Pending<T> {
  at: number;
  promise: Promise<T>;
  value?: T;
}

/**
 * Values worked out per key, per database (a process may hold more than one: the tests), at most
 * `size` of them (the oldest goes first). One under way is kept too, so that the searches asking for
 * it meanwhile wait for it; a failed one is not kept: the next search asks again.
 */
export function pendingCache<T>(size: number) {
  const caches = new WeakMap<Db, Map<string, Pending<T>>>();
  const of = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    return cache;
  };
  const start = (db: Db, key: string, promise: Promise<T>): Pending<T> => {
    const cache = of(db);
    const entry: Pending<T> = { at: Date.now(), promise };
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
    promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry;
  };
  return { of, start };
}
