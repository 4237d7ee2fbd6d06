import { randomInt } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  LOGIN_LIMIT,
  MEMBER_TYPE_MAIN,
  MEMBER_TYPE_SUB,
  MSG,
  type LoginResult,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies, members } from '../../db/schema.js';
import { uniqueViolation } from '../../shared/db-errors.js';
import { AppError, badRequest, tooMany } from '../../shared/http.js';
import { clearEvents, recentEvents, recordEvent, takeAttempt } from '../../shared/rate-limit.js';
import { checkPhoneCode } from './phone-codes.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeMemberSessions } from './sessions.js';
import { buildUserInfo } from './user-info.js';

/** Join refusals answer the spec's body code 499 with the field they are about. */
const joinRefused = (message: string, field?: string) => new AppError(400, message, 499, field);

export function newSecurityNumber(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function activeCompanyByLicense(db: Db, license: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.license, license), isNull(companies.withdrawnAt)));
  return row;
}

export async function memberByLoginId(db: Db, loginId: string) {
  const [row] = await db.select().from(members).where(eq(members.loginId, loginId));
  return row;
}

export async function activeMemberByPhone(db: Db, phone: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.phone, phone), ne(members.status, 'withdrawn')));
  return row;
}

/** Login with brute-force limits per id and per address, counted in the database. */
export async function login(db: Db, id: string, pw: string, ip: string): Promise<LoginResult> {
  const idKey = `login:${id}`;
  const ipKey = `loginip:${ip}`;
  if ((await recentEvents(db, ipKey, LOGIN_LIMIT.windowSec)) >= LOGIN_LIMIT.maxFailures * 6) throw tooMany(MSG.loginTooMany);
  // The attempt counts as a failure until the password proves right.
  if (!(await takeAttempt(db, idKey, LOGIN_LIMIT.maxFailures, LOGIN_LIMIT.windowSec))) throw tooMany(MSG.loginTooMany);
  const member = await memberByLoginId(db, id);
  const usable = member && member.status !== 'withdrawn';
  const passwordOk = await verifyPassword(pw, usable ? member.passwordHash : DUMMY_HASH);
  if (!usable || !passwordOk) {
    await recordEvent(db, ipKey);
    throw badRequest(MSG.loginFailed);
  }
  await clearEvents(db, idKey);
  if (member.status === 'stopped') throw new AppError(403, MSG.accountStopped);
  const { token } = await createSession(db, member.id);
  return { token, userInfo: await buildUserInfo(db, member) };
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

/** Refusals every join shares: the id and the phone must be free. */
async function assertIdAndPhoneFree(db: Db, id: string, phone: string) {
  if (await memberByLoginId(db, id)) throw joinRefused(MSG.idInUse, 'id');
  if (await activeMemberByPhone(db, phone)) throw joinRefused(MSG.phoneInUse, 'phone');
}

function mapJoinConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'members_login_id') throw joinRefused(MSG.idInUse, 'id');
  if (constraint === 'members_phone_active') throw joinRefused(MSG.phoneInUse, 'phone');
  if (constraint === 'companies_license_active') throw joinRefused(MSG.licenseExists, 'license');
  throw err;
}

/** A new company and its main account (type 0). */
export async function joinCompany(db: Db, form: CompanyJoin): Promise<void> {
  if (await activeCompanyByLicense(db, form.license)) throw joinRefused(MSG.licenseExists, 'license');
  await assertIdAndPhoneFree(db, form.id, form.phone);
  await checkPhoneCode(db, form.phone, 'join', form.authCode, 'consume', 499);
  const passwordHash = await hashPassword(form.pw);
  try {
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: form.companyName, license: form.license, area: form.companyArea, securityNum: newSecurityNumber() })
        .returning({ id: companies.id });
      await tx.insert(members).values({
        loginId: form.id,
        passwordHash,
        name: form.companyName,
        phone: form.phone,
        mail: form.id,
        type: MEMBER_TYPE_MAIN,
        companyId: company!.id,
      });
    });
  } catch (err) {
    mapJoinConflict(err);
  }
}

/** A sub-account joins with the company's business number and its current security number. */
export async function joinSubAccount(db: Db, form: SubJoin): Promise<void> {
  const company = await activeCompanyByLicense(db, form.license);
  if (!company) throw joinRefused(MSG.licenseUnknown, 'license');
  // Six digits are quickly guessed: wrong ones are counted per company, like failed logins per id.
  const guessKey = `securitynum:${company.id}`;
  if (!(await takeAttempt(db, guessKey, LOGIN_LIMIT.maxFailures, LOGIN_LIMIT.windowSec))) {
    throw tooMany(MSG.securityNumTooMany);
  }
  if (company.securityNum !== form.securityNum) throw joinRefused(MSG.securityNumWrong, 'securityNum');
  await clearEvents(db, guessKey);
  await assertIdAndPhoneFree(db, form.id, form.phone);
  await checkPhoneCode(db, form.phone, 'join', form.authCode, 'consume', 499);
  const passwordHash = await hashPassword(form.pw);
  try {
    await db.insert(members).values({
      loginId: form.id,
      passwordHash,
      name: form.name || form.id.split('@')[0]!,
      phone: form.phone,
      contactPhone: form.phoen ?? '',
      mail: form.id,
      type: MEMBER_TYPE_SUB,
      companyId: company.id,
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

/**
 * The chat entry's quick sign-up: a company without a business number yet (the home warning bar
 * asks for it) and its main account, logged in at once.
 */
export async function chatJoin(db: Db, form: ChatJoin): Promise<LoginResult> {
  await assertIdAndPhoneFree(db, form.id, form.phone);
  const passwordHash = await hashPassword(form.pw);
  let memberId = 0;
  try {
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: form.companyName, area: form.companyArea, securityNum: newSecurityNumber() })
        .returning({ id: companies.id });
      const [member] = await tx
        .insert(members)
        .values({
          loginId: form.id,
          passwordHash,
          name: form.companyName,
          phone: form.phone,
          mail: form.id,
          type: MEMBER_TYPE_MAIN,
          companyId: company!.id,
        })
        .returning({ id: members.id });
      memberId = member!.id;
    });
  } catch (err) {
    mapJoinConflict(err);
  }
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  const { token } = await createSession(db, memberId);
  return { token, userInfo: await buildUserInfo(db, member!) };
}

export async function findMemberId(db: Db, phone: string, authCode: string): Promise<string> {
  const member = await activeMemberByPhone(db, phone);
  if (!member) throw badRequest(MSG.phoneNotFound, 'phone');
  await checkPhoneCode(db, phone, 'find', authCode, 'consume');
  return member.loginId;
}

/** Sets a new password after a phone check; every session of the account ends. */
export async function resetPasswordByPhone(db: Db, phone: string, authCode: string, pw: string): Promise<number[]> {
  const member = await activeMemberByPhone(db, phone);
  if (!member) throw badRequest(MSG.phoneNotFound, 'phone');
  await checkPhoneCode(db, phone, 'find', authCode, 'consume');
  await db.update(members).set({ passwordHash: await hashPassword(pw) }).where(eq(members.id, member.id));
  await clearEvents(db, `login:${member.loginId}`);
  return revokeMemberSessions(db, member.id);
}
