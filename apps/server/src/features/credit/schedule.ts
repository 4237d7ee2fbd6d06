import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulNow } from '../../shared/time.js';
import type { JobWaker } from '../../shared/job-types.js';
import { startSchedule, type ScheduledJob } from '../../shared/schedule.js';

const FIVE_MINUTES = 5 * 60_000;

/**
 * The credit feature's scheduled jobs, written by every process at start and every five minutes
 * (docs/requirements.md#monthly-close): the close of the month before from 00:05 KST on the 1st, and
 * the day's overdue check and reminders from 09:00 KST. Each is keyed by its month or day, so however
 * many processes write it, it is one job; a server down at that moment catches up when it starts.
 */
export function startCreditSchedule(db: Db, runner: JobWaker, log: FastifyBaseLogger, every = FIVE_MINUTES) {
  const due = (): ScheduledJob[] => {
    const now = seoulNow();
    const month = now.subtract(1, 'month').format('YYYY-MM');
    const day = now.format('YYYY-MM-DD');
    const jobs: ScheduledJob[] = [];
    if (!(now.date() === 1 && now.hour() === 0 && now.minute() < 5))
      jobs.push({ name: 'credit.close', data: { month }, key: `month:${month}` });
    if (now.hour() >= 9) jobs.push({ name: 'credit.daily', data: { day }, key: `day:${day}` });
    return jobs;
  };
  return startSchedule(db, runner, log, { due, failure: 'credit schedule: jobs not written' }, every);
}
