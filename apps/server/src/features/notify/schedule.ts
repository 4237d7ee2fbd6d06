import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulDay } from '@partsmall/contract';
import { enqueue } from '../../shared/job-queue.js';
import type { JobRunner } from '../jobs/types.js';

const HOUR_MS = 3_600_000;

/**
 * The daily look for licences ending in 3 days, written by every process at start and then hourly,
 * keyed by the Asia/Seoul day: however many processes write it, it is one job a day (the same
 * pattern as the paperwork's schedule, features/tax-invoices/schedule.ts).
 */
export function startNotifySchedule(db: Db, runner: JobRunner, log: FastifyBaseLogger, every = HOUR_MS) {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    const day = seoulDay();
    try {
      await db.transaction((tx) => enqueue(tx, 'notify.licenceScan', { day }, { key: `day:${day}` }));
      runner.wake('notify.licenceScan');
    } catch (err) {
      if (!stopped) log.warn({ err }, 'notify schedule: job not written');
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
