import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { members } from '../../src/db/schema.js';
import { SECURITY_NUMBER_GUESS } from '../../src/features/auth/service.js';
import { OTHER_COMPANY } from '../../src/seed/demo.js';
import { call, fromAddress, latestCode, loginAs, newAddress, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, randomPhone, securityNumbersOf } from '../member-helpers.js';

/**
 * A company's 6-digit security number is guessed per company and address like a password, and spent
 * past 100 wrong guesses from anywhere (docs/security.md#password-guessing). The test server believes
 * one proxy, so X-Forwarded-For picks the caller's address.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sub-account joins', () => {
  async function joinForm(securityNum: string, address: string, license = OTHER_COMPANY.license) {
    const phone = randomPhone();
    await call(server, 'mobileVerification', { phone, authType: 'message' }, { headers: fromAddress(address) });
    return {
      license,
      securityNum,
      id: `sub${phone.slice(-6)}@daesung.kr`,
      pw: 'subpass1',
      cpw: 'subpass1',
      phone,
      authCode: await latestCode(server, phone),
      policy: true,
      privacy: true,
    };
  }

  it("wrong security numbers from one address do not lock the company's joins for someone else", async () => {
    const { right, wrong } = await securityNumbersOf(server, OTHER_COMPANY.license);
    const guesser = newAddress();
    for (let i = 0; i < SECURITY_NUMBER_GUESS.pairMax; i++) {
      const res = await call(server, 'join', await joinForm(wrong, guesser), { headers: fromAddress(guesser) });
      expect(res.body).toEqual({ code: 499, message: MSG.securityNumWrong, field: 'securityNum' });
    }
    const locked = await call(server, 'join', await joinForm(right, guesser), { headers: fromAddress(guesser) });
    expect([locked.status, locked.body.message]).toEqual([429, MSG.securityNumTooMany]);
    const employee = newAddress();
    const joined = await call(server, 'join', await joinForm(right, employee), { headers: fromAddress(employee) });
    expect([joined.status, joined.body.code]).toEqual([200, 201]);
  });

  it('past 100 wrong numbers for one company from anywhere, nobody joins it until its main account renews the number', async () => {
    const shop = await makeCompany(server, '보안잠금', 0);
    const { right, wrong: wrongNumber } = await securityNumbersOf(server, shop.license);
    const wrong = {
      license: shop.license,
      securityNum: wrongNumber,
      pw: 'subpass1',
      cpw: 'subpass1',
      authCode: '123456',
      policy: true,
      privacy: true,
    };
    // Each guess from an address of its own: no address is ever held back, only the company's total counts.
    const guessWrong = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const phone = randomPhone();
        const form = { ...wrong, id: `g${phone.slice(-7)}@guess.kr`, phone };
        const res = await call(server, 'join', form, { headers: fromAddress(newAddress()) });
        expect(res.body).toEqual({ code: 499, message: MSG.securityNumWrong, field: 'securityNum' });
      }
    };
    const joinFromNewAddress = async (securityNum: string) => {
      const address = newAddress();
      const form = await joinForm(securityNum, address, shop.license);
      return { form, res: await call(server, 'join', form, { headers: fromAddress(address) }) };
    };
    await guessWrong(SECURITY_NUMBER_GUESS.subjectCap!.max - 1);
    const before = await joinFromNewAddress(right);
    expect([before.res.status, before.res.body.code]).toEqual([200, 201]);
    await guessWrong(1);
    const locked = await joinFromNewAddress(right);
    expect([locked.res.status, locked.res.body]).toEqual([429, { code: 429, message: MSG.securityNumLocked }]);
    expect(await server.db.select().from(members).where(eq(members.loginId, locked.form.id))).toEqual([]);
    const token = await loginAs(server, shop.main.id, shop.main.pw);
    const renewed = await call(server, 'updateSecurityNumber', undefined, { token });
    const after = await joinFromNewAddress(renewed.body.results!.securityNum);
    expect([after.res.status, after.res.body.code]).toEqual([200, 201]);
  });
});
