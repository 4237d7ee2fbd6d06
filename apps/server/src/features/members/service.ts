import { randomInt } from 'node:crypto';
import { and, asc, count, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import {
  LOGIN_LIMIT,
  MEMBER_TYPE_MAIN,
  MEMBER_TYPE_SUB,
  MSG_MEMBER,
  nameChangeRefusal,
  type LoginResult,
  type MemberListItem,
  type UserInfo,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { companies, members } from './schema.js';
import { uniqueViolation } from '../../shared/db-errors.js';
import type { EventSink } from '../../shared/events.js';
import { badRequest, notFound, tooMany } from '../../shared/http.js';
import { clearEvents, takeAttempt } from '../../shared/rate-limit.js';
import {
  type AuthContext,
  buildUserInfo,
  endSessions,
  findMemberById,
  forgetLoginGuesses,
  hashPassword,
  type MemberRow,
  revokeSessions,
  type SessionSockets,
  verifiedMemberByPhone,
  verifyPassword,
} from '../auth/index.js';
import { pageOfTable } from '../../db/page.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Maps the unique indexes a member row can break to the form field and its message. */
function memberConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'members_login_id') throw badRequest(MSG_MEMBER.accountInUse, 'id');
  if (constraint === 'members_phone_active') throw badRequest(MSG_MEMBER.phoneInUse, 'phone');
  throw err;
}

/**
 * A number typed in the member area is not proved by a code: it is stored unverified (so it never
 * blocks its real owner's sign-up), and refused only when another account holds it proved.
 */
async function assertPhoneFree(db: Db, phone: string, selfId?: number) {
  const holder = await verifiedMemberByPhone(db, phone);
  if (holder && holder.id !== selfId) throw badRequest(MSG_MEMBER.phoneInUse, 'phone');
}

/** Keeps the proof of an unchanged number; a changed one is unproved and does not recover the account. */
const phoneProofAfter = (phone: string) => ({
  phoneVerified: sql<boolean>`(${members.phone} = ${phone} and ${members.phoneVerified})`,
  phoneRecovers: sql<boolean>`(${members.phone} = ${phone} and ${members.phoneRecovers})`,
});

/** An account of the company that has not withdrawn. */
const companyAccount = (companyId: number, seq: number) =>
  and(eq(members.id, seq), eq(members.companyId, companyId), ne(members.status, 'withdrawn'));

// ---------------------------------------------------------------- my info and password

/**
 * Edits the caller's name, phone and mail. The answer carries the session's token and the new
 * userInfo: the original client stores both. The token is the one the call came with, not a new
 * one: our token is an opaque handle that holds nothing of the user info, and an edit of it is no
 * security event, so the session goes on, in the chat popup and other windows holding a copy of
 * the token too (docs/security.md#sessions).
 */
export async function updateMyInfo(
  db: Db,
  auth: AuthContext,
  form: { name: string; phone: string; mail: string },
): Promise<LoginResult> {
  // A changed name follows the typed-name rule; the name a join stored passes unchanged (docs/requirements.md#validation).
  const nameRefused = nameChangeRefusal(form.name, auth.member.name);
  if (nameRefused !== null) throw badRequest(nameRefused, 'name');
  await assertPhoneFree(db, form.phone, auth.member.id);
  try {
    await db
      .update(members)
      // Changed by its member without a code, the number does not recover the account (docs/security.md#sessions).
      .set({ name: form.name, phone: form.phone, ...phoneProofAfter(form.phone), mail: form.mail })
      .where(eq(members.id, auth.member.id));
  } catch (err) {
    memberConflict(err);
  }
  const member = await findMemberById(db, auth.member.id);
  return { token: auth.token, userInfo: await buildUserInfo(db, member!) };
}

/**
 * Changes the caller's password after checking the current one (wrong tries are limited like
 * logins). Every other session of the member ends, its sockets too.
 */
export async function updateMyPassword(
  db: Db,
  sockets: SessionSockets,
  auth: AuthContext,
  form: { opw: string; pw: string },
): Promise<number[]> {
  const key = `opw:${auth.member.id}`;
  // Counted before it is judged (like logins), so parallel guesses cannot all slip under the limit.
  if (!(await takeAttempt(db, key, LOGIN_LIMIT.maxFailures, LOGIN_LIMIT.windowSec)))
    throw tooMany(MSG_MEMBER.opwTooMany);
  const member = await findMemberById(db, auth.member.id);
  if (!member || !(await verifyPassword(form.opw, member.passwordHash))) throw badRequest(MSG_MEMBER.opwWrong, 'opw');
  const passwordHash = await hashPassword(form.pw);
  // The sessions end in the write's transaction, a login that checked the old password too (revokeSessions).
  const ended = await db.transaction(async (tx) => {
    await tx.update(members).set({ passwordHash }).where(eq(members.id, member.id));
    return revokeSessions(tx, { memberIds: [member.id], exceptSessionId: auth.sessionId });
  });
  sockets.endSessions(ended);
  await clearEvents(db, key);
  return ended;
}

// ---------------------------------------------------------------- company info

export interface CompanyForm {
  license: string;
  name: string;
  ceo: string;
  phone: string;
  fax: string;
  mail: string;
  postMain: string;
  addrMain: string;
  addrSub: string;
}

/** Edits the company; a business number another active company uses is refused. */
export async function updateCompanyInfo(
  db: Db,
  events: EventSink,
  member: MemberRow,
  companyId: number,
  form: CompanyForm,
): Promise<UserInfo> {
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.license, form.license), isNull(companies.withdrawnAt), ne(companies.id, companyId)));
  if (taken) throw badRequest(MSG_MEMBER.licenseInUse, 'license');
  try {
    await db.update(companies).set(form).where(eq(companies.id, companyId));
  } catch (err) {
    if (uniqueViolation(err) === 'companies_license_active') throw badRequest(MSG_MEMBER.licenseInUse, 'license');
    throw err;
  }
  await events.publish({ type: 'companyChanged', companyId, part: 'details' });
  return buildUserInfo(db, member);
}

// ---------------------------------------------------------------- accounts of the company

function toListItem(m: MemberRow): MemberListItem {
  return {
    seq: m.id,
    id: m.loginId,
    name: m.name,
    phone: m.phone,
    mail: m.mail,
    type: m.type,
    status: m.status as MemberListItem['status'],
    created: m.createdAt.toISOString(),
  };
}

/** The company's accounts (withdrawn ones left out), main accounts first. */
export async function listMembers(
  db: Db,
  companyId: number,
  q: { searchType?: string | undefined; searchKeyword?: string | undefined; page: number; size: number },
) {
  const conditions = [eq(members.companyId, companyId), ne(members.status, 'withdrawn')];
  const kw = q.searchKeyword ?? '';
  if (kw !== '') {
    const column = q.searchType === 'id' ? members.loginId : q.searchType === 'phone' ? members.phone : members.name;
    // Phones are stored as digits: a keyword without any finds none (docs/requirements.md#member-area).
    const typed = q.searchType === 'phone' ? kw.replace(/\D+/g, '') : kw;
    conditions.push(typed === '' ? sql`false` : ilike(column, `%${escapeLike(typed)}%`));
  }
  const { rows, total } = await pageOfTable(db, members, and(...conditions), q, asc(members.type), asc(members.id));
  return { results: rows.map(toListItem), total };
}

/** Registers a sub-account of the company; the main account vouches for it (no phone code). */
export async function createMember(
  db: Db,
  companyId: number,
  form: { id: string; pw: string; name: string; phone: string; mail: string },
): Promise<number> {
  await assertPhoneFree(db, form.phone);
  const passwordHash = await hashPassword(form.pw);
  try {
    const [row] = await db
      .insert(members)
      .values({
        loginId: form.id,
        passwordHash,
        name: form.name,
        phone: form.phone,
        phoneVerified: false,
        mail: form.mail,
        type: MEMBER_TYPE_SUB,
        companyId,
      })
      .returning({ id: members.id });
    return row!.id;
  } catch (err) {
    memberConflict(err);
  }
}

export async function editMember(
  db: Db,
  companyId: number,
  form: { seq: number; name: string; phone: string; mail: string },
): Promise<void> {
  const [row] = await db.select({ name: members.name }).from(members).where(companyAccount(companyId, form.seq));
  if (!row) throw notFound(MSG_MEMBER.memberNotFound);
  const nameRefused = nameChangeRefusal(form.name, row.name);
  if (nameRefused !== null) throw badRequest(nameRefused, 'name');
  await assertPhoneFree(db, form.phone, form.seq);
  let rows: { id: number }[];
  try {
    rows = await db
      .update(members)
      // A number changed here (any account, the caller's own too) is unproved and recovers nothing (docs/security.md#sessions).
      .set({ name: form.name, phone: form.phone, ...phoneProofAfter(form.phone), mail: form.mail })
      .where(companyAccount(companyId, form.seq))
      .returning({ id: members.id });
  } catch (err) {
    memberConflict(err);
  }
  if (rows.length === 0) throw notFound(MSG_MEMBER.memberNotFound);
}

/**
 * Changes of type and status lock the company row first, so that two of them at once (two main
 * accounts demoting each other) are made one after the other and the check below sees both.
 */
async function lockCompany(tx: Tx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

async function assertActiveMain(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.type, MEMBER_TYPE_MAIN), eq(members.status, 'active')));
  if (Number(row?.n ?? 0) === 0) throw badRequest(MSG_MEMBER.lastMainAccount, 'type');
}

/**
 * Changes an account of the company (not withdrawn; else 404) on the company's lock; the company
 * never ends up without an active main account, and never lets in an account the shop stopped.
 */
async function changeAccount(db: Db, companyId: number, seq: number, change: { type?: number; status?: string }) {
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [row] = await tx
      .select({ stoppedByShop: members.stoppedByShop })
      .from(members)
      .where(companyAccount(companyId, seq))
      .for('update');
    if (!row) throw notFound(MSG_MEMBER.memberNotFound);
    if (change.status === 'active' && row.stoppedByShop) throw badRequest(MSG_MEMBER.stoppedByShop, 'seq');
    await tx.update(members).set(change).where(eq(members.id, seq));
    await assertActiveMain(tx, companyId);
  });
}

/** Sets an account's type; the company never ends up without an active main account. */
export async function setMemberType(
  db: Db,
  events: EventSink,
  companyId: number,
  seq: number,
  type: number,
): Promise<void> {
  await changeAccount(db, companyId, seq, { type });
  await events.publish({ type: 'companyChanged', companyId, part: 'accounts' });
}

/**
 * Stops an account of the company (its sessions end, sockets too), or lets a stopped one in again.
 * A main account cannot stop itself.
 */
export async function setMemberState(
  db: Db,
  sockets: SessionSockets,
  auth: AuthContext,
  companyId: number,
  seq: number,
  status: 'stopped' | 'active',
): Promise<number[]> {
  if (status === 'stopped' && seq === auth.member.id) throw badRequest(MSG_MEMBER.cannotStopSelf, 'seq');
  await changeAccount(db, companyId, seq, { status });
  return status === 'stopped' ? endSessions(db, sockets, { memberIds: [seq] }) : [];
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random 10-character password with at least one letter and one digit (no look-alike characters). */
export function randomPassword(length = 10): string {
  for (;;) {
    const pw = Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    if (/\d/.test(pw) && /[A-Za-z]/.test(pw)) return pw;
  }
}

/** Gives an account of the company a random password, shown once; its sessions end. */
export async function resetMemberPassword(
  db: Db,
  sockets: SessionSockets,
  auth: AuthContext,
  companyId: number,
  seq: number,
): Promise<{ pw: string; revoked: number[] }> {
  if (seq === auth.member.id) throw badRequest(MSG_MEMBER.cannotResetSelf, 'seq');
  const pw = randomPassword();
  const passwordHash = await hashPassword(pw);
  // The sessions end in the write's transaction, a login that checked the old password too (revokeSessions).
  const { loginId, revoked } = await db.transaction(async (tx) => {
    const rows = await tx
      .update(members)
      .set({ passwordHash })
      .where(companyAccount(companyId, seq))
      .returning({ loginId: members.loginId });
    if (rows.length === 0) throw notFound(MSG_MEMBER.memberNotFound);
    return { loginId: rows[0]!.loginId, revoked: await revokeSessions(tx, { memberIds: [seq] }) };
  });
  sockets.endSessions(revoked);
  // The account's wrong guesses so far no longer hold back the password it now has (docs/security.md#password-guessing).
  await forgetLoginGuesses(db, loginId);
  return { pw, revoked };
}
