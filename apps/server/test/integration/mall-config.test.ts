import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_PACKAGES, MSG, mallConfig as mallConfigSchema } from '@partsmall/contract';
import { mallConfig, notices } from '../../src/db/schema.js';
import { readMallConfig, saveMallConfig } from '../../src/features/mall/service.js';
import { call, loginAs, rawCall, startTestServer, type TestServer } from '../helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const getConfig = (token?: string) => call(server, 'getMallConfig', undefined, { token });

describe('POST api/getMallConfig', () => {
  it('answers code 200 with the whole configuration, matching the contract schema', async () => {
    const res = await getConfig();
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(res.body.message).toMatch(/[가-힣]/);
    const parsed = mallConfigSchema.safeParse(res.body.results);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const cfg = res.body.results!;
    expect(Number.isInteger(cfg.ver)).toBe(true);
    expect(cfg.ver).toBeGreaterThanOrEqual(1);
    expect(cfg.totalAsset).toBeGreaterThan(0);
    expect(cfg.totalQuantity).toBeGreaterThan(0);
    expect(cfg.buyPolicy).toContain('중국');
  });

  it('the warehouses of the directions page are the ones checkout and the products name', async () => {
    const { shippingAddress } = (await getConfig()).body.results!;
    const delivery = await call(
      server,
      'getDeliInfo',
      {},
      { token: await loginAs(server, 'demo@partsmall.kr', 'demo1234') },
    );
    expect(shippingAddress.map((w) => w.name)).toEqual(['한국 김포물류센터', '중국 위해직수입창고']);
    expect(delivery.body.results?.map((w) => w.warehouse_name)).toEqual(['한국 김포물류센터', '중국 위해직수입창고']);
  });

  it('mallBottom carries every footer field of the original API, filled in', async () => {
    const { mallBottom } = (await getConfig()).body.results!;
    const fields = [
      'companyName',
      'license',
      'mailOrderLicense',
      'ceo',
      'privacyOfficer',
      'mail',
      'fax',
      'address',
      'phone',
      'hours',
      'copyright',
    ];
    expect(Object.keys(mallBottom).sort()).toEqual([...fields].sort());
    for (const f of fields) expect((mallBottom as Record<string, string>)[f], f).not.toBe('');
    expect(mallBottom.companyName).toBe('(주)파츠몰코리아');
    expect(mallBottom.phone).toBe('1588-1234');
  });

  it('licenseValidBuy lists the four licence packages of the original product', async () => {
    const { licenseValidBuy } = (await getConfig()).body.results!;
    expect(licenseValidBuy.map(({ days, price }) => ({ days, price }))).toEqual([
      { days: 30, price: 30_000 },
      { days: 90, price: 90_000 },
      { days: 365, price: 200_000 },
      { days: 1, price: 3_000 },
    ]);
    expect(licenseValidBuy).toEqual(LICENSE_PACKAGES);
    for (const p of licenseValidBuy) expect(p.content).toMatch(/[가-힣]/);
  });

  it('notices are the popup notices, newest first', async () => {
    const before = (await getConfig()).body.results!.notices;
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.map((n) => n.title)).toContain('연말 배송 일정 안내');
    for (const n of before) {
      expect(Number.isInteger(n.seq)).toBe(true);
      expect(n.title).not.toBe('');
    }
    const [added] = await server.db
      .insert(notices)
      .values({ type: 0, title: '설 연휴 배송 안내', content: '<p>설 연휴에는 출고가 없습니다.</p>', popup: true })
      .returning({ id: notices.id });
    await server.db
      .insert(notices)
      .values({ type: 0, title: '팝업 아닌 공지', content: '<p>목록에만</p>', popup: false });
    const after = (await getConfig()).body.results!.notices;
    expect(after[0]).toMatchObject({ seq: added!.id, title: '설 연휴 배송 안내' });
    expect(after.map((n) => n.title)).not.toContain('팝업 아닌 공지');
    await server.db.delete(notices).where(eq(notices.id, added!.id));
  });

  it('is the same for visitors, members and a bad token', async () => {
    const visitor = (await getConfig()).body.results;
    const member = (await getConfig(await loginAs(server, 'demo@partsmall.kr', 'demo1234'))).body.results;
    const stale = await getConfig('revoked-or-made-up');
    expect(member).toEqual(visitor);
    expect(stale.status).toBe(200);
    expect(stale.body.results).toEqual(visitor);
  });

  it('saving the configuration bumps ver, so open pages reload', async () => {
    const before = (await getConfig()).body.results!;
    const { ver: _v, notices: _n, ...data } = before;
    await saveMallConfig(server.db, { ...data, buyPolicy: '변경된 구매 안내' });
    const after = (await getConfig()).body.results!;
    expect(after.ver).toBe(before.ver + 1);
    expect(after.buyPolicy).toBe('변경된 구매 안내');
    expect((await readMallConfig(server.db))!.ver).toBe(after.ver);
  });
});

describe('OpenAPI document', () => {
  it('/docs/json lists the auth and configuration calls with their methods', async () => {
    const res = await rawCall(server, 'GET', 'docs/json');
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/login', 'post'],
      ['/api/logout', 'post'],
      ['/api/join', 'post'],
      ['/api/chatJoin', 'post'],
      ['/api/findMemberPw', 'post'],
      ['/api/getMallConfig', 'post'],
      ['/api/checkLicense', 'get'],
      ['/api/mobileVerification', 'get'],
      ['/api/checkAuthCode', 'get'],
      ['/api/mobileVerificationInq', 'get'],
      ['/api/findMemberId', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('documents the login body fields', async () => {
    const doc = JSON.parse((await rawCall(server, 'GET', 'docs/json')).text) as {
      paths: Record<
        string,
        {
          post?: {
            requestBody?: { content: Record<string, { schema: { properties?: object; required?: string[] } }> };
          };
        }
      >;
    };
    const schema = doc.paths['/api/login']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(['id', 'pw']);
    expect(schema.required?.sort()).toEqual(['id', 'pw']);
  });

  it('/docs serves the documentation page', async () => {
    const res = await fetch(`${server.base}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

describe('without a stored configuration', () => {
  it('answers body code 400 (the web app sends the user to login) in the envelope', async () => {
    const [saved] = await server.db.select().from(mallConfig);
    await server.db.delete(mallConfig);
    try {
      const res = await getConfig();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(600);
      expect(res.body).toEqual({ code: 400, message: MSG.configUnavailable });
    } finally {
      await server.db.insert(mallConfig).values(saved!);
    }
  });
});
