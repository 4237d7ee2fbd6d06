/**
 * What the crash benchmarks share (docs/performance.md#crash): a server process that is SIGKILLed
 * and restarted while the work runs, clients that resend until they get an answer, and the wait for
 * the job queue to drain before the books are checked.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { startServerProcess } from './servers.js';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A JSON POST client that sends again while the server is down or restarting (no answer, or a 5xx). */
export function resendingPost(base: string) {
  return async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
    for (;;) {
      try {
        const res = await fetch(`${base}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
        if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
        return { status: res.status, body: (await res.json()) as T };
      } catch {
        await sleep(100);
      }
    }
  };
}

/** One SIGKILL: when it came (ms after the killer started) and how long until the new process listened. */
export interface Kill {
  atMs: number;
  downMs: number;
}

/**
 * The benchmark's server process, killed with SIGKILL and started again by `killer`. Whatever
 * happens, the process this run started ends with it.
 */
export class KilledServer {
  process!: ChildProcess;
  readonly kills: Kill[] = [];

  private constructor(
    private readonly url: string,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(url: string, port: number, env: Record<string, string>): Promise<KilledServer> {
    const s = new KilledServer(url, port, env);
    s.process = await startServerProcess(url, port, env);
    process.once('exit', () => s.process.exitCode === null && s.process.kill('SIGKILL'));
    return s;
  }

  /** Kills the process now and starts a new one; answers when the new one listens. */
  async killAndRestart(t0: number): Promise<void> {
    const at = Date.now();
    const exited = new Promise((r) => this.process.once('exit', r));
    this.process.kill('SIGKILL');
    await exited;
    this.process = await startServerProcess(this.url, this.port, this.env);
    this.kills.push({ atMs: at - t0, downMs: Date.now() - at });
  }

  /**
   * `count` kills while `running()` holds, each after `before(k)` (by default a random wait of
   * `minMs` plus up to `spreadMs`), then a restart.
   */
  async killer(
    count: number,
    running: () => boolean,
    o: { minMs: number; spreadMs: number; before?: (k: number) => Promise<void> },
  ): Promise<void> {
    const t0 = Date.now();
    for (let k = 0; k < count && running(); k++) {
      await (o.before ? o.before(k) : sleep(o.minMs + Math.random() * o.spreadMs));
      if (!running()) break;
      await this.killAndRestart(t0);
    }
  }

  stop(): void {
    this.process.kill('SIGTERM');
  }

  /** The kills as the report prints them: 'ms after start/ms until listening, …'. */
  killReport(): string {
    return this.kills.map((k) => `${k.atMs}/${k.downMs}`).join(', ');
  }
}

export interface QueueState {
  waiting: number;
  parked: number;
  completed: number;
  seconds: number;
}

/**
 * Waits (up to `maxMs`) until nothing in the job queue is waiting (due now), retrying or running.
 * pg-boss fails a killed process's running tries back to the queue once they expire, at its next
 * maintenance; such a retry is due a moment later, so it counts as waiting before it is due (else the
 * last kill's tries, expired after everything else was done, looked like a drained queue).
 */
export async function drainQueue(url: string, maxMs: number): Promise<QueueState> {
  const watch = await openDatabase(url, '');
  const state = async () =>
    (
      await queryRows<{ waiting: number; parked: number; completed: number }>(
        watch.db,
        sql`select count(*) filter (where state in ('retry', 'active') or (state = 'created' and start_after <= now()))::int as waiting,
                   count(*) filter (where state = 'failed')::int as parked,
                   count(*) filter (where state = 'completed')::int as completed
            from pgboss.job`,
      )
    )[0]!;
  const start = Date.now();
  let q = await state();
  while (q.waiting > 0 && Date.now() - start < maxMs) {
    await sleep(1000);
    q = await state();
  }
  await watch.close();
  return { ...q, seconds: (Date.now() - start) / 1000 };
}
