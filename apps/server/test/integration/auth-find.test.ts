import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, MSG, PHONE_CODE } from '@partsmall/contract';
import { members, phoneCodes, sessions } from '../../src/db/schema.js';
import { hashToken } from '../../src/features/auth/sessions.js';
import { insertMember } from '../../src/features/members/repository.js';
import {
  allowCodeResend,
  call,
  fromAddress,
  loginAs,
  newAddress,
  nextEvent,
  sendPhoneCode,
  startTestServer,
  tradeSocket,
  wrongCode,
  type TestServer,
} from '../helpers.js';
import { makeCompany, randomPhone } from '../member-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const DEMO_PHONE = '01012345601';
const SUB_PHONE = '01012345602';
const OTHER_PHONE = '01012345603';

const findId = (phone: string, authCode: string) => call(server, 'findMemberId', { phone, authCode });
const findPw = (phone: string, authCode: string, pw: string, cpw = pw) =>
  call(server, 'findMemberPw', { phone, authCode, pw, cpw });

async function passwordHashOf(id: string) {
  const [row] = await server.db.select({ h: members.passwordHash }).from(members).where(eq(members.loginId, id));
  return row!.h;
}

describe('GET api/mobileVerificationInq', () => {
  it('sends a code to the phone of a member', async () => {
    const res = await call(server, 'mobileVerificationInq', { phone: SUB_PHONE, authType: 'message' });
    expect(res.body).toEqual({ code: 200, message: MSG.codeSent });
    const [row] = await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, SUB_PHONE));
    expect(row!.purpose).toBe('find');
  });

  it('refuses a phone no member uses, sending nothing', async () => {
    const res = await call(server, 'mobileVerificationInq', { phone: '01040000001' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.phoneNotFound, field: 'phone' });
    expect(await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, '01040000001'))).toHaveLength(0);
  });

  it('waits 60 s between codes', async () => {
    const res = await call(server, 'mobileVerificationInq', { phone: SUB_PHONE });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, message: MSG.codeWait });
  });

  it('refuses a malformed phone with 400 on phone', async () => {
    const res = await call(server, 'mobileVerificationInq', { phone: '1234' });
    expect(res.body).toEqual({ code: 400, message: MSG.phoneDigits, field: 'phone' });
  });
});

describe('numbers told apart by api/mobileVerificationInq are counted (docs/security.md#account-enumeration)', () => {
  const ask = (phone: string, address: string) =>
    call(server, 'mobileVerificationInq', { phone, authType: 'message' }, { headers: fromAddress(address) });
  const unknownPhone = (i: number) => `0104100${String(i).padStart(4, '0')}`;

  it(`an address is told of ${PHONE_CODE.dailyCapPerAddress} numbers a day, refusals included; then every number gets the same 429`, async () => {
    const address = newAddress();
    const c = await makeCompany(server, '번호세기', 1);
    const member = [c.main, c.subs[0]!];
    for (let i = 1; i < PHONE_CODE.dailyCapPerAddress; i++) {
      const res = await ask(unknownPhone(i), address);
      expect([res.status, res.body], `number ${i}`).toEqual([
        400,
        { code: 400, message: MSG.phoneNotFound, field: 'phone' },
      ]);
    }
    // The 30th answer of the day: a member's number still gets its code.
    expect((await ask(member[0]!.phone, address)).body).toEqual({ code: 200, message: MSG.codeSent });
    // Past it, a number without an account and a member's number answer alike.
    for (const phone of [unknownPhone(100), member[1]!.phone]) {
      const res = await ask(phone, address);
      expect([res.status, res.body], phone).toEqual([429, { code: 429, message: MSG.codeAddressDailyCap }]);
    }
    expect(await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, member[1]!.phone))).toHaveLength(0);
    // Another address is still told, with the original text.
    expect((await ask(unknownPhone(100), newAddress())).body).toEqual({
      code: 400,
      message: MSG.phoneNotFound,
      field: 'phone',
    });
  });

  it('forty unknown numbers at once from one address: 30 refusals, then 10 answers of 429', async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(unknownPhone(200 + i), address)));
    expect(answers.filter((a) => a.body.message === MSG.phoneNotFound)).toHaveLength(PHONE_CODE.dailyCapPerAddress);
    expect(answers.filter((a) => a.status === 429 && a.body.message === MSG.codeAddressDailyCap)).toHaveLength(10);
  });
});

describe('GET api/findMemberId', () => {
  it('returns the id for the right code, and the code cannot be used again', async () => {
    await allowCodeResend(server, SUB_PHONE);
    const code = await sendPhoneCode(server, SUB_PHONE, 'find');
    const res = await findId(SUB_PHONE, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG.foundId, results: { id: 'sub@partsmall.kr' } });
    const reused = await findId(SUB_PHONE, code);
    expect(reused.status).toBe(400);
    expect(reused.body.results).toBeUndefined();
    expect(reused.body.field).toBe('authCode');
  });

  it("the number's proved holder and a newer account that gave the same number without proof are both found", async () => {
    const [demo] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    expect([demo!.phone, demo!.phoneVerified]).toEqual([DEMO_PHONE, true]);
    // A sub-account its main registered with the same number, which no code proved.
    const newer = await insertMember(server.db, {
      loginId: 'samephone@partsmall.kr',
      passwordHash: demo!.passwordHash,
      name: '같은번호',
      phone: DEMO_PHONE,
      phoneVerified: false,
      mail: 'samephone@partsmall.kr',
      type: demo!.type + 1,
      companyId: demo!.companyId,
    });
    try {
      expect(newer).toBeGreaterThan(demo!.id);
      await allowCodeResend(server, DEMO_PHONE);
      const code = await sendPhoneCode(server, DEMO_PHONE, 'find');
      const res = await findId(DEMO_PHONE, code);
      // Every account the phone recovers, oldest first (docs/security.md#sessions).
      expect(res.body).toEqual({
        code: 200,
        message: MSG.foundId,
        results: {
          id: 'demo@partsmall.kr, samephone@partsmall.kr',
          ids: ['demo@partsmall.kr', 'samephone@partsmall.kr'],
        },
      });
    } finally {
      await server.db.delete(members).where(eq(members.id, newer));
      // The next request for this number need not wait out this code's 60 s.
      await allowCodeResend(server, DEMO_PHONE);
    }
  });

  it('a wrong code is refused and counted', async () => {
    const phone = OTHER_PHONE;
    const code = await sendPhoneCode(server, phone, 'find');
    const res = await findId(phone, wrongCode(code));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.codeWrong, field: 'authCode' });
    const [row] = await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(row!.attempts).toBe(1);
    // The right code still works afterwards.
    expect((await findId(phone, code)).body.results).toEqual({ id: 'other@partsmall.kr' });
  });

  it("a phone without a member and a member's phone, neither sent a code: the same refusal", async () => {
    for (const phone of ['01040000002', '01012345605']) {
      const res = await findId(phone, '123456');
      expect([res.status, res.body], phone).toEqual([
        400,
        { code: 400, message: MSG.codeNotRequested, field: 'authCode' },
      ]);
    }
  });

  it('refuses a phone with no code requested', async () => {
    const res = await findId('01012345605', '123456');
    expect(res.body).toEqual({ code: 400, message: MSG.codeNotRequested, field: 'authCode' });
  });

  it('a code superseded by a newer one stays dead after the newer one is used', async () => {
    const phone = '01012345604';
    const older = await sendPhoneCode(server, phone, 'find');
    await allowCodeResend(server, phone);
    let newer = await sendPhoneCode(server, phone, 'find');
    while (newer === older) {
      await allowCodeResend(server, phone);
      newer = await sendPhoneCode(server, phone, 'find');
    }
    expect((await findId(phone, older)).body.code).toBe(400);
    expect((await findId(phone, newer)).body.results).toEqual({ id: 'staff@partsmall.kr' });
    // Still within its 3 minutes, the older code must not come back to life.
    const revived = await findId(phone, older);
    expect(revived.status).toBe(400);
    expect(revived.body.results).toBeUndefined();
    const pw = await findPw(phone, older, 'hijack123');
    expect(pw.status).toBe(400);
    expect(await loginAs(server, 'staff@partsmall.kr', 'staff1234')).toBeTruthy();
  });
});

describe('POST api/findMemberPw', () => {
  it('sets the new password, refuses the old one and ends every session of that member', async () => {
    const tokenA = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const tokenB = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const bystander = await loginAs(server, 'sub@partsmall.kr', 'demo1234');
    const socket = tradeSocket(server, tokenA);
    const first = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    expect((await first).code).toBe(200);
    const kicked = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');

    const code = await sendPhoneCode(server, DEMO_PHONE, 'find');
    const res = await findPw(DEMO_PHONE, code, 'newdemo99');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 201, message: MSG.passwordChanged, results: { id: 'demo@partsmall.kr' } });

    expect((await kicked).code).toBe(401);
    socket.close();
    for (const token of [tokenA, tokenB]) {
      const out = await call(server, 'logout', {}, { token });
      expect(out.status).toBe(401);
      expect(out.body.code).toBe(401);
    }
    const old = await call(server, 'login', { id: 'demo@partsmall.kr', pw: 'demo1234' });
    expect(old.body).toEqual({ code: 400, message: MSG.loginFailed });
    expect(await loginAs(server, 'demo@partsmall.kr', 'newdemo99')).toBeTruthy();
    // Another member of the same company keeps their session.
    expect((await call(server, 'logout', {}, { token: bystander })).body.code).toBe(201);
  });

  it('the code cannot be used twice', async () => {
    await allowCodeResend(server, DEMO_PHONE);
    const code = await sendPhoneCode(server, DEMO_PHONE, 'find');
    expect((await findPw(DEMO_PHONE, code, 'again1234')).body.code).toBe(201);
    const reused = await findPw(DEMO_PHONE, code, 'third1234');
    expect(reused.status).toBe(400);
    expect(await loginAs(server, 'demo@partsmall.kr', 'again1234')).toBeTruthy();
  });

  it('two resets at once with one code: one sets its password, the other is refused', async () => {
    await allowCodeResend(server, SUB_PHONE);
    const code = await sendPhoneCode(server, SUB_PHONE, 'find');
    const answers = await Promise.all([findPw(SUB_PHONE, code, 'racing111'), findPw(SUB_PHONE, code, 'racing222')]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 201]);
    const lost = answers.find((a) => a.body.code === 0)!;
    expect(lost.body).toEqual({ code: 0, message: MSG.codeNotRequested, field: 'authCode' });
    const won = answers[0]!.body.code === 201 ? 'racing111' : 'racing222';
    expect(await loginAs(server, 'sub@partsmall.kr', won)).toBeTruthy();
  });

  // Body code 0 at HTTP 400: the original client shows a 0's message only (docs/requirements.md#account-screens).
  it('refusals change nothing: wrong code, mismatched or short password, unknown phone', async () => {
    await allowCodeResend(server, DEMO_PHONE);
    const code = await sendPhoneCode(server, DEMO_PHONE, 'find');
    const hash = await passwordHashOf('demo@partsmall.kr');
    const wrong = await findPw(DEMO_PHONE, wrongCode(code), 'never1234');
    expect([wrong.status, wrong.body]).toEqual([400, { code: 0, message: MSG.codeWrong, field: 'authCode' }]);
    const mismatch = await findPw(DEMO_PHONE, code, 'never1234', 'never4321');
    expect([mismatch.status, mismatch.body]).toEqual([400, { code: 0, message: MSG.passwordMismatch, field: 'cpw' }]);
    const short = await findPw(DEMO_PHONE, code, 'abc');
    expect(short.body).toEqual({ code: 0, message: MSG.passwordLength, field: 'pw' });
    // A number nobody sent a code to is refused for its code, whether it has an account or not.
    const unknown = await findPw('01040000003', code, 'never1234');
    expect(unknown.body).toEqual({ code: 0, message: MSG.codeNotRequested, field: 'authCode' });

    expect(await passwordHashOf('demo@partsmall.kr')).toBe(hash);
    // The code survived the form errors and still finishes the flow.
    expect((await findPw(DEMO_PHONE, code, 'final1234')).body.code).toBe(201);
  });

  it('a join code does not reset a password', async () => {
    // A join code can only go to a phone without a member; give one to a member afterwards.
    const phone = '01040000004';
    const code = await sendPhoneCode(server, phone, 'join');
    await server.db.update(members).set({ phone }).where(eq(members.loginId, 'admin@partsmall.kr'));
    const res = await findPw(phone, code, 'hijack123');
    expect(res.body).toEqual({ code: 0, message: MSG.codeNotRequested, field: 'authCode' });
    expect(await loginAs(server, 'admin@partsmall.kr', 'admin1234')).toBeTruthy();
  });

  it('a reset lifts the login lock of that account', async () => {
    for (let i = 0; i < LOGIN_LIMIT.maxFailures; i++) {
      await call(server, 'login', { id: 'other@partsmall.kr', pw: 'guess1234' });
    }
    expect((await call(server, 'login', { id: 'other@partsmall.kr', pw: 'demo1234' })).status).toBe(429);
    await allowCodeResend(server, OTHER_PHONE);
    const code = await sendPhoneCode(server, OTHER_PHONE, 'find');
    expect((await findPw(OTHER_PHONE, code, 'fresh1234')).body.code).toBe(201);
    expect(await loginAs(server, 'other@partsmall.kr', 'fresh1234')).toBeTruthy();
  });
});

/** 내 정보 saved through `token` with `phone`, the account's name and mail as they are. */
const saveMyInfo = (token: string, account: { name: string; id: string }, phone: string) =>
  call(server, 'updateMyInfo', { name: account.name, phone, mail: account.id }, { token });

describe('a number changed in 내 정보 without a code (docs/security.md#sessions)', () => {
  it('does not recover the account: a stolen session cannot take the password through its own phone', async () => {
    const c = await makeCompany(server, '번호도용', 0);
    const stolen = await loginAs(server, c.main.id, c.main.pw);
    const thief = randomPhone();
    const changed = await saveMyInfo(stolen, c.main, thief);
    expect(changed.body.code).toBe(201);
    // No code goes to the thief's phone, nothing is reset, and the owner's password still logs in.
    const asked = await call(server, 'mobileVerificationInq', { phone: thief, authType: 'message' });
    expect([asked.status, asked.body.message]).toEqual([400, MSG.phoneNotFound]);
    expect(await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, thief))).toHaveLength(0);
    expect((await findPw(thief, '000000', 'thief1234')).status).toBe(400);
    expect(await loginAs(server, c.main.id, c.main.pw)).toBeTruthy();
  });

  it('a sub-account number written at its registration recovers it, and an unchanged number keeps recovering', async () => {
    const c = await makeCompany(server, '번호유지', 0);
    const main = await loginAs(server, c.main.id, c.main.pw);
    const subPhone = randomPhone();
    const subId = `keep-${subPhone}@hanbit.kr`;
    const registered = await call(
      server,
      'setMallMemberInfo',
      { id: subId, pw: 'start123', name: '번호유지직원', phone: subPhone, mail: subId },
      { token: main },
    );
    expect(registered.body.code).toBe(201);
    const kept = await call(
      server,
      'setMallMemberInfo',
      { seq: registered.body.results!.seq, name: '번호유지직원', phone: subPhone, mail: subId },
      { token: main },
    );
    expect(kept.body.code).toBe(201);
    expect((await saveMyInfo(main, c.main, c.main.phone)).body.code).toBe(201);
    for (const [phone, id] of [
      [subPhone, subId],
      [c.main.phone, c.main.id],
    ] as const) {
      const code = await sendPhoneCode(server, phone, 'find');
      expect((await findId(phone, code)).body.results).toMatchObject({ id });
    }
  });
});

describe('a number changed by the edit of an account, without a code (docs/security.md#sessions)', () => {
  it("a main account's own number, another main account's and a sub-account's: none recovers its account", async () => {
    const c = await makeCompany(server, '편집도용', 2);
    const stolen = await loginAs(server, c.main.id, c.main.pw);
    const promoted = await call(server, 'setMallMemberType', { seq: c.subs[0]!.seq, type: 0 }, { token: stolen });
    expect(promoted.body.code).toBe(201);
    for (const account of [c.main, c.subs[0]!, c.subs[1]!]) {
      const thief = randomPhone();
      const edited = await call(
        server,
        'setMallMemberInfo',
        { seq: account.seq, name: account.name, phone: thief, mail: account.id },
        { token: stolen },
      );
      expect([edited.status, edited.body.code]).toEqual([200, 201]);
      // No code goes to the new number, no password is set through it, and the owner's password still logs in.
      const asked = await call(server, 'mobileVerificationInq', { phone: thief, authType: 'message' });
      expect([asked.status, asked.body.message], account.id).toEqual([400, MSG.phoneNotFound]);
      expect((await findPw(thief, '000000', 'thief1234')).body).toEqual({
        code: 0,
        message: MSG.codeNotRequested,
        field: 'authCode',
      });
      expect(await loginAs(server, account.id, account.pw)).toBeTruthy();
    }
  });
});

describe('a token handed on (docs/security.md#sessions)', () => {
  it('expires when the session it replaced would: 내 정보 every few hours does not keep a session alive', async () => {
    const c = await makeCompany(server, '세션연장', 0);
    const first = await loginAs(server, c.main.id, c.main.pw);
    const expiry = async (token: string) =>
      (
        await server.db
          .select({ at: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.at;
    const loggedIn = await expiry(first);
    // The password was given 20 hours ago: the renewed token has 4 hours left, not 24.
    await server.db
      .update(sessions)
      .set({
        createdAt: new Date(loggedIn.getTime() - 44 * 3600_000),
        expiresAt: new Date(loggedIn.getTime() - 20 * 3600_000),
      })
      .where(eq(sessions.tokenHash, hashToken(first)));
    const renewed = await saveMyInfo(first, c.main, c.main.phone);
    expect(renewed.body.code).toBe(201);
    expect((await expiry(renewed.body.results!.token)).getTime()).toBe(loggedIn.getTime() - 20 * 3600_000);
  });
});
