import { and, count, eq, gt, inArray, lt, max, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { rateEvents } from '../db/rate-events.js';
import { lockFor } from '../db/locks.js';

/**
 * Counters for rate and brute-force limits, kept in the database so that every server instance
 * sees the same numbers (docs/operations.md#several-processes).
 */
export async function recentEvents(db: Db | Tx, key: string, windowSec: number): Promise<number> {
  const since = new Date(Date.now() - windowSec * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(rateEvents)
    .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, since)));
  return Number(row?.n ?? 0);
}

export async function recordEvent(db: Db, key: string): Promise<void> {
  await db.insert(rateEvents).values({ key });
}

/** Counts several events at once, on the caller's transaction (a code sent counts for its address and its pair). */
export async function recordEvents(tx: Db | Tx, keys: string[]): Promise<void> {
  await tx.insert(rateEvents).values(keys.map((key) => ({ key })));
}

export async function clearEvents(db: Db, key: string): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.key, key));
}

/**
 * Counts an attempt before it is judged. An advisory lock per key makes the check and the insert
 * one step, so parallel attempts are admitted one by one and at most `max` ever pass in a window.
 * Returns false when `max` attempts are already counted; otherwise the attempt stays counted until
 * `clearEvents`.
 */
export async function takeAttempt(db: Db, key: string, max: number, windowSec: number): Promise<boolean> {
  return (await takeCountedAttempt(db, key, max, windowSec)) !== null;
}

/** takeAttempt answering the id of the event it counted (null past `max`), for giveBackAttempt. */
export async function takeCountedAttempt(db: Db, key: string, max: number, windowSec: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await lockKey(tx, key);
    if ((await recentEvents(tx, key, windowSec)) >= max) return null;
    const [row] = await tx.insert(rateEvents).values({ key }).returning({ id: rateEvents.id });
    return row!.id;
  });
}

/** Uncounts an attempt that did not happen (a text whose send failed, to be tried again). */
export async function giveBackAttempt(db: Db, id: number): Promise<void> {
  await db.delete(rateEvents).where(eq(rateEvents.id, id));
}

/** Events older than this are never read again (the longest window below is the known-address memory). */
const KEEP_EVENTS_SEC = 31 * 24 * 3600;

/** Deletes counters no window reads any more; every instance may run it, running it twice is harmless. */
export async function pruneEvents(db: Db, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(rateEvents)
    .where(lt(rateEvents.createdAt, new Date(now.getTime() - KEEP_EVENTS_SEC * 1000)))
    .returning({ id: rateEvents.id });
  return gone.length;
}

async function lockKey(tx: Tx, key: string) {
  await lockFor(tx, 'rate', key);
}

// ---------------------------------------------------------------- guessing a secret

/**
 * How guessing a secret (a password, a company's security number) is slowed down without handing
 * an attacker a lockout (ASVS 5.0 V6.3):
 * - per subject and address, strict: `pairMax` failures in the window refuse that address for
 *   that subject until they age out; nobody else is affected;
 * - per subject, loose: past `subjectFree` failures from anywhere, an address that has been
 *   guessing (a failure of its own in the window, on any subject) must wait a delay that doubles
 *   with every further failure (1 s, 2 s, 4 s, ... up to `maxDelaySec`). An address that has not
 *   been guessing, or from which the subject has succeeded before, is not held back: the owner
 *   keeps getting in while someone else guesses;
 * - per address, across subjects (spraying one password over many accounts): past `addressMax`
 *   failures only subjects that have succeeded from that address before are let through, so a
 *   shared office or proxy address is never locked for the people who use it.
 */
export interface GuessPolicy {
  /** Key prefix of the counters: 'login', 'secnum'. */
  scope: string;
  windowSec: number;
  pairMax: number;
  subjectFree: number;
  maxDelaySec: number;
  addressMax: number;
  /** How long a success from an address keeps it known for that subject (0 = not remembered). */
  knownSec: number;
  /**
   * Past `max` failures of the subject within `windowSec`, from anywhere, nobody gets through, known
   * or not, until forgetGuesses: for a secret short enough that many addresses could walk it.
   */
  subjectCap?: { max: number; windowSec: number };
}

export type GuessRefusal = 'pair' | 'subject' | 'delay' | 'address';

export interface GuessAttempt {
  /** Null when the attempt may go ahead; it is then counted as a failure until `succeeded`. */
  refused: GuessRefusal | null;
  /** Seconds until an attempt from this address may be judged again (when refused). */
  retryAfterSec: number;
  /** The secret was right: the attempt stops counting, the pair's failures are forgotten, the address becomes known. */
  succeeded(): Promise<void>;
}

const keys = (p: GuessPolicy, subject: string, address: string) => ({
  pair: `${p.scope}:pair:${subject}|${address}`,
  subject: `${p.scope}:subject:${subject}`,
  address: `${p.scope}:address:${address}`,
  known: `${p.scope}:known:${subject}|${address}`,
});

/** The delay after `failures` failures of a subject: 0 up to `subjectFree`, then 1 s doubling, capped. */
export function guessDelaySec(p: GuessPolicy, failures: number): number {
  if (failures < p.subjectFree) return 0;
  return Math.min(p.maxDelaySec, 2 ** (failures - p.subjectFree));
}

/**
 * Decides whether a guess at `subject` from `address` may be judged, and if so counts it as a
 * failure at once (parallel guesses of one subject are admitted one by one, under a lock), so that
 * a burst cannot slip under the limits while the secret is being checked.
 */
export async function beginGuess(
  db: Db,
  p: GuessPolicy,
  subject: string,
  address: string,
  now: Date = new Date(),
): Promise<GuessAttempt> {
  const k = keys(p, subject, address);
  const since = new Date(now.getTime() - p.windowSec * 1000);
  const counted: number[] = [];
  const attempt = (refused: GuessRefusal | null, retryAfterSec = 0): GuessAttempt => ({
    refused,
    retryAfterSec,
    succeeded: async () => {
      await db.transaction(async (tx) => {
        // The subject's lock first: two successes of one account at once (two tabs) would each hold
        // their own rows while deleting the other's by key, a deadlock that answered 500.
        await lockKey(tx, k.subject);
        if (counted.length > 0) await tx.delete(rateEvents).where(inArray(rateEvents.id, counted));
        await tx.delete(rateEvents).where(eq(rateEvents.key, k.pair));
        if (p.knownSec > 0) {
          await tx.delete(rateEvents).where(eq(rateEvents.key, k.known));
          await tx.insert(rateEvents).values({ key: k.known });
        }
      });
    },
  });

  return db.transaction(async (tx) => {
    await lockKey(tx, k.subject);
    const stats = async (key: string, from = since) => {
      const [row] = await tx
        .select({ n: count(), last: max(rateEvents.createdAt) })
        .from(rateEvents)
        .where(and(eq(rateEvents.key, key), gt(rateEvents.createdAt, from)));
      return { n: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
    };
    // One after another: a transaction is one connection.
    const pair = await stats(k.pair);
    const subj = await stats(k.subject);
    const addr = await stats(k.address);
    const known = p.knownSec > 0 && (await recentEvents(tx, k.known, p.knownSec)) > 0;

    if (pair.n >= p.pairMax) return attempt('pair', p.windowSec);
    const cap = p.subjectCap;
    if (cap && (await stats(k.subject, new Date(now.getTime() - cap.windowSec * 1000))).n >= cap.max)
      return attempt('subject', cap.windowSec);
    if (!known && addr.n >= p.addressMax) return attempt('address', p.windowSec);
    const delay = guessDelaySec(p, subj.n);
    if (delay > 0 && addr.n > 0 && !known && subj.last) {
      const wait = subj.last.getTime() + delay * 1000 - now.getTime();
      if (wait > 0) return attempt('delay', Math.ceil(wait / 1000));
    }
    const rows = await tx
      .insert(rateEvents)
      .values([k.pair, k.subject, k.address].map((key) => ({ key, createdAt: now })))
      .returning({ id: rateEvents.id });
    counted.push(...rows.map((r) => r.id));
    return attempt(null);
  });
}

/** The guesses of one subject from one address being judged in this process, chained (judgedInTurn). */
const judging = new Map<string, Promise<unknown>>();

/**
 * Runs `judge` (beginGuess, the secret's check, succeeded) after the earlier guesses of the same
 * subject from the same address in this process. beginGuess counts a guess as a failure until it
 * succeeds, so six right passwords sent at once saw five "failures" still being checked and the
 * sixth was refused; judged in turn, each sees the one before it succeed. Keyed by subject and
 * address, so one address's burst never queues another's login.
 */
export async function judgedInTurn<T>(p: GuessPolicy, subject: string, address: string, judge: () => Promise<T>) {
  const key = keys(p, subject, address).pair;
  const before = judging.get(key) ?? Promise.resolve();
  const run = before.then(judge, judge);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  judging.set(key, settled);
  try {
    return await run;
  } finally {
    if (judging.get(key) === settled) judging.delete(key);
  }
}

/**
 * Forgets every failure counted against a subject, from every address (its secret changed, or its
 * owner proved who they are: earlier guesses say nothing any more).
 */
export async function forgetGuesses(db: Db, p: GuessPolicy, subject: string): Promise<void> {
  await db
    .delete(rateEvents)
    .where(
      or(
        eq(rateEvents.key, `${p.scope}:subject:${subject}`),
        sql`starts_with(${rateEvents.key}, ${`${p.scope}:pair:${subject}|`})`,
      ),
    );
}

/**
 * Forgets what the counters hold of people who withdrew (docs/requirements.md#retention): their login
 * ids with the addresses they were tried from (login:subject, login:pair, login:known, whatever the
 * case the id was typed in), the counters keyed by their account (password checks, chat uploads, EPC
 * hot keys), the per-address counts of codes sent to their phones and their phones' notification and bill counts. An address's own counters,
 * which name nobody, stay: they keep slowing whoever sprays from it.
 */
export async function forgetPeople(
  tx: Tx,
  people: { loginIds: string[]; memberIds: number[]; phones: string[] },
): Promise<void> {
  const exact = [
    ...people.loginIds.map((id) => `login:subject:${id}`.toLowerCase()),
    ...people.memberIds.flatMap((id) => [`opw:${id}`, `chatupload:${id}`, `epchotkey:member:${id}`]),
  ];
  const prefixes = people.loginIds.flatMap((id) =>
    [`login:pair:${id}|`, `login:known:${id}|`].map((k) => k.toLowerCase()),
  );
  const suffixes = people.phones.map((phone) => `:phone:${phone}`);
  const conditions = [
    ...(exact.length > 0 ? [inArray(sql`lower(${rateEvents.key})`, exact)] : []),
    ...prefixes.map((p) => sql`starts_with(lower(${rateEvents.key}), ${p})`),
    ...suffixes.map(
      (s) => sql`(starts_with(${rateEvents.key}, 'phonecode:') and right(${rateEvents.key}, ${s.length}) = ${s})`,
    ),
    // The notification texts' and 외상 bills' day counts (notify/limit.ts phoneTextsKey, phoneBillsKey).
    ...(people.phones.length > 0
      ? [
          inArray(
            rateEvents.key,
            people.phones.flatMap((p) => [`notifytext:phone:${p}`, `notifybill:phone:${p}`]),
          ),
        ]
      : []),
  ];
  if (conditions.length > 0) await tx.delete(rateEvents).where(or(...conditions));
}
