import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_MEMBER, MSG_NOTIFY } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';

/**
 * The member area's list searches (docs/requirements.md#member-area) and the choices its calls take
 * from a list (docs/requirements.md#validation): a phone search finds phones holding its digits, and
 * a choice outside the list answers its own Korean message, never the generic one.
 */
let server: TestServer;
let shop: TestCompany;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  shop = await makeCompany(server, '검색선택', 1);
  token = await loginAs(server, shop.main.id, shop.main.pw);
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: Record<string, unknown>) => call(server, 'POST', path, body, token);
const hyphenated = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;

describe('a phone search of the member area', () => {
  it('finds no account for a keyword without digits, and the account whose phone holds the digits typed', async () => {
    for (const searchKeyword of ['abc', '홍길동', '--']) {
      const res = await post('api/getMallMemberInfo', { searchType: 'phone', searchKeyword, page: 1, size: 16 });
      expect([res.status, res.body.code, res.body.results, res.body.total], searchKeyword).toEqual([200, 200, [], 0]);
    }
    const sub = shop.subs[0]!;
    const found = await post('api/getMallMemberInfo', {
      searchType: 'phone',
      searchKeyword: hyphenated(sub.phone),
      page: 1,
      size: 16,
    });
    expect([found.body.total, (found.body.results as { seq: number }[]).map((r) => r.seq)]).toEqual([1, [sub.seq]]);
  });

  it('finds no saved address for a keyword without digits, and the address whose phone holds the digits typed', async () => {
    const address = { postNum: '04524', address: '서울특별시 중구 세종대로 110', addrSub: '1층' };
    for (const [name, phone] of [
      ['가창고', '01011112222'],
      ['나창고', '01033334444'],
    ]) {
      const saved = await post('api/setMallShppingInfo', { ...address, name, phone });
      expect(saved.body.code).toBe(201);
    }
    for (const searchKeyword of ['abc', '홍길동', '--']) {
      const res = await post('api/getMyShippingInfo', { searchType: 'phone', searchKeyword, page: 1, size: 15 });
      expect([res.status, res.body.code, res.body.results, res.body.total], searchKeyword).toEqual([200, 200, [], 0]);
    }
    const found = await post('api/getMyShippingInfo', {
      searchType: 'phone',
      searchKeyword: '010-3333',
      page: 1,
      size: 15,
    });
    expect([found.body.total, (found.body.results as { name: string }[]).map((r) => r.name)]).toEqual([1, ['나창고']]);
  });
});

describe('a choice outside its list', () => {
  it('answers the field’s own Korean message', async () => {
    const company = {
      license: shop.license,
      name: '검색선택상사',
      ceo: '박준호',
      phone: '0212345678',
      postMain: '06236',
      addrMain: '서울 강남구 테헤란로 123',
      addrSub: '4층',
    };
    const cases: [string, Record<string, unknown>, string][] = [
      ['api/stateMemberInfo', { seq: shop.subs[0]!.seq, targetStatus: 'resume' }, '계정 상태를 다시 선택하세요.'],
      ['api/updateMyCompanyInfo', { ...company, invoiceMode: 'weekly' }, '세금계산서 발행 방식을 다시 선택하세요.'],
      ['api/setNotifySettings', { events: ['foo'] }, '알림 종류를 다시 선택하세요.'],
      ['api/setNotifySettings', { events: 'orderPaid' }, '알림 종류를 다시 선택하세요.'],
      ['api/mallPendingTransfers', { kind: 'foo' }, '조회할 결제 종류를 다시 선택하세요.'],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      expect([res.status, res.body.message], `${path} ${JSON.stringify(body)}`).toEqual([400, message]);
    }
    expect([MSG_MEMBER.memberStateInvalid, MSG_MEMBER.invoiceModeInvalid, MSG_MEMBER.pendingKindInvalid]).toEqual([
      '계정 상태를 다시 선택하세요.',
      '세금계산서 발행 방식을 다시 선택하세요.',
      '조회할 결제 종류를 다시 선택하세요.',
    ]);
    expect(MSG_NOTIFY.eventInvalid).toBe('알림 종류를 다시 선택하세요.');
  });

  it('still takes every choice of the list', async () => {
    const sub = shop.subs[0]!;
    const stopped = await post('api/stateMemberInfo', { seq: sub.seq, targetStatus: 'stopped' });
    const resumed = await post('api/stateMemberInfo', { seq: sub.seq, targetStatus: 'active' });
    expect([stopped.body.message, resumed.body.message]).toEqual([MSG_MEMBER.memberStopped, MSG_MEMBER.memberResumed]);
    for (const kind of ['point', 'license']) {
      expect((await post('api/mallPendingTransfers', { kind })).body.code, kind).toBe(200);
    }
    const events = await post('api/setNotifySettings', { events: ['orderPaid', 'shipped'] });
    expect((events.body.results as { events: string[] }).events).toEqual(['orderPaid', 'shipped']);
  });
});
