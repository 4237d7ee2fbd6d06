import type { FastifyBaseLogger } from 'fastify';
import { NOTIFY_LIMIT, startOfSeoulDay } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { giveBackAttempt, takeCountedAttempt } from '../../shared/rate-limit.js';
import { maskPhone } from './types.js';

/** The counter of one phone's notification texts (a withdrawal deletes it with the phone: forgetPeople). */
export const phoneTextsKey = (phone: string) => `notifytext:phone:${phone}`;

/**
 * Sends one text to `phone` within its day's allowance (NOTIFY_LIMIT, docs/requirements.md#notifications):
 * counted, then sent; true when sent. Past the cap it is not sent and the log says so with the phone
 * masked. A send that throws gives its count back: a job's tries during a provider's outage used the
 * day's allowance up, and the try that finally could send was refused and recorded as done. The
 * counters are the database's, so every process and job sees the same count.
 */
export async function sendWithinAllowance(
  db: Db,
  phone: string,
  log: FastifyBaseLogger,
  what: string,
  send: () => Promise<unknown>,
  now: Date = new Date(),
): Promise<boolean> {
  const sinceMidnightSec = Math.max(1, (now.getTime() - startOfSeoulDay(now).getTime()) / 1000);
  const taken = await takeCountedAttempt(db, phoneTextsKey(phone), NOTIFY_LIMIT.textsPerPhonePerDay, sinceMidnightSec);
  if (taken === null) {
    log.warn(
      { phone: maskPhone(phone), what, cap: NOTIFY_LIMIT.textsPerPhonePerDay },
      'notification not sent: the phone had its texts for the day',
    );
    return false;
  }
  try {
    await send();
  } catch (err) {
    await giveBackAttempt(db, taken).catch((e: unknown) => log.warn({ err: e }, 'text allowance not given back'));
    throw err;
  }
  return true;
}
