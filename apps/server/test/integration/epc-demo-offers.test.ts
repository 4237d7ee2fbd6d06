import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, epcCatalogues, epcNodes, epcVehicles } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * What the demo catalogue offers to buy (docs/requirements.md#catalogue-data): every row of every drawing of every demo
 * vehicle offers only shop products of that very part and that vehicle. On the demo BMW G20 the
 * pad wear sensor row used to offer a 7시리즈 oxygen sensor and the front pad row a 3시리즈 rear
 * pad set, because rows were matched to products by category and brand alone.
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const c = await makeCompany(server, '카탈로그', 0);
  await server.db
    .update(companies)
    .set({ licenseEnd: new Date(Date.now() + 10 * 86_400_000), level: 'b' })
    .where(eq(companies.id, c.companyId));
  token = await loginAs(server, c.main.id, c.main.pw);
});
afterAll(async () => {
  await server?.close();
});

interface Offer {
  name: string;
}
interface Row {
  pid: string;
  label: string;
  products: Offer[];
}

/** The shop's name prefix of the model each demo catalogue draws (brand and model, as product names begin). */
const VEHICLE: Record<string, string> = {
  'DEMO-BMW-G20': 'BMW 3시리즈 G20',
  'DEMO-BENZ-W213': '벤츠 E클래스 W213',
  'DEMO-AUDI-C8': '아우디 A6 C8',
  'DEMO-JAGUAR-X260': '재규어 XF X260',
  'DEMO-LR-L405': '랜드로버 레인지로버 L405',
  'DEMO-MASERATI-M157': '마세라티 기블리 M157',
};

/** The shop's part name a catalogue row (its Korean label) may offer. */
const PART: Record<string, string> = {
  '오일 필터 엘리먼트': '엔진오일 필터',
  '에어 필터 엘리먼트': '에어 필터',
  '실내 필터': '에어컨 실내 필터 (활성탄)',
  워터펌프: '워터펌프',
  서모스탯: '써모스탯 (하우징 포함)',
  '냉각수 보조탱크': '냉각수 보조탱크',
  라디에이터: '라디에이터',
  '변속기 오일 팬': '변속기 오일팬 (필터 일체형)',
  '변속기 마운트': '변속기 마운트',
  '앞 쇼크 업소버': '프론트 쇼바 (쇼크업소버)',
  '뒤 쇼크 업소버': '리어 쇼바 (쇼크업소버)',
  '로어 컨트롤 암': '프론트 로어 컨트롤 암 (좌)',
  '어퍼 컨트롤 암': '프론트 어퍼 컨트롤 암 (우)',
  '앞 브레이크 패드 세트': '프론트 브레이크 패드',
  '뒤 브레이크 패드 세트': '리어 브레이크 패드',
  '브레이크 패드 마모 센서': '브레이크 패드 마모센서',
  '앞 브레이크 디스크': '프론트 브레이크 디스크 (1장)',
  '뒤 브레이크 디스크': '리어 브레이크 디스크 (1장)',
  '앞 휠 스피드 센서': 'ABS 휠 스피드 센서',
  '뒤 휠 스피드 센서': 'ABS 휠 스피드 센서',
  'LED 헤드램프 (좌)': 'LED 헤드램프 (좌)',
  'LED 헤드램프 (우)': 'LED 헤드램프 (우)',
  '테일 램프 (외측)': '테일램프 (외측)',
  콘덴서: '에어컨 콘덴서',
};

async function openVin(brand: string, vin: string) {
  const r = await call(server, 'getCarsVinEx', { brand, vin }, { token });
  expect([vin, r.body.code]).toEqual([vin, 200]);
}

async function partsOf(vin: string, mcid: string, num: string, mid: string): Promise<Row[]> {
  const r = await call(server, 'getCarsPartsEx', { vin, mcid, num, mid, isShowColorvalue: false }, { token });
  expect([mid, r.status]).toEqual([mid, 200]);
  return r.body.results?.part_detail ?? [];
}

describe('demo catalogue offers', () => {
  it("the BMW G20 front pad drawing: the wear sensor row offers the G20's wear sensor, the pad row the G20's front pads", async () => {
    await openVin('bmw', 'WBA5R7C09LFH40213');
    const rows = await partsOf('WBA5R7C09LFH40213', 'DEMO-BMW-G20', '34', '34_10_11');
    const offered = (label: string) => [
      ...new Set(rows.filter((r) => r.label === label).flatMap((r) => r.products.map((p) => p.name))),
    ];
    expect(offered('브레이크 패드 마모 센서')).toEqual(['BMW 3시리즈 G20 브레이크 패드 마모센서']);
    expect(offered('앞 브레이크 패드 세트')).toEqual(['BMW 3시리즈 G20 프론트 브레이크 패드']);
  });

  it('every row of every drawing of every demo vehicle offers only its own part for its own vehicle', async () => {
    const catalogues = await server.db
      .select({ id: epcCatalogues.id, mcid: epcCatalogues.mcid, brand: epcCatalogues.brand })
      .from(epcCatalogues);
    expect(catalogues.map((c) => c.mcid).sort()).toEqual(Object.keys(VEHICLE).sort());
    for (const cat of catalogues) {
      const vehicles = await server.db
        .select({ vin: epcVehicles.vin })
        .from(epcVehicles)
        .where(eq(epcVehicles.catalogueId, cat.id));
      const leaves = await server.db
        .select({ mid: epcNodes.mid, num: epcNodes.num })
        .from(epcNodes)
        .where(and(eq(epcNodes.catalogueId, cat.id), isNotNull(epcNodes.diagram)));
      expect(leaves.length, cat.mcid).toBeGreaterThanOrEqual(16);
      for (const { vin } of vehicles) {
        await openVin(cat.brand, vin);
        let offers = 0;
        for (const leaf of leaves) {
          for (const row of await partsOf(vin, cat.mcid, leaf.num, leaf.mid)) {
            for (const product of row.products) {
              offers += 1;
              const part = PART[row.label];
              // A row the shop has no such part for offers nothing; one it has, only that part of this vehicle.
              expect({ mcid: cat.mcid, mid: leaf.mid, label: row.label, offered: product.name }).toEqual({
                mcid: cat.mcid,
                mid: leaf.mid,
                label: row.label,
                offered: `${VEHICLE[cat.mcid]} ${part ?? '(판매 상품 없음)'}`,
              });
            }
          }
        }
        // Not a vacuous walk: each vehicle is offered parts on many rows.
        expect(offers, `${cat.mcid} ${vin}`).toBeGreaterThanOrEqual(20);
      }
    }
  });
});
