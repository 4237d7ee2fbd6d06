import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, qrLoginCodes } from '../../src/db/schema.js';
import { endSessions, resolveSession } from '../../src/features/auth/sessions.js';
import { issueQrLoginCode, redeemQrLoginCode } from '../../src/features/chat/qr-login.js';
import { AppError } from '../../src/shared/http.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { memberIdOf, newCustomer, tokenFor } from '../chat-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const FAILED = '로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.';
const T0 = new Date('2026-11-20T01:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A logged-in desktop member and its session. */
async function desktop(label: string) {
  const c = await newCustomer(server, label);
  const auth = (await resolveSession(server.db, c.token))!;
  return { ...c, auth };
}

async function refusal(code: string, now: Date) {
  try {
    await redeemQrLoginCode(server.db, code, now);
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.message}`;
    throw err;
  }
}

describe('QR login codes', () => {
  it('a code posted from the phone gives a new session for the same member; the desktop stays logged in', async () => {
    const d = await desktop('큐알');
    const issued = await issueQrLoginCode(server.db, d.auth, T0);
    expect(issued.ttlSec).toBe(60);
    expect(issued.expiresAt).toBe('2026-11-20T01:01:00.000Z');
    expect(issued.code).toMatch(/^[\w-]{43}$/);
    const phone = await redeemQrLoginCode(server.db, issued.code, at(1_000));
    expect(phone.token).not.toBe(d.token);
    expect(phone.userInfo).toMatchObject({ seq: d.seq, id: d.id, companyId: d.companyId });
    // The phone's token works on the API; so does the desktop's.
    expect((await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: phone.token })).status).toBe(200);
    expect((await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: d.token })).status).toBe(200);
  });

  it('only the hash of a code is stored', async () => {
    const d = await desktop('해시');
    const issued = await issueQrLoginCode(server.db, d.auth, T0);
    const rows = await server.db.select().from(qrLoginCodes).where(eq(qrLoginCodes.memberId, d.seq));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(issued.code);
  });

  it('a code works once: the second post is refused with the original message', async () => {
    const d = await desktop('한번');
    const { code } = await issueQrLoginCode(server.db, d.auth, T0);
    expect(await refusal(code, at(5_000))).toBe('accepted');
    expect(await refusal(code, at(6_000))).toBe(`400 ${FAILED}`);
  });

  it('two phones posting the same code at once: exactly one gets a session', async () => {
    const d = await desktop('동시');
    const { code } = await issueQrLoginCode(server.db, d.auth, T0);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => refusal(code, at(2_000))));
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === `400 ${FAILED}`)).toHaveLength(5);
  });

  it('valid through 59.999 s, refused at 60 s', async () => {
    const d = await desktop('만료');
    const early = await issueQrLoginCode(server.db, d.auth, T0);
    const late = await issueQrLoginCode(server.db, d.auth, T0);
    expect(await refusal(early.code, at(59_999))).toBe('accepted');
    expect(await refusal(late.code, at(60_000))).toBe(`400 ${FAILED}`);
  });

  it.each([
    ['a forged code of the right shape', 'A'.repeat(43)],
    ['a short code', 'abc'],
    ['an empty code', ''],
    ['a code with a path', '../../../../etc/passwd/aaaaaaaaaaaaaaaaaaaaaaaa'],
    ['a very long code', 'x'.repeat(10_000)],
  ])('%s is refused with the original message', async (_what, code) => {
    expect(await refusal(code, T0)).toBe(`400 ${FAILED}`);
  });

  it('a code dies with the desktop session that asked for it (logout before the phone scans)', async () => {
    const d = await desktop('로그아웃');
    const { code } = await issueQrLoginCode(server.db, d.auth, T0);
    await endSessions(server.db, server.ctx!.realtime, { sessionId: d.auth.sessionId });
    expect(await refusal(code, at(1_000))).toBe(`400 ${FAILED}`);
  });

  it('staff cannot make codes; a member may make 10 a minute', async () => {
    const staffToken = await tokenFor(server, await memberIdOf(server, 'staff@partsmall.kr'));
    const staffAuth = (await resolveSession(server.db, staffToken))!;
    await expect(issueQrLoginCode(server.db, staffAuth, T0)).rejects.toMatchObject({ status: 403 });
    const d = await desktop('열번');
    for (let i = 0; i < 10; i++) await issueQrLoginCode(server.db, d.auth, at(i * 1000));
    await expect(issueQrLoginCode(server.db, d.auth, at(10_000))).rejects.toMatchObject({ status: 429 });
    // A minute after the first, one more is allowed.
    await expect(issueQrLoginCode(server.db, d.auth, at(60_001))).resolves.toMatchObject({ ttlSec: 60 });
  });

  it('a stopped member cannot log in with a code issued before the stop', async () => {
    const d = await desktop('정지');
    const { code } = await issueQrLoginCode(server.db, d.auth, T0);
    await server.db.update(members).set({ status: 'stopped' }).where(eq(members.id, d.seq));
    expect(await refusal(code, at(1_000))).toBe(`400 ${FAILED}`);
  });
});
