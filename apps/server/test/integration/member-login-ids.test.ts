import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { members } from '../../src/db/schema.js';
import { DEMO_COMPANY, withCheckDigit } from '../../src/seed/demo.js';
import { call, fromAddress, loginAs, newAddress, sendPhoneCode, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, randomPhone, withdrawAccount } from '../member-helpers.js';

/**
 * A login id chosen now is printable ASCII and outside the reserved `.invalid` form of withdrawn
 * accounts (docs/requirements.md#validation); a withdrawal's new id never meets an id stored before
 * that rule (docs/requirements.md#retention).
 */
let server: TestServer;
let demo: string;
beforeAll(async () => {
  server = await startTestServer();
  demo = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
});
afterAll(async () => {
  await server?.close();
});

const JOIN_ASCII = '아이디는 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';
const JOIN_RESERVED = '.invalid로 끝나는 주소는 아이디로 쓸 수 없습니다.';
const ACCOUNT_ASCII = '계정은 영문, 숫자와 기호로만 입력하세요. 한글, 전각 문자, 보이지 않는 문자는 쓸 수 없습니다.';
const ACCOUNT_RESERVED = '.invalid로 끝나는 주소는 계정으로 쓸 수 없습니다.';
const JOIN_SHAPE = '아이디는 메일 주소 형식으로 입력하세요.';
const ACCOUNT_SHAPE = '계정은 메일 주소 형식으로 입력하세요.';

const memberCount = async () => (await server.db.select({ n: count() }).from(members))[0]!.n;
const loginIdOf = async (seq: number) =>
  (await server.db.select({ id: members.loginId }).from(members).where(eq(members.id, seq)))[0]!.id;

let nextLicense = 1;
async function companyJoin(id: string) {
  const phone = randomPhone();
  const authCode = await sendPhoneCode(server, phone);
  const license = withCheckDigit(String(733_100_000 + nextLicense++));
  const form = { license, companyName: '새한모터스', companyArea: '경기 수원', id, pw: 'saehan12', cpw: 'saehan12' };
  return call(server, 'join', { ...form, phone, authCode, policy: true, privacy: true });
}
async function subJoin(id: string) {
  const phone = randomPhone();
  const authCode = await sendPhoneCode(server, phone);
  const form = { license: DEMO_COMPANY.license, securityNum: DEMO_COMPANY.securityNum, id, pw: 'subpass1' };
  return call(server, 'join', { ...form, cpw: 'subpass1', phone, authCode, policy: true, privacy: true });
}
const chatJoin = (id: string) =>
  call(
    server,
    'chatJoin',
    { companyArea: '부산', phone: randomPhone(), companyName: '부산수입부품', id, pw: 'chat1234', cpw: 'chat1234' },
    { headers: fromAddress(newAddress()) },
  );
const register = (id: string) =>
  call(
    server,
    'setMallMemberInfo',
    { id, pw: 'start123', name: '이신입', phone: randomPhone(), mail: 'newstaff@hanbit.kr' },
    { token: demo },
  );

describe('a new login id at every place one is chosen', () => {
  // A join's refusals answer body code 499, which the original client shows (docs/requirements.md#join).
  type Choose = (id: string) => Promise<{ status: number; body: object }>;
  const places: [string, Choose, string, string, string, number][] = [
    ['company join', companyJoin, JOIN_ASCII, JOIN_RESERVED, JOIN_SHAPE, 499],
    ['sub-account join', subJoin, JOIN_ASCII, JOIN_RESERVED, JOIN_SHAPE, 499],
    ['chat sign-up', chatJoin, JOIN_ASCII, JOIN_RESERVED, JOIN_SHAPE, 400],
    ['sub-account registration', register, ACCOUNT_ASCII, ACCOUNT_RESERVED, ACCOUNT_SHAPE, 400],
  ];
  it.each(places)(
    "%s: a look-alike, a withdrawn account's form or an ill-formed domain is refused, nothing is made",
    async (_, choose, ascii, reserved, shape, code) => {
      const before = await memberCount();
      const cases: [string, string][] = [
        ['sub\u200b@partsmall.kr', ascii],
        ['ＡＡ@b.kr', ascii],
        ['withdrawn-1@withdrawn.invalid', reserved],
        ['Someone@Shop.INVALID', reserved],
        // A trailing dot or an empty label: another member's id to the eye.
        ['sub@partsmall.kr.', shape],
        ['sub@partsmall..kr', shape],
      ];
      for (const [id, message] of cases) {
        expect((await choose(id)).body, id).toEqual({ code, message, field: 'id' });
      }
      expect(await memberCount()).toBe(before);
    },
  );

  it('printable ASCII, .invalid not at the end, is taken: the account logs in', async () => {
    const id = `o'k~${randomPhone()}@shop.invalid.kr`;
    expect((await companyJoin(id)).body).toEqual({ code: 201, message: MSG.joinDone });
    expect(await loginAs(server, id, 'saehan12')).toBeTruthy();
    const registered = await register(`n.invalid+${randomPhone()}@hanbit.kr`);
    expect(registered.body.code).toBe(201);
  });

  it('an id stored before the rule still logs in', async () => {
    const c = await makeCompany(server, '옛아이디', 0);
    for (const id of [
      'old\u200b@partsmall.kr',
      'ｏｌｄ@partsmall.kr',
      `withdrawn-0@withdrawn.invalid`,
      'old@partsmall.kr.',
    ]) {
      await server.db.update(members).set({ loginId: id }).where(eq(members.id, c.main.seq));
      expect(await loginAs(server, id, c.main.pw), id).toBeTruthy();
    }
  });
});

describe('a withdrawal whose new id another account already holds (stored before the rule)', () => {
  /** Gives the account the id a withdrawal of `seq` would take, as a registration before the rule could. */
  const squat = async (account: { seq: number }, seq: number) => {
    const id = `withdrawn-${seq}@withdrawn.invalid`;
    await server.db.update(members).set({ loginId: id }).where(eq(members.id, account.seq));
    return id;
  };

  it('a sub-account leaves: its id is the other form, and the holder keeps its own and logs in', async () => {
    const leaving = await makeCompany(server, '떠나는', 1);
    const holder = await makeCompany(server, '선점', 0);
    const sub = leaving.subs[0]!;
    const held = await squat(holder.main, sub.seq);
    const res = await withdrawAccount(server, sub);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await loginIdOf(sub.seq)).toBe(`withdrawn-${sub.seq}@@withdrawn.invalid`);
    expect(await loginIdOf(holder.main.seq)).toBe(held);
    expect(await loginAs(server, held, holder.main.pw)).toBeTruthy();
  });

  it("a main account takes the company along while its own sub-account holds the main account's form", async () => {
    const leaving = await makeCompany(server, '함께떠나는', 1);
    const sub = leaving.subs[0]!;
    await squat(sub, leaving.main.seq);
    const res = await withdrawAccount(server, leaving.main);
    expect([res.status, res.body.code]).toEqual([200, 201]);
    expect(await loginIdOf(leaving.main.seq)).toBe(`withdrawn-${leaving.main.seq}@@withdrawn.invalid`);
    expect(await loginIdOf(sub.seq)).toBe(`withdrawn-${sub.seq}@withdrawn.invalid`);
  });
});
