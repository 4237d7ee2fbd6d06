import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PHONE_CODE } from '@partsmall/contract';
import { members, phoneCodes } from '../../src/db/schema.js';
import {
  allowCodeResend,
  call,
  fromAddress,
  loginAs,
  newAddress,
  sendPhoneCode,
  startTestServer,
  type TestServer,
} from '../helpers.js';
import { makeCompany, randomLicense, randomPhone } from '../member-helpers.js';

/**
 * One phone given by several accounts (a sub-account its main account registered with a number another
 * account had already given): the phone's code recovers every one of them (docs/security.md#sessions).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const findId = (phone: string, authCode: string) => call(server, 'findMemberId', { phone, authCode });
const findPw = (phone: string, authCode: string, pw: string, id?: string) =>
  call(server, 'findMemberPw', { phone, authCode, pw, cpw: pw, ...(id === undefined ? {} : { id }) });

async function hashOf(loginId: string) {
  const [row] = await server.db
    .select({ h: members.passwordHash, verified: members.phoneVerified })
    .from(members)
    .where(eq(members.loginId, loginId));
  return row!;
}

/** Two companies' main accounts each register a sub-account with the same number; answers both ids, oldest first. */
async function twoAccountsOnePhone(label: string) {
  const phone = randomPhone();
  const ids: string[] = [];
  for (const i of [1, 2]) {
    const c = await makeCompany(server, `${label}${i}`, 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    const id = `${label}-${i}-${phone}@shared.kr`;
    const made = await call(
      server,
      'setMallMemberInfo',
      { id, pw: `start${i}234`, name: `공유직원${i}`, phone, mail: id },
      { token },
    );
    expect([made.status, made.body.code], id).toEqual([200, 201]);
    ids.push(id);
  }
  return { phone, older: ids[0]!, newer: ids[1]! };
}

describe('find id: a phone several accounts gave', () => {
  it('names every account, oldest first, and proves none of them', async () => {
    const { phone, older, newer } = await twoAccountsOnePhone('sharedid');
    const res = await findId(phone, await sendPhoneCode(server, phone, 'find'));
    expect(res.body).toEqual({
      code: 200,
      message: MSG.foundId,
      results: { id: `${older}, ${newer}`, ids: [older, newer] },
    });
    // One number has one proved holder, and find id does not know which account is the caller's.
    expect([(await hashOf(older)).verified, (await hashOf(newer)).verified]).toEqual([false, false]);
    await allowCodeResend(server, phone);
    const again = await findId(phone, await sendPhoneCode(server, phone, 'find'));
    expect(again.body.results).toEqual({ id: `${older}, ${newer}`, ids: [older, newer] });
  });

  it('one account: its id alone, as the original API answers, and its number is proved', async () => {
    const c = await makeCompany(server, 'singleid', 0);
    await server.db.update(members).set({ phoneVerified: false }).where(eq(members.id, c.main.seq));
    const res = await findId(c.main.phone, await sendPhoneCode(server, c.main.phone, 'find'));
    expect(res.body).toEqual({ code: 200, message: MSG.foundId, results: { id: c.main.id } });
    expect((await hashOf(c.main.id)).verified).toBe(true);
  });
});

describe('find password: a phone several accounts gave', () => {
  it('asks which id without spending the code, then resets only that account', async () => {
    const { phone, older, newer } = await twoAccountsOnePhone('sharedpw');
    const before = { older: await hashOf(older), newer: await hashOf(newer) };
    // Neither proved the number: no account is the phone's by default.
    expect([before.older.verified, before.newer.verified]).toEqual([false, false]);
    const code = await sendPhoneCode(server, phone, 'find');

    const asked = await findPw(phone, code, 'chosen123');
    expect([asked.status, asked.body]).toEqual([400, { code: 0, message: MSG.recoverIdRequired, field: 'id' }]);
    expect(await hashOf(older)).toEqual(before.older);
    expect(await hashOf(newer)).toEqual(before.newer);

    // The same code, now with the older account's id (as typed, in capitals).
    const done = await findPw(phone, code, 'chosen123', older.toUpperCase());
    expect([done.status, done.body]).toEqual([
      200,
      { code: 201, message: MSG.passwordChanged, results: { id: older } },
    ]);
    expect(await loginAs(server, older, 'chosen123')).toBeTruthy();
    // The other account keeps its password and stays recoverable.
    expect(await loginAs(server, newer, 'start2234')).toBeTruthy();
    expect((await hashOf(older)).verified).toBe(true);
    await allowCodeResend(server, phone);
    const listed = await findId(phone, await sendPhoneCode(server, phone, 'find'));
    expect(listed.body.results).toEqual({ id: `${older}, ${newer}`, ids: [older, newer] });
    // The code reset one account and is spent.
    expect((await findPw(phone, code, 'again1234', newer)).body).toEqual({
      code: 0,
      message: MSG.codeNotRequested,
      field: 'authCode',
    });
  });

  it('an id not among the phone\u2019s accounts is refused, changes nothing, and counts as one of the code\u2019s tries', async () => {
    const { phone, older, newer } = await twoAccountsOnePhone('wrongid');
    const other = await makeCompany(server, 'wrongidother', 0);
    const before = { older: await hashOf(older), newer: await hashOf(newer), other: await hashOf(other.main.id) };
    const code = await sendPhoneCode(server, phone, 'find');
    for (let i = 0; i < PHONE_CODE.maxWrongTries; i++) {
      const res = await findPw(phone, code, 'stolen123', i === 0 ? other.main.id : `guess${i}@shared.kr`);
      expect([res.status, res.body], `try ${i + 1}`).toEqual([
        400,
        { code: 0, message: MSG.recoverIdNotFound, field: 'id' },
      ]);
    }
    // The code's tries are spent: the right id no longer resets anything with it.
    const locked = await findPw(phone, code, 'stolen123', newer);
    expect(locked.body).toEqual({ code: 0, message: MSG.codeTooManyTries, field: 'authCode' });
    expect(await hashOf(older)).toEqual(before.older);
    expect(await hashOf(newer)).toEqual(before.newer);
    expect(await hashOf(other.main.id)).toEqual(before.other);
    const [row] = await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect([row!.attempts, row!.consumedAt]).toEqual([PHONE_CODE.maxWrongTries, null]);
  });
});

/**
 * Someone signs up by chat with a number (no code), then its holder joins proving it: both accounts
 * are recovered by the phone, the holder's alone proved. Answers both ids.
 */
async function chatThenProvedHolder(label: string) {
  const phone = randomPhone();
  const chat = { id: `${label}-chat-${phone}@quick.kr`, pw: 'chat1234' };
  const made = await call(
    server,
    'chatJoin',
    { ...chat, cpw: chat.pw, phone, companyName: '빠른상사', companyArea: '대구' },
    { headers: fromAddress(newAddress()) },
  );
  expect(made.body.code).toBe(200);
  const holder = { id: `${label}-holder-${phone}@real.kr`, pw: 'owner123' };
  const joined = await call(server, 'join', {
    license: randomLicense(),
    companyName: '진짜상사',
    companyArea: '서울',
    ...holder,
    cpw: holder.pw,
    phone,
    authCode: await sendPhoneCode(server, phone),
    policy: true,
    privacy: true,
  });
  expect(joined.body.code).toBe(201);
  expect([(await hashOf(chat.id)).verified, (await hashOf(holder.id)).verified]).toEqual([false, true]);
  return { phone, chat, holder };
}

describe('find password: the proved holder and a chat sign-up with its number', () => {
  it("the original client's payload (no id) resets the proved holder, as before; the chat account keeps its password", async () => {
    const { phone, chat, holder } = await chatThenProvedHolder('heldpw');
    const res = await findPw(phone, await sendPhoneCode(server, phone, 'find'), 'holder789');
    // The answer names the account reset: the proved holder, not the chat account.
    expect([res.status, res.body]).toEqual([
      200,
      { code: 201, message: MSG.passwordChanged, results: { id: holder.id } },
    ]);
    expect(await loginAs(server, holder.id, 'holder789')).toBeTruthy();
    expect(await loginAs(server, chat.id, chat.pw)).toBeTruthy();
    expect([(await hashOf(chat.id)).verified, (await hashOf(holder.id)).verified]).toEqual([false, true]);
  });

  it("with the chat account's id, that one is reset and the holder keeps its password", async () => {
    const { phone, chat, holder } = await chatThenProvedHolder('chatpw');
    const res = await findPw(phone, await sendPhoneCode(server, phone, 'find'), 'chatnew789', chat.id);
    expect([res.status, res.body]).toEqual([
      200,
      { code: 201, message: MSG.passwordChanged, results: { id: chat.id } },
    ]);
    expect(await loginAs(server, chat.id, 'chatnew789')).toBeTruthy();
    expect(await loginAs(server, holder.id, holder.pw)).toBeTruthy();
    // The number stays the holder's to prove: the reset of the chat account cannot take the proof.
    expect([(await hashOf(chat.id)).verified, (await hashOf(holder.id)).verified]).toEqual([false, true]);
  });
});

describe('find password: a phone one account gave', () => {
  it("the original client's payload (no id) resets it; another id is refused with the same code", async () => {
    const c = await makeCompany(server, 'singlepw', 0);
    const stranger = await makeCompany(server, 'singlepwother', 0);
    const code = await sendPhoneCode(server, c.main.phone, 'find');
    const wrong = await findPw(c.main.phone, code, 'single123', stranger.main.id);
    expect([wrong.status, wrong.body]).toEqual([400, { code: 0, message: MSG.recoverIdNotFound, field: 'id' }]);
    expect(await loginAs(server, stranger.main.id, stranger.main.pw)).toBeTruthy();
    const res = await findPw(c.main.phone, code, 'single123');
    expect([res.status, res.body]).toEqual([
      200,
      { code: 201, message: MSG.passwordChanged, results: { id: c.main.id } },
    ]);
    expect(await loginAs(server, c.main.id, 'single123')).toBeTruthy();
  });

  it('a blank id is no id, and a malformed one is refused on its field', async () => {
    const c = await makeCompany(server, 'blankid', 0);
    const code = await sendPhoneCode(server, c.main.phone, 'find');
    const long = await findPw(c.main.phone, code, 'blank1234', `${'a'.repeat(60)}@shared.kr`);
    expect(long.body).toEqual({ code: 0, message: MSG.loginIdLength, field: 'id' });
    const typed = await call(server, 'POST', 'api/findMemberPw', {
      phone: c.main.phone,
      authCode: code,
      pw: 'blank1234',
      cpw: 'blank1234',
      id: 7,
    });
    expect(typed.body).toEqual({ code: 0, message: MSG.loginIdRequired, field: 'id' });
    const blank = await findPw(c.main.phone, code, 'blank1234', '  ');
    expect(blank.body).toEqual({ code: 201, message: MSG.passwordChanged, results: { id: c.main.id } });
    expect(await loginAs(server, c.main.id, 'blank1234')).toBeTruthy();
  });
});
