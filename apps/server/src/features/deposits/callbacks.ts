import { createHash, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { isDepositYear } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../shared/job-queue.js';
import { accountByOrderId } from './accounts.js';
import { depositEvents } from './schema.js';

/**
 * A virtual account's deposit callback as the provider sends it (Toss's DEPOSIT_CALLBACK:
 * `{ createdAt, secret, orderId, status, transactionKey }`; the sandbox's demo bank sends the same).
 */
export interface DepositCallback {
  orderId: string;
  secret: string;
  status: string;
  transactionKey: string;
  /** The provider's time of the event: ISO with an offset, or Toss's Seoul wall clock without one. */
  createdAt?: string | undefined;
}

/**
 * What became of a callback:
 * - `notOurs`: no statement's account has this orderId at this provider (a top-up's, or nobody's);
 * - `forged`: the account exists but the secret is not the one issued with it;
 * - `stored`: kept, and the job that applies it written in the same transaction;
 * - `repeated`: this transaction and status were stored before (Toss retries up to seven times);
 * - `late`: kept, though the account has a later event already; the job applies it in the
 *   provider's order (a take-back can reach the shop after the next deposit's DONE).
 */
export type CallbackOutcome =
  | { kind: 'notOurs' }
  | { kind: 'forged' }
  | { kind: 'stored'; eventId: number }
  | { kind: 'repeated' }
  | { kind: 'late' };

/** Equal-length digests, so that the comparison takes the same time whatever was sent. */
const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when `given` is the account's secret, compared in constant time. */
export function sameSecret(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * How far the provider's clock may be from ours: an event stamped up to this long before its
 * account was written, or after it reached us, is still read as stamped
 * (docs/requirements.md#credit-deposits).
 */
export const CALLBACK_CLOCK_SKEW_MS = 5 * 60_000;

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))?$/;

/** Days of a month (1 … 12) of a year. */
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * A provider's time, read strictly: Toss writes `2026-03-05T14:20:11.123456` (Seoul, no offset); an
 * ISO time with `Z` or an offset of at most ±14:00 is read as such. Undefined for anything else: a day
 * or time off the calendar or the clock (JavaScript rolls 2026-02-30T25:61:61 over into March), a year
 * outside DEPOSIT_YEARS (JavaScript reads years of six digits the database cannot keep, and year 0 as
 * 1900), a form that is not ISO.
 */
export function readProviderTime(text: string): Date | undefined {
  const m = ISO_TIME.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (!isDepositYear(y) || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return undefined;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMinutes = 9 * 60;
  if (m[8]) offsetMinutes = 0;
  else if (m[9]) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (om > 59 || oh * 60 + om > 14 * 60) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const ms = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60_000);
}

/**
 * The time a callback's event is stored and replayed at: the provider's own (readProviderTime), or
 * the moment it arrived (`now`) when that is missing, unreadable, or impossible for this account:
 * before the account was written (`openedAt`) or after the callback arrived, beyond
 * CALLBACK_CLOCK_SKEW_MS. A far-off time would otherwise reorder the account's history: a take-back
 * stamped 9999-12-31 would undo every later deposit (docs/requirements.md#credit-deposits).
 */
export function callbackTime(text: string | undefined, now: Date, openedAt: Date): Date {
  const at = text ? readProviderTime(text) : undefined;
  if (!at) return now;
  const t = at.getTime();
  const possible = t >= openedAt.getTime() - CALLBACK_CLOCK_SKEW_MS && t <= now.getTime() + CALLBACK_CLOCK_SKEW_MS;
  return possible ? at : now;
}

/**
 * Receives a deposit callback (docs/security.md#webhooks): the account is found by orderId at the
 * provider, the secret compared in constant time, and the event stored once per transaction key
 * and status with its `deposit.callback` job, in one transaction, before the provider is answered.
 * Nothing is applied here: the job does it, so the answer comes at once.
 */
export async function receiveDepositCallback(
  db: Db,
  provider: 'toss' | 'sandbox',
  callback: DepositCallback,
  now: Date = new Date(),
): Promise<CallbackOutcome> {
  const account = await accountByOrderId(db, provider, callback.orderId);
  if (!account) return { kind: 'notOurs' };
  if (!account.secret || !sameSecret(account.secret, callback.secret)) return { kind: 'forged' };
  const eventAt = callbackTime(callback.createdAt, now, account.createdAt);
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(depositEvents)
      .values({
        accountId: account.id,
        transactionKey: callback.transactionKey.slice(0, 200),
        status: callback.status.slice(0, 50),
        eventAt,
      })
      .onConflictDoNothing()
      .returning({ id: depositEvents.id });
    if (!stored) return { kind: 'repeated' } as const;
    const [later] = await tx
      .select({ id: depositEvents.id })
      .from(depositEvents)
      .where(and(eq(depositEvents.accountId, account.id), gt(depositEvents.eventAt, eventAt)))
      .orderBy(desc(depositEvents.eventAt))
      .limit(1);
    // An older event still goes to the job: it may be the take-back of a deposit whose later
    // neighbour arrived first (the job replays all the account's events in order).
    await enqueue(
      tx,
      'deposit.callback',
      { accountId: account.id },
      { key: `account:${account.id}:event:${stored.id}` },
    );
    return later ? ({ kind: 'late' } as const) : ({ kind: 'stored', eventId: stored.id } as const);
  });
}
