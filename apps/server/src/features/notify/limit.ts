import type { FastifyBaseLogger } from 'fastify';
import { MSG_NOTIFY, NOTIFY_LIMIT, isNotifyBill, startOfSeoulDay } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { giveBackAttempt, recentEvents, takeCountedAttempt } from '../../shared/rate-limit.js';
import { maskPhone } from './types.js';

/** The counter of one phone's notification texts (a withdrawal deletes it with the phone: forgetPeople). */
export const phoneTextsKey = (phone: string) => `notifytext:phone:${phone}`;
/** The counter of one phone's 외상 bills (NOTIFY_BILL_EVENTS), apart from its other texts. */
export const phoneBillsKey = (phone: string) => `notifybill:phone:${phone}`;

/** The day's counter a text to `phone` counts on, and its cap: a 외상 bill's own, or the other texts'. */
function allowanceOf(phone: string, what: string): { key: string; cap: number; bill: boolean } {
  return isNotifyBill(what)
    ? { key: phoneBillsKey(phone), cap: NOTIFY_LIMIT.billsPerPhonePerDay, bill: true }
    : { key: phoneTextsKey(phone), cap: NOTIFY_LIMIT.textsPerPhonePerDay, bill: false };
}

/** Seconds since midnight in Seoul: the window of a phone's day. */
const sinceSeoulMidnight = (now: Date) => Math.max(1, (now.getTime() - startOfSeoulDay(now).getTime()) / 1000);

/**
 * Sends one text to `phone` within its day's allowance (NOTIFY_LIMIT, docs/requirements.md#notifications):
 * counted, then sent; true when sent. `what` is the event (or 'restock'): a 외상 bill counts on the
 * phone's day of bills, every other text on its day of texts, so a day of order texts never uses up
 * what a bill needs. Past the cap a text is not sent and the log says so with the phone masked; a
 * bill past its cap throws with the reason instead, so its job is retried and then parked on the
 * jobs screen rather than done without a word. A send that throws gives its count back: a job's tries
 * during a provider's outage used the day's allowance up, and the try that finally could send was
 * refused and recorded as done. The counters are the database's, so every process and job sees the
 * same count.
 */
export async function sendWithinAllowance(
  db: Db,
  phone: string,
  log: FastifyBaseLogger,
  what: string,
  send: () => Promise<unknown>,
  now: Date = new Date(),
): Promise<boolean> {
  const { key, cap, bill } = allowanceOf(phone, what);
  const taken = await takeCountedAttempt(db, key, cap, sinceSeoulMidnight(now));
  if (taken === null) {
    log.warn(
      { phone: maskPhone(phone), what, cap },
      bill
        ? 'bill not sent: the phone had its bills for the day'
        : 'notification not sent: the phone had its texts for the day',
    );
    if (bill) throw new Error(MSG_NOTIFY.billsDayFull(cap));
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

/** Whether `phone` may still get a `what` today (a read: only the send counts). */
export async function roomToday(db: Db | Tx, phone: string, what: string, now: Date = new Date()): Promise<boolean> {
  const { key, cap } = allowanceOf(phone, what);
  return (await recentEvents(db, key, sinceSeoulMidnight(now))) < cap;
}
