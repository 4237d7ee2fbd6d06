import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import { companies, members, phoneCodes } from '../../src/db/schema.js';
import { DEMO_COMPANY, withCheckDigit } from '../../src/seed/demo.js';
import { loginAs, rawCall, startTestServer, type RawResult, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * No input a user can send produces a 500 (docs/requirements.md#answers-and-errors): malformed JSON, missing bodies,
 * wrong types, huge strings, arrays. Every answer is the `{ code, message }` envelope in Korean.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HANGUL = /[가-힣]/;
const ENVELOPE_KEYS = ['code', 'message', 'results', 'total', 'field', 'requestId'];

function expectEnvelope(res: RawResult, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body, `${what}: not JSON`).not.toBeNull();
  const body = res.body!;
  expect(typeof body.code, what).toBe('number');
  expect(body.message, what).toMatch(HANGUL);
  for (const key of Object.keys(body)) expect(ENVELOPE_KEYS, `${what}: key ${key}`).toContain(key);
}

/**
 * The body code of a payload's rule break: 499 where the original client reads that as a refusal
 * (docs/requirements.md#join), 0 for every refusal of find password (docs/requirements.md#account-screens).
 */
const refusalCodeOf = (path: string) =>
  path === 'api/findMemberPw' ? 0 : path === 'api/join' || path === 'api/checkLicense' ? 499 : 400;
/** The body code of a body the JSON parser refuses: 400, but find password answers 0 for any refusal. */
const unparsedCodeOf = (path: string) => (path === 'api/findMemberPw' ? 0 : 400);

function expect400(res: RawResult, what: string, field?: string, bodyCode = 400) {
  expectEnvelope(res, what);
  expect(res.status, what).toBe(400);
  expect(res.body!.code, what).toBe(bodyCode);
  if (field !== undefined) expect(res.body!.field, what).toBe(field);
}

const json = (server: TestServer, path: string, body: string) =>
  rawCall(server, 'POST', path, { body, headers: { 'content-type': 'application/json' } });

async function rowCounts() {
  const [m] = await server.db.select({ n: count() }).from(members);
  const [c] = await server.db.select({ n: count() }).from(companies);
  const [p] = await server.db.select({ n: count() }).from(phoneCodes);
  return { members: m!.n, companies: c!.n, codes: p!.n };
}

const BODY_CALLS: Record<string, Record<string, unknown>> = {
  'api/login': { id: 'demo@partsmall.kr', pw: 'demo1234' },
  'api/join': {
    license: withCheckDigit('777700001'),
    companyName: '견고상사',
    companyArea: '대전',
    id: 'robust@partsmall.kr',
    pw: 'robust12',
    cpw: 'robust12',
    phone: '01050000001',
    authCode: '123456',
    policy: true,
    privacy: true,
  },
  'api/chatJoin': {
    companyArea: '대전',
    phone: '01050000002',
    companyName: '견고상사',
    id: 'robust2@partsmall.kr',
    pw: 'robust12',
    cpw: 'robust12',
  },
  'api/findMemberPw': { phone: '01012345601', authCode: '123456', pw: 'robust12', cpw: 'robust12' },
};

const SUB_JOIN = {
  license: DEMO_COMPANY.license,
  securityNum: '000001',
  id: 'robust3@partsmall.kr',
  pw: 'robust12',
  cpw: 'robust12',
  phone: '01050000003',
  authCode: '123456',
  policy: true,
  privacy: true,
  phoen: '0212345678',
  name: '홍길동',
};

const GET_CALLS: Record<string, Record<string, string>> = {
  'api/checkLicense': { license: withCheckDigit('777700002') },
  'api/mobileVerification': { phone: '01050000004', authType: 'message' },
  'api/checkAuthCode': { phone: '01050000005', authCode: '123456' },
  'api/mobileVerificationInq': { phone: '01050000006', authType: 'message' },
  'api/findMemberId': { phone: '01050000007', authCode: '123456' },
  'dev/outbox': { phone: '01050000008' },
};

const WRONG_VALUES: [string, unknown][] = [
  ['a number', 12345678],
  ['a float', 1.5],
  ['an array', ['demo@partsmall.kr']],
  ['an empty array', []],
  ['an object', { $ne: '' }],
  ['a boolean', true],
  ['null', null],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['10,000 digits', '1'.repeat(10_000)],
];

/** The malformed bodies the JSON parser itself refuses. */
const UNPARSED = new Set([
  'broken JSON',
  'a prototype-polluting object',
  'a constructor-polluting object',
  'deeply nested arrays',
]);

describe('malformed bodies', () => {
  const bodies: [string, string][] = [
    ['broken JSON', '{"id": "demo@partsmall.kr", "pw": '],
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a JSON string', '"demo@partsmall.kr"'],
    ['a JSON number', '42'],
    ['a JSON array', '[]'],
    ['an array of forms', '[{"id":"demo@partsmall.kr","pw":"demo1234"}]'],
    ['an empty object', '{}'],
    ['a prototype-polluting object', '{"__proto__": {"role": "admin"}, "id": "demo@partsmall.kr", "pw": "demo1234"}'],
    ['a constructor-polluting object', '{"constructor": {"prototype": {"role": "admin"}}}'],
    ['deeply nested arrays', '['.repeat(50_000) + ']'.repeat(50_000)],
    ['invalid UTF-8 escape', '{"id": "\\ud800@partsmall.kr", "pw": "demo1234"}'],
  ];
  for (const path of Object.keys(BODY_CALLS)) {
    it.each(bodies)(`${path}: %s -> 400`, async (what, body) => {
      const res = await json(server, path, body);
      // A lone surrogate is valid JSON; it only breaks the id rules.
      if (what === 'invalid UTF-8 escape' && path === 'api/login') {
        expectEnvelope(res, what);
        expect(res.body!.code).not.toBe(200);
        return;
      }
      // A body that is no JSON, or JSON the parser refuses, is answered before the call's rules: 400.
      expect400(res, `${path} ${what}`, undefined, UNPARSED.has(what) ? unparsedCodeOf(path) : refusalCodeOf(path));
    });
  }

  it.each(Object.keys(BODY_CALLS))('%s without any body or content type -> 400', async (path) => {
    expect400(await rawCall(server, 'POST', path), path, undefined, refusalCodeOf(path));
  });

  // The original client sends these with the JSON type and no body at all: an empty body is no payload,
  // as without the type (docs/requirements.md#answers-and-errors).
  it.each(['api/getMallConfig', 'epc/initEpc', 'api/updateSecurityNumber', 'api/getDeliInfo'])(
    '%s with the JSON type and an empty body answers as with no body',
    async (path) => {
      const company = await makeCompany(server, '빈본문', 0);
      const authorization = `Bearer ${await loginAs(server, company.main.id, company.main.pw)}`;
      const empty = await rawCall(server, 'POST', path, {
        body: '',
        headers: { authorization, 'content-type': 'application/json' },
      });
      const none = await rawCall(server, 'POST', path, { headers: { authorization } });
      expectEnvelope(empty, path);
      expect([empty.status, empty.body!.code], empty.text.slice(0, 200)).toEqual([200, none.body!.code]);
    },
  );

  it.each(Object.keys(BODY_CALLS))('%s as text/plain or a form -> refused with a Korean message', async (path) => {
    const text = await rawCall(server, 'POST', path, {
      body: 'id=demo&pw=demo1234',
      headers: { 'content-type': 'text/plain' },
    });
    expectEnvelope(text, `${path} text/plain`);
    expect(text.status).toBeGreaterThanOrEqual(400);
    const form = await rawCall(server, 'POST', path, {
      body: 'id=demo&pw=demo1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(form, `${path} form`);
    expect(form.status).toBeGreaterThanOrEqual(400);
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await json(
      server,
      'api/login',
      JSON.stringify({ id: 'demo@partsmall.kr', pw: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expectEnvelope(res, '2 MB body');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: MSG.payloadTooLarge });
  });
});

describe('wrong types and sizes in each field', () => {
  for (const [path, valid] of Object.entries(BODY_CALLS)) {
    for (const field of Object.keys(valid)) {
      const wrong =
        typeof valid[field] === 'boolean' ? WRONG_VALUES.filter(([, v]) => typeof v !== 'boolean') : WRONG_VALUES;
      it.each(wrong)(`${path} ${field} as %s -> 400 on ${field}`, async (what, value) => {
        const before = await rowCounts();
        const res = await json(server, path, JSON.stringify({ ...valid, [field]: value }));
        expect400(res, `${path} ${field} ${what}`, field, refusalCodeOf(path));
        expect(await rowCounts()).toEqual(before);
      });
    }
  }

  for (const field of ['securityNum', 'phoen', 'name']) {
    it.each(WRONG_VALUES)(`api/join (sub-account) ${field} as %s -> 400 on ${field}`, async (what, value) => {
      const res = await json(server, 'api/join', JSON.stringify({ ...SUB_JOIN, [field]: value }));
      expect400(res, `sub join ${field} ${what}`, field, 499);
    });
  }
});

describe('text that the database must never see raw', () => {
  const control: [string, string][] = [
    ['a NUL character', 'a\u0000b'],
    ['other control characters', 'a\u0001\u001f\u007fb'],
    ['a line break', 'a\nb'],
  ];
  const awkward: [string, string][] = [
    ...control,
    ['a lone surrogate', 'a\ud800b'],
    ['emoji', '부품🚗상사'],
    ['SQL', "'; drop table members; --"],
    ['right-to-left marks', '\u202eabc'],
  ];

  it.each(control)('login id with %s: 400 on id, the mail-address message', async (_what, text) => {
    const res = await json(server, 'api/login', JSON.stringify({ id: `demo${text}@partsmall.kr`, pw: 'demo1234' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: MSG.loginIdShape, field: 'id' });
  });

  it.each(control)('company name and area with %s: 400 on the field, nothing written', async (_what, text) => {
    const before = await rowCounts();
    for (const field of ['companyName', 'companyArea']) {
      const chat = await json(
        server,
        'api/chatJoin',
        JSON.stringify({ ...BODY_CALLS['api/chatJoin'], [field]: `대전${text}` }),
      );
      expect(chat.body).toEqual({ code: 400, message: MSG.textInvalid, field });
      const join = await json(
        server,
        'api/join',
        JSON.stringify({ ...BODY_CALLS['api/join'], [field]: `대전${text}` }),
      );
      expect(join.body).toEqual({ code: 499, message: MSG.textInvalid, field });
    }
    const sub = await json(server, 'api/join', JSON.stringify({ ...SUB_JOIN, name: `이${text}` }));
    expect(sub.body).toEqual({ code: 499, message: MSG.textInvalid, field: 'name' });
    expect(await rowCounts()).toEqual(before);
  });

  it.each(awkward)('login id with %s is refused, never a 500', async (_what, text) => {
    const res = await json(server, 'api/login', JSON.stringify({ id: `${text}@partsmall.kr`, pw: 'demo1234' }));
    expectEnvelope(res, 'login');
    expect(res.status).toBe(400);
  });

  it.each(awkward)('password with %s is only compared, never a 500', async (what, text) => {
    // One id per case, so the per-id failure limit is not what answers.
    const id = `pw-${awkward.findIndex(([w]) => w === what)}@partsmall.kr`;
    const res = await json(server, 'api/login', JSON.stringify({ id, pw: `pw${text}` }));
    expectEnvelope(res, 'login pw');
    expect(res.status).toBe(400);
  });

  it.each(awkward)('chat sign-up with %s in the names is never a 500', async (_what, text) => {
    const res = await json(
      server,
      'api/chatJoin',
      JSON.stringify({ ...BODY_CALLS['api/chatJoin'], companyName: `상사${text}`, companyArea: `대전${text}` }),
    );
    expectEnvelope(res, 'chatJoin names');
  });

  it.each(awkward)('join with %s in the names is never a 500', async (_what, text) => {
    const res = await json(
      server,
      'api/join',
      JSON.stringify({ ...BODY_CALLS['api/join'], companyName: `상사${text}`, companyArea: `대전${text}` }),
    );
    expectEnvelope(res, 'join names');
  });

  it.each(awkward)('sub-account join with %s in the name is never a 500', async (_what, text) => {
    const res = await json(server, 'api/join', JSON.stringify({ ...SUB_JOIN, name: `이${text}` }));
    expectEnvelope(res, 'sub join name');
  });
});

describe('query strings', () => {
  for (const [path, valid] of Object.entries(GET_CALLS)) {
    for (const field of Object.keys(valid).filter((f) => f !== 'authType')) {
      const variants: [string, string][] = [
        ['missing', new URLSearchParams(Object.entries(valid).filter(([k]) => k !== field)).toString()],
        ['10,000 characters', new URLSearchParams({ ...valid, [field]: 'x'.repeat(10_000) }).toString()],
        ['10,000 digits', new URLSearchParams({ ...valid, [field]: '1'.repeat(10_000) }).toString()],
        ['repeated (an array)', `${new URLSearchParams(valid)}&${field}=${valid[field]}`],
        [
          'bracketed (an object)',
          `${new URLSearchParams(Object.entries(valid).filter(([k]) => k !== field))}&${field}[a]=1`,
        ],
        ['a NUL byte', new URLSearchParams({ ...valid, [field]: `${valid[field]!.slice(0, 3)}\u0000` }).toString()],
        [
          'broken percent-encoding',
          `${new URLSearchParams(Object.entries(valid).filter(([k]) => k !== field))}&${field}=%E0%A4%A`,
        ],
        ['Korean text', new URLSearchParams({ ...valid, [field]: '일이삼사오육' }).toString()],
      ];
      // api/checkLicense's body code 400 means 'already a member' to the original client: its
      // refusals answer 499 (docs/requirements.md#join).
      const bodyCode = refusalCodeOf(path);
      it.each(variants)(`${path} ${field} %s -> 400`, async (what, query) => {
        const res = await rawCall(server, 'GET', `${path}?${query}`);
        expect400(res, `${path} ${field} ${what}`, undefined, bodyCode);
      });
    }
  }

  it('an authType other than message is refused with a Korean message', async () => {
    const res = await rawCall(server, 'GET', 'api/mobileVerification?phone=01050000009&authType=voice');
    expect400(res, 'authType', 'authType');
  });
});

describe('paths and methods', () => {
  it.each([
    ['GET', 'api/doesNotExist'],
    ['POST', 'api/doesNotExist'],
  ])('%s %s answers the 404 envelope', async (method, path) => {
    const res = await rawCall(
      server,
      method,
      path,
      method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {},
    );
    expectEnvelope(res, `${method} ${path}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: MSG.notFound });
  });

  // A path that exists, asked with another method: 405 and the methods it takes (docs/requirements.md#answers-and-errors).
  it.each([
    ['GET', 'api/login', 'POST'],
    ['POST', 'api/checkLicense', 'GET'],
    ['DELETE', 'api/login', 'POST'],
  ])('%s %s answers the 405 envelope and allows %s', async (method, path, allowed) => {
    const res = await rawCall(
      server,
      method,
      path,
      method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {},
    );
    expectEnvelope(res, `${method} ${path}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')?.split(/,\s*/)).toContain(allowed);
    expect(res.body).toEqual({ code: 405, message: MSG.methodNotAllowed });
  });

  it('api/getMallConfig and api/logout ignore any body they do not need', async () => {
    for (const body of ['', 'null', '[]', '{"x": 1}', '{broken']) {
      const cfg = await json(server, 'api/getMallConfig', body);
      expectEnvelope(cfg, `getMallConfig ${body}`);
      const out = await json(server, 'api/logout', body);
      expectEnvelope(out, `logout ${body}`);
      expect(out.status === 401 || out.status === 400).toBe(true);
    }
  });

  it.each([
    ['Bearer', 'Bearer'],
    ['Bearer and spaces', 'Bearer    '],
    ['Basic', 'Basic ZGVtbzpkZW1vMTIzNA=='],
    ['a huge token', `Bearer ${'x'.repeat(8000)}`],
    ['two tokens', 'Bearer a b'],
  ])('an Authorization header of %s is treated as no session', async (_what, authorization) => {
    const res = await rawCall(server, 'POST', 'api/logout', {
      headers: { authorization, 'content-type': 'application/json' },
      body: '{}',
    });
    expectEnvelope(res, authorization.slice(0, 20));
    expect(res.status).toBe(401);
  });
});
