/**
 * Work too heavy for the thread that answers every request (reading a spreadsheet, drawing a PDF)
 * runs in a small pool of worker threads (docs/security.md#costly-work): a queue in front, a limit
 * per key (a company, an account) on what may wait or run at once, a time limit per task after
 * which the worker is ended, and a memory limit per worker (`resourceLimits`: past it the worker
 * alone dies, not the shop). A worker that ended is replaced by a fresh one for the next task.
 *
 * The worker's code is an entry of its own, `src/workers/<name>.ts`: run through tsx from the
 * source, and as `dist/<name>.js` in the built server (apps/server/build.mjs builds every
 * `src/workers/*-worker.ts` into dist beside main.js).
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { runningBuilt, serverRoot } from '../paths.js';

/** The worker entries, `src/workers/<name>.ts`. */
export type WorkerEntry = 'file-worker' | 'pdf-worker';

/** The pool is full, or the key already has as many tasks as it may: the caller answers 429. */
export class PoolBusyError extends Error {
  constructor(readonly reason: 'key' | 'queue') {
    super(`worker pool busy (${reason})`);
  }
}
/** The task ran past its time limit; its worker was ended. */
export class PoolTimeoutError extends Error {}
/** The worker died on the task (its memory limit, or a crash); it was replaced. */
export class PoolWorkerError extends Error {}

export interface PoolOptions {
  /** A worker entry, or (tests, from the source only) a TypeScript file's absolute path. */
  entry: WorkerEntry | { source: string };
  /** Threads at most for tasks of any weight; tasks beyond wait in the queue. */
  size: number;
  /**
   * Threads beyond `size` that only light tasks use (a one-order document beside a year's): a
   * light task never waits behind heavy ones while one of them is free; 0 unless set.
   */
  lightSlots?: number;
  /** Tasks waiting (not running) at most, over all keys. */
  maxQueued: number;
  /** Tasks of one key waiting or running at most. */
  perKey: number;
  /**
   * A task that has used this much of its thread's CPU time ends its worker; counted from when its
   * worker is ready (loaded). Where a thread's CPU time cannot be read (not Linux), wall time.
   * A task starved of CPU by a busy machine (its thread runs at nice 10) runs on, up to
   * STARVED_LIMIT times this in wall time.
   */
  timeoutMs: number;
  /**
   * A new worker that has not loaded its code by then is ended, and the task it was to run refused
   * (PoolTimeoutError); 60 s unless set.
   */
  bootTimeoutMs?: number;
  resourceLimits: ResourceLimits;
}

/** A task's answer from the worker: a value, or an error the task itself threw (its message). */
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; name: string; message: string };
/** The worker's first message: its code is loaded and it takes tasks; its thread id (Linux) or null. */
type Ready = { ready: true; tid: number | null };
const BOOT_TIMEOUT_MS = 60_000;
/** A task's wall time at most, in times its limit, however little CPU a busy machine gave it. */
export const STARVED_LIMIT = 6;
/** How many starts a key's last turn is remembered after its tasks are done. */
const KEY_MEMORY = 1_000;
/** The shortest wait before a task's CPU time is read again. */
const RECHECK_MIN_MS = 100;

interface Task {
  id: number;
  input: unknown;
  transfer: ArrayBuffer[];
  key: string;
  light: boolean;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Loaded: a task's time limit starts when it is handed to a ready worker, not while it loads. */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** The worker thread's id, to read its CPU time (null: wall time is the limit). */
  tid: number | null;
}

const require = createRequire(import.meta.url);

/**
 * A worker for the entry: the built file as it is, or from the source a small script that registers
 * tsx's loader in the new thread and then imports the entry (`--import tsx` in a worker's execArgv is
 * not applied to the worker's own imports on Node 20).
 */
function startWorker(entry: PoolOptions['entry'], resourceLimits: ResourceLimits): Worker {
  const options = { resourceLimits, stdout: false, execArgv: [] as string[] };
  if (runningBuilt && typeof entry === 'string')
    return new Worker(pathToFileURL(path.join(serverRoot, 'dist', `${entry}.js`)), options);
  const tsxApi = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const source = pathToFileURL(
    typeof entry === 'string' ? path.join(serverRoot, 'src/workers', `${entry}.ts`) : entry.source,
  );
  const boot = `import(${JSON.stringify(tsxApi.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

export class WorkerPool<In, Out> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly perKey = new Map<string, number>();
  /**
   * When each key last had a task started (a count of starts): whose turn it is. Kept after the
   * key's tasks are done (a key that had one served a moment ago is not new), dropped once
   * KEY_MEMORY starts have gone by without it, so the map stays small.
   */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Tasks of the key waiting or running now. */
  inFlight(key: string): number {
    return this.perKey.get(key) ?? 0;
  }

  /** Tasks waiting and running, over all keys. */
  get load(): { queued: number; running: number } {
    return { queued: this.queue.length, running: this.slots.filter((s) => s.task).length };
  }

  /**
   * Runs one task in a worker; refuses at once (PoolBusyError) when the key has `perKey` tasks or
   * the queue is full, so a flood waits nowhere. A `light` task may also take the `lightSlots`.
   */
  run(input: In, key: string, transfer: ArrayBuffer[] = [], light = false): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolWorkerError('pool closed'));
    if (this.inFlight(key) >= this.options.perKey) return Promise.reject(new PoolBusyError('key'));
    if (!this.canStart(light) && this.queue.length >= this.options.maxQueued)
      return Promise.reject(new PoolBusyError('queue'));
    this.perKey.set(key, this.inFlight(key) + 1);
    return new Promise<Out>((resolve, reject) => {
      const task = { id: this.nextId++, input, transfer, key, light, resolve: resolve as (v: unknown) => void, reject };
      this.queue.push(task);
      this.pump();
    });
  }

  /** Ends every worker; tasks waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.finish(task, new PoolWorkerError('pool closed'));
    await Promise.all(this.slots.splice(0).map((s) => this.end(s, new PoolWorkerError('pool closed'))));
  }

  /** Whether a task of that weight could start now: a thread free or to be started for it. */
  private canStart(light: boolean): boolean {
    const threads = this.options.size + (this.options.lightSlots ?? 0);
    const free = this.slots.some((s) => !s.task) || this.slots.length < threads;
    return free && (light || this.slots.filter((s) => s.task && !s.task.light).length < this.options.size);
  }

  /**
   * The waiting task to start next, by turns between keys (docs/security.md#costly-work): of the
   * tasks that can start, one of the key with the fewest running, then the key served longest ago,
   * then the oldest. First come, first served let one company's four year-long statements hold every
   * other company's one-order statement for minutes.
   */
  private nextTask(): number {
    const running = (key: string) => this.slots.filter((s) => s.task?.key === key).length;
    let best = -1;
    let bestRank: [number, number] = [Infinity, Infinity];
    this.queue.forEach((task, i) => {
      if (!this.canStart(task.light)) return;
      const rank: [number, number] = [running(task.key), this.lastStart.get(task.key) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) [best, bestRank] = [i, rank];
    });
    return best;
  }

  private pump(): void {
    for (let next = this.nextTask(); next >= 0; next = this.nextTask()) {
      const slot = this.slots.find((s) => !s.task) ?? this.spawn();
      const [task] = this.queue.splice(next, 1);
      slot.task = task!;
      this.lastStart.set(task!.key, ++this.starts);
      slot.worker.ref();
      if (slot.ready) this.start(slot);
    }
  }

  /**
   * Hands the slot's task to its ready worker and starts the task's time limit: its thread's CPU
   * time (docs/security.md#costly-work), read when the limit's wall time has passed; a task that used
   * less (the machine was busy, the thread waited) gets the rest, up to STARVED_LIMIT times the limit.
   */
  private start(slot: Slot): void {
    const task = slot.task!;
    const limit = this.options.timeoutMs;
    const startedAt = Date.now();
    const cpuAtStart = threadCpuMs(slot.tid);
    const check = () => {
      if (slot.task !== task) return;
      const cpu = threadCpuMs(slot.tid);
      const used = cpu === null || cpuAtStart === null ? limit : cpu - cpuAtStart;
      const left = Math.min(limit - used, startedAt + limit * STARVED_LIMIT - Date.now());
      if (left <= 0) return void this.end(slot, new PoolTimeoutError('task timed out'));
      slot.timer = setTimeout(check, Math.max(left, RECHECK_MIN_MS));
    };
    slot.timer = setTimeout(check, limit);
    slot.worker.postMessage({ id: task.id, input: task.input }, task.transfer);
  }

  private spawn(): Slot {
    const worker = startWorker(this.options.entry, this.options.resourceLimits);
    // Loading the worker's code (from the source: through tsx) can take seconds on a busy machine;
    // that is not the task's time (docs/security.md#costly-work). Loading has a limit of its own.
    const boot = setTimeout(
      () => void this.end(slot, new PoolTimeoutError('worker did not start')),
      this.options.bootTimeoutMs ?? BOOT_TIMEOUT_MS,
    );
    const slot: Slot = { worker, ready: false, task: null, timer: boot, tid: null };
    worker.on('message', (reply: Reply | Ready) => {
      if ('ready' in reply) {
        clearTimeout(boot);
        slot.timer = null;
        slot.ready = true;
        slot.tid = reply.tid;
        if (slot.task) this.start(slot);
        else slot.worker.unref();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      this.settle(slot);
      if (reply.ok) this.finish(task, null, reply.value);
      else this.finish(task, Object.assign(new Error(reply.message), { name: reply.name }));
      this.pump();
    });
    // Past its memory limit a worker emits ERR_WORKER_OUT_OF_MEMORY and exits; any other crash too.
    worker.on('error', (err) => void this.end(slot, new PoolWorkerError(err.message)));
    worker.on('exit', () => void this.end(slot, new PoolWorkerError('worker exited')));
    this.slots.push(slot);
    return slot;
  }

  /** The slot's task is done: its timer stops and the idle worker no longer keeps the process alive. */
  private settle(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
  }

  /** Ends a slot's worker (time limit, crash, close), refusing its task with `err`, and goes on with the queue. */
  private async end(slot: Slot, err: Error): Promise<void> {
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    const task = slot.task;
    this.settle(slot);
    if (task) this.finish(task, err);
    slot.worker.removeAllListeners('message');
    await slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.pump();
  }

  /** Drops the turns of keys with nothing in flight and no start for KEY_MEMORY starts. */
  private forgetIdleKeys(): void {
    for (const [key, at] of this.lastStart)
      if (at < this.starts - KEY_MEMORY && this.inFlight(key) === 0) this.lastStart.delete(key);
  }

  private finish(task: Task, err: Error | null, value?: unknown): void {
    const left = this.inFlight(task.key) - 1;
    if (left > 0) this.perKey.set(task.key, left);
    else this.perKey.delete(task.key);
    if (this.starts % KEY_MEMORY === 0) this.forgetIdleKeys();
    if (err) task.reject(err);
    else task.resolve(value);
  }
}

/** The calling thread's id (Linux, from /proc/thread-self), or null. */
function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * The CPU time a thread of this process has used, in ms (Linux: the first field of its schedstat,
 * nanoseconds on a CPU), or null when it cannot be read.
 */
export function threadCpuMs(tid: number | null): number | null {
  if (tid === null) return null;
  try {
    const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's scheduling priority (Linux: a thread has a nice value of its own,
 * set by its thread id, found from /proc/thread-self). When the machine is busy, the thread that
 * answers requests then gets the cores first, and the costly work takes what is left. Elsewhere,
 * or when refused, nothing changes.
 */
export function lowerThreadPriority(nice = 10): boolean {
  try {
    const tid = ownThreadId();
    if (tid === null) return false;
    // Never above the thread's own (a process started at nice 15 keeps its workers there).
    const target = Math.max(nice, os.getPriority(tid));
    os.setPriority(tid, target);
    return os.getPriority(tid) === target;
  } catch {
    return false;
  }
}

/**
 * The worker's side: answers each task with `handle`'s value (transferring the ArrayBuffers it
 * names) or with the name and message of what it threw (the pool rejects with an Error of that
 * name, so a caller can tell a refused input from a fault).
 */
export function serveTasks<In, Out>(
  port: import('node:worker_threads').MessagePort,
  handle: (input: In) => Promise<{ value: Out; transfer?: ArrayBuffer[] }>,
): void {
  lowerThreadPriority();
  port.postMessage({ ready: true, tid: ownThreadId() } satisfies Ready);
  port.on('message', (msg: { id: number; input: In }) => {
    void handle(msg.input).then(
      ({ value, transfer }) => port.postMessage({ id: msg.id, ok: true, value } satisfies Reply, transfer ?? []),
      (err: unknown) =>
        port.postMessage({
          id: msg.id,
          ok: false,
          name: err instanceof Error ? err.name : 'Error',
          message: err instanceof Error ? err.message : String(err),
        } satisfies Reply),
    );
  });
}
