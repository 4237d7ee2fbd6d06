import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPC_MSG, EPC_TEST_VINS, MSG, tierPrice, type ClientBaseInfoEvent } from '@partsmall/contract';
import {
  companies,
  epcCatalogues,
  epcReplacements,
  epcVehicles,
  epcVinSearches,
  orderLines,
  products,
} from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import {
  call,
  loginAs,
  nextEvent,
  startTestServer,
  tradeSocket,
  type CallResult,
  type TestServer,
} from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { fund, makeProduct, COURIER } from '../order-helpers.js';

/**
 * The catalogue calls over HTTP (docs/requirements.md#parts-catalogue): who may call what (visitor, licensed,
 * unlicensed, sub-account, another company, staff), the licence and the VIN quota enforced on the
 * server, and the bad input of the issue. Each test uses companies of its own.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const E220D = 'WDDZF8KB4JA201937'; // demo benz, not a test VIN
const BENZ = 'DEMO-BENZ-W213';
const BMW_TEST = EPC_TEST_VINS.find((t) => t.brand === 'bmw')!.vin;
const BMW = 'DEMO-BMW-G20';
const DAY_MS = 86_400_000;

const post = <T = unknown>(path: string, body: Record<string, unknown>, token?: string): Promise<CallResult<T>> =>
  call<T>(server, 'POST', path, body, token);

async function licensedCompany(
  label: string,
  level: 'a' | 'b' | 'c' | 'd' = 'b',
): Promise<TestCompany & { token: string; subToken: string }> {
  const c = await makeCompany(server, label, 1);
  await server.db
    .update(companies)
    .set({ licenseEnd: new Date(Date.now() + 10 * DAY_MS), level })
    .where(eq(companies.id, c.companyId));
  return {
    ...c,
    token: await loginAs(server, c.main.id, c.main.pw),
    subToken: await loginAs(server, c.subs[0]!.id, c.subs[0]!.pw),
  };
}

async function unlicensedCompany(label: string) {
  const c = await makeCompany(server, label, 0);
  return { ...c, token: await loginAs(server, c.main.id, c.main.pw) };
}

const rowsOf = (companyId: number) =>
  server.db.select().from(epcVinSearches).where(eq(epcVinSearches.companyId, companyId));

/** One payload per deeper call, for a vehicle of a catalogue. */
function deeperCalls(vin: string, mcid: string, num: string, mid: string): [string, Record<string, unknown>][] {
  return [
    ['epc/getCarsGroupEx', { vin, mcid, brand: 'all' }],
    ['epc/getCarsConfigEx', { vin_number: vin, mcid, brand_code: 'all' }],
    ['epc/getCarsStructureEx', { vin, mcid, num }],
    ['epc/getCarsPartsEx', { vin, mcid, num, mid, isShowColorvalue: false }],
    ['epc/getCarsSearchHotKey', { vin, mcid, searchHotKey: 'A2' }],
  ];
}

describe('who may call', () => {
  it('a visitor gets 401 on every call, and staff 403', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['epc/initEpc', {}],
      ['epc/getUserSearchHistory', { brand_code: 'all' }],
      ['epc/getCarsVinEx', { brand: 'benz', vin: E220D }],
      ...deeperCalls(E220D, BENZ, '34', '34_10_11'),
      ['epc/getCarsReplace', { pid: 'A0004212512' }],
      ['epc/searchParts', { objSearchMapper: { searchKeyword: 'A000', page: 1, size: 10 } }],
    ];
    for (const [path, body] of calls) {
      const r = await post(path, body);
      expect([path, r.status, r.body.message]).toEqual([path, 401, MSG.loginRequired]);
    }
    const staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
    for (const [path, body] of calls) expect([path, (await post(path, body, staff)).status]).toEqual([path, 403]);
  });

  it('a licensed main account opens a demo VIN, is charged once, sees the count live, and drills down', async () => {
    const c = await licensedCompany('면허', 'a');
    const init = await post<{ licenseDays: number; userSearchVinCount: number; testVins: { vin: string }[] }>(
      'epc/initEpc',
      {},
      c.token,
    );
    expect(init.body.code).toBe(200);
    expect(init.body.results).toMatchObject({ licenseDays: 10, userSearchVinCount: 0, maxVinSearches: 30 });
    expect(init.body.results!.testVins.map((t) => t.vin)).toEqual(EPC_TEST_VINS.map((t) => t.vin));

    const socket = tradeSocket(server, c.token);
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const pushed = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      const r = await post<{
        mcid: string;
        brand_code: string;
        userSearchVinCount: number;
        charged: boolean;
        data: { vin: string; model_name: string };
      }>('epc/getCarsVinEx', { brand: 'benz', vin: E220D, lang: 'KR' }, c.token);
      expect(r.status).toBe(200);
      expect(r.body.results).toMatchObject({
        mcid: BENZ,
        brand_code: 'benz',
        userSearchVinCount: 1,
        charged: true,
        testVin: false,
        data: { vin: E220D, model_name: 'E 220 d (W213)' },
      });
      expect((await pushed).result!.userSearchVinCount).toBe(1);
    } finally {
      socket.close();
    }
    // Reopening the day's VIN, by the short VIN too, costs nothing.
    const again = await post<{ charged: boolean; userSearchVinCount: number }>(
      'epc/getCarsVinEx',
      { brand: 'benz', vin: E220D.slice(-8) },
      c.token,
    );
    expect(again.body.results).toMatchObject({ charged: false, userSearchVinCount: 1 });
    expect(await rowsOf(c.companyId)).toHaveLength(1);

    const groups = await post<{ num: string; label: string }[]>(
      'epc/getCarsGroupEx',
      { vin: E220D, mcid: BENZ, brand: 'benz' },
      c.token,
    );
    expect(groups.status).toBe(200);
    expect(groups.body.results!.length).toBeGreaterThanOrEqual(8);
    const num = groups.body.results![0]!.num;
    const subs = await post<{ mid: string; has_child: number }[]>(
      'epc/getCarsStructureEx',
      { vin: E220D, mcid: BENZ, num },
      c.token,
    );
    expect(subs.status).toBe(200);
    const sub = subs.body.results!.find((s) => s.has_child === 1)!;
    const children = await post<{ mid: string }[]>(
      'epc/getCarsStructureEx',
      { vin: E220D, mcid: BENZ, num, subgroup: sub.mid, level: 2 },
      c.token,
    );
    expect(children.status).toBe(200);
    const config = await post<{ options: string[] }>('epc/getCarsConfigEx', { vin_number: E220D, mcid: BENZ }, c.token);
    expect(config.body.results!.options).toEqual(['OM654', 'DIESEL', 'LED']);
  });

  it('each part of a diagram carries the shop products of its OE number at the company tier price', async () => {
    const c = await licensedCompany('가격', 'a');
    await post('epc/getCarsVinEx', { brand: 'bmw', vin: BMW_TEST }, c.token);
    const r = await post<{
      part_detail: {
        pid: string;
        products: { seq: number; price: number; salePrice: number; hasAmount: number; stockName: string }[];
      }[];
      img_points: unknown[];
      pctWidth: number;
    }>(
      'epc/getCarsPartsEx',
      { vin: BMW_TEST, mcid: BMW, num: '34', mid: '34_10_11', subgroup: '34_10', isShowColorvalue: false },
      c.token,
    );
    expect(r.status).toBe(200);
    const withProduct = r.body.results!.part_detail.find((p) => p.products.length > 0)!;
    expect(withProduct).toBeDefined();
    const shown = withProduct.products[0]!;
    const [row] = await server.db
      .select({
        priceA: products.priceA,
        priceB: products.priceB,
        priceC: products.priceC,
        priceD: products.priceD,
        salePrice: products.salePrice,
        hasAmount: products.hasAmount,
        stockName: products.stockName,
      })
      .from(products)
      .where(eq(products.id, shown.seq));
    // Level a pays tier A, or the next tier down when a demo product has no tier A price.
    expect(shown).toMatchObject({
      price: tierPrice(row!, 'a'),
      salePrice: Number(row!.salePrice),
      hasAmount: row!.hasAmount,
      stockName: row!.stockName,
    });
    expect(r.body.results!.img_points.length).toBeGreaterThanOrEqual(10);
  });

  it('a sub-account shares the company VINs, history and quota; another company sees none of it', async () => {
    const c = await licensedCompany('공유');
    const other = await licensedCompany('남남');
    expect((await post('epc/getCarsVinEx', { brand: 'all', vin: E220D }, c.token)).status).toBe(200);
    for (const [path, body] of deeperCalls(E220D, BENZ, '34', '34_10_11')) {
      expect([path, (await post(path, body, c.subToken)).status]).toEqual([path, 200]);
      const refused = await post(path, body, other.token);
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, EPC_MSG.vinNotOpened]);
    }
    const history = await post<{ data: { vin: string }[] }>(
      'epc/getUserSearchHistory',
      { brand_code: 'benz' },
      c.subToken,
    );
    expect(history.body.results!.data.map((h) => h.vin)).toEqual([E220D]);
    expect(
      (await post<{ data: unknown[] }>('epc/getUserSearchHistory', { brand_code: 'all' }, other.token)).body.results!
        .data,
    ).toEqual([]);
    const sub = await post<{ charged: boolean }>('epc/getCarsVinEx', { brand: 'all', vin: E220D }, c.subToken);
    expect(sub.body.results!.charged).toBe(false);
    expect(await rowsOf(c.companyId)).toHaveLength(1);
    expect(await rowsOf(other.companyId)).toHaveLength(0);
  });

  it('without a licence: test VINs open and drill down; other VINs, their deeper calls and the part search are refused', async () => {
    const c = await unlicensedCompany('무면허');
    const init = await post<{ licenseDays: number }>('epc/initEpc', {}, c.token);
    expect(init.body.results!.licenseDays).toBe(0);
    for (const t of EPC_TEST_VINS) {
      const r = await post<{ charged: boolean; testVin: boolean }>(
        'epc/getCarsVinEx',
        { brand: 'all', vin: t.vin },
        c.token,
      );
      expect([t.vin, r.status, r.body.results?.charged, r.body.results?.testVin]).toEqual([t.vin, 200, false, true]);
    }
    for (const [path, body] of deeperCalls(BMW_TEST, BMW, '34', '34_10_11'))
      expect([path, (await post(path, body, c.token)).status]).toEqual([path, 200]);
    const refused = await post('epc/getCarsVinEx', { brand: 'benz', vin: E220D }, c.token);
    expect([refused.status, refused.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    // Even an unknown VIN says 'licence' first: without one, nobody learns which VINs exist.
    expect((await post('epc/getCarsVinEx', { brand: 'all', vin: 'WDD00000000000000' }, c.token)).body.message).toBe(
      EPC_MSG.licenseRequired,
    );
    for (const [path, body] of deeperCalls(E220D, BENZ, '34', '34_10_11'))
      expect([path, (await post(path, body, c.token)).status]).toEqual([path, 403]);
    const search = await post(
      'epc/searchParts',
      { objSearchMapper: { searchKeyword: 'A000', page: 1, size: 10 } },
      c.token,
    );
    expect([search.status, search.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    // The test VINs are the company's vehicles now, kept on no day's quota; nothing refused is kept.
    expect((await rowsOf(c.companyId)).map((r) => [r.vin, r.day]).sort()).toEqual(
      EPC_TEST_VINS.map((t) => [t.vin, null]).sort(),
    );
    expect(
      (await post<{ userSearchVinCount: number }>('epc/initEpc', {}, c.token)).body.results!.userSearchVinCount,
    ).toBe(0);
  });

  it('the calls without a VIN, per role: initEpc, history, replacements, part search', async () => {
    const c = await licensedCompany('역할');
    const other = await licensedCompany('타사');
    const none = await unlicensedCompany('역할무');
    const search = { objSearchMapper: { searchKeyword: '07', page: 1, size: 5 } };
    const rows: [string, number, number, number, number][] = [];
    for (const [who, token] of [
      ['main', c.token],
      ['sub', c.subToken],
      ['other', other.token],
      ['unlicensed', none.token],
    ] as const) {
      rows.push([
        who,
        (await post('epc/initEpc', {}, token)).status,
        (await post('epc/getUserSearchHistory', { brand_code: 'all' }, token)).status,
        (await post('epc/getCarsReplace', { pid: 'A0004212512', brand_code: 'benz' }, token)).status,
        (await post('epc/searchParts', search, token)).status,
      ]);
    }
    expect(rows).toEqual([
      ['main', 200, 200, 200, 200],
      ['sub', 200, 200, 200, 200],
      ['other', 200, 200, 200, 200],
      ['unlicensed', 200, 200, 403, 403],
    ]);
  });

  it('an expired licence is no licence', async () => {
    const c = await unlicensedCompany('만료');
    await server.db
      .update(companies)
      .set({ licenseEnd: new Date(Date.now() - 1000) })
      .where(eq(companies.id, c.companyId));
    const r = await post('epc/getCarsVinEx', { brand: 'benz', vin: E220D }, c.token);
    expect([r.status, r.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    expect(await rowsOf(c.companyId)).toHaveLength(0);
  });
});

describe("another catalogue's part numbers, replacements and the licence's end", () => {
  const BENZ_TEST = EPC_TEST_VINS.find((t) => t.brand === 'benz')!.vin;
  const LR = 'DEMO-LR-L405';

  /** A two-character prefix that finds parts in the catalogue (from its own rows). */
  async function prefixOf(mcid: string): Promise<string> {
    const [row] = await queryRows<{ key: string }>(
      server.db,
      sql`select left(p.pid_key, 2) as key from epc_parts p join epc_catalogues c on c.id = p.catalogue_id where c.mcid = ${mcid} order by p.pid_key limit 1`,
    );
    return row!.key;
  }

  it("a test VIN does not open another catalogue's part numbers, licensed or not", async () => {
    const prefix = await prefixOf(LR);
    const none = await unlicensedCompany('남의카탈로그');
    const licensed = await licensedCompany('남의카탈로그유');
    for (const token of [none.token, licensed.token]) {
      const r = await post<{ partInfo: unknown[] }>(
        'epc/getCarsSearchHotKey',
        { vin: BENZ_TEST, mcid: LR, searchHotKey: prefix },
        token,
      );
      expect([r.status, r.body.message, r.body.results]).toEqual([404, EPC_MSG.noInfo, undefined]);
    }
    // The VIN's own catalogue still answers.
    const own = await post<{ partInfo: { mcid: string }[] }>(
      'epc/getCarsSearchHotKey',
      { vin: BENZ_TEST, mcid: BENZ, searchHotKey: await prefixOf(BENZ) },
      none.token,
    );
    expect(own.status).toBe(200);
    expect(own.body.results!.partInfo.length).toBeGreaterThan(0);
    expect(new Set(own.body.results!.partInfo.map((p) => p.mcid))).toEqual(new Set([BENZ]));
  });

  it('the part-number search is limited per member (30 a minute) and per address (60 a minute), with a Korean 429', async () => {
    const address = { 'x-forwarded-for': '198.51.100.20' };
    const a = await unlicensedCompany('검색제한A');
    const b = await unlicensedCompany('검색제한B');
    const c = await unlicensedCompany('검색제한C');
    const hot = (token: string) =>
      call(
        server,
        'getCarsSearchHotKey',
        { vin: BMW_TEST, mcid: BMW, searchHotKey: '07' },
        { token, headers: address },
      );
    const statuses = async (token: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await hot(token)).status);
      return out;
    };
    expect(await statuses(a.token, 30)).toEqual(Array(30).fill(200));
    const overMember = await hot(a.token);
    expect([overMember.status, overMember.body.message]).toEqual([429, EPC_MSG.hotKeyTooMany]);
    // Another member from the same address has the address's other 30.
    expect(await statuses(b.token, 30)).toEqual(Array(30).fill(200));
    const overAddress = await hot(c.token);
    expect([overAddress.status, overAddress.body.message]).toEqual([429, EPC_MSG.hotKeyTooMany]);
    // The same member from another address is still within its own limit.
    const elsewhere = await call(
      server,
      'getCarsSearchHotKey',
      { vin: BMW_TEST, mcid: BMW, searchHotKey: '07' },
      { token: c.token, headers: { 'x-forwarded-for': '198.51.100.21' } },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('replacement numbers need a licence; without one only within the catalogue of a test VIN', async () => {
    const none = await unlicensedCompany('대체무');
    const [bmw] = await server.db
      .select({ id: epcCatalogues.id })
      .from(epcCatalogues)
      .where(eq(epcCatalogues.mcid, BMW));
    const [link] = await server.db
      .select({ pid: epcReplacements.pid, to: epcReplacements.toPid })
      .from(epcReplacements)
      .where(and(eq(epcReplacements.catalogueId, bmw!.id), eq(epcReplacements.kind, 'supersedes')))
      .orderBy(epcReplacements.remark)
      .limit(1);
    const bare = await post('epc/getCarsReplace', { pid: link!.pid, brand_code: 'bmw' }, none.token);
    expect([bare.status, bare.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    const wrongCatalogue = await post(
      'epc/getCarsReplace',
      { pid: link!.pid, brand_code: 'bmw', vin: BENZ_TEST, mcid: BMW },
      none.token,
    );
    expect([wrongCatalogue.status, wrongCatalogue.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    const notOpenable = await post(
      'epc/getCarsReplace',
      { pid: link!.pid, brand_code: 'bmw', vin: E220D, mcid: BENZ },
      none.token,
    );
    expect([notOpenable.status, notOpenable.body.message]).toEqual([403, EPC_MSG.licenseRequired]);
    const inContext = await post<{ data: { pid: string; relation: string }[] }>(
      'epc/getCarsReplace',
      { pid: link!.pid, brand_code: 'bmw', vin: BMW_TEST, mcid: BMW },
      none.token,
    );
    expect(inContext.status).toBe(200);
    expect(inContext.body.results!.data[0]).toMatchObject({ pid: link!.to, relation: 'newer', distance: 1 });
    // A number of another catalogue finds nothing in the test VIN's catalogue.
    const [benzCatalogue] = await server.db
      .select({ id: epcCatalogues.id })
      .from(epcCatalogues)
      .where(eq(epcCatalogues.mcid, BENZ));
    const [benzLink] = await server.db
      .select({ pid: epcReplacements.pid })
      .from(epcReplacements)
      .where(eq(epcReplacements.catalogueId, benzCatalogue!.id))
      .limit(1);
    const benzPid = benzLink!.pid;
    const licensed = await licensedCompany('대체유');
    const benzChain = await post<{ data: unknown[] }>(
      'epc/getCarsReplace',
      { pid: benzPid, brand_code: 'all' },
      licensed.token,
    );
    expect(benzChain.body.results!.data.length).toBeGreaterThan(0);
    const outside = await post<{ data: unknown[] }>(
      'epc/getCarsReplace',
      { pid: benzPid, brand_code: 'all', vin: BMW_TEST, mcid: BMW },
      none.token,
    );
    expect([outside.status, outside.body.results!.data]).toEqual([200, []]);
  });

  it('a VIN opened in the morning stops answering when the licence ends; test VINs keep answering', async () => {
    const c = await licensedCompany('만료당일');
    expect((await post('epc/getCarsVinEx', { brand: 'benz', vin: E220D }, c.token)).status).toBe(200);
    for (const [path, body] of deeperCalls(E220D, BENZ, '34', '34_10_11'))
      expect([path, (await post(path, body, c.token)).status]).toEqual([path, 200]);
    await server.db
      .update(companies)
      .set({ licenseEnd: new Date(Date.now() - 1000) })
      .where(eq(companies.id, c.companyId));
    for (const [path, body] of deeperCalls(E220D, BENZ, '34', '34_10_11')) {
      const r = await post(path, body, c.subToken);
      expect([path, r.status, r.body.message]).toEqual([path, 403, EPC_MSG.licenseRequired]);
    }
    for (const [path, body] of deeperCalls(BMW_TEST, BMW, '34', '34_10_11'))
      expect([path, (await post(path, body, c.token)).status]).toEqual([path, 200]);
  });
});

describe('the quota over HTTP', () => {
  /** 40 extra vehicles in the demo BMW catalogue, VINs of their own. */
  async function addVehicles(prefix: string): Promise<string[]> {
    const [bmw] = await server.db
      .select({ id: epcCatalogues.id })
      .from(epcCatalogues)
      .where(eq(epcCatalogues.mcid, BMW));
    const vins = Array.from({ length: 40 }, (_, i) => `WBA${prefix}${String(i).padStart(8, '0')}`);
    await server.db.insert(epcVehicles).values(
      vins.map((vin) => ({
        catalogueId: bmw!.id,
        brand: 'bmw',
        vin,
        shortVin: vin.slice(-7),
        modelName: '330i (G20)',
        year: 2019,
      })),
    );
    return vins;
  }

  it('40 concurrent searches of different VINs with 30 left open exactly 30; the 31st is refused, a VIN of the day reopens', async () => {
    const c = await licensedCompany('경합');
    const vins = await addVehicles('RACE01');
    const results = await Promise.all(vins.map((vin) => post('epc/getCarsVinEx', { brand: 'all', vin }, c.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(30);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect([r.status, r.body.message]).toEqual([429, EPC_MSG.quotaExceeded]);
    expect(await rowsOf(c.companyId)).toHaveLength(30);
    const openedVin = (await rowsOf(c.companyId))[0]!.vin;
    const reopen = await post<{ charged: boolean; userSearchVinCount: number }>(
      'epc/getCarsVinEx',
      { brand: 'all', vin: openedVin },
      c.subToken,
    );
    expect(reopen.body.results).toMatchObject({ charged: false, userSearchVinCount: 30 });
    // Test VINs stay free with the quota used up.
    expect((await post('epc/getCarsVinEx', { brand: 'all', vin: BMW_TEST }, c.token)).status).toBe(200);
    const init = await post<{ userSearchVinCount: number }>('epc/initEpc', {}, c.token);
    expect(init.body.results!.userSearchVinCount).toBe(30);
  });

  it("a VIN opened on yesterday's Seoul day neither counts today nor opens the deeper calls", async () => {
    const c = await licensedCompany('어제');
    const [{ yesterday }] = (await queryRows<{ yesterday: string }>(
      server.db,
      sql`select ((now() at time zone 'Asia/Seoul')::date - 1)::text as yesterday`,
    )) as [{ yesterday: string }];
    await server.db.insert(epcVinSearches).values({
      companyId: c.companyId,
      memberId: c.main.seq,
      day: yesterday,
      vin: E220D,
      brand: 'benz',
      mcid: BENZ,
      title: 'E 220 d',
      firstAt: new Date(),
      lastAt: new Date(),
    });
    expect(
      (await post<{ userSearchVinCount: number }>('epc/initEpc', {}, c.token)).body.results!.userSearchVinCount,
    ).toBe(0);
    const groups = await post('epc/getCarsGroupEx', { vin: E220D, mcid: BENZ }, c.token);
    expect([groups.status, groups.body.message]).toEqual([403, EPC_MSG.vinNotOpened]);
    // Searched again today it counts as today's first.
    const r = await post<{ charged: boolean; userSearchVinCount: number }>(
      'epc/getCarsVinEx',
      { brand: 'benz', vin: E220D },
      c.token,
    );
    expect(r.body.results).toMatchObject({ charged: true, userSearchVinCount: 1 });
    expect((await post('epc/getCarsGroupEx', { vin: E220D, mcid: BENZ }, c.token)).status).toBe(200);
    const today = await server.db
      .select()
      .from(epcVinSearches)
      .where(and(eq(epcVinSearches.companyId, c.companyId), eq(epcVinSearches.vin, E220D)));
    expect(today).toHaveLength(2);
  });
});

describe('bad input: a Korean message, nothing changed, never a 500', () => {
  it('VINs of the wrong length for the brand, with I/O/Q, unknown; spaces and lower case are normalised', async () => {
    const c = await licensedCompany('입력');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ brand: 'bmw', vin: 'KAK9876' + '5' }, 400, EPC_MSG.hintShort7], // 8 for bmw
      [{ brand: 'benz', vin: 'A354812' }, 400, EPC_MSG.hintShort8], // 7 for benz
      [{ brand: 'all', vin: 'A354812' }, 400, EPC_MSG.hintFull],
      [{ brand: 'all', vin: `${E220D}1` }, 400, EPC_MSG.hintFull],
      [{ brand: 'all', vin: 'WDDZF8KB4JA2O1937' }, 400, EPC_MSG.vinIoq],
      [{ brand: 'all', vin: 'WDDZF8KB4JA2-1937' }, 400, EPC_MSG.vinChars],
      [{ brand: 'all', vin: '' }, 400, EPC_MSG.vinRequired],
      [{ brand: 'toyota', vin: E220D }, 400, EPC_MSG.unknownBrand],
      [{ brand: 'all', vin: 'WDD00000000000000' }, 404, EPC_MSG.noInfo],
      // A maker the VIN names that has no catalogue here is named.
      [{ brand: 'all', vin: 'KMHJ381ABLU123456' }, 404, '현대자동차 차량은 카탈로그에서 조회할 수 없습니다.'],
      [{ brand: 'bmw', vin: 'WMWXR31060TL12345' }, 404, 'MINI 차량은 카탈로그에서 조회할 수 없습니다.'],
      [{ brand: 'all', vin: 12345 }, 400, EPC_MSG.vinRequired],
      [{ brand: 'all', vin: 'W'.repeat(100_000) }, 400, EPC_MSG.hintFull],
      [{ brand: 'all', vin: 'WDD\u0000ZF8KB4JA201937' }, 400, EPC_MSG.vinChars],
      [{ brand: ['benz'], vin: E220D }, 400, EPC_MSG.unknownBrand],
    ];
    for (const [body, status, message] of cases) {
      const r = await post('epc/getCarsVinEx', body, c.token);
      expect([JSON.stringify(body).slice(0, 60), r.status, r.body.message]).toEqual([
        JSON.stringify(body).slice(0, 60),
        status,
        message,
      ]);
    }
    expect(await rowsOf(c.companyId)).toHaveLength(0);
    const normalised = await post<{ data: { vin: string } }>(
      'epc/getCarsVinEx',
      { brand: 'benz', vin: ` ${E220D.toLowerCase().slice(0, 8)} ${E220D.toLowerCase().slice(8)}\t` },
      c.token,
    );
    expect([normalised.status, normalised.body.results?.data.vin]).toEqual([200, E220D]);
  });

  it('nodes and diagrams of another catalogue, unknown groups, broken ids', async () => {
    const c = await licensedCompany('남의것');
    await post('epc/getCarsVinEx', { brand: 'all', vin: E220D }, c.token);
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['epc/getCarsPartsEx', { vin: E220D, mcid: BENZ, mid: '34_10_99' }, 404, EPC_MSG.noInfo],
      // a group with children has no drawing
      ['epc/getCarsPartsEx', { vin: E220D, mcid: BENZ, mid: '34_10' }, 404, EPC_MSG.noInfo],
      ['epc/getCarsPartsEx', { vin: E220D, mcid: BMW, mid: '34_10_11' }, 404, EPC_MSG.noInfo],
      ['epc/getCarsStructureEx', { vin: E220D, mcid: BENZ, num: '99' }, 404, EPC_MSG.noInfo],
      ['epc/getCarsStructureEx', { vin: E220D, mcid: BENZ, num: '11', subgroup: '34_10' }, 404, EPC_MSG.noInfo],
      ['epc/getCarsGroupEx', { vin: E220D, mcid: BMW }, 404, EPC_MSG.noInfo],
      ['epc/getCarsGroupEx', { vin: E220D, mcid: 'X\u0000' }, 400, EPC_MSG.noInfo],
      ['epc/getCarsGroupEx', { vin: E220D, mcid: { $ne: 1 } }, 400, EPC_MSG.noInfo],
      ['epc/getCarsPartsEx', { vin: E220D, mcid: BENZ, mid: 'x'.repeat(5000) }, 400, EPC_MSG.noInfo],
    ];
    for (const [path, body, status, message] of cases) {
      const r = await post(path, body, c.token);
      expect([path, JSON.stringify(body).slice(0, 50), r.status, r.body.message]).toEqual([
        path,
        JSON.stringify(body).slice(0, 50),
        status,
        message,
      ]);
    }
  });

  it('part-number searches of 1 or 51 characters are refused; 2 and 50 are searched', async () => {
    const c = await licensedCompany('부품검색');
    await post('epc/getCarsVinEx', { brand: 'all', vin: BMW_TEST }, c.token);
    const search = (k: string) =>
      post('epc/searchParts', { objSearchMapper: { searchKeyword: k, page: 1, size: 10 } }, c.token);
    const hot = (k: string) => post('epc/getCarsSearchHotKey', { vin: BMW_TEST, mcid: BMW, searchHotKey: k }, c.token);
    for (const run of [search, hot]) {
      expect([(await run('A')).status, (await run('A')).body.message]).toEqual([400, EPC_MSG.partSearchLength]);
      expect([(await run('0'.repeat(51))).status, (await run('0'.repeat(51))).body.message]).toEqual([
        400,
        EPC_MSG.partSearchLength,
      ]);
      expect((await run('07')).status).toBe(200);
      expect((await run('0'.repeat(50))).status).toBe(200);
    }
    const found = await search('07');
    expect((found.body.results as unknown[]).length).toBeGreaterThan(0);
    expect(
      (await post('epc/searchParts', { objSearchMapper: { searchKeyword: '07', page: 0, size: 10 } }, c.token)).body
        .message,
    ).toBe(EPC_MSG.badPage);
  });

  it('replacements: the demo chain of three numbers, and nothing for an unknown number', async () => {
    const c = await licensedCompany('대체');
    const empty = await post<{ data: unknown[] }>('epc/getCarsReplace', { pid: 'ZZZ999', brand_code: 'bmw' }, c.token);
    expect([empty.status, empty.body.results!.data, empty.body.message]).toEqual([200, [], EPC_MSG.emptyResult]);
    const [bmw] = await server.db
      .select({ id: epcCatalogues.id })
      .from(epcCatalogues)
      .where(eq(epcCatalogues.mcid, BMW));
    const chain = await server.db
      .select({ pid: epcReplacements.pid, to: epcReplacements.toPid, remark: epcReplacements.remark })
      .from(epcReplacements)
      .where(and(eq(epcReplacements.catalogueId, bmw!.id), eq(epcReplacements.kind, 'supersedes')))
      .orderBy(epcReplacements.remark);
    expect(chain.map((r) => r.remark)).toEqual(['2016-09', '2017-11']);
    const [oldest, middle, current] = [chain[0]!.pid, chain[0]!.to, chain[1]!.to];
    expect(chain[1]!.pid).toBe(middle);
    const fromOldest = await post<{ data: unknown[] }>(
      'epc/getCarsReplace',
      { pid: oldest, brand_code: 'bmw' },
      c.token,
    );
    expect(fromOldest.body.results!.data).toEqual([
      { pid: middle, relation: 'newer', distance: 1, remark: '2016-09' },
      { pid: current, relation: 'newer', distance: 2, remark: '2017-11' },
    ]);
    const fromCurrent = await post<{ data: { pid: string; relation: string }[] }>(
      'epc/getCarsReplace',
      { pid: current, brand_code: 'bmw' },
      c.token,
    );
    expect(fromCurrent.body.results!.data.filter((r) => r.relation === 'older').map((r) => r.pid)).toEqual([
      middle,
      oldest,
    ]);
    const bad = await post('epc/getCarsReplace', { pid: '', brand_code: 'bmw' }, c.token);
    expect([bad.status, bad.body.message]).toEqual([400, EPC_MSG.partSearchRequired]);
  });
});

describe('the VIN travels with the part: cart line, buy now, order line', () => {
  it('a part added from the catalogue keeps its VIN in the cart and on the paid order; a shop add has none', async () => {
    const c = await licensedCompany('차대');
    await fund(server, c.companyId, 5_000_000);
    const a = await makeProduct(server, { tiers: [10_000, 11_000, 12_000, 13_000], salePrice: 14_000 });
    const b = await makeProduct(server, { tiers: [20_000, 21_000, 22_000, 23_000], salePrice: 24_000 });
    // Typed in lower case with spaces: stored normalised.
    expect(
      (await post('api/addToCart', { productId: a.id, hasAmount: 2, vin: ` ${E220D.toLowerCase()} ` }, c.token)).body
        .code,
    ).toBe(201);
    expect((await post('api/addToCart', { productId: b.id, hasAmount: 1 }, c.token)).body.code).toBe(201);
    // Adding the same product again from the shop keeps the VIN it was picked for.
    expect((await post('api/addToCart', { productId: a.id, hasAmount: 1 }, c.token)).body.code).toBe(201);
    const cart = await post<{ seq: number; qty: number; vin: string | null; productInfo: { seq: number } }[]>(
      'api/getMallCartInfo',
      { page: 1, size: 64 },
      c.token,
    );
    expect(cart.body.results!.map((l) => [l.productInfo.seq, l.qty, l.vin])).toEqual([
      [a.id, 3, E220D],
      [b.id, 1, null],
    ]);
    const paid = await post<{ orderSeq: number }>(
      'api/requestPaymentProduct',
      {
        clientRequestId: randomUUID(),
        shippingInfo: COURIER,
        carts: cart.body.results!.map((l) => ({ seq: l.seq, qty: l.qty })),
      },
      c.token,
    );
    expect(paid.body.code).toBe(201);
    const order = await post<{ orderProductInfo: { pid: string; vin: string | null }[] }>(
      'api/getMallOrderDetail',
      { seq: paid.body.results!.orderSeq },
      c.token,
    );
    expect(order.body.results!.orderProductInfo.map((l) => [l.pid, l.vin])).toEqual([
      [a.pid, E220D],
      [b.pid, null],
    ]);
  });

  it("'buy now' from the catalogue carries the VIN to the order line", async () => {
    const c = await licensedCompany('바로');
    await fund(server, c.companyId, 1_000_000);
    const p = await makeProduct(server, { tiers: [30_000, 31_000, 32_000, 33_000], salePrice: 34_000 });
    const items = await post<{ productId: number; qty: number; vin: string | null }[]>(
      'api/addToBuy',
      { productId: p.id, hasAmount: 1, vin: BMW_TEST },
      c.token,
    );
    expect(items.body.results![0]).toMatchObject({ productId: p.id, qty: 1, vin: BMW_TEST });
    const paid = await post<{ orderSeq: number }>(
      'api/requestPaymentProduct',
      { clientRequestId: randomUUID(), shippingInfo: COURIER, carts: [{ productId: p.id, qty: 1, vin: BMW_TEST }] },
      c.token,
    );
    const [line] = await server.db
      .select({ vin: orderLines.vin })
      .from(orderLines)
      .where(eq(orderLines.orderId, paid.body.results!.orderSeq));
    expect(line!.vin).toBe(BMW_TEST);
  });

  it('a malformed VIN on a cart add is refused and adds nothing', async () => {
    const c = await licensedCompany('잘못');
    const p = await makeProduct(server, { tiers: [1_000, 1_000, 1_000, 1_000], salePrice: 1_000 });
    for (const vin of ['WDDZF8KB4JA2O1937', 'SHORT', 12345, 'W'.repeat(200)]) {
      const r = await post('api/addToCart', { productId: p.id, hasAmount: 1, vin }, c.token);
      expect([String(vin).slice(0, 20), r.status, r.body.message]).toEqual([
        String(vin).slice(0, 20),
        400,
        EPC_MSG.hintFull,
      ]);
    }
    expect((await post<unknown[]>('api/getMallCartInfo', { page: 1, size: 64 }, c.token)).body.results).toEqual([]);
  });
});
