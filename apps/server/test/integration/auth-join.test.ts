import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT, MSG, PHONE_CODE } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { companies, members, phoneCodes, sessions } from '../../src/db/schema.js';
import { DEMO_COMPANY, OTHER_COMPANY, withCheckDigit } from '../../src/seed/demo.js';
import { securityNumbersOf } from '../member-helpers.js';
import {
  call,
  fromAddress,
  latestCode,
  loginAs,
  newAddress,
  nextEvent,
  sendPhoneCode,
  startTestServer,
  tradeSocket,
  wrongCode,
  until,
  type TestServer,
} from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface UserInfoAnswer {
  token: string;
  userInfo: {
    id: string;
    type: number;
    companyId: number;
    companyName: string;
    companyInfo: { license: string; securityNum: string | null; level: string; point: number };
  };
}

/** How many members, companies, sessions and used codes there are: a refusal must change none. */
async function snapshot() {
  const [m] = await server.db.select({ n: count() }).from(members);
  const [c] = await server.db.select({ n: count() }).from(companies);
  const [s] = await server.db.select({ n: count() }).from(sessions);
  const [used] = await server.db.select({ n: count() }).from(phoneCodes).where(isNull(phoneCodes.consumedAt));
  return { members: m!.n, companies: c!.n, sessions: s!.n, unusedCodes: used!.n };
}

let nextPhone = 1;
/** A fresh mobile number for each join attempt. */
const freshPhone = () => `0103000${String(nextPhone++).padStart(4, '0')}`;

function companyForm(over: Record<string, unknown> = {}) {
  return {
    license: withCheckDigit('411200001'),
    companyName: '새한모터스',
    companyArea: '경기 수원',
    id: 'owner@saehan.kr',
    pw: 'saehan12',
    cpw: 'saehan12',
    phone: '01030009999',
    authCode: '000000',
    policy: true,
    privacy: true,
    ...over,
  };
}

async function companyIdOf(license: string): Promise<number> {
  const [row] = await server.db.select({ id: companies.id }).from(companies).where(eq(companies.license, license));
  return row!.id;
}

describe('company join (api/join)', () => {
  it('runs end to end: check number, phone code, join, log in as the type-0 account', async () => {
    const license = withCheckDigit('411200001');
    const phone = freshPhone();
    expect((await call(server, 'GET', 'api/checkLicense', { license })).body.code).toBe(200);
    const code = await sendPhoneCode(server, phone);
    expect((await call(server, 'GET', 'api/checkAuthCode', { phone, authCode: code })).body.code).toBe(200);

    const res = await call(
      server,
      'POST',
      'api/join',
      companyForm({ license, phone, authCode: code, id: 'Owner@Saehan.kr' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 201, message: MSG.joinDone });

    const login = await call<UserInfoAnswer>(server, 'POST', 'api/login', { id: 'owner@saehan.kr', pw: 'saehan12' });
    expect(login.body.code).toBe(200);
    const info = login.body.results!.userInfo;
    expect(info).toMatchObject({ id: 'owner@saehan.kr', type: 0, companyName: '새한모터스' });
    expect(info.companyInfo).toMatchObject({ license, level: 'd', point: 0 });
    expect(info.companyInfo.securityNum).toMatch(/^\d{6}$/);

    const [company] = await server.db.select().from(companies).where(eq(companies.license, license));
    expect(company).toMatchObject({ name: '새한모터스', area: '경기 수원', point: 0 });
    expect(company!.securityNum).toMatch(/^\d{6}$/);
    expect(company!.securityNum).toBe(info.companyInfo.securityNum);
    const [member] = await server.db.select().from(members).where(eq(members.loginId, 'owner@saehan.kr'));
    expect(member).toMatchObject({ type: 0, companyId: company!.id, phone, status: 'active', role: 'member' });
    expect(member!.passwordHash).not.toContain('saehan12');

    // The number is taken now.
    expect((await call(server, 'GET', 'api/checkLicense', { license })).body.code).toBe(400);
  });

  it('accepts a right code that was not checked separately first', async () => {
    const phone = freshPhone();
    const code = await sendPhoneCode(server, phone);
    const res = await call(
      server,
      'POST',
      'api/join',
      companyForm({ license: withCheckDigit('411200002'), phone, authCode: code, id: 'direct@join.kr' }),
    );
    expect(res.body.code).toBe(201);
    expect(await loginAs(server, 'direct@join.kr', 'saehan12')).toBeTruthy();
  });

  it('two joins racing with one code: one is made, the other gets 499', async () => {
    const phone = freshPhone();
    const code = await sendPhoneCode(server, phone);
    const results = await Promise.all([
      call(
        server,
        'POST',
        'api/join',
        companyForm({ license: withCheckDigit('411200005'), phone, authCode: code, id: 'racea@join.kr' }),
      ),
      call(
        server,
        'POST',
        'api/join',
        companyForm({ license: withCheckDigit('411200006'), phone, authCode: code, id: 'raceb@join.kr' }),
      ),
    ]);
    expect(results.map((r) => r.body.code).sort()).toEqual([201, 499]);
    const [m] = await server.db.select({ n: count() }).from(members).where(eq(members.phone, phone));
    expect(m!.n).toBe(1);
  });

  it('two companies joining at once with one business number: one is made, the other gets 499 on license', async () => {
    const license = withCheckDigit('411200007');
    const forms = await Promise.all(
      ['licrace-a@join.kr', 'licrace-b@join.kr'].map(async (id) => {
        const phone = freshPhone();
        return companyForm({ license, phone, authCode: await sendPhoneCode(server, phone), id });
      }),
    );
    const results = await Promise.all(forms.map((f) => call(server, 'POST', 'api/join', f)));
    expect(results.map((r) => r.body.code).sort()).toEqual([201, 499]);
    expect(results.find((r) => r.body.code === 499)!.body).toEqual({
      code: 499,
      message: MSG.licenseExists,
      field: 'license',
    });
    const [made] = await server.db.select({ n: count() }).from(companies).where(eq(companies.license, license));
    expect(made!.n).toBe(1);
  });

  it('a code finishes one join only', async () => {
    const phone = freshPhone();
    const code = await sendPhoneCode(server, phone);
    expect(
      (
        await call(
          server,
          'POST',
          'api/join',
          companyForm({ license: withCheckDigit('411200003'), phone, authCode: code, id: 'once@join.kr' }),
        )
      ).body.code,
    ).toBe(201);
    // Same phone: now in use.
    const again = await call(
      server,
      'POST',
      'api/join',
      companyForm({ license: withCheckDigit('411200004'), phone, authCode: code, id: 'twice@join.kr' }),
    );
    expect(again.body.code).toBe(499);
    // Used up: the screen's check step no longer takes it either.
    const check = await call(server, 'GET', 'api/checkAuthCode', { phone, authCode: code });
    expect([check.status, check.body]).toEqual([400, { code: 400, message: MSG.codeNotRequested, field: 'authCode' }]);
  });
});

describe('join refusals: body code 499, form rules too, and nothing written', () => {
  /** Sends the form with a valid, fresh code unless the form carries one; checks nothing changed. */
  async function refused(form: Record<string, unknown>, expected: { code: number; message: string; field: string }) {
    const before = await snapshot();
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
    expect(await snapshot()).toEqual(before);
  }

  async function withCode(over: Record<string, unknown> = {}) {
    const phone = (over.phone as string | undefined) ?? freshPhone();
    const authCode = await sendPhoneCode(server, phone);
    return companyForm({ license: withCheckDigit('411300001'), phone, authCode, id: 'refused@join.kr', ...over });
  }

  it('an existing id (any case), keeping the code usable', async () => {
    const form = await withCode();
    await refused({ ...form, id: 'demo@partsmall.kr' }, { code: 499, message: MSG.idInUse, field: 'id' });
    await refused({ ...form, id: 'DEMO@PartsMall.kr' }, { code: 499, message: MSG.idInUse, field: 'id' });
    // Nothing was used up: the same code finishes a correct join.
    expect((await call(server, 'POST', 'api/join', { ...form, id: 'afterrefusal@join.kr' })).body.code).toBe(201);
  });

  it('an existing business number', async () => {
    const form = await withCode();
    await refused(
      { ...form, license: DEMO_COMPANY.license },
      { code: 499, message: MSG.licenseExists, field: 'license' },
    );
  });

  it('a phone already used by a member: told only past a code sent to it, before a member took it', async () => {
    const phone = freshPhone();
    const form = companyForm({
      license: withCheckDigit('411300002'),
      phone,
      authCode: await codeFromOwnAddress(phone),
      id: 'reuse@join.kr',
    });
    // Without its code the join says nothing of the member's phone.
    await refused(
      { ...form, phone: '01012345601', authCode: '123456' },
      { code: 499, message: MSG.codeNotRequested, field: 'authCode' },
    );
    // The code was sent while the phone was free; another account proved it since.
    await server.db
      .update(members)
      .set({ phone: form.phone as string, phoneVerified: true })
      .where(eq(members.loginId, 'other@partsmall.kr'));
    try {
      await refused(form, { code: 499, message: MSG.phoneInUse, field: 'phone' });
    } finally {
      await server.db
        .update(members)
        .set({ phone: '01012345603', phoneVerified: true })
        .where(eq(members.loginId, 'other@partsmall.kr'));
    }
  });

  it('a wrong code', async () => {
    const form = await withCode({ license: withCheckDigit('411300003') });
    await refused(
      { ...form, authCode: wrongCode(form.authCode as string) },
      { code: 499, message: MSG.codeWrong, field: 'authCode' },
    );
  });

  it('a code never requested', async () => {
    await refused(
      companyForm({
        license: withCheckDigit('411300004'),
        phone: freshPhone(),
        authCode: '123456',
        id: 'nocode@join.kr',
      }),
      {
        code: 499,
        message: MSG.codeNotRequested,
        field: 'authCode',
      },
    );
  });

  it('an expired code, even after it was checked', async () => {
    const form = await withCode({ license: withCheckDigit('411300005') });
    await server.db
      .update(phoneCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.phone, form.phone as string));
    await refused(form, { code: 499, message: MSG.codeExpired, field: 'authCode' });
  });

  it('a code verified more than 30 minutes ago', async () => {
    const form = await withCode({ license: withCheckDigit('411300006') });
    const phone = form.phone as string;
    expect(
      (await call(server, 'GET', 'api/checkAuthCode', { phone, authCode: form.authCode as string })).body.code,
    ).toBe(200);
    await server.db
      .update(phoneCodes)
      .set({ verifiedAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 28 * 60_000) })
      .where(eq(phoneCodes.phone, phone));
    await refused(form, { code: 499, message: MSG.codeExpired, field: 'authCode' });
  });

  it('a wrong code after the right one was checked: the check proves that code, not any other', async () => {
    const form = await withCode({ license: withCheckDigit('411300009') });
    const phone = form.phone as string;
    expect(
      (await call(server, 'GET', 'api/checkAuthCode', { phone, authCode: form.authCode as string })).body.code,
    ).toBe(200);
    await refused(
      { ...form, authCode: wrongCode(form.authCode as string) },
      { code: 499, message: MSG.codeWrong, field: 'authCode' },
    );
  });

  // The original client shows the message of a 499 only (docs/requirements.md#join).
  it('missing or refused consents: 499 on the consent', async () => {
    const form = await withCode({ license: withCheckDigit('411300007') });
    await refused({ ...form, policy: false }, { code: 499, message: MSG.policyRequired, field: 'policy' });
    await refused({ ...form, privacy: false }, { code: 499, message: MSG.privacyRequired, field: 'privacy' });
    const { policy: _p, ...noPolicy } = form;
    await refused(noPolicy, { code: 499, message: MSG.policyRequired, field: 'policy' });
  });

  it('mismatched passwords: 499 on cpw', async () => {
    const form = await withCode({ license: withCheckDigit('411300008') });
    await refused({ ...form, cpw: 'different1' }, { code: 499, message: MSG.passwordMismatch, field: 'cpw' });
  });

  it.each([
    ['license', '1234567890', 499, MSG.licenseChecksum],
    ['companyName', '', 499, MSG.companyNameRequired],
    ['companyArea', '', 499, MSG.companyAreaRequired],
    ['id', 'nope', 499, MSG.loginIdLength],
    ['pw', 'abc', 499, MSG.passwordLength],
    ['phone', '0103', 499, MSG.phoneDigits],
    ['authCode', '12', 499, MSG.codeDigits],
  ])('%s = %j: %d on the field', async (field, value, code, message) => {
    await refused(companyForm({ [field]: value }), { code, message, field });
  });
});

describe('sub-account join (securityNum)', () => {
  async function subForm(over: Record<string, unknown> = {}) {
    const phone = freshPhone();
    const authCode = await sendPhoneCode(server, phone);
    return {
      license: DEMO_COMPANY.license,
      securityNum: DEMO_COMPANY.securityNum,
      id: `sub${phone.slice(-4)}@hanbit.kr`,
      pw: 'subpass1',
      cpw: 'subpass1',
      phone,
      authCode,
      policy: true,
      privacy: true,
      ...over,
    };
  }

  it('joins the company with its current security number: type != 0, same company, no security number shown', async () => {
    const form = await subForm({ name: '김부장', phoen: '0212345678' });
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.body).toEqual({ code: 201, message: MSG.joinDone });
    const login = await call<UserInfoAnswer>(server, 'POST', 'api/login', { id: form.id, pw: 'subpass1' });
    const info = login.body.results!.userInfo;
    expect(info.type).not.toBe(0);
    expect(info.companyId).toBe(await companyIdOf(DEMO_COMPANY.license));
    expect(info.companyName).toBe(DEMO_COMPANY.name);
    expect(info.companyInfo.securityNum).toBeNull();
    // It shares the company's cash.
    expect(info.companyInfo.point).toBe(5_000_000);
    const [member] = await server.db.select().from(members).where(eq(members.loginId, form.id));
    expect(member).toMatchObject({ name: '김부장', contactPhone: '0212345678' });
    // No new company was made.
    const [c] = await server.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    expect(c!.n).toBe(1);
  });

  it("takes a form's empty company fields as absent: companyName '' and companyArea '' join as a sub-account", async () => {
    const form = await subForm({ companyName: '', companyArea: '  ', name: '' });
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.body).toEqual({ code: 201, message: MSG.joinDone });
    const login = await call<UserInfoAnswer>(server, 'POST', 'api/login', { id: form.id, pw: 'subpass1' });
    expect(login.body.results!.userInfo.type).not.toBe(0);
    expect(login.body.results!.userInfo.companyName).toBe(DEMO_COMPANY.name);
  });

  it('refuses a wrong security number with 499 and writes nothing', async () => {
    const form = await subForm({ securityNum: DEMO_COMPANY.securityNum === '000000' ? '111111' : '000000' });
    const before = await snapshot();
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 499, message: MSG.securityNumWrong, field: 'securityNum' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a wrong or never-requested phone code with 499 and writes nothing', async () => {
    const form = await subForm();
    const before = await snapshot();
    const wrong = await call(server, 'POST', 'api/join', { ...form, authCode: wrongCode(form.authCode) });
    expect([wrong.status, wrong.body]).toEqual([400, { code: 499, message: MSG.codeWrong, field: 'authCode' }]);
    const none = await call(server, 'POST', 'api/join', { ...form, phone: freshPhone(), authCode: '123456' });
    expect([none.status, none.body]).toEqual([400, { code: 499, message: MSG.codeNotRequested, field: 'authCode' }]);
    expect(await snapshot()).toEqual(before);
    // The right code still finishes it.
    expect((await call(server, 'POST', 'api/join', form)).body.code).toBe(201);
  });

  it('refuses the old number once the company renewed it, and accepts the new one', async () => {
    const renewed = DEMO_COMPANY.securityNum === '135790' ? '246801' : '135790';
    await server.db.update(companies).set({ securityNum: renewed }).where(eq(companies.license, DEMO_COMPANY.license));
    const old = await subForm({ securityNum: DEMO_COMPANY.securityNum });
    const before = await snapshot();
    const res = await call(server, 'POST', 'api/join', old);
    expect(res.body).toEqual({ code: 499, message: MSG.securityNumWrong, field: 'securityNum' });
    expect(await snapshot()).toEqual(before);
    const current = await call(server, 'POST', 'api/join', { ...old, securityNum: renewed });
    expect(current.body.code).toBe(201);
  });

  it('refuses an unknown business number (valid checksum, no company)', async () => {
    const form = await subForm({ license: withCheckDigit('599900001') });
    const before = await snapshot();
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.body).toEqual({ code: 499, message: MSG.licenseUnknown, field: 'license' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a security number of the wrong length with 499', async () => {
    const form = await subForm({ securityNum: '12345' });
    const res = await call(server, 'POST', 'api/join', form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 499, message: MSG.securityNumLength, field: 'securityNum' });
    // A JSON number that is no 6-digit number is malformed, not missing.
    for (const securityNum of [12345, 4829.13, true]) {
      const wrong = await call(server, 'POST', 'api/join', { ...form, securityNum });
      expect(wrong.body, String(securityNum)).toEqual({
        code: 499,
        message: MSG.securityNumLength,
        field: 'securityNum',
      });
    }
  });

  it('takes the security number sent as a JSON number, as the original client sends a number input', async () => {
    const [row] = await server.db
      .select({ s: companies.securityNum })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    // A number keeps no leading zero: only a number from 100000 is one.
    if (row!.s.startsWith('0')) {
      await server.db
        .update(companies)
        .set({ securityNum: '482913' })
        .where(eq(companies.license, DEMO_COMPANY.license));
    }
    const securityNum = row!.s.startsWith('0') ? '482913' : row!.s;
    const form = await subForm({ securityNum: Number(securityNum) });
    expect((await call(server, 'POST', 'api/join', form)).body.code).toBe(201);
  });

  it('refuses an id or phone already in use', async () => {
    const [row] = await server.db
      .select({ s: companies.securityNum })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    const form = await subForm({ securityNum: row!.s });
    expect((await call(server, 'POST', 'api/join', { ...form, id: 'sub@partsmall.kr' })).body).toEqual({
      code: 499,
      message: MSG.idInUse,
      field: 'id',
    });
    // Another member's phone without a code sent to it: the code is judged first, and says nothing of the phone.
    expect((await call(server, 'POST', 'api/join', { ...form, phone: '01012345602' })).body).toEqual({
      code: 499,
      message: MSG.codeNotRequested,
      field: 'authCode',
    });
  });
});

/**
 * Sends a join code from an address of its own: the tests below would otherwise use up the default
 * address's 30 codes a day that the rest of this file needs.
 */
async function codeFromOwnAddress(phone: string): Promise<string> {
  const res = await call(
    server,
    'mobileVerification',
    { phone, authType: 'message' },
    { headers: fromAddress(newAddress()) },
  );
  expect(res.body.code).toBe(200);
  return latestCode(server, phone);
}

describe('the join tells nothing of an id or a phone before the phone code (docs/security.md#account-enumeration)', () => {
  const unknownId = 'nobody-here@join.kr';
  const sub = (over: Record<string, unknown>) => ({
    license: DEMO_COMPANY.license,
    securityNum: DEMO_COMPANY.securityNum,
    pw: 'subpass1',
    cpw: 'subpass1',
    policy: true,
    privacy: true,
    ...over,
  });

  it('a company join with no code sent: the same refusal for the admin id, a member id and an unknown id', async () => {
    const license = withCheckDigit('411400001');
    const phone = freshPhone();
    for (const id of ['admin@partsmall.kr', 'demo@partsmall.kr', unknownId]) {
      const res = await call(server, 'POST', 'api/join', companyForm({ license, phone, authCode: '000000', id }));
      expect([res.status, res.body], id).toEqual([
        400,
        { code: 499, message: MSG.codeNotRequested, field: 'authCode' },
      ]);
    }
  });

  it('a company join with a wrong code: the same refusal for a taken id and a free one', async () => {
    const phone = freshPhone();
    const code = await codeFromOwnAddress(phone);
    for (const id of ['admin@partsmall.kr', unknownId]) {
      const res = await call(
        server,
        'POST',
        'api/join',
        companyForm({ license: withCheckDigit('411400002'), phone, authCode: wrongCode(code), id }),
      );
      expect(res.body, id).toEqual({ code: 499, message: MSG.codeWrong, field: 'authCode' });
    }
  });

  it('a sub-account join with the right security number and no code sent: the same refusal for a taken id and a free one', async () => {
    const [row] = await server.db
      .select({ s: companies.securityNum })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    const phone = freshPhone();
    for (const id of ['admin@partsmall.kr', unknownId]) {
      const res = await call(server, 'POST', 'api/join', sub({ securityNum: row!.s, id, phone, authCode: '000000' }));
      expect(res.body, id).toEqual({ code: 499, message: MSG.codeNotRequested, field: 'authCode' });
    }
  });

  it(`one code learns at most ${PHONE_CODE.maxWrongTries} taken ids: each refused join spends one of its tries`, async () => {
    const form = await withCodeFor('411400003');
    for (let i = 1; i <= PHONE_CODE.maxWrongTries; i++) {
      const res = await call(server, 'POST', 'api/join', { ...form, id: 'admin@partsmall.kr' });
      expect(res.body, `refusal ${i}`).toEqual({ code: 499, message: MSG.idInUse, field: 'id' });
    }
    for (const id of ['demo@partsmall.kr', 'free-after-five@join.kr']) {
      const res = await call(server, 'POST', 'api/join', { ...form, id });
      expect(res.body, id).toEqual({ code: 499, message: MSG.codeTooManyTries, field: 'authCode' });
    }
    const [m] = await server.db
      .select({ n: count() })
      .from(members)
      .where(eq(members.loginId, 'free-after-five@join.kr'));
    expect(m!.n).toBe(0);
  });

  it(`a code refused ${PHONE_CODE.maxWrongTries - 1} times for a taken id still finishes a join with a free one`, async () => {
    const form = await withCodeFor('411400004');
    for (let i = 1; i < PHONE_CODE.maxWrongTries; i++) {
      expect((await call(server, 'POST', 'api/join', { ...form, id: 'admin@partsmall.kr' })).body.message).toBe(
        MSG.idInUse,
      );
    }
    expect((await call(server, 'POST', 'api/join', { ...form, id: 'fifth-try@join.kr' })).body).toEqual({
      code: 201,
      message: MSG.joinDone,
    });
  });

  async function withCodeFor(nine: string) {
    const phone = freshPhone();
    return companyForm({ license: withCheckDigit(nine), phone, authCode: await codeFromOwnAddress(phone) });
  }
});

describe('a join that makes nothing leaves its code usable', () => {
  /** Holds an uncommitted account with `id` open until `release`, so a join with it waits on the id and then loses. */
  async function holdId(id: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => (inserted = resolve));
    const done = server.db.transaction(async (tx) => {
      const [demo] = await tx.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
      await tx.insert(members).values({
        loginId: id,
        passwordHash: demo!.passwordHash,
        name: '먼저가입',
        phone: freshPhone(),
        phoneVerified: false,
        mail: id,
        type: demo!.type + 1,
        companyId: demo!.companyId,
      });
      inserted();
      await released;
    });
    await holding;
    return { release, done };
  }

  it('the loser of two joins with one id (each its own code) keeps its code and joins with another id', async () => {
    const phone = freshPhone();
    const code = await codeFromOwnAddress(phone);
    const form = companyForm({ license: withCheckDigit('411500001'), phone, authCode: code, id: 'raced-id@join.kr' });
    const first = await holdId('raced-id@join.kr');
    const join = call(server, 'POST', 'api/join', form);
    // The join got past its checks and waits on the other account's id.
    await until('the join to wait on the id', async () => {
      const rows = await queryRows(
        server.db,
        sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows.length > 0;
    });
    first.release();
    await first.done;
    const lost = await join;
    expect([lost.status, lost.body]).toEqual([400, { code: 499, message: MSG.idInUse, field: 'id' }]);
    const [unused] = await server.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
    expect(unused!.consumedAt).toBeNull();

    const retried = await call(server, 'POST', 'api/join', { ...form, id: 'raced-retry@join.kr' });
    expect(retried.body).toEqual({ code: 201, message: MSG.joinDone });
    expect(await loginAs(server, 'raced-retry@join.kr', 'saehan12')).toBeTruthy();
  });

  it('the same for a sub-account join', async () => {
    const [row] = await server.db
      .select({ s: companies.securityNum })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    const phone = freshPhone();
    const form = {
      license: DEMO_COMPANY.license,
      securityNum: row!.s,
      id: 'raced-sub@hanbit.kr',
      pw: 'subpass1',
      cpw: 'subpass1',
      phone,
      authCode: await codeFromOwnAddress(phone),
      policy: true,
      privacy: true,
    };
    const first = await holdId('raced-sub@hanbit.kr');
    const join = call(server, 'POST', 'api/join', form);
    await until('the join to wait on the id', async () => {
      const rows = await queryRows(
        server.db,
        sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows.length > 0;
    });
    first.release();
    await first.done;
    expect((await join).body).toEqual({ code: 499, message: MSG.idInUse, field: 'id' });
    expect((await call(server, 'POST', 'api/join', { ...form, id: 'raced-sub2@hanbit.kr' })).body).toEqual({
      code: 201,
      message: MSG.joinDone,
    });
  });
});

describe('security number guessing', () => {
  async function otherCompanyForm(securityNum: string) {
    const phone = freshPhone();
    return {
      license: OTHER_COMPANY.license,
      securityNum,
      id: `guess${phone.slice(-4)}@daesung.kr`,
      pw: 'guess123',
      cpw: 'guess123',
      phone,
      authCode: await sendPhoneCode(server, phone),
      policy: true,
      privacy: true,
    };
  }

  it(`after ${LOGIN_LIMIT.maxFailures} wrong security numbers the company's sub-account join is locked for a while, even with the right one`, async () => {
    const { right, wrong } = await securityNumbersOf(server, OTHER_COMPANY.license);
    for (let i = 0; i < LOGIN_LIMIT.maxFailures; i++) {
      const res = await call(server, 'POST', 'api/join', await otherCompanyForm(wrong));
      expect(res.body).toEqual({ code: 499, message: MSG.securityNumWrong, field: 'securityNum' });
    }
    const before = await snapshot();
    const locked = await call(server, 'POST', 'api/join', await otherCompanyForm(right));
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 429, message: MSG.securityNumTooMany });
    expect((await snapshot()).members).toBe(before.members);
    // Another company's sub-accounts are not affected.
    const [demo] = await server.db
      .select({ s: companies.securityNum })
      .from(companies)
      .where(eq(companies.license, DEMO_COMPANY.license));
    const phone = freshPhone();
    const other = await call(server, 'POST', 'api/join', {
      license: DEMO_COMPANY.license,
      securityNum: demo!.s,
      id: 'unaffected@hanbit.kr',
      pw: 'subpass1',
      cpw: 'subpass1',
      phone,
      authCode: await sendPhoneCode(server, phone),
      policy: true,
      privacy: true,
    });
    expect(other.body.code).toBe(201);
  });
});

describe('security number guessing in parallel', () => {
  it('at most 5 guesses are judged, however many arrive at once', async () => {
    const license = withCheckDigit('411200001'); // the company joined at the top of this file
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call(server, 'POST', 'api/join', {
          license,
          securityNum: String(100000 + i),
          id: `parallel${i}@saehan.kr`,
          pw: 'guess123',
          cpw: 'guess123',
          phone: freshPhone(),
          authCode: '123456',
          policy: true,
          privacy: true,
        }),
      ),
    );
    const judged = answers.filter((a) => a.body.code === 499);
    expect(judged.length).toBeLessThanOrEqual(LOGIN_LIMIT.maxFailures);
    for (const a of judged) expect(a.body.field).toBe('securityNum');
    expect(answers.filter((a) => a.body.code !== 499 && a.status !== 429)).toEqual([]);
  });
});

describe('api/chatJoin', () => {
  const form = (over: Record<string, unknown> = {}) => ({
    companyArea: '부산',
    phone: freshPhone(),
    companyName: '부산수입부품',
    id: 'chat@busan.kr',
    pw: 'chat1234',
    cpw: 'chat1234',
    ...over,
  });

  it('answers like login: token and user info of a new type-0 account', async () => {
    const res = await call<UserInfoAnswer>(
      server,
      'POST',
      'api/chatJoin',
      form(),
      undefined,
      fromAddress(newAddress()),
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe(MSG.joinDone);
    const { token, userInfo } = res.body.results!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userInfo).toMatchObject({ id: 'chat@busan.kr', type: 0, companyName: '부산수입부품' });
    // No business number yet: the home warning bar asks for the company details.
    expect(userInfo.companyInfo).toMatchObject({ license: '', licenseFlag: false });
    // The token is live at once.
    const socket = tradeSocket(server, token);
    const info = nextEvent<{ code: number; result: { userInfo: { id: string } } }>(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    expect((await info).result.userInfo.id).toBe('chat@busan.kr');
    socket.close();
    // And the password logs in.
    expect(await loginAs(server, 'chat@busan.kr', 'chat1234')).toBeTruthy();
  });

  it('refuses a duplicate id or phone with 499 and writes nothing', async () => {
    const before = await snapshot();
    const dupId = await call(server, 'POST', 'api/chatJoin', form({ id: 'CHAT@busan.kr' }));
    expect(dupId.status).toBe(400);
    expect(dupId.body).toEqual({ code: 499, message: MSG.idInUse, field: 'id' });
    const dupPhone = await call(server, 'POST', 'api/chatJoin', form({ id: 'chat2@busan.kr', phone: '01012345603' }));
    expect(dupPhone.body).toEqual({ code: 499, message: MSG.phoneInUse, field: 'phone' });
    expect(await snapshot()).toEqual(before);
  });

  it('mismatched passwords and bad fields answer 400 on the field', async () => {
    const mismatch = await call(server, 'POST', 'api/chatJoin', form({ id: 'chat3@busan.kr', cpw: 'other123' }));
    expect(mismatch.body).toEqual({ code: 400, message: MSG.passwordMismatch, field: 'cpw' });
    const area = await call(server, 'POST', 'api/chatJoin', form({ id: 'chat3@busan.kr', companyArea: '' }));
    expect(area.body).toEqual({ code: 400, message: MSG.companyAreaRequired, field: 'companyArea' });
  });

  it('two simultaneous sign-ups with one id: exactly one wins, the others get 499', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(server, 'POST', 'api/chatJoin', form({ id: 'race@busan.kr' }), undefined, fromAddress(newAddress())),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, 499, 499, 499]);
    const [c] = await server.db.select({ n: count() }).from(members).where(eq(members.loginId, 'race@busan.kr'));
    expect(c!.n).toBe(1);
    // The losers' companies were rolled back with them.
    const [orphans] = await server.db.select({ n: count() }).from(companies).where(eq(companies.name, '부산수입부품'));
    expect(orphans!.n).toBe(2);
  });
});
