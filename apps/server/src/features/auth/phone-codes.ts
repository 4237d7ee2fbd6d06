import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MSG, MSG_PROVIDER, PHONE_CODE, SHOP_NAME, TIMING, startOfSeoulDay } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { phoneCodes } from './schema.js';
import { AppError, tooMany } from '../../shared/http.js';
import { recentEvents, recordEvents } from '../../shared/rate-limit.js';
import type { SmsProvider } from '../sms/index.js';
import { lockFor } from '../../db/locks.js';

/** join and find: the auth flows; notify: a phone for '알림 설정' (docs/requirements.md#notifications). */
export type CodePurpose = 'join' | 'find' | 'notify';

const hashCode = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** Counters of the codes an address had sent today: to all phones, and to one phone. */
const addressKey = (address: string) => `phonecode:address:${address}`;
const addressPhoneKey = (address: string, phone: string) => `phonecode:address:${address}:phone:${phone}`;

/** The newest code sent to the phone for the purpose: the resend wait and the check both go by it. */
async function newestCode(db: Db | Tx, phone: string, purpose: CodePurpose) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)))
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  return row;
}

/**
 * The flow's own refusal of the phone (find: no account has it; join: an account holds it), judged
 * inside the request's transaction, under the address's lock.
 */
export type PhoneRefusal = (tx: Tx) => Promise<AppError | undefined>;

/**
 * Sends a new 6-digit code: refused within 60 s of the previous one, past the phone's daily cap,
 * and past the daily caps of the requesting address (all phones together, and this phone).
 * Advisory locks per address and per phone (always in that order) keep simultaneous requests from
 * both passing the checks.
 * `refusal` tells whether the number has an account, so what it refuses counts toward the
 * address's daily cap like a code sent, and past the cap every number gets the same 429
 * (docs/security.md#account-enumeration).
 */
export async function requestPhoneCode(
  db: Db,
  sms: SmsProvider,
  phone: string,
  purpose: CodePurpose,
  address: string,
  log?: FastifyBaseLogger,
  refusal?: PhoneRefusal,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(PHONE_CODE.length, '0');
  const sent = await db.transaction(async (tx) => {
    await lockFor(tx, 'phone-address', address);
    await lockFor(tx, 'phone', phone);
    const now = Date.now();
    const last = await newestCode(tx, phone, purpose);
    if (last && now - last.createdAt.getTime() < TIMING.phoneCodeResendSec * 1000) throw tooMany(MSG.codeWait);
    const [today] = await tx
      .select({ n: count() })
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, startOfSeoulDay())));
    if (Number(today?.n ?? 0) >= PHONE_CODE.dailyCapPerPhone) throw tooMany(MSG.codeDailyCap);
    const sinceMidnightSec = (now - startOfSeoulDay().getTime()) / 1000;
    if ((await recentEvents(tx, addressKey(address), sinceMidnightSec)) >= PHONE_CODE.dailyCapPerAddress)
      throw tooMany(MSG.codeAddressDailyCap);
    const refused = await refusal?.(tx);
    if (refused) {
      // Answered outside the transaction, so that the count stays.
      await recordEvents(tx, [addressKey(address)]);
      return { refused };
    }
    if (
      (await recentEvents(tx, addressPhoneKey(address, phone), sinceMidnightSec)) >=
      PHONE_CODE.dailyCapPerAddressAndPhone
    )
      throw tooMany(MSG.codeDailyCap);
    if (sms.dailyCap) {
      // The whole shop's texts of the day: one lock for every phone, taken only after the per-phone checks.
      await lockFor(tx, 'phone', '*');
      const [shop] = await tx
        .select({ n: count() })
        .from(phoneCodes)
        .where(gt(phoneCodes.createdAt, startOfSeoulDay()));
      if (Number(shop?.n ?? 0) >= sms.dailyCap) throw tooMany(MSG_PROVIDER.smsShopDailyCap);
    }
    await recordEvents(tx, [addressKey(address), addressPhoneKey(address, phone)]);
    const [row] = await tx
      .insert(phoneCodes)
      .values({
        phone,
        purpose,
        codeHash: hashCode(phone, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + TIMING.phoneCodeValidSec * 1000),
      })
      .returning({ id: phoneCodes.id });
    return { id: row!.id };
  });
  if ('refused' in sent) throw sent.refused;
  const { id } = sent;
  try {
    await sms.send(phone, `[${SHOP_NAME}] 인증번호 [${code}]를 입력해 주세요. (3분 이내)`, code, undefined, log);
  } catch (err) {
    // Not sent: the code never reached the phone, so it neither blocks a new request nor counts.
    await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
    throw err;
  }
}

/** Failure of a code check, with the body code the calling flow uses. */
function codeError(message: string, bodyCode: number): AppError {
  return new AppError(400, message, bodyCode, 'authCode');
}

/**
 * The newest code sent to the phone for the purpose, judged against the answer: only the newest counts
 * (a newer code replaces the older ones), and once it is used up none of them may be used again.
 */
async function readCode(db: Db | Tx, phone: string, purpose: CodePurpose, code: string, bodyCode: number) {
  const row = await newestCode(db, phone, purpose);
  if (!row || row.consumedAt !== null) throw codeError(MSG.codeNotRequested, bodyCode);
  const now = Date.now();
  const matches = row.codeHash === hashCode(phone, code);
  const verifiedRecently = row.verifiedAt !== null && now - row.verifiedAt.getTime() < PHONE_CODE.verifiedUseSec * 1000;
  return { row, now, matches, verifiedRecently };
}

/**
 * Checks a code against the latest one sent to the phone.
 * - 'verify' marks it verified (the join and find screens' check step);
 * - 'consume' accepts a correct code, or one verified within the last 30 minutes, and uses it up
 *   (find id, a notification phone), so a code finishes one flow only.
 * Wrong answers count; the fifth wrong answer locks the code.
 */
export async function checkPhoneCode(
  db: Db | Tx,
  phone: string,
  purpose: CodePurpose,
  code: string,
  mode: 'verify' | 'consume',
  bodyCode = 400,
): Promise<void> {
  const { row, now, matches, verifiedRecently } = await readCode(db, phone, purpose, code, bodyCode);
  if (mode === 'consume' && matches && verifiedRecently) {
    await markConsumed(db, row.id, bodyCode);
    return;
  }
  if (row.attempts >= PHONE_CODE.maxWrongTries) throw codeError(MSG.codeTooManyTries, bodyCode);
  if (row.expiresAt.getTime() <= now) throw codeError(MSG.codeExpired, bodyCode);
  // A right answer gives its try back.
  await takeTry(db, row.id, matches, bodyCode);
  if (mode === 'verify') {
    await db
      .update(phoneCodes)
      .set({ verifiedAt: new Date(now), attempts: sql`${phoneCodes.attempts} - 1` })
      .where(eq(phoneCodes.id, row.id));
  } else {
    await markConsumed(db, row.id, bodyCode);
  }
}

/**
 * Takes one of a code's tries before its answer is judged, in one statement: checks sent at once each
 * wait for their try, so no answer is judged after the fifth wrong one (the row read before may be
 * older than that). A wrong answer keeps the try taken.
 */
async function takeTry(db: Db | Tx, id: number, matches: boolean, bodyCode: number): Promise<void> {
  const [taken] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, id), lt(phoneCodes.attempts, PHONE_CODE.maxWrongTries)))
    .returning({ attempts: phoneCodes.attempts });
  if (!taken) throw codeError(MSG.codeTooManyTries, bodyCode);
  if (!matches)
    throw codeError(taken.attempts >= PHONE_CODE.maxWrongTries ? MSG.codeTooManyTries : MSG.codeWrong, bodyCode);
}

/**
 * A code judged right, not yet used up: the transaction that makes the account (a join) or sets the
 * password (find password) uses it (useHeldCode).
 */
export interface HeldCode {
  readonly id: number;
  readonly bodyCode: number;
}

/**
 * Judges a join's or a password reset's code without using it up: the flow tells nothing of its id or
 * phone before the code is right, and one that changes nothing leaves the code usable
 * (docs/security.md#account-enumeration). Every judgement takes one of the code's five tries and a
 * right one keeps it, so a code whose flows are refused (a taken id, an id not of the phone) finishes
 * at most five: one code learns at most five ids. A code
 * verified within 30 minutes is taken after its 3 minutes too, as by checkPhoneCode.
 */
export async function holdPhoneCode(
  db: Db,
  phone: string,
  purpose: CodePurpose,
  code: string,
  bodyCode: number,
): Promise<HeldCode> {
  const { row, now, matches, verifiedRecently } = await readCode(db, phone, purpose, code, bodyCode);
  if (!(matches && verifiedRecently)) {
    if (row.attempts >= PHONE_CODE.maxWrongTries) throw codeError(MSG.codeTooManyTries, bodyCode);
    if (row.expiresAt.getTime() <= now) throw codeError(MSG.codeExpired, bodyCode);
  }
  await takeTry(db, row.id, matches, bodyCode);
  return { id: row.id, bodyCode };
}

/**
 * Uses up a held code in the transaction that makes the account or sets the password: rolled back
 * with it, the code stays usable. Another flow that used it a moment earlier is told the code is gone.
 */
export async function useHeldCode(tx: Tx, held: HeldCode): Promise<void> {
  await markConsumed(tx, held.id, held.bodyCode);
}

async function markConsumed(db: Db | Tx, id: number, bodyCode: number) {
  const done = await db
    .update(phoneCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.consumedAt)))
    .returning({ id: phoneCodes.id });
  // Another request used the same code a moment earlier.
  if (done.length === 0) throw codeError(MSG.codeNotRequested, bodyCode);
}
