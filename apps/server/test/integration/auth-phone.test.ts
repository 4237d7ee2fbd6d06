import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, PHONE_CODE } from '@partsmall/contract';
import { like } from 'drizzle-orm';
import { companies, phoneCodes, rateEvents, smsOutbox } from '../../src/db/schema.js';
import { DEMO_COMPANY, OTHER_COMPANY, withCheckDigit } from '../../src/seed/demo.js';
import {
  allowCodeResend,
  call,
  clearOfSeoulMidnight,
  fromAddress,
  latestCode,
  newAddress,
  sendPhoneCode,
  startTestServer,
  wrongCode,
  type TestServer,
  lockWaiters,
} from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
// The daily caps count one Seoul day's codes: no test of this file may straddle its midnight.
beforeEach(() => clearOfSeoulMidnight(), 300_000);

const codesOf = (phone: string) =>
  server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone)).orderBy(phoneCodes.id);
const check = (phone: string, authCode: string) => call(server, 'checkAuthCode', { phone, authCode });

describe('GET api/checkLicense', () => {
  it('a new, valid business number answers 200', async () => {
    const res = await call(server, 'checkLicense', { license: withCheckDigit('305820000') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG.licenseNew });
  });

  it('the demo company number answers body code 400 (existing)', async () => {
    const res = await call(server, 'checkLicense', { license: DEMO_COMPANY.license });
    expect(res.body).toEqual({ code: 400, message: MSG.licenseExists });
  });

  it.each([
    [{ license: '1234567890' }, MSG.licenseChecksum],
    [{ license: DEMO_COMPANY.license.slice(0, 9) + ((Number(DEMO_COMPANY.license[9]) + 1) % 10) }, MSG.licenseChecksum],
    [{ license: '12345' }, MSG.licenseDigits],
    [{ license: '123-45-67890' }, MSG.licenseDigits],
    [{ license: '' }, MSG.licenseRequired],
    [{}, MSG.licenseRequired],
  ])(
    '%j is refused with HTTP 400 and body code 499 on field license, never the 400 of a member',
    async (query, message) => {
      const res = await call(server, 'GET', 'api/checkLicense', query);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 499, message, field: 'license' });
    },
  );

  it("the original client's reading: body code 200 new, 400 a member, anything else the message of a refusal", async () => {
    const answers = await Promise.all(
      [withCheckDigit('305820001'), DEMO_COMPANY.license, '1234567890'].map((license) =>
        call(server, 'GET', 'api/checkLicense', { license }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [200, 200],
      [200, 400],
      [400, 499],
    ]);
  });

  it('the number of a withdrawn company is free again', async () => {
    await server.db
      .update(companies)
      .set({ withdrawnAt: new Date() })
      .where(eq(companies.license, OTHER_COMPANY.license));
    try {
      const res = await call(server, 'checkLicense', { license: OTHER_COMPANY.license });
      expect(res.body.code).toBe(200);
    } finally {
      await server.db.update(companies).set({ withdrawnAt: null }).where(eq(companies.license, OTHER_COMPANY.license));
    }
  });
});

describe('GET api/mobileVerification', () => {
  it('sends a 6-digit code, readable in the dev outbox, stored only as a hash', async () => {
    const phone = '01020000001';
    const res = await call(server, 'mobileVerification', { phone, authType: 'message' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG.codeSent });
    const outbox = await call(server, 'devOutbox', { phone });
    expect(outbox.body.results).toHaveLength(1);
    const sent = outbox.body.results![0]!;
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.text).toContain(sent.code);
    // The shop's own name opens the text, not another one.
    expect(sent.text).toBe(`[파츠몰] 인증번호 [${sent.code}]를 입력해 주세요. (3분 이내)`);
    const [row] = await codesOf(phone);
    expect(row!.purpose).toBe('join');
    expect(row!.codeHash).not.toContain(sent.code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(180_000);
  });

  it('authType defaults to message', async () => {
    const res = await call(server, 'mobileVerification', { phone: '01020000002' });
    expect(res.body.code).toBe(200);
  });

  it('another authType, in the join as in the find flow, answers its own message and sends nothing', async () => {
    // A value chosen from a fixed list answers its own message (docs/requirements.md#validation).
    const phone = '01020000091';
    for (const [id, authType] of [
      ['mobileVerification', 'voice'],
      ['mobileVerification', 'sms'],
      ['mobileVerificationInq', 'sms'],
      ['mobileVerificationInq', 'MESSAGE'],
    ] as const) {
      const res = await call(server, 'GET', `api/${id}`, { phone, authType });
      expect([res.status, res.body], `${id} ${authType}`).toEqual([
        400,
        { code: 400, message: '인증 방식을 다시 선택하세요.', field: 'authType' },
      ]);
    }
    expect(await codesOf(phone)).toEqual([]);
    expect((await call(server, 'devOutbox', { phone })).body.results).toEqual([]);
  });

  it('a second request within 60 s answers 429 with a Korean message and sends nothing', async () => {
    const phone = '01020000003';
    const first = await sendPhoneCode(server, phone);
    const again = await call(server, 'mobileVerification', { phone });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ code: 429, message: MSG.codeWait });
    expect(await codesOf(phone)).toHaveLength(1);
    expect(await latestCode(server, phone)).toBe(first);
  });

  it('after 60 s a new code replaces the old one', async () => {
    const phone = '01020000004';
    const old = await sendPhoneCode(server, phone);
    await allowCodeResend(server, phone);
    // Ensure the two codes differ so that the check below is meaningful.
    let fresh = await sendPhoneCode(server, phone);
    while (fresh === old) {
      await allowCodeResend(server, phone);
      fresh = await sendPhoneCode(server, phone);
    }
    const stale = await check(phone, old);
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(MSG.codeWrong);
    expect((await check(phone, fresh)).body.code).toBe(200);
  });

  it('refuses the phone of an existing member and sends nothing', async () => {
    for (const phone of ['01012345601', '01012345602', '01012345603']) {
      const res = await call(server, 'mobileVerification', { phone });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: MSG.phoneInUse, field: 'phone' });
      expect(await codesOf(phone)).toHaveLength(0);
      expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toHaveLength(0);
    }
  });

  it.each([
    [{ phone: '' }, MSG.phoneRequired],
    [{}, MSG.phoneRequired],
    [{ phone: '0102000000' }, MSG.phoneDigits],
    [{ phone: '010-2000-0000' }, MSG.phoneDigits],
    [{ phone: '02123456789' }, MSG.phoneShape],
  ])('refuses %j with 400 on field phone', async (query, message) => {
    const res = await call(server, 'GET', 'api/mobileVerification', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, field: 'phone' });
  });

  it(`stops at ${PHONE_CODE.dailyCapPerPhone} codes a day per phone, however many addresses ask`, async () => {
    const phone = '01020000005';
    for (let i = 0; i < PHONE_CODE.dailyCapPerPhone; i++) {
      if (i > 0) await allowCodeResend(server, phone);
      expect(
        (await call(server, 'mobileVerification', { phone }, { headers: fromAddress(newAddress()) })).body.code,
      ).toBe(200);
    }
    await allowCodeResend(server, phone);
    const capped = await call(server, 'mobileVerification', { phone }, { headers: fromAddress(newAddress()) });
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({ code: 429, message: MSG.codeDailyCap });
    expect(await codesOf(phone)).toHaveLength(PHONE_CODE.dailyCapPerPhone);
  });

  it('the daily cap counts the find flow too and ends with the Seoul day', async () => {
    const phone = '01020000006';
    const now = Date.now();
    // Ten codes of the find flow sent earlier today.
    await server.db.insert(phoneCodes).values(
      Array.from({ length: PHONE_CODE.dailyCapPerPhone }, () => ({
        phone,
        purpose: 'find',
        codeHash: 'x',
        createdAt: new Date(now - 1000),
        expiresAt: new Date(now + 60_000),
      })),
    );
    expect((await call(server, 'mobileVerification', { phone })).body.message).toBe(MSG.codeDailyCap);
    // Moved to yesterday (Seoul), they no longer count.
    await server.db
      .update(phoneCodes)
      .set({ createdAt: new Date(now - 25 * 3600_000) })
      .where(eq(phoneCodes.phone, phone));
    expect((await call(server, 'mobileVerification', { phone })).body.code).toBe(200);
  });
});

describe('daily caps of the requesting address', () => {
  const ask = (phone: string, address: string) =>
    call(server, 'mobileVerification', { phone }, { headers: fromAddress(address) });

  it('one address gets 5 codes a day for one phone, not a 6th (the phone’s cap is 10), while another address still can', async () => {
    const phone = '01020000031';
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      if (i > 0) await allowCodeResend(server, phone);
      expect((await ask(phone, address)).body.code, `code ${i + 1}`).toBe(200);
    }
    await allowCodeResend(server, phone);
    const sixth = await ask(phone, address);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ code: 429, message: MSG.codeDailyCap });

    const elsewhere = await ask(phone, newAddress());
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toEqual({ code: 200, message: MSG.codeSent });
  });

  it('one address gets 30 codes a day over all phones, not a 31st; the 31st phone still gets one from another address', async () => {
    const address = newAddress();
    const phones = Array.from({ length: 31 }, (_, i) => `0103100${String(i).padStart(4, '0')}`);
    for (const phone of phones.slice(0, 30)) expect((await ask(phone, address)).body.code, phone).toBe(200);
    const refused = await ask(phones[30]!, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, message: MSG.codeAddressDailyCap });
    expect(await codesOf(phones[30]!)).toHaveLength(0);
    expect((await ask(phones[30]!, newAddress())).body).toEqual({ code: 200, message: MSG.codeSent });
  });

  it('a refused request is not counted, and the caps end with the Seoul day', async () => {
    const address = newAddress();
    const phone = '01020000032';
    for (let i = 0; i < 5; i++) {
      if (i > 0) await allowCodeResend(server, phone);
      expect((await ask(phone, address)).body.code).toBe(200);
    }
    // Refused within the 60 s wait and past the cap: neither adds to the address's count.
    expect((await ask(phone, address)).body.message).toBe(MSG.codeWait);
    await allowCodeResend(server, phone);
    expect((await ask(phone, address)).body.message).toBe(MSG.codeDailyCap);
    const counted = await server.db
      .select()
      .from(rateEvents)
      .where(like(rateEvents.key, `phonecode:address:${address}%`));
    expect(counted).toHaveLength(10); // 5 for the address, 5 for the address and this phone

    // Moved to yesterday (Seoul), the address's codes no longer count.
    await server.db
      .update(rateEvents)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(like(rateEvents.key, `phonecode:address:${address}%`));
    await allowCodeResend(server, phone);
    expect((await ask(phone, address)).body).toEqual({ code: 200, message: MSG.codeSent });
  });

  it('a refusal that tells a number is taken counts toward the 30 of the address (docs/security.md#account-enumeration)', async () => {
    const address = newAddress();
    const counted = () =>
      server.db
        .select()
        .from(rateEvents)
        .where(like(rateEvents.key, `phonecode:address:${address}%`));
    const first = await ask('01012345602', address);
    expect([first.status, first.body]).toEqual([400, { code: 400, message: MSG.phoneInUse, field: 'phone' }]);
    // One for the address, none for the address and that phone (no text went to it).
    expect((await counted()).map((e) => e.key)).toEqual([`phonecode:address:${address}`]);
    // 28 more: the 30th answer of the day still tells.
    await server.db
      .insert(rateEvents)
      .values(
        Array.from({ length: PHONE_CODE.dailyCapPerAddress - 2 }, () => ({ key: `phonecode:address:${address}` })),
      );
    expect((await ask('01012345603', address)).body).toEqual({ code: 400, message: MSG.phoneInUse, field: 'phone' });
    // Past it, a member's phone and a free one answer alike.
    for (const phone of ['01012345601', '01020000041']) {
      const res = await ask(phone, address);
      expect([res.status, res.body], phone).toEqual([429, { code: 429, message: MSG.codeAddressDailyCap }]);
    }
    expect(await codesOf('01020000041')).toHaveLength(0);
  });

  it('forty phones of members at once from one address: 30 refusals, then 10 answers of 429', async () => {
    const address = newAddress();
    const members = ['01012345601', '01012345602', '01012345603', '01012345604'];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(members[i % 4]!, address)));
    expect(answers.filter((a) => a.body.message === MSG.phoneInUse)).toHaveLength(PHONE_CODE.dailyCapPerAddress);
    expect(answers.filter((a) => a.status === 429 && a.body.message === MSG.codeAddressDailyCap)).toHaveLength(10);
  });

  it('the find flow counts against the same caps (the seeded main account’s phone)', async () => {
    const address = newAddress();
    await server.db
      .insert(rateEvents)
      .values(Array.from({ length: 30 }, () => ({ key: `phonecode:address:${address}` })));
    const res = await call(
      server,
      'mobileVerificationInq',
      { phone: '01012345601' },
      { headers: fromAddress(address) },
    );
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, message: MSG.codeAddressDailyCap });
  });

  it('parallel requests from one address to many phones never pass the address cap', async () => {
    const address = newAddress();
    // 25 codes already sent from this address today.
    await server.db
      .insert(rateEvents)
      .values(Array.from({ length: 25 }, () => ({ key: `phonecode:address:${address}` })));
    const phones = Array.from({ length: 10 }, (_, i) => `0103200${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(phones.map((phone) => ask(phone, address)));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.body.message === MSG.codeAddressDailyCap)).toHaveLength(5);
  });
});

describe('GET api/checkAuthCode', () => {
  it('a code never requested is refused', async () => {
    const res = await check('01020000010', '123456');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.codeNotRequested, field: 'authCode' });
  });

  it('a code requested through the find flow does not verify a join', async () => {
    // other@ has a member, so only the find flow sends it codes.
    const code = await sendPhoneCode(server, '01012345603', 'find');
    const res = await check('01012345603', code);
    expect(res.body.message).toBe(MSG.codeNotRequested);
  });

  it('the right code verifies (200) and is marked verified', async () => {
    const phone = '01020000011';
    const code = await sendPhoneCode(server, phone);
    const res = await check(phone, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG.codeVerified });
    const [row] = await codesOf(phone);
    expect(row!.verifiedAt).not.toBeNull();
    expect(row!.attempts).toBe(0);
  });

  it('wrong codes count; the fifth locks the code, even against the right one', async () => {
    const phone = '01020000012';
    const code = await sendPhoneCode(server, phone);
    for (let i = 1; i < PHONE_CODE.maxWrongTries; i++) {
      const res = await check(phone, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, message: MSG.codeWrong, field: 'authCode' });
      expect((await codesOf(phone))[0]!.attempts).toBe(i);
    }
    const fifth = await check(phone, wrongCode(code));
    expect(fifth.body.message).toBe(MSG.codeTooManyTries);
    const right = await check(phone, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(MSG.codeTooManyTries);
    expect((await codesOf(phone))[0]!.attempts).toBe(PHONE_CODE.maxWrongTries);
    expect((await codesOf(phone))[0]!.verifiedAt).toBeNull();
    // A new code starts with a clean count.
    await allowCodeResend(server, phone);
    const fresh = await sendPhoneCode(server, phone);
    expect((await check(phone, fresh)).body.code).toBe(200);
  });

  // PGlite runs one statement at a time, so two checks never interleave there: this race is PostgreSQL's.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'the right code sent beside the fifth wrong one, both read before either counts, is not judged after the tries ran out',
    async () => {
      const phone = '01020000015';
      const code = await sendPhoneCode(server, phone);
      await server.db
        .update(phoneCodes)
        .set({ attempts: PHONE_CODE.maxWrongTries - 1 })
        .where(eq(phoneCodes.phone, phone));
      let fifth: ReturnType<typeof check> | undefined;
      let right: ReturnType<typeof check> | undefined;
      const waiting = () => lockWaiters(server.db, 'update "phone_codes"%');
      // The code's row held: both checks read it, and whatever each writes waits until the hold ends.
      await server.db.transaction(async (tx) => {
        await tx.execute(sql`select id from phone_codes where phone = ${phone} for update`);
        fifth = check(phone, wrongCode(code));
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(1);
        right = check(phone, code);
        await expect.poll(waiting, { timeout: 20_000, interval: 20 }).toBe(2);
      });
      expect((await fifth!).body.message).toBe(MSG.codeTooManyTries);
      expect((await right!).body).toEqual({ code: 400, message: MSG.codeTooManyTries, field: 'authCode' });
      const [row] = await codesOf(phone);
      expect([row!.attempts, row!.verifiedAt]).toEqual([PHONE_CODE.maxWrongTries, null]);
    },
  );

  it('an expired code is refused, even when right; one a moment from its end is taken', async () => {
    const phone = '01020000013';
    const code = await sendPhoneCode(server, phone);
    const expireIn = (ms: number) =>
      server.db
        .update(phoneCodes)
        .set({ expiresAt: new Date(Date.now() + ms) })
        .where(and(eq(phoneCodes.phone, phone)));
    await expireIn(-1);
    const res = await check(phone, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.codeExpired, field: 'authCode' });
    await expireIn(5_000);
    expect((await check(phone, code)).body).toEqual({ code: 200, message: MSG.codeVerified });
  });

  it.each([
    [{ phone: '01020000014', authCode: '' }, 'authCode', MSG.codeRequired],
    [{ phone: '01020000014', authCode: '12345' }, 'authCode', MSG.codeDigits],
    [{ phone: '01020000014', authCode: 'abcdef' }, 'authCode', MSG.codeDigits],
    [{ phone: '01020000014' }, 'authCode', MSG.codeRequired],
    [{ authCode: '123456' }, 'phone', MSG.phoneRequired],
  ])('refuses %j with 400 on %s', async (query, field, message) => {
    const res = await call(server, 'GET', 'api/checkAuthCode', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message, field });
  });
});
