import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import { companies, members } from '../../src/db/schema.js';
import { DEMO_COMPANY } from '../../src/seed/demo.js';
import {
  call,
  loginAs,
  nextEvent,
  rawCall,
  sendPhoneCode,
  startTestServer,
  tradeSocket,
  type TestServer,
} from '../helpers.js';
import { expectLedgerMatchesBalances, makeCompany, randomPhone } from '../member-helpers.js';

/**
 * Accounts of a company (docs/requirements.md#sub-accounts): list and search, register, edit,
 * type switch that always keeps an active main account, stop, password reset, security number.
 */
let server: TestServer;
let demo: string;
let demoCompanyId: number;
let demoSeq: number;

const memberRow = async (seq: number) => (await server.db.select().from(members).where(eq(members.id, seq)))[0]!;
const works = async (token: string) => (await call(server, 'getMyShippingInfo', {}, { token })).status === 200;
const list = (body: Record<string, unknown>, token = demo) => call(server, 'getMallMemberInfo', body, { token });

async function register(name: string) {
  const id = `${name.toLowerCase()}-${Date.now() % 1_000_000}@hanbit.kr`;
  const res = await call(
    server,
    'setMallMemberInfo',
    { id, pw: 'start123', name: `${name}직원`, phone: randomPhone(), mail: `${name}.mail@hanbit.kr` },
    { token: demo },
  );
  expect(res.body.code).toBe(201);
  return { seq: res.body.results!.seq, id, pw: 'start123' };
}

beforeAll(async () => {
  server = await startTestServer();
  demo = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  const [m] = await server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  demoCompanyId = m!.companyId!;
  demoSeq = m!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('api/getMallMemberInfo', () => {
  it("lists the company's accounts with the table's fields, main accounts first", async () => {
    const res = await list({ searchKeyword: '', searchType: 'name', page: 1, size: 16 });
    expect(res.body.code).toBe(200);
    expect(res.body.results!.map((m) => m.id)).toEqual(['demo@partsmall.kr', 'sub@partsmall.kr']);
    expect(res.body.total).toBe(2);
    expect(res.body.results![1]).toEqual({
      seq: expect.any(Number),
      id: 'sub@partsmall.kr',
      name: '최민지',
      phone: '01012345602',
      mail: 'sub@partsmall.kr',
      type: 1,
      status: 'active',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  it('lists main accounts first whatever their age, then the others oldest first', async () => {
    const co = await makeCompany(server, '계정순서', 2);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const promoted = await call(server, 'setMallMemberType', { seq: co.subs[1]!.seq, type: 0 }, { token });
    expect(promoted.body.code).toBe(201);
    const res = await list({ page: 1, size: 16 }, token);
    expect(res.body.results!.map((m) => [m.id, m.type])).toEqual([
      [co.main.id, 0],
      [co.subs[1]!.id, 0],
      [co.subs[0]!.id, 1],
    ]);
  });

  it('searches by name, id or phone; an empty result says so', async () => {
    expect((await list({ searchType: 'name', searchKeyword: '민지' })).body.results!.map((m) => m.id)).toEqual([
      'sub@partsmall.kr',
    ]);
    expect((await list({ searchType: 'id', searchKeyword: 'DEMO@' })).body.results!.map((m) => m.id)).toEqual([
      'demo@partsmall.kr',
    ]);
    expect(
      (await list({ searchType: 'phone', searchKeyword: '010-1234-5602' })).body.results!.map((m) => m.id),
    ).toEqual(['sub@partsmall.kr']);
    expect((await list({ searchType: 'name', searchKeyword: '%' })).body.results).toEqual([]);
    const none = await list({ searchType: 'name', searchKeyword: '없는사람' });
    expect([none.body.code, none.body.message, none.body.results, none.body.total]).toEqual([200, MSG.noInfo, [], 0]);
    expect((await list({ searchType: 'company' })).status).toBe(400);
    expect((await list({ page: 0 })).status).toBe(400);
  });

  it('pages by 16 by default', async () => {
    for (let i = 0; i < 16; i++) await register(`page${i}`);
    const first = await list({ page: 1 });
    const second = await list({ page: 2 });
    expect([first.body.results!.length, second.body.results!.length, first.body.total]).toEqual([16, 2, 18]);
    expect(new Set([...first.body.results!, ...second.body.results!].map((m) => m.seq)).size).toBe(18);
  });
});

describe('api/setMallMemberInfo', () => {
  const form = () => ({
    id: 'newstaff@hanbit.kr',
    pw: 'start123',
    name: '이신입',
    phone: randomPhone(),
    mail: 'newstaff@hanbit.kr',
  });

  it('alerts the original messages in form order, every length rule, and creates nothing', async () => {
    const [before] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
    const count = async () => (await server.db.select().from(members)).length;
    const n = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'id', MSG_MEMBER.accountRequired],
      [{ ...form(), id: '' }, 'id', '계정을 입력하세요.'],
      [{ ...form(), pw: '' }, 'pw', '비밀번호를 입력하세요.'],
      [{ ...form(), name: '' }, 'name', '이름을 입력하세요.'],
      [{ ...form(), id: 'a@b' }, 'id', MSG_MEMBER.accountLength],
      [{ ...form(), id: `${'a'.repeat(46)}@b.kr` }, 'id', MSG_MEMBER.accountLength],
      [{ ...form(), id: 'newstaff' }, 'id', MSG_MEMBER.accountShape],
      [{ ...form(), pw: 'abc' }, 'pw', MSG_MEMBER.passwordLength],
      [{ ...form(), pw: 'a'.repeat(21) }, 'pw', MSG_MEMBER.passwordLength],
      [{ ...form(), name: '이' }, 'name', MSG_MEMBER.nameLength],
      [{ ...form(), phone: '' }, 'phone', MSG_MEMBER.phoneRequired],
      [{ ...form(), phone: '0101234' }, 'phone', MSG_MEMBER.phoneDigits],
      [{ ...form(), mail: '' }, 'mail', MSG_MEMBER.mailRequired],
      [{ ...form(), mail: 'a@b.kr' }, 'mail', MSG_MEMBER.memberMailLength],
      [{ ...form(), mail: `${'a'.repeat(46)}@b.kr` }, 'mail', MSG_MEMBER.memberMailLength],
      [{ ...form(), mail: 'not-a-mail-address' }, 'mail', MSG_MEMBER.mailShape],
      [{ ...form(), id: 'SUB@partsmall.kr' }, 'id', MSG_MEMBER.accountInUse],
      [{ ...form(), phone: '01012345603' }, 'phone', MSG_MEMBER.phoneInUse],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(server, 'setMallMemberInfo', body, { token: demo });
      expect([res.status, res.body.field, res.body.message], JSON.stringify(body)).toEqual([400, field, message]);
    }
    expect(await count()).toBe(n);
    const [after] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
    expect(after).toEqual(before);
  });

  it('registers a sub-account of the company that can log in at once', async () => {
    const body = { ...form(), id: 'NewStaff@Hanbit.kr' };
    const res = await call(server, 'setMallMemberInfo', body, { token: demo });
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.memberCreated]);
    const row = await memberRow(res.body.results!.seq);
    expect(row).toMatchObject({
      loginId: 'newstaff@hanbit.kr',
      name: '이신입',
      type: 1,
      status: 'active',
      companyId: demoCompanyId,
      role: 'member',
    });
    const token = await loginAs(server, 'newstaff@hanbit.kr', 'start123');
    expect(await works(token)).toBe(true);
    expect((await call(server, 'getMallMemberInfo', {}, { token })).status).toBe(403);
  });

  it('edits name, phone and mail; id and pw are never changed by an edit', async () => {
    const [row] = await server.db.select().from(members).where(eq(members.loginId, 'newstaff@hanbit.kr'));
    const phone = randomPhone();
    const res = await call(
      server,
      'setMallMemberInfo',
      { seq: row!.id, id: 'hijack@hanbit.kr', pw: 'hijack99', name: '이선임', phone, mail: 'senior@hanbit.kr' },
      { token: demo },
    );
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.memberUpdated]);
    expect(await memberRow(row!.id)).toMatchObject({
      loginId: 'newstaff@hanbit.kr',
      name: '이선임',
      phone,
      mail: 'senior@hanbit.kr',
      passwordHash: row!.passwordHash,
    });
    const bad = await call(
      server,
      'setMallMemberInfo',
      { seq: row!.id, name: '이', phone, mail: 'senior@hanbit.kr' },
      { token: demo },
    );
    expect([bad.status, bad.body.field]).toEqual([400, 'name']);
    const taken = await call(
      server,
      'setMallMemberInfo',
      { seq: row!.id, name: '이선임', phone: '01012345601', mail: 'senior@hanbit.kr' },
      { token: demo },
    );
    expect([taken.status, taken.body.message]).toEqual([400, MSG_MEMBER.phoneInUse]);
    expect(
      (
        await call(
          server,
          'setMallMemberInfo',
          { seq: 2_000_000_000, name: '이선임', phone, mail: 'senior@hanbit.kr' },
          { token: demo },
        )
      ).status,
    ).toBe(404);
  });
});

describe("a sub-account's number", () => {
  it('is not proved by the main account: it never stops its owner from taking it in another company', async () => {
    const sub = await register('unproved');
    const { phone } = await memberRow(sub.seq);
    const owner = await makeCompany(server, '번호주인', 0);
    const ownerToken = await loginAs(server, owner.main.id, owner.main.pw);
    const res = await call(
      server,
      'updateMyInfo',
      { name: owner.main.name, phone, mail: 'owner@number.kr' },
      { token: ownerToken },
    );
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.infoUpdated]);
    expect((await memberRow(owner.main.seq)).phone).toBe(phone);
  });
});

describe('an account that has left', () => {
  it('is not found for an edit, a type change, a stop or a password reset, and none of it changes', async () => {
    const gone = await register('leaver');
    await server.db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(members.id, gone.seq));
    const before = await memberRow(gone.seq);
    const attempts = [
      ['setMallMemberInfo', { seq: gone.seq, name: '복귀직원', phone: randomPhone(), mail: 'back@hanbit.kr' }],
      ['setMallMemberType', { seq: gone.seq, type: 0 }],
      ['stateMemberInfo', { seq: gone.seq }],
      ['initMallMemberPw', { seq: gone.seq }],
    ] as const;
    for (const [path, body] of attempts) {
      const res = await call(server, 'POST', `api/${path}`, body, demo);
      expect([path, res.status, res.body.message]).toEqual([path, 404, MSG_MEMBER.memberNotFound]);
    }
    expect(await memberRow(gone.seq)).toEqual(before);
  });
});

describe('api/setMallMemberType', () => {
  it('refuses to demote the last main account; a stopped main account does not count', async () => {
    const refused = await call(server, 'setMallMemberType', { seq: demoSeq, type: 1 }, { token: demo });
    expect([refused.status, refused.body.message]).toEqual([400, MSG_MEMBER.lastMainAccount]);
    expect((await memberRow(demoSeq)).type).toBe(0);
    const helper = await register('stopmain');
    expect((await call(server, 'setMallMemberType', { seq: helper.seq, type: 0 }, { token: demo })).body.code).toBe(
      201,
    );
    expect((await call(server, 'stateMemberInfo', { seq: helper.seq }, { token: demo })).body.code).toBe(201);
    const still = await call(server, 'setMallMemberType', { seq: demoSeq, type: 1 }, { token: demo });
    expect([still.status, still.body.message]).toEqual([400, MSG_MEMBER.lastMainAccount]);
    expect((await memberRow(demoSeq)).type).toBe(0);
    for (const type of [2, -1, '0', null]) {
      const bad = await call(server, 'POST', 'api/setMallMemberType', { seq: helper.seq, type }, demo);
      expect([bad.status, bad.body.message]).toEqual([400, MSG_MEMBER.memberTypeInvalid]);
    }
  });

  it('promotes a sub-account, which then manages the company; a main account may step down when another remains', async () => {
    const second = await register('second');
    const secondToken = await loginAs(server, second.id, second.pw);
    // The account's open tab hears of it at once: its menus follow the pushed type.
    const socket = tradeSocket(server, secondToken);
    try {
      const ready = nextEvent(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      await ready;
      const pushed = nextEvent<{ code: number; result: { userInfo: { type: number } } }>(socket, 'toClientBaseInfo');
      const promoted = await call(
        server,
        'POST',
        'api/setMallMemberType',
        { seq: second.seq, type: 0, id: second.id, name: 'ignored' },
        demo,
      );
      expect([promoted.body.code, promoted.body.message]).toEqual([201, MSG_MEMBER.memberTypeChanged]);
      const info = await pushed;
      expect([info.code, info.result.userInfo.type]).toEqual([200, 0]);
    } finally {
      socket.close();
    }
    expect((await list({}, secondToken)).status).toBe(200);
    // The demo main account steps down; its own session loses the main-account menu at once.
    expect((await call(server, 'setMallMemberType', { seq: demoSeq, type: 1 }, { token: demo })).body.code).toBe(201);
    expect((await list({}, demo)).status).toBe(403);
    expect((await call(server, 'setMallMemberType', { seq: demoSeq, type: 0 }, { token: secondToken })).body.code).toBe(
      201,
    );
    expect((await list({}, demo)).status).toBe(200);
    expect((await call(server, 'setMallMemberType', { seq: second.seq, type: 1 }, { token: demo })).body.code).toBe(
      201,
    );
  });

  it('two main accounts demoting each other at the same moment: one wins, a main account remains', async () => {
    const second = await register('race');
    await call(server, 'setMallMemberType', { seq: second.seq, type: 0 }, { token: demo });
    const secondToken = await loginAs(server, second.id, second.pw);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        call(server, 'setMallMemberType', { seq: second.seq, type: 1 }, { token: demo }),
        call(server, 'setMallMemberType', { seq: demoSeq, type: 1 }, { token: secondToken }),
      ]);
      expect(answers.map((a) => a.body.code).sort()).toContain(201);
      const mains = (await server.db.select().from(members).where(eq(members.companyId, demoCompanyId))).filter(
        (m) => m.type === 0 && m.status === 'active',
      );
      expect(mains).toHaveLength(1);
      // Back to two main accounts for the next round, by whichever is main now.
      const mainToken = mains[0]!.id === demoSeq ? demo : secondToken;
      const other = mains[0]!.id === demoSeq ? second.seq : demoSeq;
      expect((await call(server, 'setMallMemberType', { seq: other, type: 0 }, { token: mainToken })).body.code).toBe(
        201,
      );
    }
    await call(server, 'setMallMemberType', { seq: second.seq, type: 1 }, { token: demo });
    expect((await memberRow(demoSeq)).type).toBe(0);
  });
});

describe('api/stateMemberInfo', () => {
  it('stops an account: its sessions end, its sockets close, it cannot log in; resuming lets it in again', async () => {
    const staff = await register('stopme');
    const token = await loginAs(server, staff.id, staff.pw);
    const socket = tradeSocket(server, token);
    const ready = nextEvent(socket, 'toClientBaseInfo');
    socket.emit('requestClientBaseInfo');
    await ready;
    const ended = nextEvent<{ code: number }>(socket, 'toClientBaseInfo');
    const res = await call(server, 'POST', 'api/stateMemberInfo', { seq: staff.seq, id: staff.id }, demo);
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.memberStopped]);
    expect((await ended).code).toBe(401);
    socket.close();
    expect(await works(token)).toBe(false);
    expect((await memberRow(staff.seq)).status).toBe('stopped');
    const login = await call(server, 'login', { id: staff.id, pw: staff.pw });
    expect([login.status, login.body.message]).toEqual([403, MSG.accountStopped]);
    // Stopping twice is harmless; the list shows the state.
    expect((await call(server, 'stateMemberInfo', { seq: staff.seq }, { token: demo })).body.code).toBe(201);
    const shown = (await list({ searchType: 'id', searchKeyword: staff.id })).body.results!;
    expect(shown.map((m) => m.status)).toEqual(['stopped']);
    const resumed = await call(server, 'stateMemberInfo', { seq: staff.seq, targetStatus: 'active' }, { token: demo });
    expect([resumed.body.code, resumed.body.message]).toEqual([201, MSG_MEMBER.memberResumed]);
    expect(await works(await loginAs(server, staff.id, staff.pw))).toBe(true);
  });

  it('a main account cannot stop itself', async () => {
    const res = await call(server, 'stateMemberInfo', { seq: demoSeq }, { token: demo });
    expect([res.status, res.body.message]).toEqual([400, MSG_MEMBER.cannotStopSelf]);
    expect((await memberRow(demoSeq)).status).toBe('active');
    expect(await works(demo)).toBe(true);
    for (const body of [{}, { seq: demoSeq, targetStatus: 'withdrawn' }, { seq: ' 1' }]) {
      expect((await call(server, 'POST', 'api/stateMemberInfo', body, demo)).status).toBe(400);
    }
  });
});

describe('api/initMallMemberPw', () => {
  it('sets a random 10-character password shown once; old password and sessions stop working', async () => {
    const staff = await register('resetme');
    const token = await loginAs(server, staff.id, staff.pw);
    const res = await call(server, 'initMallMemberPw', { seq: staff.seq }, { token: demo });
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.passwordReset]);
    const pw = res.body.results!.pw;
    expect(pw).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(await works(token)).toBe(false);
    expect((await call(server, 'login', { id: staff.id, pw: staff.pw })).status).toBe(400);
    expect(await works(await loginAs(server, staff.id, pw))).toBe(true);
    const again = await call(server, 'initMallMemberPw', { seq: staff.seq }, { token: demo });
    expect(again.body.results!.pw).not.toBe(pw);
    const self = await call(server, 'initMallMemberPw', { seq: demoSeq }, { token: demo });
    expect([self.status, self.body.message]).toEqual([400, MSG_MEMBER.cannotResetSelf]);
    expect(await works(demo)).toBe(true);
  });
});

describe('api/initMallMemberPw after wrong passwords', () => {
  it('an account held back by five wrong passwords logs in with its reset password at once', async () => {
    const staff = await register('lockedout');
    for (let i = 0; i < 5; i++)
      expect((await call(server, 'login', { id: staff.id, pw: `wrong${i}pw` })).status).toBe(400);
    const held = await call(server, 'login', { id: staff.id, pw: staff.pw });
    expect([held.status, held.body.message]).toEqual([429, '로그인 시도가 너무 많습니다. 10분 후 다시 시도해 주세요.']);
    const pw = (await call(server, 'initMallMemberPw', { seq: staff.seq }, { token: demo })).body.results!.pw;
    const res = await call(server, 'login', { id: staff.id, pw });
    expect([res.status, res.body.code]).toEqual([200, 200]);
  });
});

describe('api/updateSecurityNumber', () => {
  const joinForm = async (securityNum: string) => {
    const phone = randomPhone();
    const authCode = await sendPhoneCode(server, phone);
    return {
      license: DEMO_COMPANY.license,
      securityNum,
      id: `joiner-${phone}@test.kr`,
      pw: 'join1234',
      cpw: 'join1234',
      phone,
      authCode,
      policy: true,
      privacy: true,
    };
  };

  it("pushes the new number to the main account's open tab", async () => {
    const co = await makeCompany(server, '보안번호알림', 0);
    const token = await loginAs(server, co.main.id, co.main.pw);
    const socket = tradeSocket(server, token);
    try {
      const ready = nextEvent(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      await ready;
      type Pushed = { code: number; result: { userInfo: { companyInfo: { securityNum: string | null } } } };
      const pushed = nextEvent<Pushed>(socket, 'toClientBaseInfo');
      const res = await call(server, 'updateSecurityNumber', undefined, { token });
      const info = await pushed;
      expect([info.code, info.result.userInfo.companyInfo.securityNum]).toEqual([200, res.body.results!.securityNum]);
    } finally {
      socket.close();
    }
  });

  it('renews the 6-digit number: the old one no longer lets sub-accounts join, the new one does', async () => {
    const [before] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
    expect(before!.securityNum).toBe(DEMO_COMPANY.securityNum);
    const res = await call(server, 'updateSecurityNumber', undefined, { token: demo });
    expect([res.body.code, res.body.message]).toEqual([201, MSG_MEMBER.securityNumRenewed]);
    let fresh = res.body.results!.securityNum;
    expect(fresh).toMatch(/^\d{6}$/);
    expect(fresh).not.toBe(DEMO_COMPANY.securityNum);
    const [after] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
    expect(after!.securityNum).toBe(fresh);
    // No body at all works as well (the call has none).
    const bare = await rawCall(server, 'POST', 'api/updateSecurityNumber', {
      headers: { authorization: `Bearer ${demo}` },
    });
    expect(bare.body!.code).toBe(201);
    const [renewed] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
    expect(renewed!.securityNum).not.toBe(fresh);
    fresh = renewed!.securityNum;
    const refused = await call(server, 'join', await joinForm(DEMO_COMPANY.securityNum));
    expect([refused.body.code, refused.body.field]).toEqual([499, 'securityNum']);
    const joined = await call(server, 'join', await joinForm(fresh));
    expect(joined.body.code).toBe(201);
    // The main account's userInfo shows the new number; a sub-account never sees it.
    const me = await call(
      server,
      'updateMyCompanyInfo',
      {
        license: DEMO_COMPANY.license,
        name: '한빛수입차부품',
        ceo: '박준호',
        phone: '0224681357',
        postMain: '04790',
        addrMain: '서울특별시 성동구 성수이로 77',
      },
      { token: demo },
    );
    expect(me.body.results!.userInfo.companyInfo!.securityNum).toBe(fresh);
  });

  it('the ledger sums to the balance for every company', async () => {
    await expectLedgerMatchesBalances(server);
  });
});
