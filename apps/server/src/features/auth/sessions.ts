import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { SESSION, type CompanyLevel } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { holdMember, memberWithPasswordHeld } from '../members/repository.js';
import { sessions } from './schema.js';
import type { AuthContext, MemberRow, SessionCompany } from './types.js';

export type { AuthContext, MemberRow, SessionCompany };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new bearer token (256 random bits) and when its session ends: SESSION.ttlHours from the password
 * (`provenAt`, now for a login), handed on or not, so a QR login every few hours cannot keep a stolen
 * session alive for ever (docs/security.md#sessions).
 */
function newSessionToken(provenAt?: Date): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, expiresAt: new Date((provenAt?.getTime() ?? Date.now()) + SESSION.ttlHours * 3600_000) };
}

/**
 * Issues a new bearer token (newSessionToken); only its hash is stored. A session's `created_at`
 * is when its member last gave the password: a session handed on from another (a QR login) carries
 * the other's instant as `provenAt`, so that handing on never makes a session look freshly logged
 * in (sessionProvenAt), and expires when the other would.
 */
export async function createSession(
  db: Db | Tx,
  memberId: number,
  provenAt?: Date,
): Promise<{ token: string; sessionId: number }> {
  const { token, expiresAt } = newSessionToken(provenAt);
  const [row] = await db
    .insert(sessions)
    .values({ memberId, tokenHash: hashToken(token), expiresAt, ...(provenAt ? { createdAt: provenAt } : {}) })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/**
 * A login's session, made only while the password hash the login checked is still the member's: one
 * statement that holds the member's row FOR SHARE until the session is in. A password write (which
 * locks the row to update it, and ends the sessions in its transaction: revokeSessions) then comes
 * either wholly before, and the login is refused (null), or wholly after, and ends this session too:
 * a login that checked the old password never outlives the change (docs/security.md#sessions). One
 * statement, as the plain insert was; resolving a session, which every request with a token does, is
 * untouched.
 */
export async function createLoginSession(
  db: Db,
  memberId: number,
  checkedHash: string,
): Promise<{ token: string; sessionId: number } | null> {
  const { token, expiresAt } = newSessionToken();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`with held as (${memberWithPasswordHeld(memberId, checkedHash)})
      insert into ${sessions} (member_id, token_hash, expires_at)
      select id, ${hashToken(token)}, ${expiresAt.toISOString()}::timestamptz from held
      returning id`,
  );
  return row ? { token, sessionId: Number(row.id) } : null;
}

/**
 * A session handed on from another (a QR login, see createSession), made as createLoginSession makes
 * a login's: with the member's row held FOR SHARE, and only while the session it comes from is not
 * revoked, so that one a password change ends at that moment does not live on in its successor.
 * Null when it has ended.
 */
export async function createHandedOnSession(
  db: Db,
  memberId: number,
  fromSessionId: number,
): Promise<{ token: string; sessionId: number } | null> {
  return db.transaction(async (tx) => {
    await holdMember(tx, memberId);
    const [from] = await tx
      .select({ provenAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.id, fromSessionId), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
    return from ? createSession(tx, memberId, from.provenAt) : null;
  });
}

/** When the member of this session last gave the password (see createSession); null for no such session. */
export async function sessionProvenAt(db: Db, sessionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

/** The columns and joins of a session's context (member and company level), shared by the one-token and many-token statements. */
const SESSION_COLUMNS = `s.id as "sessionId",
      m.id, m.login_id as "loginId", m.password_hash as "passwordHash", m.name, m.phone, m.phone_verified as "phoneVerified",
      m.contact_phone as "contactPhone",
      m.mail, m.type, m.role, m.company_id as "companyId", m.status, m.stopped_by_shop as "stoppedByShop", m.created_at as "createdAt",
      m.withdrawn_at as "withdrawnAt",
      c.level as "companyLevel"`;
const SESSION_JOINS = `from sessions s
    join members m on m.id = s.member_id
    left join companies c on c.id = m.company_id`;
/** A live session: not revoked, not expired, its member active. */
const SESSION_LIVE = `s.revoked_at is null and s.expires_at > now() and m.status = 'active'`;

/**
 * Session, member and company in one prepared query: every request with a token runs it, so it
 * names the member's columns as MemberRow does and needs no mapping. $1 is the token's hash.
 */
export const SESSION_CONTEXT = {
  name: 'session_context',
  text: `select ${SESSION_COLUMNS}
    ${SESSION_JOINS}
    where s.token_hash = $1 and ${SESSION_LIVE}
    limit 1`,
};

/** SESSION_CONTEXT for many token hashes at once ($1: text[]), each row naming its hash. */
const SESSION_CONTEXTS = {
  name: 'session_contexts',
  text: `select s.token_hash as "tokenHash", ${SESSION_COLUMNS}
    ${SESSION_JOINS}
    where s.token_hash = any($1::text[]) and ${SESSION_LIVE}`,
};

/**
 * The live sessions behind many tokens in one statement (a connection storm or a round of re-checks
 * of long-lived sockets): the same rules as resolveSession. A token without a live session is absent.
 */
export async function resolveSessions(db: Db, tokens: string[]): Promise<Map<string, AuthContext>> {
  const byHash = new Map<string, string>();
  for (const token of tokens) if (token && token.length <= 200) byHash.set(hashToken(token), token);
  const found = new Map<string, AuthContext>();
  if (byHash.size === 0) return found;
  const rows = await runPrepared<
    MemberRow & { tokenHash: string; sessionId: number; companyLevel: CompanyLevel | null }
  >(db, SESSION_CONTEXTS, [
    // Hashes are hex, so the array literal needs no quoting (and reads the same on PGlite).
    `{${[...byHash.keys()].join(',')}}`,
  ]);
  for (const row of rows) {
    const token = byHash.get(row.tokenHash);
    if (token !== undefined) found.set(token, authOf(row, token));
  }
  return found;
}

/**
 * A session row as the request's context. The member is written out field by field, not taken with
 * an object rest (`{ sessionId, ...member }`): this runs on every request with a token, and a rest
 * copy is V8's slow path, a measurable part of a small call's CPU (docs/performance.md#catalogue).
 */
function authOf(row: MemberRow & { sessionId: number; companyLevel: CompanyLevel | null }, token: string): AuthContext {
  const member: MemberRow = {
    id: row.id,
    loginId: row.loginId,
    passwordHash: row.passwordHash,
    name: row.name,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    contactPhone: row.contactPhone,
    mail: row.mail,
    type: row.type,
    role: row.role,
    companyId: row.companyId,
    status: row.status,
    stoppedByShop: row.stoppedByShop,
    createdAt: row.createdAt,
    withdrawnAt: row.withdrawnAt,
  };
  const company =
    member.companyId !== null && row.companyLevel !== null ? { id: member.companyId, level: row.companyLevel } : null;
  return { sessionId: row.sessionId, token, member, company };
}

/** The live session behind a token: not revoked, not expired, its member active. */
export async function resolveSession(db: Db, token: string | undefined | null): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const [row] = await runPrepared<MemberRow & { sessionId: number; companyLevel: CompanyLevel | null }>(
    db,
    SESSION_CONTEXT,
    [hashToken(token)],
  );
  return row ? authOf(row, token) : null;
}

/** Closes the live sockets of ended sessions on every server process (the realtime hub does). */
export interface SessionSockets {
  endSessions(sessionIds: number[]): void;
}

/** Which sessions end: one (logout), or every session of some members, optionally but the caller's own. */
export type SessionsToEnd = { sessionId: number } | { memberIds: number[]; exceptSessionId?: number };

/**
 * The one way sessions end before their time (logout, password change or reset, a stopped account,
 * withdrawal): revoked in the database, then their sockets closed on every process at once. A socket
 * that only listens sends nothing that would make the server check its session again, so without the
 * second step a stopped staff member's console would keep receiving every customer's messages.
 * Returns the ended session ids.
 */
export async function endSessions(db: Db, sockets: SessionSockets, which: SessionsToEnd): Promise<number[]> {
  const ids = await revokeSessions(db, which);
  sockets.endSessions(ids);
  return ids;
}

/**
 * endSessions' first step alone, for a transaction: a password write revokes in the transaction that
 * writes the hash (see createLoginSession), and closes the sockets (`sockets.endSessions`) once it has
 * committed, so that a socket closed early cannot reconnect on a session not yet revoked.
 */
export async function revokeSessions(db: Db | Tx, which: SessionsToEnd): Promise<number[]> {
  const conditions = [isNull(sessions.revokedAt)];
  if ('sessionId' in which) conditions.push(eq(sessions.id, which.sessionId));
  else {
    if (which.memberIds.length === 0) return [];
    conditions.push(inArray(sessions.memberId, which.memberIds));
    if (which.exceptSessionId !== undefined) conditions.push(ne(sessions.id, which.exceptSessionId));
  }
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}
