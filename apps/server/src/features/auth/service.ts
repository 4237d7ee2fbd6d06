import { randomInt } from 'node:crypto';
import { LOGIN_LIMIT, MEMBER_TYPE_MAIN, MEMBER_TYPE_SUB, MSG, MSG_MEMBER, type LoginResult } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import {
  activeCompanyByLicense,
  insertCompany,
  insertMember,
  memberById,
  memberByLoginId,
  recoverableMembersByPhone,
  updateMember,
  verifiedMemberByPhone,
} from '../members/repository.js';
import { uniqueViolation } from '../../shared/db-errors.js';
import { AppError, badRequest, tooMany } from '../../shared/http.js';
import {
  beginGuess,
  judgedInTurn,
  forgetGuesses,
  takeAttempt,
  type GuessPolicy,
  type GuessRefusal,
} from '../../shared/rate-limit.js';
import { checkPhoneCode, holdPhoneCode, useHeldCode } from './phone-codes.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { createLoginSession, revokeSessions, type SessionSockets } from './sessions.js';
import { buildUserInfo } from './user-info.js';

/** Join refusals answer the original API's body code 499 (docs/requirements.md#join) with the field they are about. */
const joinRefused = (message: string, field?: string) => new AppError(400, message, 499, field);

export { activeCompanyByLicense, memberByLoginId, recoverableMembersByPhone, verifiedMemberByPhone };

export function newSecurityNumber(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code sent to the phone was used: the account's number is proved now (unless another account holds it proved). */
async function markPhoneVerified(db: Db, memberId: number) {
  try {
    await updateMember(db, memberId, { phoneVerified: true, phoneRecovers: true });
  } catch (err) {
    if (uniqueViolation(err) !== 'members_phone_active') throw err;
  }
}

/** Guessing a password: see GuessPolicy (strict per account and address, loose per account). */
export const LOGIN_GUESS: GuessPolicy = {
  scope: 'login',
  windowSec: LOGIN_LIMIT.windowSec,
  pairMax: LOGIN_LIMIT.maxFailures,
  subjectFree: 10,
  maxDelaySec: 300,
  addressMax: 100,
  knownSec: 30 * 24 * 3600,
};

/** Guessing a company's 6-digit security number in a sub-account join: the same shape, per company. */
export const SECURITY_NUMBER_GUESS: GuessPolicy = {
  scope: 'secnum',
  windowSec: LOGIN_LIMIT.windowSec,
  pairMax: LOGIN_LIMIT.maxFailures,
  subjectFree: 10,
  maxDelaySec: 300,
  addressMax: 50,
  knownSec: 0,
  // Guesses from fresh addresses are never delayed; without a total, enough addresses would walk the
  // million numbers. Past 100 in 30 days the number itself is spent (docs/security.md#password-guessing).
  subjectCap: { max: 100, windowSec: 30 * 24 * 3600 },
};

/** The company's security number was renewed: the wrong guesses at the old one say nothing any more. */
export async function forgetSecurityNumberGuesses(db: Db, companyId: number): Promise<void> {
  await forgetGuesses(db, SECURITY_NUMBER_GUESS, String(companyId));
}

/**
 * Forgets the password guesses counted against a login id, from every address: its password was
 * replaced (a reset by its main account, or by its owner after a phone check), so earlier wrong
 * guesses say nothing any more and the new password works at once.
 */
export async function forgetLoginGuesses(db: Db, loginId: string): Promise<void> {
  await forgetGuesses(db, LOGIN_GUESS, loginId);
}

/**
 * Whom a stopped account asks (docs/requirements.md#sub-accounts): a sub-account its company stopped,
 * the company's main account; an account the shop stopped, or a main account (which would be told to
 * ask itself), the shop.
 */
function stoppedMessage(member: { type: number; stoppedByShop: boolean }): string {
  if (member.stoppedByShop) return MSG_MEMBER.stoppedByShop;
  return member.type === MEMBER_TYPE_MAIN ? MSG.accountStoppedMain : MSG.accountStopped;
}

/**
 * Login; guessing is slowed per account and address (LOGIN_GUESS), counted in the database. The
 * attempts of one id from one address are judged in turn (judgedInTurn), so a right password sent
 * several times at once is not taken for guessing.
 */
export function login(db: Db, id: string, pw: string, ip: string): Promise<LoginResult> {
  return judgedInTurn(LOGIN_GUESS, id, ip, () => judgeLogin(db, id, pw, ip));
}

async function judgeLogin(db: Db, id: string, pw: string, ip: string): Promise<LoginResult> {
  const guess = await beginGuess(db, LOGIN_GUESS, id, ip);
  // Five failures from here: the 10-minute message; a delay or a spraying address: 'a little later'.
  if (guess.refused) throw tooMany(guess.refused === 'pair' ? MSG.loginTooMany : MSG.tooMany);
  const member = await memberByLoginId(db, id);
  const usable = member && member.status !== 'withdrawn';
  const passwordOk = await verifyPassword(pw, usable ? member.passwordHash : DUMMY_HASH);
  if (!usable || !passwordOk) throw badRequest(MSG.loginFailed);
  await guess.succeeded();
  if (member.status === 'stopped') throw new AppError(403, stoppedMessage(member));
  // Null when the password was changed since it was read: the one given is no longer the account's.
  const session = await createLoginSession(db, member.id, member.passwordHash);
  if (!session) throw badRequest(MSG.loginFailed);
  return { token: session.token, userInfo: await buildUserInfo(db, member) };
}

export interface CompanyJoin {
  license: string;
  companyName: string;
  companyArea: string;
  id: string;
  pw: string;
  phone: string;
  authCode: string;
}

export interface SubJoin {
  license: string;
  securityNum: string;
  id: string;
  pw: string;
  phone: string;
  authCode: string;
  name?: string | undefined;
  phoen?: string | undefined;
}

/**
 * Refusals every join shares: the id and the phone must be free. The joins with a phone code ask
 * only once the code is right (docs/security.md#account-enumeration).
 */
async function assertIdAndPhoneFree(db: Db, id: string, phone: string) {
  if (await memberByLoginId(db, id)) throw joinRefused(MSG.idInUse, 'id');
  if (await verifiedMemberByPhone(db, phone)) throw joinRefused(MSG.phoneInUse, 'phone');
}

function mapJoinConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'members_login_id') throw joinRefused(MSG.idInUse, 'id');
  if (constraint === 'members_phone_active') throw joinRefused(MSG.phoneInUse, 'phone');
  if (constraint === 'companies_license_active') throw joinRefused(MSG.licenseExists, 'license');
  throw err;
}

/**
 * A join's checks after its company's: the phone code judged (held, not used up) before anything is
 * told of the id or the phone, then both free; and the password's hash (docs/security.md#account-enumeration).
 */
async function joinChecks(db: Db, form: { phone: string; authCode: string; id: string; pw: string }) {
  const code = await holdPhoneCode(db, form.phone, 'join', form.authCode, 499);
  await assertIdAndPhoneFree(db, form.id, form.phone);
  return { code, passwordHash: await hashPassword(form.pw) };
}

/**
 * A new company and its main account (type 0), named by the company: the join asks no person's name.
 * That name may be 1 or 21-50 characters, outside the rule of a typed name; 내 정보 takes it
 * unchanged (docs/requirements.md#join).
 * The phone code is judged before anything is told of the id or the phone, and used up in the
 * transaction that makes the accounts: a join that makes nothing leaves it usable
 * (docs/security.md#account-enumeration).
 */
export async function joinCompany(db: Db, form: CompanyJoin): Promise<void> {
  if (await activeCompanyByLicense(db, form.license)) throw joinRefused(MSG.licenseExists, 'license');
  const { code, passwordHash } = await joinChecks(db, form);
  try {
    await db.transaction(async (tx) => {
      await useHeldCode(tx, code);
      const companyId = await insertCompany(tx, {
        name: form.companyName,
        license: form.license,
        area: form.companyArea,
        securityNum: newSecurityNumber(),
      });
      await insertMember(tx, {
        loginId: form.id,
        passwordHash,
        name: form.companyName,
        phone: form.phone,
        mail: form.id,
        type: MEMBER_TYPE_MAIN,
        companyId,
      });
    });
  } catch (err) {
    mapJoinConflict(err);
  }
}

const SECURITY_NUMBER_REFUSALS: Record<GuessRefusal, string> = {
  pair: MSG.securityNumTooMany,
  subject: MSG.securityNumLocked,
  delay: MSG.tooMany,
  address: MSG.tooMany,
};

/** A sub-account joins with the company's business number and its current security number. */
export async function joinSubAccount(db: Db, form: SubJoin, ip: string): Promise<void> {
  const company = await activeCompanyByLicense(db, form.license);
  if (!company) throw joinRefused(MSG.licenseUnknown, 'license');
  // Six digits are quickly guessed: wrong ones are slowed per company and address, like logins,
  // so that someone guessing cannot lock the company's joins for everyone else.
  const guess = await beginGuess(db, SECURITY_NUMBER_GUESS, String(company.id), ip);
  if (guess.refused) throw tooMany(SECURITY_NUMBER_REFUSALS[guess.refused]);
  if (company.securityNum !== form.securityNum) throw joinRefused(MSG.securityNumWrong, 'securityNum');
  await guess.succeeded();
  // As in joinCompany: the code first, used up only with the account made.
  const { code, passwordHash } = await joinChecks(db, form);
  try {
    await db.transaction(async (tx) => {
      await useHeldCode(tx, code);
      await insertMember(tx, {
        loginId: form.id,
        passwordHash,
        // Without a typed name, the id's part before '@' (1-48 characters), kept as joinCompany's is.
        name: form.name || form.id.split('@')[0]!,
        phone: form.phone,
        contactPhone: form.phoen ?? '',
        mail: form.id,
        type: MEMBER_TYPE_SUB,
        companyId: company.id,
      });
    });
  } catch (err) {
    mapJoinConflict(err);
  }
}

export interface ChatJoin {
  id: string;
  pw: string;
  phone: string;
  companyName: string;
  companyArea: string;
}

/** Chat sign-ups (no phone code) one address may make per hour, successful or not. */
export const CHAT_JOIN_LIMIT = { perAddress: 5, windowSec: 3600 } as const;

/**
 * The chat entry's quick sign-up: a company without a business number yet (the home warning bar
 * asks for it) and its main account, logged in at once. No code proves the phone: it is stored as
 * unverified, so it never blocks the number's real owner, and sign-ups are limited per address.
 * The account is named by the company, as in joinCompany.
 */
export async function chatJoin(db: Db, form: ChatJoin, ip: string): Promise<LoginResult> {
  if (!(await takeAttempt(db, `chatjoin:${ip}`, CHAT_JOIN_LIMIT.perAddress, CHAT_JOIN_LIMIT.windowSec)))
    throw tooMany(MSG.tooMany);
  await assertIdAndPhoneFree(db, form.id, form.phone);
  const passwordHash = await hashPassword(form.pw);
  let memberId = 0;
  try {
    await db.transaction(async (tx) => {
      const companyId = await insertCompany(tx, {
        name: form.companyName,
        area: form.companyArea,
        securityNum: newSecurityNumber(),
      });
      memberId = await insertMember(tx, {
        loginId: form.id,
        passwordHash,
        name: form.companyName,
        phone: form.phone,
        phoneVerified: false,
        mail: form.id,
        type: MEMBER_TYPE_MAIN,
        companyId,
      });
    });
  } catch (err) {
    mapJoinConflict(err);
  }
  const member = await memberById(db, memberId);
  const session = await createLoginSession(db, memberId, passwordHash);
  if (!session) throw badRequest(MSG.loginFailed);
  return { token: session.token, userInfo: await buildUserInfo(db, member!) };
}

/**
 * Find id: the code first, so that a number without a code sent to it is refused alike whether an
 * account has it or not (docs/security.md#account-enumeration). A code only goes to a number with
 * an account; one whose account left since is told so. Answers every account the phone recovers,
 * oldest first (docs/security.md#sessions); only a lone one is marked proved: one number has one
 * proved holder, and of several this does not know which is the caller's.
 */
export async function findMemberIds(db: Db, phone: string, authCode: string): Promise<string[]> {
  await checkPhoneCode(db, phone, 'find', authCode, 'consume');
  const accounts = await recoverableMembersByPhone(db, phone);
  if (accounts.length === 0) throw badRequest(MSG.phoneNotFound, 'phone');
  if (accounts.length === 1) await markPhoneVerified(db, accounts[0]!.id);
  return accounts.map((m) => m.loginId);
}

/**
 * Which of the phone's accounts a reset is for: the one named by `id`; without one (the original
 * client never sends it), the lone account, else the number's proved holder; several and none
 * proved are asked which (docs/security.md#sessions).
 */
function accountToReset<T extends { loginId: string; phoneVerified: boolean }>(
  accounts: T[],
  id: string | undefined,
): T {
  if (accounts.length === 0) throw badRequest(MSG.phoneNotFound, 'phone');
  if (id === undefined) {
    if (accounts.length === 1) return accounts[0]!;
    const proved = accounts.filter((m) => m.phoneVerified);
    if (proved.length !== 1) throw badRequest(MSG.recoverIdRequired, 'id');
    return proved[0]!;
  }
  const chosen = accounts.find((m) => m.loginId === id);
  if (!chosen) throw badRequest(MSG.recoverIdNotFound, 'id');
  return chosen;
}

/**
 * Sets a new password after a phone check (the code first, as in findMemberIds); every session of the
 * account ends. The code is used up only with the reset: a refusal for the id (none given where several
 * accounts gave the phone and none proved it, or one not among them) leaves it usable, but each
 * judgement spends one of its 5 tries, so one code tries at most 5 ids
 * (docs/security.md#account-enumeration). Answers the login id reset: the page names it.
 */
export async function resetPasswordByPhone(
  db: Db,
  sockets: SessionSockets,
  form: { phone: string; authCode: string; pw: string; id?: string | undefined },
): Promise<{ loginId: string }> {
  const held = await holdPhoneCode(db, form.phone, 'find', form.authCode, 400);
  const passwordHash = await hashPassword(form.pw);
  const { member, ended } = await db.transaction(async (tx) => {
    // First, so that a reset sent at the same moment with the same code waits, then is told the code is gone.
    await useHeldCode(tx, held);
    const chosen = accountToReset(await recoverableMembersByPhone(tx, form.phone), form.id);
    await updateMember(tx, chosen.id, { passwordHash });
    // Every session ends with the write (createLoginSession): a login that checked the old one too.
    return { member: chosen, ended: await revokeSessions(tx, { memberIds: [chosen.id] }) };
  });
  sockets.endSessions(ended);
  await markPhoneVerified(db, member.id);
  // The owner proved the phone: the password guesses counted so far no longer hold the account back.
  await forgetLoginGuesses(db, member.loginId);
  return { loginId: member.loginId };
}
