import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SESSION } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { members, sessions } from '../../db/schema.js';

export type MemberRow = typeof members.$inferSelect;

export interface AuthContext {
  sessionId: number;
  token: string;
  member: MemberRow;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a new bearer token (256 random bits); only its hash is stored. */
export async function createSession(db: Db, memberId: number): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION.ttlHours * 3600_000);
  const [row] = await db
    .insert(sessions)
    .values({ memberId, tokenHash: hashToken(token), expiresAt })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** The live session behind a token: not revoked, not expired, its member active. */
export async function resolveSession(db: Db, token: string | undefined | null): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ sessionId: sessions.id, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(members.status, 'active'),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { sessionId: row.sessionId, token, member: row.member } : null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a member, optionally keeping the one making the change. Returns the revoked ids. */
export async function revokeMemberSessions(db: Db, memberId: number, keepSessionId?: number): Promise<number[]> {
  const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
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
