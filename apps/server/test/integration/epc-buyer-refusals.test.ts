import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPC_MSG, EPC_TEST_VINS } from '@partsmall/contract';
import { companies } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * What a buyer in the catalogue sends that is refused or kept apart (docs/requirements.md#catalogue-screens):
 * a refused part-number search uses none of the searches a minute, a part added for a second
 * vehicle never moves the first vehicle's cart line to it, a test VIN typed short opens as the full
 * one does without a licence (docs/requirements.md#vin-rules), and the history names a known brand.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const BMW_TEST = EPC_TEST_VINS.find((t) => t.brand === 'bmw')!.vin;
const BMW = 'DEMO-BMW-G20';
const E220D = 'WDDZF8KB4JA201937';
const E300_TEST = EPC_TEST_VINS.find((t) => t.brand === 'benz')!.vin;

async function companyToken(label: string, licensed: boolean) {
  const c = await makeCompany(server, label, licensed ? 1 : 0);
  if (licensed)
    await server.db
      .update(companies)
      .set({ licenseEnd: new Date(Date.now() + 10 * 86_400_000) })
      .where(eq(companies.id, c.companyId));
  return loginAs(server, c.main.id, c.main.pw);
}

describe('the part-number search in a vehicle (epc/getCarsSearchHotKey)', () => {
  it('30 refused searches (%%) use none of the 30 a minute: the next valid search is answered', async () => {
    const token = await companyToken('부품검색거절', false);
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const hot = (searchHotKey: string) =>
      call(server, 'getCarsSearchHotKey', { vin: BMW_TEST, mcid: BMW, searchHotKey }, { token, headers });
    const refused: [number, string][] = [];
    for (let i = 0; i < 30; i++) {
      const r = await hot('%%');
      refused.push([r.status, r.body.message]);
    }
    expect(refused).toEqual(Array(30).fill([400, EPC_MSG.partSearchChars]));
    expect((await hot('')).body.message).toBe(EPC_MSG.partSearchRequired);
    const valid = await hot('07');
    expect([valid.status, valid.body.message]).toEqual([200, '정상 처리되었습니다.']);
  });
});

describe('a test VIN typed by its last 7 or 8 characters, without a licence', () => {
  it('opens as its full VIN does; a short VIN of another vehicle is still refused for the licence', async () => {
    const token = await companyToken('짧은시험차대', false);
    const open = async (brand: string, vin: string) => {
      const r = await call(server, 'getCarsVinEx', { brand, vin }, { token });
      return [vin, r.status, r.body.results?.data.vin ?? r.body.message];
    };
    expect(await open('bmw', 'AK98765')).toEqual(['AK98765', 200, 'WBA5R1C09KAK98765']);
    expect(await open('benz', 'HA354812')).toEqual(['HA354812', 200, 'WDDZF4JB8HA354812']);
    expect(await open('bmw', 'WBA5R1C09KAK98765')).toEqual(['WBA5R1C09KAK98765', 200, 'WBA5R1C09KAK98765']);
    // The E220d (WDDZF8KB4JA201937) is no test vehicle: its short VIN needs the licence as its full VIN does.
    expect(await open('benz', 'JA201937')).toEqual(['JA201937', 403, EPC_MSG.licenseRequired]);
    expect(await open('benz', E220D)).toEqual([E220D, 403, EPC_MSG.licenseRequired]);
  });
});

describe('the search history (epc/getUserSearchHistory) names a brand of the catalogue', () => {
  it("'all', a brand and '' answer; an unknown code is refused as a missing one is", async () => {
    const token = await companyToken('이력브랜드', true);
    expect((await call(server, 'getCarsVinEx', { brand: 'bmw', vin: 'AK98765' }, { token })).status).toBe(200);
    const history = async (body: Record<string, unknown>) => {
      const r = await call(server, 'POST', 'epc/getUserSearchHistory', body, token);
      const data = (r.body.results as { data?: { vin: string }[] } | undefined)?.data;
      return [r.status, data ? data.map((h) => h.vin) : r.body.message];
    };
    expect(await history({ brand_code: 'all' })).toEqual([200, [BMW_TEST]]);
    expect(await history({ brand_code: 'bmw' })).toEqual([200, [BMW_TEST]]);
    expect(await history({ brand_code: 'benz' })).toEqual([200, []]);
    expect(await history({ brand_code: '' })).toEqual([200, [BMW_TEST]]);
    expect(await history({})).toEqual([400, EPC_MSG.unknownBrand]);
    expect(await history({ brand_code: 'zzz' })).toEqual([400, EPC_MSG.unknownBrand]);
    expect(await history({ brand_code: 'BMW' })).toEqual([400, EPC_MSG.unknownBrand]);
  });
});

describe('one cart line per product: the vehicle it was first picked for stays', () => {
  it('the same product added for a second VIN adds its units to the line, which keeps the first VIN', async () => {
    const token = await companyToken('차대유지', true);
    const p = await makeProduct(server, { tiers: [10_000, 10_000, 10_000, 10_000], salePrice: 10_000, stock: 20 });
    const add = (qty: number, vin?: string) =>
      call(server, 'POST', 'api/addToCart', { productId: p.id, hasAmount: qty, ...(vin ? { vin } : {}) }, token);
    const lines = async () =>
      (
        await call<{ qty: number; vin: string | null; productInfo: { seq: number } }[]>(
          server,
          'POST',
          'api/getMallCartInfo',
          { page: 1, size: 64 },
          token,
        )
      ).body.results!.map((l) => [l.productInfo.seq, l.qty, l.vin]);

    // Put in from the shop first (no vehicle): the catalogue's add names the vehicle.
    expect((await add(1)).body.code).toBe(201);
    expect((await add(2, E220D)).body.code).toBe(201);
    expect(await lines()).toEqual([[p.id, 3, E220D]]);
    // For another vehicle: the units join the line, which stays E220D's (it moved to the second car before).
    expect((await add(1, E300_TEST)).body.code).toBe(201);
    expect(await lines()).toEqual([[p.id, 4, E220D]]);
  });
});
