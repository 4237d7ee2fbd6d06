import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulNow } from '../../shared/time.js';
import { enqueue } from '../../shared/job-queue.js';
import type { JobWaker } from '../../shared/job-types.js';

const FIVE_MINUTES = 5 * 60_000;

/**
 * The credit feature's scheduled jobs, written by every process at start and every five minutes
 * (docs/requirements.md#monthly-close): the close of the month before from 00:05 KST on the 1st, and
 * the day's overdue check and reminders from 09:00 KST. Each is keyed by its month or day, so however
 * many processes write it, it is one job; a server down at that moment catches up when it starts.
 */
export function startCreditSchedule(db: Db, runner: JobWaker, log: FastifyBaseLogger, every = FIVE_MINUTES) {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    const now = seoulNow();
    const month = now.subtract(1, 'month').format('YYYY-MM');
    const day = now.format('YYYY-MM-DD');
    const closeDue = !(now.date() === 1 && now.hour() === 0 && now.minute() < 5);
    const dayDue = now.hour() >= 9;
    if (!closeDue && !dayDue) return;
    try {
      await db.transaction(async (tx) => {
        if (closeDue) await enqueue(tx, 'credit.close', { month }, { key: `month:${month}` });
        if (dayDue) await enqueue(tx, 'credit.daily', { day }, { key: `day:${day}` });
      });
      if (closeDue) runner.wake('credit.close');
      if (dayDue) runner.wake('credit.daily');
    } catch (err) {
      if (!stopped) log.warn({ err }, 'credit schedule: jobs not written');
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
