/**
 * Runs at most `n` pieces of work at once in the process; the others wait their turn, first come
 * first served. What it bounds: the typo readings (docs/search.md#typos), each several lookups, so
 * that a burst of queries made of typos leaves the database's queue short for every other search.
 */
export function fewAtOnce(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running < n) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is given up.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
