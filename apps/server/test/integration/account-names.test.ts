import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '@partsmall/contract';
import { companies, members } from '../../src/db/schema.js';
import { DEMO_COMPANY, withCheckDigit } from '../../src/seed/demo.js';
import { call, fromAddress, loginAs, newAddress, sendPhoneCode, startTestServer, type TestServer } from '../helpers.js';

/**
 * The names a join stores and 내 정보 saves (docs/requirements.md#validation): a name the shop stored
 * itself is saved unchanged; a company or person name must show a character; every limit of the
 * join's name answers its Korean message.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let nextPhone = 1;
const freshPhone = () => `0103100${String(nextPhone++).padStart(4, '0')}`;
let nextLicense = 1;
const freshLicense = () => withCheckDigit(`4115${String(nextLicense++).padStart(5, '0')}`);

/** A company join as the original client sends it, with a fresh business number, phone and code. */
async function companyJoin(id: string, companyName: string) {
  const phone = freshPhone();
  const authCode = await sendPhoneCode(server, phone);
  const form = { license: freshLicense(), companyName, companyArea: '서울', id, pw: 'pass1234', cpw: 'pass1234' };
  return call(server, 'POST', 'api/join', { ...form, phone, authCode, policy: true, privacy: true });
}

/** A sub-account join of the demo company (JoinSub), without a name unless one is given. */
async function subJoin(id: string, over: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const authCode = await sendPhoneCode(server, phone);
  const form = { license: DEMO_COMPANY.license, securityNum: DEMO_COMPANY.securityNum, id, pw: 'pass1234' };
  return call(server, 'POST', 'api/join', {
    ...form,
    cpw: 'pass1234',
    phone,
    authCode,
    policy: true,
    privacy: true,
    ...over,
  });
}

async function loginInfo(id: string): Promise<{ token: string; userInfo: UserInfo }> {
  const res = await call(server, 'login', { id, pw: 'pass1234' });
  expect(res.body.code, res.body.message).toBe(200);
  return res.body.results!;
}

/** 내 정보 saved as the form sends it: the name, phone and mail as they are, but a new phone. */
async function saveWithNewPhone(id: string) {
  const { token, userInfo } = await loginInfo(id);
  const phone = freshPhone();
  const body = { seq: userInfo.seq, name: userInfo.name, phone, mail: userInfo.mail };
  const res = await call(server, 'updateMyInfo', body, { token });
  return { res, phone, userInfo };
}

const membersNow = async () => (await server.db.select({ n: count() }).from(members))[0]!.n;
const companiesNow = async () => (await server.db.select({ n: count() }).from(companies))[0]!.n;

describe('a name the shop stored itself is saved unchanged in 내 정보', () => {
  // A company name of 1 and of 30 characters (the join takes 1-50): the main account's name.
  it.each([
    ['one@names.kr', '갑'],
    ['thirty@names.kr', '한빛수입자동차부품유통주식회사'.repeat(2)],
  ])('company join %s named %j: my info with only the phone changed is accepted', async (id, companyName) => {
    expect((await companyJoin(id, companyName)).body).toEqual({ code: 201, message: '회원가입이 완료되었습니다.' });
    const { res, phone, userInfo } = await saveWithNewPhone(id);
    expect(userInfo.name).toBe(companyName);
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, '회원정보를 수정했습니다.']);
    expect(res.body.results!.userInfo).toMatchObject({ name: companyName, phone });
  });

  it('the chat sign-up too: a 25-character company name', async () => {
    const companyName = '가'.repeat(25);
    const body = { companyArea: '부산', phone: freshPhone(), companyName, id: 'chat@names.kr', pw: 'pass1234' };
    const joined = await call(server, 'chatJoin', { ...body, cpw: 'pass1234' }, { headers: fromAddress(newAddress()) });
    expect(joined.body.code).toBe(200);
    const { res } = await saveWithNewPhone('chat@names.kr');
    expect([res.body.code, res.body.message]).toEqual([201, '회원정보를 수정했습니다.']);
  });

  // A sub-account joined without a name is named by its login id's part before '@'.
  it.each([
    ['k@names.kr', 'k'],
    [`${'s'.repeat(30)}@names.kr`, 's'.repeat(30)],
  ])('sub-account %s (named %j): my info and its main account save it unchanged', async (id, name) => {
    expect((await subJoin(id)).body).toEqual({ code: 201, message: '회원가입이 완료되었습니다.' });
    const { res, phone, userInfo } = await saveWithNewPhone(id);
    expect(userInfo.name).toBe(name);
    expect([res.status, res.body.code, res.body.message]).toEqual([200, 201, '회원정보를 수정했습니다.']);
    expect(res.body.results!.userInfo).toMatchObject({ name, phone });
    // The main account's edit of the account, name untouched, is accepted too.
    const main = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
    const edit = { seq: userInfo.seq, name, phone: freshPhone(), mail: 'staff.mail@names.kr' };
    const edited = await call(server, 'setMallMemberInfo', edit, { token: main });
    expect([edited.body.code, edited.body.message]).toEqual([201, '계정 정보를 수정했습니다.']);
  });

  it('a changed name still follows the rule: 2-20 characters, one of them visible', async () => {
    await companyJoin('rule@names.kr', '갑');
    const { token, userInfo } = await loginInfo('rule@names.kr');
    const body = { name: '', phone: userInfo.phone, mail: userInfo.mail };
    const refusals: [string, string][] = [
      ['을', '이름은 2~20자로 입력하세요.'],
      ['가'.repeat(21), '이름은 2~20자로 입력하세요.'],
      ['\u200b', '이름을 입력하세요.'],
      ['\u3164\u3164', '이름을 입력하세요.'],
    ];
    for (const [name, message] of refusals) {
      const res = await call(server, 'updateMyInfo', { ...body, name }, { token });
      expect([res.status, res.body], name).toEqual([400, { code: 400, message, field: 'name' }]);
    }
    const renamed = await call(server, 'updateMyInfo', { ...body, name: '김대표' }, { token });
    expect(renamed.body.results!.userInfo.name).toBe('김대표');
  });
});

describe('a company or person name must show a character', () => {
  it.each([
    ['zwsp', '\u200b'],
    ['fillers', '\u3164\u3164'],
  ])('a company join named %s is refused with the blank message and writes nothing', async (tag, companyName) => {
    const before = [await membersNow(), await companiesNow()];
    const res = await companyJoin(`${tag}@names.kr`, companyName);
    expect([res.status, res.body]).toEqual([400, { code: 499, message: '상호를 입력하세요.', field: 'companyName' }]);
    const chat = await call(
      server,
      'chatJoin',
      { companyArea: '부산', phone: freshPhone(), companyName, id: `${tag}.chat@names.kr`, pw: 'pass1', cpw: 'pass1' },
      { headers: fromAddress(newAddress()) },
    );
    expect(chat.body).toEqual({ code: 400, message: '상호를 입력하세요.', field: 'companyName' });
    expect([await membersNow(), await companiesNow()]).toEqual(before);
  });

  it("a sub-account join's name of fillers alone is refused", async () => {
    const res = await subJoin('filler.sub@names.kr', { name: '\u3164\u3164' });
    expect([res.status, res.body]).toEqual([400, { code: 499, message: '이름을 입력하세요.', field: 'name' }]);
  });
});

describe("the sub-account join's name answers its own message", () => {
  it('21 characters: the name rule, not the generic bad-request text; 20 join', async () => {
    const res = await subJoin('long.sub@names.kr', { name: '가나다라마바사아자차카타파하가나다라마바사' });
    expect([res.status, res.body]).toEqual([400, { code: 499, message: '이름은 2~20자로 입력하세요.', field: 'name' }]);
    const [row] = await server.db.select().from(members).where(eq(members.loginId, 'long.sub@names.kr'));
    expect(row).toBeUndefined();
    const name = '가나다라마바사아자차카타파하가나다라마바';
    expect((await subJoin('long.sub@names.kr', { name })).body.code).toBe(201);
    expect((await loginInfo('long.sub@names.kr')).userInfo.name).toBe(name);
  });
});
