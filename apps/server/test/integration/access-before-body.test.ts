import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import type { RouteAccess } from '../../src/shared/context.js';
import { loginAs, rawCall, startTestServer, type RawResult, type TestServer } from '../helpers.js';

/**
 * Access before the body (docs/security.md#access-control): every call that needs a session or a role answers 401 or 403 before it looks
 * at the body. The calls come from the routes' own declarations (app.accessTable), not a list
 * kept by hand: a new route is covered the moment it declares its access.
 */
let server: TestServer;
let main: string;
let sub: string;
let staff: string;
let admin: string;
let table: RouteAccess[];
let documented: Record<string, Record<string, { requestBody?: Parameters<typeof takesInput>[0] }>>;

beforeAll(async () => {
  server = await startTestServer();
  [main, sub, staff, admin] = await Promise.all([
    loginAs(server, 'demo@partsmall.kr', 'demo1234'),
    loginAs(server, 'sub@partsmall.kr', 'demo1234'),
    loginAs(server, 'staff@partsmall.kr', 'staff1234'),
    loginAs(server, 'admin@partsmall.kr', 'admin1234'),
  ]);
  table = server.app.accessTable;
  documented = (JSON.parse((await rawCall(server, 'GET', 'docs/json')).text) as { paths: typeof documented }).paths;
});
afterAll(async () => {
  await server?.close();
});

/** Bodies no call accepts: wrong types everywhere, broken JSON, an array, an impossible date. */
const MALFORMED: [string, string][] = [
  [
    'wrong types',
    JSON.stringify({
      seq: 'x',
      page: -1,
      size: 'many',
      productId: [],
      qty: {},
      startDate: '2026-13-01',
      searchType: 7,
      shippingInfo: 5,
      carts: 'none',
      pgcode: 1,
      amount: 'lots',
      kind: 5,
      status: {},
    }),
  ],
  ['broken JSON', '{"seq": '],
  ['a JSON array', '[1, 2, 3]'],
];

function send(entry: RouteAccess, body: string, token?: string): Promise<RawResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return rawCall(
    server,
    entry.method,
    entry.url,
    entry.method === 'GET' ? { headers: token ? { authorization: headers.authorization! } : {} } : { body, headers },
  );
}

/**
 * Whether a documented body is real input. A call that takes none is documented with an optional
 * empty object (shared/calls.ts), and anything it is sent is ignored, so it has nothing to refuse.
 */
function takesInput(
  body: { required?: boolean; content?: Record<string, { schema?: { properties?: unknown } }> } | undefined,
): boolean {
  if (body === undefined) return false;
  const schema = body.content?.['application/json']?.schema;
  return !(body.required === false && schema !== undefined && schema.properties === undefined);
}

const guarded = () => table.filter((r) => r.access !== 'public');
const THE_ROLE_FOR: Record<string, () => string> = {
  member: () => main,
  company: () => main,
  main: () => main,
  staff: () => staff,
  admin: () => admin,
};

describe('the access table', () => {
  it('declares every call of the issue and both roles of the member area', () => {
    const access = (url: string) => table.find((r) => r.url === url)?.access;
    expect(access('/api/getMallCartInfo')).toBe('company');
    expect(access('/api/getMallOrderInfo')).toBe('company');
    expect(access('/api/admin/setOrderStatus')).toBe('staff');
    expect(access('/api/mallCashPaymentInfo')).toBe('main');
    expect(access('/api/updateMyPassword')).toBe('member');
    expect(access('/api/getProductHome')).toBe('public');
    expect(guarded().length).toBeGreaterThanOrEqual(30);
  });
});

describe('401 before the body', () => {
  it('a visitor gets 401 from every guarded call whatever it sends', async () => {
    for (const entry of guarded()) {
      for (const [what, body] of MALFORMED) {
        for (const token of [undefined, 'made-up-token']) {
          const res = await send(entry, body, token);
          expect(
            [res.status, res.body?.code, res.body?.message],
            `${entry.method} ${entry.url} ${what} ${token ?? 'no token'}`,
          ).toEqual([401, 401, token ? MSG.tokenExpired : MSG.loginRequired]);
        }
      }
    }
  });
});

describe('403 before the body', () => {
  it('a member (a main account) gets 403 from every staff call whatever it sends', async () => {
    const staffCalls = guarded().filter((r) => r.access === 'staff' || r.access === 'admin');
    expect(staffCalls.length).toBeGreaterThanOrEqual(2);
    for (const entry of staffCalls) {
      for (const [what, body] of MALFORMED) {
        const res = await send(entry, body, main);
        expect([res.status, res.body?.code, res.body?.message], `${entry.url} ${what}`).toEqual([
          403,
          403,
          MSG.forbidden,
        ]);
      }
    }
  });

  it('a sub-account gets 403 from every main-account call whatever it sends', async () => {
    const mainCalls = guarded().filter((r) => r.access === 'main');
    expect(mainCalls.length).toBeGreaterThanOrEqual(10);
    for (const entry of mainCalls) {
      for (const [what, body] of MALFORMED) {
        const res = await send(entry, body, sub);
        expect([res.status, res.body?.code, res.body?.message], `${entry.url} ${what}`).toEqual([
          403,
          403,
          MSG_MEMBER.mainOnly,
        ]);
      }
    }
  });

  it('staff (no company) get 403 from every company and main-account call whatever they send', async () => {
    const companyCalls = guarded().filter((r) => r.access === 'company' || r.access === 'main');
    for (const entry of companyCalls) {
      for (const [what, body] of MALFORMED) {
        const res = await send(entry, body, staff);
        expect([res.status, res.body?.code], `${entry.url} ${what}`).toEqual([403, 403]);
      }
    }
  });
});

describe('the right role still gets the field checks', () => {
  it('a caller the call admits gets 400 with a Korean message for a malformed body, never 401, 403 or 500', async () => {
    const withBody = guarded().filter((r) => takesInput(documented[r.url]?.[r.method.toLowerCase()]?.requestBody));
    expect(withBody.length).toBeGreaterThanOrEqual(25);
    for (const entry of withBody) {
      for (const [what, body] of MALFORMED) {
        const res = await send(entry, body, THE_ROLE_FOR[entry.access]!());
        expect([res.status, res.body?.code], `${entry.url} ${what}: ${res.text.slice(0, 120)}`).toEqual([400, 400]);
        expect(res.body?.message, entry.url).toMatch(/[가-힣]/);
      }
    }
  });
});
