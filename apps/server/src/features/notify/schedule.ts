import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { seoulDay } from '@partsmall/contract';
import type { JobWaker } from '../../shared/job-types.js';
import { startSchedule } from '../../shared/schedule.js';

/**
 * The daily look for licences ending in 3 days, keyed by the Asia/Seoul day: however many processes
 * write it, it is one job a day (shared/schedule.ts).
 */
export function startNotifySchedule(db: Db, runner: JobWaker, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return startSchedule(db, runner, log, {
    due: () => {
      const day = seoulDay();
      return [{ name: 'notify.licenceScan', data: { day }, key: `day:${day}` }];
    },
    failure: 'notify schedule: job not written',
  });
}
