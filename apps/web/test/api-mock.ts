import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loginResult, type CompanyInfo, type UserInfo } from '@partsmall/contract';
import { setUnauthorizedHandler } from '../src/shared/api';
import { session } from '../src/shared/session';

/** The demo member as the server sends it at login (its fields as the original client reads them). */
export const DEMO_USER_INFO = {
  seq: 1,
  id: 'demo@partsmall.kr',
  name: '박준호',
  phone: '01012345601',
  mail: 'demo@partsmall.kr',
  type: 0,
  role: 'member',
  companyId: 1,
  companyName: '한빛수입차부품',
  companyInfo: null,
};

/** A member as the client holds it after login: the demo member, with the fields given. */
export function memberUser(fields: Partial<typeof DEMO_USER_INFO> = {}): UserInfo {
  return loginResult.shape.userInfo.parse({ ...DEMO_USER_INFO, ...fields });
}

/** The demo member's company as the client holds it: its 회사 정보, with the 보안번호 a main account is shown. */
export const DEMO_COMPANY: CompanyInfo = {
  seq: DEMO_USER_INFO.companyId,
  name: DEMO_USER_INFO.companyName,
  license: '1234567891',
  area: '서울',
  ceo: '박준호',
  fax: '',
  phone: '0212345678',
  mail: 'demo@partsmall.kr',
  addrMain: '서울특별시 성동구 성수이로 77',
  addrSub: '3층',
  postMain: '04790',
  level: 'b',
  point: 0,
  securityNum: '482913',
  licenseFlag: true,
};

/**
 * An account of the demo company as the client holds it after login, its 회사 정보 with the fields
 * given: the demo member, a main account (type 0), or a sub-account (type 1), which the server sends no
 * 보안번호.
 */
export function companyAccount(type: 0 | 1, company: Partial<CompanyInfo> = {}): UserInfo {
  return loginResult.shape.userInfo.parse({
    ...DEMO_USER_INFO,
    ...(type === 1 && { seq: 3, id: 'clerk@partsmall.kr', name: '오직원' }),
    type,
    companyInfo: { ...DEMO_COMPANY, ...(type === 1 && { securityNum: null }), ...company },
  });
}

/** One of the shop's own accounts as the client holds it after login: no company, the role and fields given. */
export function staffUser(role: 'staff' | 'admin', fields: Partial<UserInfo> = {}): UserInfo {
  return loginResult.shape.userInfo.parse({
    ...DEMO_USER_INFO,
    seq: 2,
    id: `${role}@partsmall.kr`,
    name: role === 'admin' ? '관리자' : '상담원',
    phone: '',
    mail: `${role}@partsmall.kr`,
    role,
    companyId: null,
    companyName: '',
    ...fields,
  });
}

/** The fetch the client sees: it answers each call with `res`, and records what it was asked. */
export function stubFetch(res: (url: string) => Response) {
  const fetch = vi.fn(async (url: string, _init: RequestInit) => res(url));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A server's answer as fetch hands it over: `body` as JSON, with its status. */
export const jsonAnswer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A screen test's server: before each test fetch is stubbed, every request's address and JSON body
 * recorded in the list returned (emptied each test) and answered by `answer`; after it, the screen is
 * unmounted and fetch restored.
 */
export function recordRequests(answer: (url: string) => Response): { url: string; body: unknown }[] {
  const sent: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, body: JSON.parse(String(init?.body)) });
        return answer(url);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return sent;
}

/** Each test of the API client starts logged out, with the real fetch and no 401 handler left over. */
export function resetApiClientPerTest() {
  beforeEach(() => session.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => undefined);
  });
}
