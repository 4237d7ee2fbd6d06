import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG_CHAT, QR_LOGIN, qrLoginUrl, type LoginResult, type QrLoginCode } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, forbidden, tooMany } from '../../shared/http.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import { type AuthContext, buildUserInfo, createHandedOnSession, findMemberById } from '../auth/index.js';
import { qrLoginCodes } from './schema.js';
import { lockFor } from '../../db/locks.js';

/**
 * Mobile QR login (api/qrcodeLogin, docs/requirements.md#qr-login): a member logged in on the desktop asks for a
 * one-time code, the desktop shows it as a QR code, the phone scans it and posts it back and gets
 * a session of its own. The code is 256 random bits, only its hash is stored, it is valid for
 * 60 s, once, and only while the desktop session that asked for it is live (logging out on the
 * desktop kills its codes). TLS protects the code in transit; there is no home-made cipher.
 * `now` is a parameter so that tests move the clock instead of sleeping.
 *
 * The QR code carries the address of the shop's mobile login with the code (?qr=), so a phone's
 * own camera app opens it; the original client that posts what it scanned still works, because a
 * posted address is read for its code. A phone whose camera is blocked types the short code the
 * desktop shows beside the QR code: 8 characters (40 bits) of the same login, valid as long and
 * spent together with it; guessing is hopeless within 60 s, and tries per address are capped.
 */

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SHORT_SHAPE = new RegExp(`^[${QR_LOGIN.shortCodeAlphabet}]{${QR_LOGIN.shortCodeLength}}$`);

function newShortCode(): string {
  let code = '';
  for (let i = 0; i < QR_LOGIN.shortCodeLength; i++)
    code += QR_LOGIN.shortCodeAlphabet[randomInt(QR_LOGIN.shortCodeAlphabet.length)];
  return code;
}

/** What a phone posted as `token`: the code itself, the scanned login address carrying it, or the typed short code. */
export function readQrToken(token: string): { kind: 'code'; code: string } | { kind: 'short'; code: string } | null {
  const text = token.trim();
  if (CODE_SHAPE.test(text)) return { kind: 'code', code: text };
  if (/^https?:\/\//i.test(text)) {
    let qr: string | null = null;
    try {
      qr = new URL(text).searchParams.get('qr');
    } catch {
      return null;
    }
    return qr !== null && CODE_SHAPE.test(qr) ? { kind: 'code', code: qr } : null;
  }
  const short = text.replace(/[\s-]/g, '').toUpperCase();
  return SHORT_SHAPE.test(short) ? { kind: 'short', code: short } : null;
}

export async function issueQrLoginCode(
  db: Db,
  auth: AuthContext,
  now: Date = new Date(),
  opts: { publicUrl?: string | undefined } = {},
): Promise<QrLoginCode> {
  if (auth.member.role !== 'member' || auth.member.companyId === null) throw forbidden(MSG_CHAT.qrMembersOnly);
  const code = randomBytes(32).toString('base64url');
  const shortCode = newShortCode();
  const expiresAt = new Date(now.getTime() + QR_LOGIN.ttlSec * 1000);
  await db.transaction(async (tx) => {
    // One request at a time per member, so parallel requests cannot pass the cap together.
    await lockFor(tx, 'qr', auth.member.id);
    const [recent] = await tx
      .select({ n: count() })
      .from(qrLoginCodes)
      .where(
        and(eq(qrLoginCodes.memberId, auth.member.id), gt(qrLoginCodes.createdAt, new Date(now.getTime() - 60_000))),
      );
    if (Number(recent?.n ?? 0) >= QR_LOGIN.perMinute) throw new AppError(429, MSG_CHAT.qrTooMany);
    await tx.insert(qrLoginCodes).values({
      memberId: auth.member.id,
      sessionId: auth.sessionId,
      codeHash: hashCode(code),
      shortCodeHash: hashCode(`short:${shortCode}`),
      createdAt: now,
      expiresAt,
    });
  });
  return {
    code,
    expiresAt: expiresAt.toISOString(),
    ttlSec: QR_LOGIN.ttlSec,
    shortCode,
    ...(opts.publicUrl ? { loginUrl: qrLoginUrl(opts.publicUrl, code) } : {}),
  };
}

/**
 * Spends a code and opens a new session for its member. Expired, used, forged and malformed codes,
 * and codes of a session that has ended since, all get the original API's one message (docs/requirements.md#qr-login).
 */
export async function redeemQrLoginCode(
  db: Db,
  token: string,
  now: Date = new Date(),
  opts: { address?: string } = {},
): Promise<LoginResult> {
  const failed = () => badRequest(MSG_CHAT.qrLoginFailed, 'token');
  const read = readQrToken(token);
  if (!read) throw failed();
  if (
    read.kind === 'short' &&
    !(await takeAttempt(
      db,
      `qrshort:${opts.address ?? ''}`,
      QR_LOGIN.shortCodeTries.max,
      QR_LOGIN.shortCodeTries.windowSec,
    ))
  ) {
    throw tooMany(MSG_CHAT.qrCodeTooMany);
  }
  const matches =
    read.kind === 'code'
      ? eq(qrLoginCodes.codeHash, hashCode(read.code))
      : eq(qrLoginCodes.shortCodeHash, hashCode(`short:${read.code}`));
  // One statement: of two phones posting the same code (or its QR and its short form) at once,
  // the second finds the row used.
  const [spent] = await db
    .update(qrLoginCodes)
    .set({ usedAt: now })
    .where(
      and(
        matches,
        isNull(qrLoginCodes.usedAt),
        gt(qrLoginCodes.expiresAt, now),
        sql`exists (select 1 from sessions s where s.id = ${qrLoginCodes.sessionId} and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ memberId: qrLoginCodes.memberId, sessionId: qrLoginCodes.sessionId });
  if (!spent) throw failed();
  const member = await findMemberById(db, spent.memberId);
  if (!member || member.status !== 'active') throw failed();
  // No password was given on the phone: its session counts from the issuing session's login, and is
  // made only while that one lives (a password change ending it now ends this one too).
  const session = await createHandedOnSession(db, member.id, spent.sessionId);
  if (!session) throw failed();
  return { token: session.token, userInfo: await buildUserInfo(db, member) };
}
