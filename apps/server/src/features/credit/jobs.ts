/** The credit feature's jobs (docs/requirements.md#monthly-close, #overdue). */
import type { JobHandler } from '../../shared/job-types.js';
import { closeMonth } from './close.js';
import { runCreditDay } from './overdue.js';

/** The scheduled close of the month before: every company with credit (ended months only). */
export const creditCloseJob: JobHandler<'credit.close'> = async (job, deps) => {
  const result = await closeMonth(deps.db, { month: job.data.month });
  const { closed, already, caughtUp } = result;
  deps.log.info({ month: job.data.month, closed, already, caughtUp }, 'credit close');
};

/** The day's overdue check and reminders. */
export const creditDailyJob: JobHandler<'credit.daily'> = async (job, deps) => {
  const result = await runCreditDay(deps.db, new Date(`${job.data.day}T09:00:00+09:00`));
  deps.log.info({ day: job.data.day, ...result }, 'credit day');
};
