import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_VEHICLES,
  colorValue,
  type Applicability,
  type FitVehicle,
  type MyVehicle,
  type VehicleFacts,
} from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import {
  companies,
  epcCatalogues,
  epcNodes,
  epcParts,
  epcReplacements,
  epcVehicles,
  epcVinSearches,
  products,
} from '../../src/db/schema.js';
import { productIdsFitting } from '../../src/features/vehicles/fits.js';
import { applicabilityHolds } from '../../src/features/vehicles/repository.js';
import { call, loginAs, startTestServer, type CallResult, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * My vehicles and fits-my-vehicle (docs/requirements.md#my-vehicles): the list of VINs a company
 * opened, what a product and a cart line say of them, the home filter, and that no other
 * company's vehicle is ever revealed. The catalogue is a small one of this file's own, so every
 * expected fit is written out.
 */

let server: TestServer;
const post = <T = unknown>(path: string, body: Record<string, unknown>, token?: string): Promise<CallResult<T>> =>
  call<T>(server, 'POST', path, body, token);

const TAG = randomUUID().slice(0, 6).toUpperCase().replace(/[IOQ]/g, 'X');
const MCID = `TEST-FIT-${TAG}`;
const V1 = 'WBA5R1C09KA111111';
const V2 = 'WBA5R1C09KA222222';
const STRANGER = 'WBA5R1C09KA333333';
const key = (base: string) => `${base}${TAG}`.replace(/[^A-Z0-9]/g, '');
const KEYS = {
  a: key('FITA'),
  b: key('FITB'),
  c: key('FITC'),
  d: key('FITD'),
  old: key('OLDA'),
  older: key('OLDB'),
  none: key('NONE'),
};

let catalogueId: number;
const ids = {} as Record<keyof typeof KEYS, number>;
let x: { token: string; subToken: string; companyId: number };
let y: { token: string; companyId: number };
let staff: string;

async function product(k: keyof typeof KEYS, stock = 50, category = 'pad') {
  const [row] = await server.db
    .insert(products)
    .values({
      name: `적합 시험 ${k}`,
      pid: KEYS[k],
      pidKey: KEYS[k],
      priceA: 1000,
      priceB: 1100,
      priceC: 1200,
      priceD: 1300,
      salePrice: 1500,
      hasAmount: stock,
      storageId: 1,
      stockName: '한국',
      category,
    })
    .returning({ id: products.id });
  ids[k] = row!.id;
}

/** The company opened a VIN at a moment (what the catalogue's VIN search records). */
async function opened(companyId: number, vin: string, title: string, at: Date) {
  await server.db.insert(epcVinSearches).values({
    companyId,
    memberId: 0,
    day: at.toISOString().slice(0, 10),
    vin,
    brand: 'bmw',
    mcid: MCID,
    title,
    firstAt: at,
    lastAt: at,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const [cat] = await server.db
    .insert(epcCatalogues)
    .values({ mcid: MCID, brand: 'bmw', name: '적합 시험 카탈로그' })
    .returning({ id: epcCatalogues.id });
  catalogueId = cat!.id;
  await server.db.insert(epcVehicles).values([
    { catalogueId, brand: 'bmw', vin: V1, modelName: '320i', options: ['S1'], productionDate: '2019-05-01' },
    { catalogueId, brand: 'bmw', vin: V2, modelName: '330i', options: ['S2'], productionDate: '2020-07-01' },
    {
      catalogueId,
      brand: 'bmw',
      vin: STRANGER,
      modelName: 'M340i',
      options: ['S1', 'S2'],
      productionDate: '2021-01-01',
    },
  ]);
  // N1 applies to every vehicle; N2 only to vehicles with S2.
  await server.db.insert(epcNodes).values([
    {
      catalogueId,
      mid: 'N1',
      num: '11',
      level: 1,
      subgroup: 'N1',
      label: '엔진',
      diagram: 'D1',
      hasChild: false,
      sort: 1,
    },
    {
      catalogueId,
      mid: 'N2',
      num: '12',
      level: 1,
      subgroup: 'N2',
      label: '전장',
      diagram: 'D2',
      hasChild: false,
      fit: { all: ['S2'] },
      sort: 2,
    },
    // N3 applies to every vehicle, but its parent P3 only to vehicles with S1.
    {
      catalogueId,
      mid: 'P3',
      num: '13',
      level: 1,
      subgroup: 'P3',
      label: '차체',
      diagram: '',
      hasChild: true,
      fit: { all: ['S1'] },
      sort: 3,
    },
    {
      catalogueId,
      mid: 'N3',
      num: '13',
      level: 2,
      parentMid: 'P3',
      subgroup: 'N3',
      label: '도어',
      diagram: 'D3',
      hasChild: false,
      sort: 4,
    },
  ]);
  const part = (diagram: string, seq: number, k: string, fit: object | null) => ({
    catalogueId,
    diagram,
    seq,
    pnum: String(seq),
    pid: k,
    pidKey: k,
    label: `부품 ${seq}`,
    fit,
  });
  await server.db.insert(epcParts).values([
    part('D1', 1, KEYS.a, { all: ['S1'] }), // V1 only (its own applicability)
    part('D1', 2, KEYS.b, null), // every vehicle
    part('D2', 3, KEYS.c, null), // V2 only (its group's applicability)
    part('D3', 4, KEYS.d, null), // V1 only (its group's parent's applicability)
  ]);
  // A chain: OLDB → OLDA → FITA (two supersessions).
  await server.db.insert(epcReplacements).values([
    { catalogueId, seq: 1, pid: KEYS.old, pidKey: KEYS.old, toPid: KEYS.a, toKey: KEYS.a, kind: 'supersedes' },
    { catalogueId, seq: 2, pid: KEYS.older, pidKey: KEYS.older, toPid: KEYS.old, toKey: KEYS.old, kind: 'supersedes' },
  ]);
  for (const k of Object.keys(KEYS) as (keyof typeof KEYS)[]) await product(k, 50, k === 'd' ? 'disc' : 'pad');

  const cx = await makeCompany(server, '적합엑스', 1);
  const cy = await makeCompany(server, '적합와이', 0);
  x = {
    companyId: cx.companyId,
    token: await loginAs(server, cx.main.id, cx.main.pw),
    subToken: await loginAs(server, cx.subs[0]!.id, cx.subs[0]!.pw),
  };
  y = { companyId: cy.companyId, token: await loginAs(server, cy.main.id, cy.main.pw) };
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  await opened(x.companyId, V1, '2019 BMW 320i', new Date('2026-11-01T01:00:00Z'));
  await opened(x.companyId, V2, '2020 BMW 330i', new Date('2026-11-02T01:00:00Z'));
  // Y opened only a vehicle of its own, which X never sees.
  await opened(y.companyId, STRANGER, '2021 BMW M340i', new Date('2026-11-03T01:00:00Z'));
});
afterAll(async () => {
  await server?.close();
});

const fitsOf = async (k: keyof typeof KEYS, token?: string) =>
  (await post<{ fitsMyVehicles?: FitVehicle[] }>('api/getProductInfo', { seq: ids[k] }, token)).body.results!
    .fitsMyVehicles;
const t1 = { vin: V1, title: '2019 BMW 320i' };
const t2 = { vin: V2, title: '2020 BMW 330i' };

describe('fits my vehicle on product detail', () => {
  it('says which vehicles fit, by the part, its group and the chain, the most recently opened first', async () => {
    expect(await fitsOf('a', x.token)).toEqual([t1]);
    expect(await fitsOf('b', x.token)).toEqual([t2, t1]);
    expect(await fitsOf('c', x.token)).toEqual([t2]);
    expect(await fitsOf('d', x.token)).toEqual([t1]);
    expect(await fitsOf('old', x.token)).toEqual([t1]);
    expect(await fitsOf('older', x.token)).toEqual([t1]);
    expect(await fitsOf('none', x.token)).toEqual([]);
    // The popup's call says the same; a sub-account shares the company's vehicles.
    const popup = await post<{ fitsMyVehicles: FitVehicle[] }>('api/getProductHomeDetail', { seq: ids.b }, x.subToken);
    expect(popup.body.results!.fitsMyVehicles).toEqual([t2, t1]);
  });

  it('never names another company’s vehicle, and visitors and staff get no such field', async () => {
    // Y's own vehicle fits b and c, X's vehicles never appear.
    expect(await fitsOf('b', y.token)).toEqual([{ vin: STRANGER, title: '2021 BMW M340i' }]);
    expect(await fitsOf('a', y.token)).toEqual([{ vin: STRANGER, title: '2021 BMW M340i' }]);
    expect(await fitsOf('a')).toBeUndefined();
    expect(await fitsOf('a', staff)).toBeUndefined();
  });

  it('costs no VIN search and opens nothing', async () => {
    const before = await server.db.select().from(epcVinSearches).where(eq(epcVinSearches.companyId, x.companyId));
    await fitsOf('b', x.token);
    await post('api/getMyVehicles', {}, x.token);
    await post('api/getProductHome', { fitsVin: V1, page: 1, size: 60 }, x.token);
    expect(await server.db.select().from(epcVinSearches).where(eq(epcVinSearches.companyId, x.companyId))).toEqual(
      before,
    );
  });
});

describe('a company with vehicles of two catalogues', () => {
  const V4 = 'WBA5R1C09KA444444';
  const MCID2 = `${MCID}-2`;
  let z: { token: string; companyId: number };
  let catalogue2: number;
  beforeAll(async () => {
    const [cat] = await server.db
      .insert(epcCatalogues)
      .values({ mcid: MCID2, brand: 'bmw', name: '적합 시험 카탈로그 2' })
      .returning({ id: epcCatalogues.id });
    catalogue2 = cat!.id;
    // V4 has S1 as V1 has, but in a catalogue that does not hold FITA.
    await server.db.insert(epcVehicles).values({
      catalogueId: catalogue2,
      brand: 'bmw',
      vin: V4,
      modelName: 'X3',
      options: ['S1'],
      productionDate: '2019-05-01',
    });
    await server.db.insert(epcNodes).values({
      catalogueId: catalogue2,
      mid: 'M1',
      num: '21',
      level: 1,
      subgroup: 'M1',
      label: '엔진',
      diagram: 'E1',
      hasChild: false,
      sort: 1,
    });
    const c = await makeCompany(server, '적합제트', 0);
    z = { companyId: c.companyId, token: await loginAs(server, c.main.id, c.main.pw) };
    await opened(z.companyId, V1, '2019 BMW 320i', new Date('2026-11-07T01:00:00Z'));
    const at = new Date('2026-11-08T01:00:00Z');
    await server.db.insert(epcVinSearches).values({
      companyId: z.companyId,
      memberId: 0,
      day: '2026-11-08',
      vin: V4,
      brand: 'bmw',
      mcid: MCID2,
      title: '2019 BMW X3',
      firstAt: at,
      lastAt: at,
    });
  });

  it('a part fits only the vehicles of the catalogue that holds it, whatever their options', async () => {
    expect(await fitsOf('a', z.token)).toEqual([t1]);
    expect(await fitsOf('b', z.token)).toEqual([t1]);
  });

  it('the home filter reads a vehicle’s catalogue again after a minute, not before', async () => {
    const t0 = Date.parse('2026-11-09T00:00:00Z');
    expect(await productIdsFitting(server.db, z.companyId, V4, t0)).toEqual([]);
    const k = key('FITE');
    await server.db.insert(epcParts).values({
      catalogueId: catalogue2,
      diagram: 'E1',
      seq: 1,
      pnum: '1',
      pid: k,
      pidKey: k,
      label: '부품 E',
      fit: null,
    });
    const [row] = await server.db
      .insert(products)
      .values({
        name: '적합 시험 e',
        pid: k,
        pidKey: k,
        priceA: 1000,
        priceB: 1100,
        priceC: 1200,
        priceD: 1300,
        salePrice: 1500,
        hasAmount: 5,
        storageId: 1,
        stockName: '한국',
      })
      .returning({ id: products.id });
    expect(await productIdsFitting(server.db, z.companyId, V4, t0 + 59_000)).toEqual([]);
    expect(await productIdsFitting(server.db, z.companyId, V4, t0 + 60_000)).toEqual([row!.id]);
  });
});

describe('fits my vehicle on cart lines', () => {
  it('each cart line carries the vehicles its product fits', async () => {
    const c = await makeCompany(server, '적합카트', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    await opened(c.companyId, V2, '2020 BMW 330i', new Date('2026-11-04T01:00:00Z'));
    for (const k of ['c', 'a'] as const)
      expect((await post('api/addToCart', { productId: ids[k], hasAmount: 1 }, token)).body.code).toBe(201);
    const cart = await post<{ productInfo: { seq: number }; fitsMyVehicles: FitVehicle[] }[]>(
      'api/getMallCartInfo',
      { page: 1, size: 64 },
      token,
    );
    expect(cart.body.results!.map((l) => [l.productInfo.seq, l.fitsMyVehicles])).toEqual([
      [ids.c, [t2]],
      [ids.a, []],
    ]);
  });
});

describe('the home filter 내 차량에 맞는 부품', () => {
  const grid = async (vin: string, token?: string, extra: Record<string, unknown> = {}) => {
    const r = await post<{ seq: number }[]>('api/getProductHome', { fitsVin: vin, page: 1, size: 60, ...extra }, token);
    return { status: r.status, message: r.body.message, seqs: r.body.results!.map((p) => p.seq) };
  };

  it('lists the products that fit one vehicle, directly or one replacement away', async () => {
    expect((await grid(V1, x.token)).seqs).toEqual([ids.a, ids.b, ids.d, ids.old]);
    expect((await grid(V2, x.token)).seqs).toEqual([ids.b, ids.c]);
    // A category and a page keep to the fitting products; more says whether another page follows.
    expect((await grid(V1, x.token, { category: 'disc' })).seqs).toEqual([ids.d]);
    const page1 = await post<{ seq: number }[]>('api/getProductHome', { fitsVin: V1, page: 1, size: 3 }, x.token);
    const page2 = await post<{ seq: number }[]>('api/getProductHome', { fitsVin: V1, page: 2, size: 3 }, x.token);
    expect([page1.body.results!.map((p) => p.seq), (page1.body as { more?: boolean }).more]).toEqual([
      [ids.a, ids.b, ids.d],
      true,
    ]);
    expect([page2.body.results!.map((p) => p.seq), (page2.body as { more?: boolean }).more]).toEqual([
      [ids.old],
      false,
    ]);
    // Typed in lower case with spaces, it is the same VIN.
    expect((await grid(` ${V2.toLowerCase()} `, x.subToken)).seqs).toEqual([ids.b, ids.c]);
  });

  it('a VIN that is not the company’s own lists nothing and says so', async () => {
    expect(await grid(STRANGER, x.token)).toEqual({ status: 200, message: MSG_VEHICLES.notMine, seqs: [] });
    expect(await grid(V1, y.token)).toEqual({ status: 200, message: MSG_VEHICLES.notMine, seqs: [] });
    expect(await grid(V1)).toEqual({ status: 200, message: MSG_VEHICLES.notMine, seqs: [] });
  });

  it('refuses a malformed VIN with a Korean message', async () => {
    for (const bad of ['WBA5R1C09KA11111', 'WBA5R1C09KA1111111', 'WBA5R1C09KA11111O', 12345]) {
      const r = await post('api/getProductHome', { fitsVin: bad, page: 1, size: 60 }, x.token);
      expect([bad, r.status, r.body.message]).toEqual([bad, 400, MSG_VEHICLES.badVin]);
    }
  });
});

describe('the list: getMyVehicles, saveMyVehicle, removeMyVehicle', () => {
  const list = async (token: string) => (await post<MyVehicle[]>('api/getMyVehicles', {}, token)).body.results!;

  it('lists the company’s VINs, newest first, for main and sub-accounts alike', async () => {
    const c = await makeCompany(server, '적합목록', 1);
    const main = await loginAs(server, c.main.id, c.main.pw);
    const sub = await loginAs(server, c.subs[0]!.id, c.subs[0]!.pw);
    expect(await list(main)).toEqual([]);
    await opened(c.companyId, V1, '2019 BMW 320i', new Date('2026-11-05T01:00:00Z'));
    await opened(c.companyId, V2, '2020 BMW 330i', new Date('2026-11-06T01:00:00Z'));
    const expected = [
      { vin: V2, title: '2020 BMW 330i', name: '', brand: 'bmw', mcid: MCID, lastOpenedAt: '2026-11-06T01:00:00Z' },
      { vin: V1, title: '2019 BMW 320i', name: '', brand: 'bmw', mcid: MCID, lastOpenedAt: '2026-11-05T01:00:00Z' },
    ];
    expect(await list(main)).toEqual(expected);
    expect(await list(sub)).toEqual(expected);
  });

  it('a name replaces the catalogue title where fits are shown; 30 characters at most', async () => {
    const c = await makeCompany(server, '적합이름', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    await opened(c.companyId, V1, '2019 BMW 320i', new Date('2026-11-05T01:00:00Z'));
    const saved = await post('api/saveMyVehicle', { vin: V1, name: ' 김사장님 320i ' }, token);
    expect([saved.status, saved.body.message]).toEqual([200, MSG_VEHICLES.saved]);
    expect((await list(token))[0]).toMatchObject({ vin: V1, name: '김사장님 320i', title: '2019 BMW 320i' });
    expect(await fitsOf('a', token)).toEqual([{ vin: V1, title: '김사장님 320i' }]);
    const long = await post('api/saveMyVehicle', { vin: V1, name: '가'.repeat(31) }, token);
    expect([long.status, long.body.message]).toEqual([400, MSG_VEHICLES.nameTooLong]);
    expect(await post('api/saveMyVehicle', { vin: V1, name: '가'.repeat(30) }, token)).toMatchObject({ status: 200 });
    // A name left out or not text is not "too long": it is said so, and the saved name stays.
    for (const body of [{ vin: V1 }, { vin: V1, name: 320 }]) {
      const bad = await post('api/saveMyVehicle', body, token);
      expect([bad.status, bad.body.message, bad.body.field]).toEqual([400, MSG_VEHICLES.nameInvalid, 'name']);
    }
    expect((await list(token))[0]).toMatchObject({ vin: V1, name: '가'.repeat(30) });
    // Empty goes back to the catalogue's title, and so does a name that shows nothing.
    await post('api/saveMyVehicle', { vin: V1, name: '' }, token);
    expect(await fitsOf('a', token)).toEqual([t1]);
    for (const name of ['\u200b\u200b', '\u3164', ' \u115f\u1160 ']) {
      await post('api/saveMyVehicle', { vin: V1, name: '김사장님 320i' }, token);
      const blank = await post('api/saveMyVehicle', { vin: V1, name }, token);
      expect([name, blank.status, blank.body.message]).toEqual([name, 200, MSG_VEHICLES.saved]);
      expect([name, (await list(token))[0]!.name]).toEqual([name, '']);
      expect(await fitsOf('a', token)).toEqual([t1]);
    }
  });

  it('removing hides a vehicle until the company opens it again', async () => {
    const c = await makeCompany(server, '적합삭제', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    await opened(c.companyId, V1, '2019 BMW 320i', new Date('2026-11-05T01:00:00Z'));
    // A double click sends two at once: each says it is removed; a third, later, says so too.
    const twice = await Promise.all([0, 1].map(() => post('api/removeMyVehicle', { vin: V1 }, token)));
    const again = await post('api/removeMyVehicle', { vin: V1 }, token);
    for (const removed of [...twice, again])
      expect([removed.status, removed.body.message]).toEqual([200, MSG_VEHICLES.removed]);
    expect(await list(token)).toEqual([]);
    expect(await fitsOf('a', token)).toEqual([]);
    // Naming a removed vehicle says it was removed (not that the company never looked it up).
    const named = await post('api/saveMyVehicle', { vin: V1, name: '김사장님 320i' }, token);
    expect([named.status, named.body.message]).toEqual([404, MSG_VEHICLES.removedBefore]);
    expect(await list(token)).toEqual([]);
    // Opened again (a later search): back on the list.
    await server.db.execute(
      sql`update epc_vin_searches set last_at = now() + interval '1 second' where company_id = ${c.companyId}`,
    );
    expect((await list(token)).map((v) => v.vin)).toEqual([V1]);
  });

  it('another company’s VIN, a VIN never opened and a malformed one are refused and change nothing', async () => {
    for (const path of ['api/saveMyVehicle', 'api/removeMyVehicle']) {
      const other = await post(path, { vin: STRANGER, name: '남의 차' }, x.token);
      expect([path, other.status, other.body.message]).toEqual([path, 404, MSG_VEHICLES.notMine]);
      const bad = await post(path, { vin: 'ABC', name: '' }, x.token);
      expect([path, bad.status, bad.body.message]).toEqual([path, 400, MSG_VEHICLES.badVin]);
    }
    expect((await list(y.token)).map((v) => [v.vin, v.name])).toEqual([[STRANGER, '']]);
    const stored = await server.db.execute(
      sql`select count(*)::int as n from company_vehicles where vin = ${STRANGER}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('visitors get 401, staff 403', async () => {
    for (const path of ['api/getMyVehicles', 'api/saveMyVehicle', 'api/removeMyVehicle']) {
      expect([path, (await post(path, { vin: V1, name: '' })).status]).toEqual([path, 401]);
      expect([path, (await post(path, { vin: V1, name: '' }, staff)).status]).toEqual([path, 403]);
    }
  });

  it('a VIN opened through the catalogue call joins the list', async () => {
    const c = await makeCompany(server, '적합조회', 0);
    await server.db
      .update(companies)
      .set({ licenseEnd: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(companies.id, c.companyId));
    const token = await loginAs(server, c.main.id, c.main.pw);
    const E220D = 'WDDZF8KB4JA201937';
    expect((await post('epc/getCarsVinEx', { brand: 'benz', vin: E220D, lang: 'KR' }, token)).status).toBe(200);
    expect((await list(token)).map((v) => [v.vin, v.mcid])).toEqual([[E220D, 'DEMO-BENZ-W213']]);
  });

  it('a test VIN opened without a licence joins the list and takes a name, still using no licence or quota', async () => {
    const c = await makeCompany(server, '적합데모', 0);
    const token = await loginAs(server, c.main.id, c.main.pw);
    const DEMO_E300 = 'WDDZF4JB8HA354812'; // the call table's example of saveMyVehicle
    const opened = await post<{ charged: boolean; testVin: boolean; userSearchVinCount: number }>(
      'epc/getCarsVinEx',
      { brand: 'all', vin: DEMO_E300, lang: 'KR' },
      token,
    );
    expect([opened.status, opened.body.results]).toEqual([
      200,
      expect.objectContaining({ charged: false, testVin: true, userSearchVinCount: 0 }),
    ]);
    expect((await list(token)).map((v) => [v.vin, v.mcid, v.name])).toEqual([[DEMO_E300, 'DEMO-BENZ-W213', '']]);
    const saved = await post('api/saveMyVehicle', { vin: DEMO_E300, name: '김사장님 E클래스' }, token);
    expect([saved.status, saved.body.message]).toEqual([200, MSG_VEHICLES.saved]);
    // Opened again: still one vehicle, with its name.
    expect((await post('epc/getCarsVinEx', { brand: 'benz', vin: DEMO_E300 }, token)).status).toBe(200);
    expect((await list(token)).map((v) => [v.vin, v.name])).toEqual([[DEMO_E300, '김사장님 E클래스']]);
    const init = await post<{ licenseDays: number; userSearchVinCount: number }>('epc/initEpc', {}, token);
    expect(init.body.results).toMatchObject({ licenseDays: 0, userSearchVinCount: 0 });
  });
});

describe('the fit rule in the database', () => {
  const S2_2019 = { options: ['S2', 'L'], productionDate: '2019-03-15' };
  const NO_DATE = { options: ['S2'], productionDate: null };
  const BARE = { options: [], productionDate: '2019-03-15' };
  const cases: [Applicability | null, VehicleFacts, 0 | 1][] = [
    [null, BARE, 1],
    [{}, BARE, 1],
    [{ all: ['S2'] }, S2_2019, 1],
    [{ all: ['S2', 'R'] }, S2_2019, 0],
    [{ all: [] }, BARE, 1],
    [{ all: ['S2'] }, BARE, 0],
    [{ any: ['R', 'L'] }, S2_2019, 1],
    [{ any: ['R'] }, S2_2019, 0],
    [{ any: [] }, BARE, 1],
    [{ any: ['R'] }, BARE, 0],
    [{ none: ['L'] }, S2_2019, 0],
    [{ none: ['R'] }, S2_2019, 1],
    [{ none: ['R'] }, BARE, 1],
    [{ from: '2019-03-15' }, S2_2019, 1],
    [{ from: '2019-03-16' }, S2_2019, 0],
    [{ to: '2019-03-15' }, S2_2019, 1],
    [{ to: '2019-03-14' }, S2_2019, 0],
    [{ from: '2030-01-01', to: '2031-01-01' }, NO_DATE, 1],
    [{ all: ['S2'], none: ['L'], from: '2018-01-01' }, S2_2019, 0],
    [{ all: ['S2'], any: ['L', 'X'], none: ['R'], from: '2018-01-01', to: '2019-12-31' }, S2_2019, 1],
  ];

  it.each(cases)('%j for %j is %i, as the catalogue colours it', async (fit, facts, expected) => {
    expect(colorValue(fit, facts)).toBe(expected);
    const [row] = await queryRows<{ holds: boolean }>(
      server.db,
      sql`select ${applicabilityHolds(sql`${fit === null ? null : JSON.stringify(fit)}::jsonb`, facts)} as holds`,
    );
    expect(row!.holds).toBe(expected === 1);
  });
});
