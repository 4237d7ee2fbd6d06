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
 * at the next tick (docs/architecture.md#jobs).
 */
export function startSchedule(
  db: Db,
  runner: JobWaker,
  log: FastifyBaseLogger,
  schedule: { due: () => ScheduledJob[]; failure: string },
  every = HOUR_MS,
): { stop(): void } {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    const jobs = schedule.due();
    if (jobs.length === 0) return;
    try {
      await db.transaction(async (tx) => {
        for (const job of jobs) await enqueue(tx, job.name, job.data, { key: job.key });
      });
      for (const job of jobs) runner.wake(job.name);
    } catch (err) {
      if (!stopped) log.warn({ err }, schedule.failure);
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), every);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
