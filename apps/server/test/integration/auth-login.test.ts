import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, MEMBER_TYPE_MAIN, MSG } from '@partsmall/contract';
import { members, rateEvents, sessions } from '../../src/db/schema.js';
import { makeCompany, staffSession } from '../member-helpers.js';
import {
  call,
  fromAddress,
  loginAs,
  newAddress,
  nextEvent,
  startTestServer,
  tradeSocket,
  type TestServer,
} from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A throwaway main account made through the chat sign-up (no phone code needed). */
async function makeAccount(id: string, phone: string, pw = 'pass1234'): Promise<void> {
  const res = await call(
    server,
    'chatJoin',
    {
      id,
      pw,
      cpw: pw,
      phone,
      companyName: '테스트상사',
      companyArea: '서울',
    },
    { headers: fromAddress(newAddress()) },
  );
  expect(res.body.code).toBe(200);
}

async function setStatus(id: string, status: 'active' | 'stopped' | 'withdrawn') {
  await server.db.update(members).set({ status }).where(eq(members.loginId, id));
}

describe('api/login', () => {
  it('logs a main account in: token, user info with company, level, cash and security number', async () => {
    const res = await call(server, 'login', { id: 'demo@partsmall.kr', pw: 'demo1234' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe(MSG.loggedIn);
    const { token, userInfo } = res.body.results!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userInfo).toMatchObject({ id: 'demo@partsmall.kr', type: 0, role: 'member', companyName: '한빛수입차부품' });
    expect(userInfo.companyInfo).toMatchObject({
      name: '한빛수입차부품',
      level: 'b',
      point: 5_000_000,
      securityNum: '482913',
    });
  });

  it('only the token hash is stored', async () => {
    const token = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const rows = await server.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.hash).not.toContain(token);
      expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('accepts the id in any case and with surrounding spaces', async () => {
    const res = await call(server, 'login', { id: '  Demo@PartsMall.KR ', pw: 'demo1234' });
    expect(res.body.code).toBe(200);
    expect(res.body.results!.userInfo.id).toBe('demo@partsmall.kr');
  });

  it('a sub-account sees its company but not the security number', async () => {
    const res = await call(server, 'login', { id: 'sub@partsmall.kr', pw: 'demo1234' });
    expect(res.body.code).toBe(200);
    expect(res.body.results!.userInfo.type).not.toBe(0);
    expect(res.body.results!.userInfo.companyInfo).toMatchObject({ name: '한빛수입차부품', securityNum: null });
  });

  it('staff and admin log in without a company', async () => {
    for (const [id, pw, role] of [
      ['staff@partsmall.kr', 'staff1234', 'staff'],
      ['admin@partsmall.kr', 'admin1234', 'admin'],
    ] as const) {
      const res = await call(server, 'login', { id, pw });
      expect(res.body.code).toBe(200);
      expect(res.body.results!.userInfo).toMatchObject({ role, companyId: null, companyInfo: null });
    }
  });

  it('refuses a wrong password and an unknown id with the same Korean message', async () => {
    const wrong = await call(server, 'login', { id: 'other@partsmall.kr', pw: 'wrong-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, message: MSG.loginFailed });
    const unknown = await call(server, 'login', { id: 'nobody@partsmall.kr', pw: 'demo1234' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 400, message: MSG.loginFailed });
  });

  it.each([
    [{ id: '', pw: 'demo1234' }, 'id', MSG.loginIdRequired],
    [{ id: '   ', pw: 'demo1234' }, 'id', MSG.loginIdRequired],
    [{ pw: 'demo1234' }, 'id', MSG.loginIdRequired],
    [{ id: 'a@b', pw: 'demo1234' }, 'id', MSG.loginIdLength],
    [{ id: `${'a'.repeat(60)}@partsmall.kr`, pw: 'demo1234' }, 'id', MSG.loginIdLength],
    [{ id: 'demo-partsmall', pw: 'demo1234' }, 'id', MSG.loginIdShape],
    [{ id: 'demo@partsmall.kr', pw: '' }, 'pw', MSG.passwordRequired],
    [{ id: 'demo@partsmall.kr' }, 'pw', MSG.passwordRequired],
    [{ id: 'demo@partsmall.kr', pw: 'abc' }, 'pw', MSG.passwordLength],
    [{ id: 'demo@partsmall.kr', pw: 'a'.repeat(21) }, 'pw', MSG.passwordLength],
  ])('refuses %j: 400 on %s', async (payload, field, message) => {
    const res = await call(server, 'POST', 'api/login', payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, field });
  });

  it('refuses a stopped account with 403, and its open sessions stop working', async () => {
    await makeAccount('stopme@partsmall.kr', '01070000001');
    const token = await loginAs(server, 'stopme@partsmall.kr', 'pass1234');
    await setStatus('stopme@partsmall.kr', 'stopped');
    const res = await call(server, 'login', { id: 'stopme@partsmall.kr', pw: 'pass1234' });
    expect(res.status).toBe(403);
    // A main account (the chat sign-up makes one) is sent to the shop.
    expect(res.body).toEqual({ code: 403, message: MSG.accountStoppedMain });
    expect((await call(server, 'logout', {}, { token })).status).toBe(401);
    // A wrong password on a stopped account reveals nothing more than on an active one.
    const wrong = await call(server, 'login', { id: 'stopme@partsmall.kr', pw: 'nope12345' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.loginFailed);
    await setStatus('stopme@partsmall.kr', 'active');
    expect((await call(server, 'login', { id: 'stopme@partsmall.kr', pw: 'pass1234' })).body.code).toBe(200);
  });

  it('tells a stopped account whom to ask: its main account, or the shop', async () => {
    // A main account, a second main account and two sub-accounts.
    const co = await makeCompany(server, '중지안내', 3, { cheapPasswords: true });
    const [coMain, sub, shopSub] = [co.subs[0]!, co.subs[1]!, co.subs[2]!];
    await server.db.update(members).set({ type: MEMBER_TYPE_MAIN }).where(eq(members.id, coMain.seq));
    const main = await loginAs(server, co.main.id, 'pass1234');
    const staff = await staffSession(server);
    const stopByCompany = async (seq: number) =>
      expect((await call(server, 'stateMemberInfo', { seq, status: 'stopped' }, { token: main })).body.code).toBe(201);
    const stopByShop = async (memberId: number) =>
      expect(
        (await call(server, 'adminSetMemberStatus', { memberId, status: 'stopped' }, { token: staff.token })).body.code,
      ).toBe(201);
    const loginOf = async (id: string) => (await call(server, 'login', { id, pw: 'pass1234' })).body;

    // A sub-account its company stopped asks its main account, as before.
    await stopByCompany(sub.seq);
    expect(await loginOf(sub.id)).toEqual({
      code: 403,
      message: '사용이 중지된 계정입니다. 회사 대표 계정에 문의하세요.',
    });
    // A main account stopped by the company's other main account would be sent to itself: it asks the shop.
    await stopByCompany(coMain.seq);
    expect(await loginOf(coMain.id)).toEqual({
      code: 403,
      message: '사용이 중지된 계정입니다. 고객센터에 문의하세요.',
    });
    // What the shop stopped, main or sub-account, only the shop lets in again.
    const shopStopped = {
      code: 403,
      message: '쇼핑몰에서 사용을 중지한 계정입니다. 다시 사용하려면 고객센터에 문의하세요.',
    };
    await stopByShop(shopSub.seq);
    expect(await loginOf(shopSub.id)).toEqual(shopStopped);
    await stopByShop(co.main.seq);
    expect(await loginOf(co.main.id)).toEqual(shopStopped);
  });

  it('refuses a withdrawn account like an unknown id', async () => {
    await makeAccount('gone@partsmall.kr', '01070000002');
    await setStatus('gone@partsmall.kr', 'withdrawn');
    const res = await call(server, 'login', { id: 'gone@partsmall.kr', pw: 'pass1234' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.loginFailed });
  });
});

describe('login brute-force limit', () => {
  const id = 'locked@partsmall.kr';
  const pw = 'right1234';
  const fail = () => call(server, 'login', { id, pw: 'wrong1234' });
  const succeed = () => call(server, 'login', { id, pw });

  beforeAll(async () => {
    await makeAccount(id, '01070000003', pw);
  });

  it('a success clears the failures counted so far', async () => {
    for (let i = 0; i < LOGIN_LIMIT.maxFailures - 1; i++) expect((await fail()).status).toBe(400);
    expect((await succeed()).body.code).toBe(200);
    // Four more failures are allowed again, then the right password still works.
    for (let i = 0; i < LOGIN_LIMIT.maxFailures - 1; i++) expect((await fail()).status).toBe(400);
    expect((await succeed()).body.code).toBe(200);
  });

  it('after 5 failures even the right password gets 429 with a Korean message', async () => {
    for (let i = 0; i < LOGIN_LIMIT.maxFailures; i++) expect((await fail()).body.message).toBe(MSG.loginFailed);
    const locked = await succeed();
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 429, message: MSG.loginTooMany });
    expect((await fail()).status).toBe(429);
    // The id is counted in lower case: another spelling of it is locked too.
    expect((await call(server, 'login', { id: 'LOCKED@partsmall.kr', pw })).status).toBe(429);
  });

  it('parallel attempts cannot slip past the limit: at most 5 passwords are tried', async () => {
    const target = 'parallel@partsmall.kr';
    await makeAccount(target, '01070000004', pw);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(server, 'login', { id: target, pw: `guess${1000 + i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LOGIN_LIMIT.maxFailures);
    expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    // Locked now, whatever the interleaving was.
    expect((await call(server, 'login', { id: target, pw })).status).toBe(429);
  });

  it('the right password sent eight times at once logs in eight times (none is taken for a guess)', async () => {
    const target = 'eightfold@partsmall.kr';
    await makeAccount(target, '01070000005', pw);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(server, 'login', { id: target, pw })));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 8 }, () => [200, answers[0]!.body.message]),
    );
    expect(new Set(answers.map((a) => (a.body.results as { token: string }).token)).size).toBe(8);
    // A wrong password afterwards is still judged, and refused.
    expect((await call(server, 'login', { id: target, pw: 'wrong1234' })).status).toBe(400);
  });

  it('the limit is per id: other accounts still log in', async () => {
    expect((await call(server, 'login', { id: 'other@partsmall.kr', pw: 'demo1234' })).body.code).toBe(200);
  });

  it('the lock ends when the failures leave the 10-minute window', async () => {
    await server.db
      .update(rateEvents)
      .set({ createdAt: new Date(Date.now() - (LOGIN_LIMIT.windowSec + 1) * 1000) })
      .where(like(rateEvents.key, `login:%${id}%`));
    expect((await succeed()).body.code).toBe(200);
  });
});

describe('api/logout', () => {
  it('revokes the token: the next member call answers 401, other sessions stay', async () => {
    const token = await loginAs(server, 'other@partsmall.kr', 'demo1234');
    const second = await loginAs(server, 'other@partsmall.kr', 'demo1234');
    const out = await call(server, 'logout', {}, { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 201, message: MSG.loggedOut });
    const again = await call(server, 'logout', {}, { token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ code: 401, message: MSG.tokenExpired });
    // The revoked token no longer opens the trade channel.
    const socket = tradeSocket(server, token);
    expect((await nextEvent<{ code: number }>(socket, 'toClientBaseInfo')).code).toBe(401);
    socket.close();
    // The member's other tab keeps its session.
    expect((await call(server, 'logout', {}, { token: second })).body.code).toBe(201);
  });

  it('answers 401 without a token or with a malformed one', async () => {
    expect((await call(server, 'logout', {})).status).toBe(401);
    expect((await call(server, 'logout', {}, { token: 'not-a-real-token' })).status).toBe(401);
    expect((await call(server, 'logout', {}, { token: 'x'.repeat(5000) })).status).toBe(401);
  });
});
