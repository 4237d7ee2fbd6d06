import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER, type MemberListItem, type PaymentRecord } from '@partsmall/contract';
import { companies, members, payments, shippingAddresses } from '../../src/db/schema.js';
import { DEMO_COMPANY } from '../../src/seed/demo.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { expectLedgerMatchesBalances } from '../member-helpers.js';

/**
 * Who may make which member-area call (docs/requirements.md#member-area): a visitor gets 401, a
 * sub-account 403 on the main-account calls, staff 403 on company calls, and another company's
 * main account never sees or changes the demo company's data (its ids read as 404).
 */
let server: TestServer;
let demo: string;
let sub: string;
let other: string;
let staff: string;
let demoCompanyId: number;
let demoAddressSeq: number;
let subSeq: number;
let demoMainSeq: number;

interface Entry {
  path: string;
  mainOnly: boolean;
  body: () => Record<string, unknown>;
}

/**
 * Every member-area call with a payload that is valid but harmless for the demo company (a
 * refusal by a business rule still proves the caller got past the role check).
 */
const CALLS: Entry[] = [
  {
    path: 'api/getMyShippingInfo',
    mainOnly: false,
    body: () => ({ searchKeyword: '', searchType: 'name', page: 1, size: 15 }),
  },
  {
    path: 'api/setMallShppingInfo',
    mainOnly: false,
    body: () => ({
      name: '권한시험',
      phone: '0212345678',
      postNum: '04790',
      address: '서울 성동구 성수이로 1',
      addrSub: '1층',
      basic: 'false',
    }),
  },
  { path: 'api/setMallShippingBasic', mainOnly: false, body: () => ({ seq: demoAddressSeq }) },
  { path: 'api/stateShippingInfo', mainOnly: false, body: () => ({ seq: 2_000_000_000 }) },
  { path: 'api/updateMyInfo', mainOnly: false, body: () => ({ name: 'x', phone: '01000000000', mail: 'a@b.kr' }) },
  { path: 'api/updateMyPassword', mainOnly: false, body: () => ({ opw: 'wrong-pw', pw: 'newpw123', cpw: 'newpw123' }) },
  {
    path: 'api/WithdrawMember',
    mainOnly: false,
    body: () => ({ agree1: true, agree2: true, agree3: true, agree4: true, userName: '다른 이름' }),
  },
  {
    path: 'api/updateMyCompanyInfo',
    mainOnly: true,
    body: () => ({
      license: DEMO_COMPANY.license,
      name: '',
      ceo: '박준호',
      phone: '0224681357',
      postMain: '04790',
      addrMain: '서울',
    }),
  },
  {
    path: 'api/getMallMemberInfo',
    mainOnly: true,
    body: () => ({ searchKeyword: '', searchType: 'name', page: 1, size: 16 }),
  },
  {
    path: 'api/setMallMemberInfo',
    mainOnly: true,
    body: () => ({ seq: subSeq, name: '최민지', phone: '01012345602', mail: 'sub@partsmall.kr' }),
  },
  { path: 'api/setMallMemberType', mainOnly: true, body: () => ({ seq: subSeq, type: 1 }) },
  { path: 'api/stateMemberInfo', mainOnly: true, body: () => ({ seq: subSeq, targetStatus: 'active' }) },
  { path: 'api/initMallMemberPw', mainOnly: true, body: () => ({ seq: demoMainSeq }) },
  { path: 'api/updateSecurityNumber', mainOnly: true, body: () => ({}) },
  { path: 'payCenter/showCashPaymentWinow', mainOnly: true, body: () => ({ pgcode: 'creditcard', amount: 1000 }) },
  { path: 'payCenter/showLicensePaymentWinow', mainOnly: true, body: () => ({ pgcode: 'creditcard', amount: 30_000 }) },
  {
    path: 'api/mallCashPaymentInfo',
    mainOnly: true,
    body: () => ({ startDate: '', endDate: '', searchType: '', page: 1, size: 15 }),
  },
  {
    path: 'api/mallLicensePaymentInfo',
    mainOnly: true,
    body: () => ({ startDate: '', endDate: '', searchType: '', page: 1, size: 15 }),
  },
];

async function snapshot() {
  const [company] = await server.db.select().from(companies).where(eq(companies.id, demoCompanyId));
  const people = await server.db.select().from(members).where(eq(members.companyId, demoCompanyId)).orderBy(members.id);
  const addresses = await server.db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, demoCompanyId))
    .orderBy(shippingAddresses.id);
  const pays = await server.db
    .select()
    .from(payments)
    .where(eq(payments.companyId, demoCompanyId))
    .orderBy(payments.id);
  return JSON.stringify({ company, people, addresses, pays });
}

beforeAll(async () => {
  server = await startTestServer();
  [demo, sub, other, staff] = await Promise.all([
    loginAs(server, 'demo@partsmall.kr', 'demo1234'),
    loginAs(server, 'sub@partsmall.kr', 'demo1234'),
    loginAs(server, 'other@partsmall.kr', 'demo1234'),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
  ]);
  const rows = await server.db.select().from(members);
  const demoMain = rows.find((m) => m.loginId === 'demo@partsmall.kr')!;
  demoMainSeq = demoMain.id;
  demoCompanyId = demoMain.companyId!;
  subSeq = rows.find((m) => m.loginId === 'sub@partsmall.kr')!.id;
  const [address] = await server.db
    .select()
    .from(shippingAddresses)
    .where(eq(shippingAddresses.companyId, demoCompanyId));
  demoAddressSeq = address!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('access matrix', () => {
  it('a visitor (no token, a made-up token) gets 401 on every call and nothing changes', async () => {
    const before = await snapshot();
    for (const entry of CALLS) {
      for (const token of [undefined, 'made-up-token', `${demo}x`]) {
        const res = await call(server, 'POST', entry.path, entry.body(), token);
        expect([res.status, res.body.code, res.body.message], `${entry.path} ${token ?? 'no token'}`).toEqual([
          401,
          401,
          token ? MSG.tokenExpired : MSG.loginRequired,
        ]);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('the sub-account gets 403 on every main-account call and nothing changes', async () => {
    const before = await snapshot();
    for (const entry of CALLS.filter((c) => c.mainOnly)) {
      const res = await call(server, 'POST', entry.path, entry.body(), sub);
      expect([res.status, res.body.code, res.body.message], entry.path).toEqual([403, 403, MSG_MEMBER.mainOnly]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('staff accounts (no company) get 403 on company calls', async () => {
    for (const entry of CALLS.filter((c) => !['api/updateMyInfo', 'api/updateMyPassword'].includes(c.path))) {
      const res = await call(server, 'POST', entry.path, entry.body(), staff);
      expect(res.status, entry.path).toBe(403);
    }
  });

  it('the main account passes the role check on every call; the sub-account on the shared ones', async () => {
    for (const entry of CALLS) {
      const res = await call(server, 'POST', entry.path, entry.body(), demo);
      expect([401, 403], `${entry.path}: ${res.status} ${res.body.message}`).not.toContain(res.status);
      expect(res.body.message, entry.path).toMatch(/[가-힣]/);
      if (!entry.mainOnly) {
        const bySub = await call(server, 'POST', entry.path, entry.body(), sub);
        expect([401, 403], `${entry.path} (sub): ${bySub.status}`).not.toContain(bySub.status);
      }
    }
  });

  it('the harmless payloads answered what the rules say', async () => {
    const expectations: Record<string, [number, string?]> = {
      'api/getMyShippingInfo': [200],
      'api/setMallShippingBasic': [400, MSG_MEMBER.addressAlreadyBasic],
      'api/stateShippingInfo': [404, MSG_MEMBER.addressNotFound],
      'api/updateMyInfo': [400, MSG_MEMBER.nameLength],
      'api/updateMyPassword': [400, MSG_MEMBER.opwWrong],
      'api/WithdrawMember': [400, MSG_MEMBER.userNameMismatch],
      'api/updateMyCompanyInfo': [400, MSG_MEMBER.companyNameRequired],
      'api/getMallMemberInfo': [200],
      'api/setMallMemberInfo': [201, MSG_MEMBER.memberUpdated],
      'api/setMallMemberType': [201, MSG_MEMBER.memberTypeChanged],
      'api/stateMemberInfo': [201, MSG_MEMBER.memberResumed],
      'api/initMallMemberPw': [400, MSG_MEMBER.cannotResetSelf],
      'payCenter/showCashPaymentWinow': [200],
      'payCenter/showLicensePaymentWinow': [200],
      'api/mallCashPaymentInfo': [200],
      'api/mallLicensePaymentInfo': [200],
    };
    for (const [path, [code, message]] of Object.entries(expectations)) {
      const entry = CALLS.find((c) => c.path === path)!;
      const res = await call(server, 'POST', path, entry.body(), demo);
      expect(res.body.code, path).toBe(code);
      if (message) expect(res.body.message, path).toBe(message);
    }
  });
});

describe('another company', () => {
  it("never changes the demo company's addresses or accounts: its ids read as 404", async () => {
    const before = await snapshot();
    const attempts: [string, Record<string, unknown>][] = [
      ['api/setMallShippingBasic', { seq: demoAddressSeq }],
      ['api/stateShippingInfo', { seq: demoAddressSeq }],
      [
        'api/setMallShppingInfo',
        {
          seq: demoAddressSeq,
          name: '남의회사',
          phone: '0212345678',
          postNum: '12345',
          address: '어딘가 1',
          addrSub: '2층',
        },
      ],
      ['api/setMallMemberInfo', { seq: subSeq, name: '가로채기', phone: '01099990000', mail: 'steal@other.kr' }],
      ['api/setMallMemberType', { seq: subSeq, type: 0 }],
      ['api/setMallMemberType', { seq: demoMainSeq, type: 1 }],
      ['api/stateMemberInfo', { seq: subSeq }],
      ['api/stateMemberInfo', { seq: demoMainSeq }],
      ['api/initMallMemberPw', { seq: subSeq }],
      ['api/initMallMemberPw', { seq: demoMainSeq }],
    ];
    for (const [path, body] of attempts) {
      const res = await call(server, 'POST', path, body, other);
      expect([res.status, res.body.code], `${path} ${JSON.stringify(body)}`).toEqual([404, 404]);
    }
    expect(await snapshot()).toBe(before);
    // The demo accounts still work as before.
    expect(await loginAs(server, 'sub@partsmall.kr', 'demo1234')).toBeTruthy();
    expect((await call(server, 'getMyShippingInfo', {}, { token: sub })).status).toBe(200);
  });

  it("never sees the demo company's addresses, accounts or payments", async () => {
    const addresses = await call(server, 'getMyShippingInfo', { page: 1, size: 100 }, { token: other });
    expect(addresses.body.results!.some((a) => a.seq === demoAddressSeq)).toBe(false);
    const people = await call(server, 'getMallMemberInfo', { page: 1, size: 100 }, { token: other });
    expect(people.body.results!.map((m) => m.id)).toEqual(['other@partsmall.kr']);
    for (const searchType of ['name', 'id', 'phone']) {
      for (const searchKeyword of ['최민지', 'sub@', '01012345602', 'partsmall']) {
        const found = await call<MemberListItem[]>(
          server,
          'POST',
          'api/getMallMemberInfo',
          { searchType, searchKeyword },
          other,
        );
        expect(found.body.results!.some((m) => m.id.startsWith('sub@') || m.id.startsWith('demo@'))).toBe(false);
      }
    }
    const demoPayments = new Set(
      (await server.db.select().from(payments).where(eq(payments.companyId, demoCompanyId))).map((p) => p.id),
    );
    expect(demoPayments.size).toBeGreaterThan(0);
    for (const path of ['api/mallCashPaymentInfo', 'api/mallLicensePaymentInfo']) {
      const res = await call<PaymentRecord[]>(server, 'POST', path, { page: 1, size: 100 }, other);
      expect(
        res.body.results!.some((r) => demoPayments.has(r.seq)),
        path,
      ).toBe(false);
    }
  });

  it("cannot take the demo company's business number", async () => {
    const before = await snapshot();
    const res = await call(
      server,
      'updateMyCompanyInfo',
      {
        license: DEMO_COMPANY.license,
        name: '대성모터스',
        ceo: '정우성',
        phone: '0511234567',
        postMain: '46900',
        addrMain: '부산광역시 사상구 학장로 1',
      },
      { token: other },
    );
    expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG_MEMBER.licenseInUse, 'license']);
    expect(await snapshot()).toBe(before);
  });

  it('the ledger sums to the balance for every company', async () => {
    await expectLedgerMatchesBalances(server);
  });
});
