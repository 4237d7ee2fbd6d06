import type { FastifyBaseLogger } from 'fastify';
import { NOTIFY_LIMIT, startOfSeoulDay } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import { maskPhone } from './types.js';

/** The counter of one phone's notification texts (a withdrawal deletes it with the phone: forgetPeople). */
export const phoneTextsKey = (phone: string) => `notifytext:phone:${phone}`;

/**
 * Counts one text to `phone` against its day's allowance (NOTIFY_LIMIT, docs/requirements.md#notifications):
 * true when it may be sent. Past the cap the text is not sent and the log says so with the phone
 * masked; the counters are the database's, so every process and job sees the same count.
 */
export async function takeTextAllowance(
  db: Db,
  phone: string,
  log: FastifyBaseLogger,
  what: string,
  now: Date = new Date(),
): Promise<boolean> {
  const sinceMidnightSec = Math.max(1, (now.getTime() - startOfSeoulDay(now).getTime()) / 1000);
  if (await takeAttempt(db, phoneTextsKey(phone), NOTIFY_LIMIT.textsPerPhonePerDay, sinceMidnightSec)) return true;
  log.warn(
    { phone: maskPhone(phone), what, cap: NOTIFY_LIMIT.textsPerPhonePerDay },
    'notification not sent: the phone had its texts for the day',
  );
  return false;
}
