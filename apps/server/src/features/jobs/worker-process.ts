import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobName } from '@partsmall/contract';
import type { RequestsInFlight } from '../../shared/drain.js';
import type { JobSettings } from './config.js';

/** Set in the environment of the worker process: the server's entry then runs its job workers only (jobs-process.ts). */
export const JOBS_PROCESS_ENV = 'PARTSMALL_JOBS_PROCESS';

/** What the server tells its worker process. */
export type ToWorkerProcess =
  /** Requests came since the last report: take `concurrency` slots, not `idleConcurrency`. */
  | { type: 'requests' }
  /** A transaction that wrote jobs committed: look now instead of at the next poll. */
  | { type: 'wake'; name?: JobName }
  | { type: 'stop' };

export interface WorkerProcess {
  wake(name?: JobName): void;
  /** Tells the process to stop (its tries in flight finish, up to stopTimeoutMs) and waits for it to end. */
  stop(): Promise<void>;
}

/** How often the server reports that requests came (the workers slow down for a second after each report). */
const REPORT_MS = 250;

/**
 * Starts the job workers of this server in a process of their own (JOBS_WORKERS=process,
 * docs/operations.md#jobs): the server's entry script again, with JOBS_PROCESS_ENV set, at nice
 * `workerNice`, so that on a shared CPU the kernel runs the server's requests first. A process that
 * ends while the server runs is started again (after 1 s, doubling up to 30 s while it keeps
 * failing); its jobs' tries in flight are failed back by pg-boss's expiry and retried.
 */
export function startWorkerProcess(opts: {
  entry: string;
  settings: JobSettings;
  requests: RequestsInFlight;
  log: FastifyBaseLogger;
}): WorkerProcess {
  const { settings, log } = opts;
  let child: ChildProcess | null = null;
  let stopped = false;
  let failures = 0;
  const send = (message: ToWorkerProcess) => {
    if (!child?.connected) return;
    try {
      child.send(message);
    } catch {
      // The process is ending: it is started again, and polls its queues when it is.
    }
  };

  const start = () => {
    const started = fork(opts.entry, [], { env: { ...process.env, [JOBS_PROCESS_ENV]: '1' }, stdio: 'inherit' });
    child = started;
    try {
      if (started.pid !== undefined) os.setPriority(started.pid, settings.workerNice);
    } catch (err) {
      log.warn({ err }, 'job worker process: priority not lowered');
    }
    started.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') failures = 0;
    });
    started.on('error', (err) => log.error({ err }, 'job worker process error'));
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      if (stopped) return;
      const delay = Math.min(30_000, 1000 * 2 ** failures);
      failures += 1;
      log.error({ code, signal, restartInMs: delay }, 'job worker process ended; starting it again');
      setTimeout(() => {
        if (!stopped) start();
      }, delay).unref();
    });
  };
  start();

  let reported = 0;
  const reporting = setInterval(() => {
    const at = opts.requests.lastAt();
    if (at > reported) {
      reported = at;
      send({ type: 'requests' });
    }
  }, REPORT_MS);
  reporting.unref();

  return {
    wake: (name) => send({ type: 'wake', ...(name ? { name } : {}) }),
    async stop() {
      stopped = true;
      clearInterval(reporting);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      if (running.connected) send({ type: 'stop' });
      else running.kill('SIGTERM');
      // Its own stop waits stopTimeoutMs for the tries in flight; past that (and its database's close) it is killed.
      const killer = setTimeout(() => running.kill('SIGKILL'), settings.stopTimeoutMs + 3000);
      await exited;
      clearTimeout(killer);
    },
  };
}
