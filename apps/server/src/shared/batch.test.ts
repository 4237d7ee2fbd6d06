import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch.js';

/** A loader whose batches finish when the test says so, recording what each was asked. */
function controlled() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const load = batchLoader(
    (keys: number[]) =>
      new Promise<Map<number, string>>((resolve, reject) => {
        batches.push(keys);
        finish.push(() =>
          keys.includes(13)
            ? reject(new Error('unlucky'))
            : resolve(new Map(keys.filter((k) => k > 0).map((k) => [k, `v${k}`]))),
        );
      }),
    { inFlight: 1 },
  );
  return { load, batches, finishNext: () => finish.shift()!() };
}

describe('batchLoader', () => {
  it('a key alone is looked up at once; keys asked meanwhile go together in the next batch, once each', async () => {
    const { load, batches, finishNext } = controlled();
    const first = load(1);
    expect(batches).toEqual([[1]]);
    const rest = [load(2), load(3), load(2), load(4)];
    expect(batches).toEqual([[1]]);
    finishNext();
    expect(await first).toBe('v1');
    await Promise.resolve();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    finishNext();
    expect(await Promise.all(rest)).toEqual(['v2', 'v3', 'v2', 'v4']);
  });

  it('a key the batch did not find is undefined; a failed batch rejects only its own callers', async () => {
    const { load, batches, finishNext } = controlled();
    const missing = load(-1);
    const failing = [load(13), load(5)];
    finishNext();
    expect(await missing).toBeUndefined();
    await Promise.resolve();
    const after = load(6);
    finishNext();
    for (const p of failing) await expect(p).rejects.toThrow('unlucky');
    await Promise.resolve();
    expect(batches).toEqual([[-1], [13, 5], [6]]);
    finishNext();
    expect(await after).toBe('v6');
  });
});
