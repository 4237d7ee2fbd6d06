import { createHash, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
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

/** Toss writes `2026-03-05T14:20:11.123456` (Seoul, no offset); an ISO time with an offset is read as such. */
export function callbackTime(text: string | undefined, now: Date): Date {
  if (!text) return now;
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s, frac] = local;
    const ms = Math.floor(Number(`0.${frac ?? '0'}`) * 1000);
    return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 9, Number(mi), Number(s), ms));
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? now : new Date(at);
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
  const eventAt = callbackTime(callback.createdAt, now);
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
