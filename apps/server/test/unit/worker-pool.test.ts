import { readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PoolBusyError,
  PoolTimeoutError,
  PoolWorkerError,
  STARVED_LIMIT,
  threadCpuMs,
  WorkerPool,
  type PoolOptions,
} from '../../src/shared/worker-pool.js';
import type { FixtureTask } from './worker-pool-fixture.js';

const source = path.join(import.meta.dirname, 'worker-pool-fixture.ts');
const slowToLoad = path.join(import.meta.dirname, 'worker-pool-slow-fixture.ts');
const pools: WorkerPool<FixtureTask, string>[] = [];
function pool(options: Partial<PoolOptions> = {}) {
  const p = new WorkerPool<FixtureTask, string>({
    entry: { source },
    size: 1,
    maxQueued: 4,
    perKey: 2,
    timeoutMs: 20_000,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    ...options,
  });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The outcome of a task, written out: its value, or the class of its refusal. */
const outcome = (p: Promise<string>) =>
  p.then(
    (v) => v,
    (e: Error) => e.constructor.name + (e.constructor === Error ? `:${e.name}` : ''),
  );

describe('WorkerPool', () => {
  it('runs tasks in a worker thread, one after another in a pool of one, in the order they came', async () => {
    const p = pool({ perKey: 5, maxQueued: 5 });
    const done: string[] = [];
    const tasks = ['a', 'b', 'c'].map((v, i) =>
      p.run({ op: 'wait', ms: 30 - i * 10, value: v }, `k${v}`).then((x) => void done.push(x)),
    );
    expect(p.load).toEqual({ queued: 2, running: 1 });
    await Promise.all(tasks);
    expect(done).toEqual(['a', 'b', 'c']);
    // Not the test's own thread (thread 0).
    expect(await p.run({ op: 'echo', value: 'x' }, 'k')).toMatch(/^x@[1-9]\d*$/);
  });

  it('refuses a key past its limit at once, and takes it again when one of its tasks is done', async () => {
    const p = pool({ perKey: 2 });
    const first = p.run({ op: 'wait', ms: 200, value: 'one' }, 'company:1');
    const second = p.run({ op: 'wait', ms: 10, value: 'two' }, 'company:1');
    await expect(p.run({ op: 'echo', value: 'three' }, 'company:1')).rejects.toEqual(new PoolBusyError('key'));
    // Another key is not held back by the first one's limit.
    const other = p.run({ op: 'wait', ms: 10, value: 'other' }, 'company:2');
    expect(p.inFlight('company:1')).toBe(2);
    expect(await first).toBe('one');
    await expect(p.run({ op: 'wait', ms: 10, value: 'again' }, 'company:1')).resolves.toBe('again');
    expect([await second, await other]).toEqual(['two', 'other']);
    expect(p.inFlight('company:1')).toBe(0);
  });

  it("takes turns between keys: one key's four waiting tasks do not hold another key's one behind them all", async () => {
    const p = pool({ perKey: 4, maxQueued: 8 });
    const done: string[] = [];
    const run = (value: string, key: string) =>
      p.run({ op: 'wait', ms: 20, value }, key).then((x) => void done.push(x));
    const tasks = [run('a1', 'company:1'), run('a2', 'company:1'), run('a3', 'company:1'), run('a4', 'company:1')];
    tasks.push(run('b1', 'company:2'), run('c1', 'company:3'), run('b2', 'company:2'));
    await Promise.all(tasks);
    // a1 was running; then each key in turn, the one served longest ago first.
    expect(done).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('remembers whose turn it was after a key had nothing left: the key served longest ago goes first', async () => {
    const p = pool({ perKey: 4, maxQueued: 8 });
    const done: string[] = [];
    const run = (value: string, key: string) =>
      p.run({ op: 'wait', ms: 20, value }, key).then((x) => void done.push(x));
    const later: Promise<void>[] = [];
    // Each next task is sent when one ends, while the task started after it runs.
    const x1 = run('x1', 'company:x').then(() => void later.push(run('z1', 'company:z')));
    const y1 = run('y1', 'company:y').then(() => void later.push(run('y2', 'company:y'), run('x2', 'company:x')));
    await Promise.all([x1, y1]);
    await Promise.all(later);
    // x was served before y, and both had emptied: x2 goes before y2, though sent after it.
    expect(done).toEqual(['x1', 'y1', 'z1', 'x2', 'y2']);
  });

  it('keeps its light threads for light tasks: a light one starts beside heavy ones, a heavy one never takes them', async () => {
    const p = pool({ perKey: 4, maxQueued: 8, lightSlots: 1 });
    // Both threads started and loaded first, so what follows waits for no loading.
    await Promise.all([p.run({ op: 'echo', value: 'w' }, 'warm'), p.run({ op: 'echo', value: 'w' }, 'warm', [], true)]);
    const done: string[] = [];
    const run = (ms: number, value: string, key: string, light = false) =>
      p.run({ op: 'wait', ms, value }, key, [], light).then((x) => void done.push(x));
    const heavy = [run(1_500, 'h1', 'company:1'), run(10, 'h2', 'company:1')];
    // The second heavy task waits though a thread is idle: the light thread is not for it.
    expect(p.load).toEqual({ queued: 1, running: 1 });
    const light = run(10, 'l1', 'company:2', true);
    expect(p.load).toEqual({ queued: 1, running: 2 });
    await Promise.all([light, ...heavy]);
    // The light one was done long before the heavy one it did not wait behind.
    expect(done).toEqual(['l1', 'h1', 'h2']);
  });

  it('refuses past the queue limit over all keys', async () => {
    const p = pool({ perKey: 1, maxQueued: 2 });
    const running = p.run({ op: 'wait', ms: 200, value: 'r' }, 'a');
    const waiting = [p.run({ op: 'echo', value: 'w1' }, 'b'), p.run({ op: 'echo', value: 'w2' }, 'c')];
    await expect(p.run({ op: 'echo', value: 'x' }, 'd')).rejects.toEqual(new PoolBusyError('queue'));
    expect(await running).toBe('r');
    expect((await Promise.all(waiting)).map((v) => v.split('@')[0])).toEqual(['w1', 'w2']);
  });

  it('ends a task past its time limit, and the next task gets a fresh worker', async () => {
    const p = pool({ timeoutMs: 1500, perKey: 3 });
    const thread = (await p.run({ op: 'echo', value: 'before' }, 'k')).split('@')[1];
    const spin = outcome(p.run({ op: 'spin' }, 'k'));
    const after = p.run({ op: 'echo', value: 'after' }, 'k');
    expect(await spin).toBe('PoolTimeoutError');
    const [value, fresh] = (await after).split('@');
    expect(value).toBe('after');
    expect(fresh).not.toBe(thread);
    expect(p.inFlight('k')).toBe(0);
    expect(PoolTimeoutError.name).toBe('PoolTimeoutError');
    // The limit is CPU time: a thread at nice 10 on a loaded machine may take several times 1.5 s.
  }, 20_000);

  it('a task that used little CPU runs past its limit (a busy machine starved it), up to 6 times the limit', async () => {
    expect(STARVED_LIMIT).toBe(6);
    const p = pool({ timeoutMs: 300, perKey: 3 });
    // 700 ms waiting, next to no CPU: the limit's 300 ms of CPU are not used up.
    expect(await p.run({ op: 'wait', ms: 700, value: 'waited' }, 'k')).toBe('waited');
    // 20 s waiting: ended at 6 × 300 ms.
    expect(await outcome(p.run({ op: 'wait', ms: 20_000, value: 'never' }, 'k'))).toBe('PoolTimeoutError');
    expect((await p.run({ op: 'echo', value: 'next' }, 'k')).split('@')[0]).toBe('next');
  });

  it("reads a thread's CPU time in ms, growing as it works; none for no thread", () => {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const before = threadCpuMs(tid)!;
    // Works until its CPU time has grown (reading it is work too), however busy the machine is: 50 ms
    // of wall time gave it less than 20 ms of CPU beside the other test files.
    let after = before;
    const deadline = Date.now() + 10_000;
    while (after - before < 20 && Date.now() < deadline) after = threadCpuMs(tid)!;
    expect(after - before).toBeGreaterThanOrEqual(20);
    expect(threadCpuMs(null)).toBeNull();
    expect(threadCpuMs(2 ** 31 - 1)).toBeNull();
  });

  it("counts a task's time from when its worker has loaded: 1.5 s of loading does not use up a 1 s limit", async () => {
    const p = pool({ entry: { source: slowToLoad }, timeoutMs: 1000 });
    expect((await p.run({ op: 'echo', value: 'x' }, 'k')).split('@')[0]).toBe('echo');
    // The limit still holds for the task itself, once loaded.
    expect(await outcome(p.run({ op: 'spin' }, 'k'))).toBe('PoolTimeoutError');
  }, 20_000);

  it('a worker that has not loaded within its own limit is ended and its task refused', async () => {
    const p = pool({ entry: { source: slowToLoad }, bootTimeoutMs: 300 });
    expect(await outcome(p.run({ op: 'echo', value: 'x' }, 'k'))).toBe('PoolTimeoutError');
    expect(p.inFlight('k')).toBe(0);
  });

  it('a task past the memory limit ends its worker only; the process lives on and the pool serves the next task', async () => {
    const p = pool({ perKey: 3 });
    const before = process.memoryUsage().rss;
    expect(await outcome(p.run({ op: 'hog' }, 'k'))).toBe('PoolWorkerError');
    expect(process.memoryUsage().rss - before).toBeLessThan(512 * 1024 * 1024);
    expect((await p.run({ op: 'echo', value: 'alive' }, 'k')).split('@')[0]).toBe('alive');
    expect(PoolWorkerError.name).toBe('PoolWorkerError');
    // Filling a worker's heap to its limit takes 3 s on a quiet machine and over 5 s on a loaded one.
  }, 20_000);

  it('runs its threads at nice 10 while the thread that answers requests keeps its priority', async () => {
    const p = pool();
    const own = os.getPriority();
    expect(await p.run({ op: 'priority' }, 'k')).toBe(String(Math.max(10, own)));
    expect(os.getPriority()).toBe(own);
  });

  it('hands on what a task threw by its name, and the worker stays', async () => {
    const p = pool();
    expect(await outcome(p.run({ op: 'throw' }, 'k'))).toBe('Error:FixtureInputError');
    expect((await p.run({ op: 'echo', value: 'next' }, 'k')).split('@')[0]).toBe('next');
  });
});
