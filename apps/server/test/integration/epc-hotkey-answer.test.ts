import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EPC_MSG, EPC_TEST_VINS } from '@partsmall/contract';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * The answer of the part-number search in a vehicle's catalogue (docs/requirements.md#catalogue-calls):
 * besides the hits (partInfo, more), where the first hit sits, as the other catalogue calls answer
 * it: its sub group and child group (getCarsStructureEx's items) and its drawing's parts
 * (getCarsPartsEx's part_detail), the fields the original client reads.
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

async function hotKey(searchHotKey: string) {
  const c = await makeCompany(server, `부품번호위치${searchHotKey}`, 0);
  const token = await loginAs(server, c.main.id, c.main.pw);
  return call(server, 'getCarsSearchHotKey', { vin: BMW_TEST, mcid: BMW, brand: 'bmw', searchHotKey }, { token });
}

describe('epc/getCarsSearchHotKey answers where the first hit sits', () => {
  it('a part in a child group: its sub group, its child group and the parts of its drawing', async () => {
    const r = await hotKey('0711');
    expect(r.status).toBe(200);
    const a = r.body.results!;
    expect(a.partInfo[0]).toMatchObject({ pid: '07119900613', mid: '11_10_11', pnum: '1' });
    expect([a.partInfo.length, a.more]).toEqual([50, true]);
    expect(a.subGroupInfo).toEqual({
      level: 1,
      subgroup: '11_10',
      has_child: 1,
      mid: '11_10',
      name: '엔진 윤활',
      description: '',
      model: '',
      img: '',
      colorvalue: 1,
      fullPath: '엔진 > 엔진 윤활',
    });
    expect(a.childGroupInfo).toMatchObject({
      level: 2,
      subgroup: '11_10',
      has_child: 0,
      mid: '11_10_11',
      name: '오일 필터',
      colorvalue: 1,
      fullPath: '엔진 > 엔진 윤활 > 오일 필터',
    });
    // The drawing's rows as the parts list shows them, colorvalue judged for this vehicle and the
    // shop's products included.
    expect(a.partDetailInfo.slice(0, 3).map((p) => [p.pnum, p.pid, p.label, p.colorvalue])).toEqual([
      ['1', '07119900613', '오일 필터 하우징', 1],
      ['2', '42215489599', '오일 필터 엘리먼트', 0],
      ['2', '18175993063', '오일 필터 엘리먼트', 1],
    ]);
    expect(a.partDetailInfo[1]!.products).toHaveLength(1);
  });

  it('a part drawn directly in a sub group: no child group', async () => {
    const a = (await hotKey('1413')).body.results!;
    expect(a.partInfo.map((p) => [p.pid, p.mid])).toEqual([['14137857287', '11_20']]);
    expect(a.subGroupInfo).toMatchObject({ level: 1, mid: '11_20', has_child: 0, name: '흡기 장치' });
    expect(a.childGroupInfo).toBeNull();
    expect(a.partDetailInfo.map((p) => p.pid)).toContain('14137857287');
  });

  it('no hit: the same fields, empty', async () => {
    const r = await hotKey('ZZZZ99');
    expect([r.status, r.body.message]).toEqual([200, EPC_MSG.emptyResult]);
    expect(r.body.results).toEqual({
      partInfo: [],
      more: false,
      subGroupInfo: null,
      childGroupInfo: null,
      partDetailInfo: [],
    });
  });

  it('a hit whose drawing the catalogue lacks still answers its hits, the place left empty', async () => {
    // A catalogue upload that left a drawing out (its row gone, the group still naming it).
    await server.db.execute(
      sql`delete from epc_diagrams where diagram in (select diagram from epc_nodes where mid = '11_20')`,
    );
    const r = await hotKey('1413');
    expect(r.status).toBe(200);
    expect(r.body.results!.partInfo.map((p) => p.pid)).toEqual(['14137857287']);
    expect(r.body.results!.partDetailInfo).toEqual([]);
    expect(r.body.results!.subGroupInfo).toMatchObject({ mid: '11_20' });
  });
});
