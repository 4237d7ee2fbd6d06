import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulNow } from '../../shared/time.js';
import { enqueue } from '../../shared/job-queue.js';
import type { JobRunner } from '../jobs/types.js';

const HOUR_MS = 3_600_000;

/**
 * The paperwork's scheduled jobs, written by every process once at start and then hourly: the 월합계
 * invoices of the month before (due on the 1st, by the 10th at the latest), the hour's read of
 * issued invoices' 국세청 전송 and the day's retention sweep. Each is keyed by its month or day, so however many processes write it, it is one job; a
 * server that was down on the 1st catches up when it starts (docs/requirements.md#tax-invoices).
 */
export function startPaperworkSchedule(
  db: Db,
  runner: JobRunner,
  log: FastifyBaseLogger,
  every = HOUR_MS,
): { stop(): void } {
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    const now = seoulNow();
    const month = now.subtract(1, 'month').format('YYYY-MM');
    const day = now.format('YYYY-MM-DD');
    const hour = now.format('YYYY-MM-DD[T]HH');
    try {
      await db.transaction(async (tx) => {
        await enqueue(tx, 'taxInvoice.monthly', { month }, { key: `month:${month}` });
        await enqueue(tx, 'retention.sweep', { day }, { key: `day:${day}` });
        await enqueue(tx, 'taxInvoice.poll', { hour }, { key: `hour:${hour}` });
      });
      runner.wake('taxInvoice.monthly');
      runner.wake('taxInvoice.poll');
      runner.wake('retention.sweep');
    } catch (err) {
      if (!stopped) log.warn({ err }, 'paperwork schedule: jobs not written');
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
