/**
 * Groups lookups by key: a key asked for while `inFlight` batches are already running waits and
 * goes with every other waiting key in the next batch (one statement for all of them); alone, a key
 * is looked up at once, so grouping adds no wait. Callers asking for the same key at the same time
 * share one answer. A failed batch rejects each of its callers; the next batch starts anyway.
 * `loadMany` answers a Map; a key missing from it resolves to undefined.
 */
export function batchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<Map<K, V>>,
  opts: { inFlight?: number; maxBatch?: number } = {},
) {
  const inFlight = opts.inFlight ?? 2;
  const maxBatch = opts.maxBatch ?? 500;
  const waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[]>();
  let running = 0;
  const pump = () => {
    while (running < inFlight && waiting.size > 0) {
      const keys = [...waiting.keys()].slice(0, maxBatch);
      const callers = keys.map((k) => {
        const c = waiting.get(k)!;
        waiting.delete(k);
        return c;
      });
      running++;
      loadMany(keys)
        .then(
          (found) => keys.forEach((k, i) => callers[i]!.forEach((c) => c.resolve(found.get(k)))),
          (err) => callers.forEach((cs) => cs.forEach((c) => c.reject(err))),
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      const callers = waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      pump();
    });
}
