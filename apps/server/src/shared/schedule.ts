import type { FastifyBaseLogger } from 'fastify';
import type { JobDataOf, JobName } from '@partsmall/contract';
import type { Db } from '../db/client.js';
import { enqueue } from './job-queue.js';
import type { JobWaker } from './job-types.js';

const HOUR_MS = 3_600_000;

/** A job a schedule writes: its kind, data and key (its day, month or hour). */
export type ScheduledJob = { [N in JobName]: { name: N; data: JobDataOf<N>; key: string } }[JobName];

/**
 * A schedule of jobs, written by every process once at start and then hourly: `due()` names the
 * jobs of now, each keyed by its day, month or hour, so however many processes write it, it is one
 * job, and a server that was down catches up when it starts. The jobs of a tick are written in one
 * transaction and the runner woken for them; a failed write is logged as `failure` and tried again
 * at the next tick (docs/architecture.md#jobs). `stop()` ends the ticks and waits for the one in
 * flight (the one at start, often): the server closes the database only after its jobs are written.
 */
export function startSchedule(
  db: Db,
  runner: JobWaker,
  log: FastifyBaseLogger,
  schedule: { due: () => ScheduledJob[]; failure: string },
  every = HOUR_MS,
): { stop(): Promise<void> } {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const tick = async () => {
    try {
      const jobs = schedule.due();
      if (jobs.length === 0) return;
      await db.transaction(async (tx) => {
        for (const job of jobs) await enqueue(tx, job.name, job.data, { key: job.key });
      });
      for (const job of jobs) runner.wake(job.name);
    } catch (err) {
      log.warn({ err }, schedule.failure);
    }
  };
  const start = () => {
    if (stopped) return;
    const written = tick();
    inFlight.add(written);
    void written.finally(() => inFlight.delete(written));
  };
  start();
  const timer = setInterval(start, every);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
