import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG_CHAT, QR_LOGIN, type LoginResult, type QrLoginCode } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden } from '../../shared/http.js';
import { createSession, type AuthContext } from '../auth/sessions.js';
import { buildUserInfo, findMemberById } from '../auth/user-info.js';
import { qrLoginCodes } from './schema.js';

/**
 * Mobile QR login (api/qrcodeLogin, docs/requirements.md#qr-login): a member logged in on the desktop asks for a
 * one-time code, the desktop shows it as a QR code, the phone scans it and posts it back and gets
 * a session of its own. The code is 256 random bits, only its hash is stored, it is valid for
 * 60 s, once, and only while the desktop session that asked for it is live (logging out on the
 * desktop kills its codes). TLS protects the code in transit; there is no home-made cipher.
 * `now` is a parameter so that tests move the clock instead of sleeping.
 */

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function issueQrLoginCode(db: Db, auth: AuthContext, now: Date = new Date()): Promise<QrLoginCode> {
  if (auth.member.role !== 'member' || auth.member.companyId === null) throw forbidden(MSG_CHAT.qrMembersOnly);
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + QR_LOGIN.ttlSec * 1000);
  await db.transaction(async (tx) => {
    // One request at a time per member, so parallel requests cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'qr:' + auth.member.id}))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(qrLoginCodes)
      .where(and(eq(qrLoginCodes.memberId, auth.member.id), gt(qrLoginCodes.createdAt, new Date(now.getTime() - 60_000))));
    if (Number(recent?.n ?? 0) >= QR_LOGIN.perMinute) throw new AppError(429, MSG_CHAT.qrTooMany);
    await tx.insert(qrLoginCodes).values({ memberId: auth.member.id, sessionId: auth.sessionId, codeHash: hashCode(code), createdAt: now, expiresAt });
  });
  return { code, expiresAt: expiresAt.toISOString(), ttlSec: QR_LOGIN.ttlSec };
}

/**
 * Spends a code and opens a new session for its member. Expired, used, forged and malformed codes,
 * and codes of a session that has ended since, all get the spec's one message (docs/requirements.md#qr-login).
 */
export async function redeemQrLoginCode(db: Db, code: string, now: Date = new Date()): Promise<LoginResult> {
  const failed = () => badRequest(MSG_CHAT.qrLoginFailed, 'token');
  if (!CODE_SHAPE.test(code)) throw failed();
  // One statement: of two phones posting the same code at once, the second finds it used.
  const [spent] = await db
    .update(qrLoginCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(qrLoginCodes.codeHash, hashCode(code)),
        isNull(qrLoginCodes.usedAt),
        gt(qrLoginCodes.expiresAt, now),
        sql`exists (select 1 from sessions s where s.id = ${qrLoginCodes.sessionId} and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ memberId: qrLoginCodes.memberId });
  if (!spent) throw failed();
  const member = await findMemberById(db, spent.memberId);
  if (!member || member.status !== 'active') throw failed();
  const { token } = await createSession(db, member.id);
  return { token, userInfo: await buildUserInfo(db, member) };
}
