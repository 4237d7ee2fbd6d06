import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulNow } from '../../shared/time.js';
import type { JobWaker } from '../../shared/job-types.js';
import { startSchedule } from '../../shared/schedule.js';

/**
 * The paperwork's scheduled jobs (shared/schedule.ts): the 월합계 invoices of the month before (due
 * on the 1st, by the 10th at the latest), the hour's read of issued invoices' 국세청 전송 and the
 * day's retention sweep, each keyed by its month, hour or day; a server that was down on the 1st
 * catches up when it starts (docs/requirements.md#tax-invoices).
 */
export function startPaperworkSchedule(db: Db, runner: JobWaker, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return startSchedule(db, runner, log, {
    due: () => {
      const now = seoulNow();
      const month = now.subtract(1, 'month').format('YYYY-MM');
      const day = now.format('YYYY-MM-DD');
      const hour = now.format('YYYY-MM-DD[T]HH');
      return [
        { name: 'taxInvoice.monthly', data: { month }, key: `month:${month}` },
        { name: 'retention.sweep', data: { day }, key: `day:${day}` },
        { name: 'taxInvoice.poll', data: { hour }, key: `hour:${hour}` },
      ];
    },
    failure: 'paperwork schedule: jobs not written',
  });
}
