import path from 'node:path';
import { EPC_MSG, EPC_TEST_VINS } from '@partsmall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { seedEpcDemo } from '../../src/features/epc/demo/seed.js';
import { importCatalogue } from '../../src/features/epc/import/index.js';
import * as service from '../../src/features/epc/service.js';
import { settled } from '../helpers.js';
import { withCatalogueDatabase } from '../catalogue-helpers.js';

// The services throw their refusals as AppError; each answer or refusal is compared as a value here.
const [findVehicle, vehicleConfig, mainGroups, structure, diagramParts, searchPartNumbers] = [
  settled(service.findVehicle),
  settled(service.vehicleConfig),
  settled(service.mainGroups),
  settled(service.structure),
  settled(service.diagramParts),
  settled(service.searchPartNumbers),
] as const;
const { replacementsFor } = service;
/** A refusal as settled() gives it: the HTTP status and the Korean message. */
const refusal = (status: number, message: string) => ({ ok: false, status, message });

/**
 * The catalogue services on the documented example (small and hand-written, so expected values
 * can be read off its files) and on the demo catalogue.
 */
const EXAMPLE = path.resolve(import.meta.dirname, '../../../../docs/catalogue-example');
const M320I = 'WBA5R1C02MFK31415'; // options B48 S337 LL, built 2021-03-15
const M330E = 'WBA5R5C04MFL27182'; // options B46 LL, built 2020-11-02
const MCID = 'EXAMPLE-BMW-G20';

let db: Db;
let uploadDir: string;

withCatalogueDatabase('epc-catalogue', async (database, folder) => {
  [db, uploadDir] = [database, folder];
  expect((await importCatalogue(db, EXAMPLE, { uploadDir })).ok).toBe(true);
  // A second catalogue whose only vehicle ends like the 320i: a short VIN both share.
  const twin = await importCatalogue(db, {
    'catalogue.jsonl': '{"mcid": "TWIN", "brand": "bmw", "name": "Twin"}\n',
    'vehicles.jsonl': '{"vin": "WBA5R7C09MFK31415", "model_name": "Twin 330i"}\n',
    'main_groups.jsonl': '{"num": "11", "label": "Engine"}\n',
    'nodes.jsonl': '{"mid": "11_0427", "num": "11", "label": "Oil filter", "diagram": "D1"}\n',
    'diagrams.jsonl': '{"diagram": "D1", "image": "https://img.example.kr/d1.png", "max_x": 100, "max_y": 100}\n',
    'parts.jsonl': '{"diagram": "D1", "pnum": "1", "pid": "11 42 8 575 211", "label": "Oil filter element set"}\n',
  });
  expect(twin.problems).toEqual([]);
  await seedEpcDemo(db, { uploadDir });
});

describe('findVehicle (getCarsVinEx)', () => {
  it('finds a full VIN whatever brand is picked, with specs translated and the VIN decoded', async () => {
    const found = await findVehicle(db, { brand: 'all', vin: M320I });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.info).toMatchObject({
      brand_code: 'bmw',
      mcid: MCID,
      imglogo: expect.stringMatching(/^\/uploads\/epc\/[0-9a-f]{32}\.svg$/),
      data: {
        vin: M320I,
        year: 2021,
        model_name: 'BMW 320i (G20)',
        name: 'BMW 3 Series (G20) example',
        maindata: { 엔진: 'B48B20', 변속기: '8HP50', 차체: 'Sedan' },
      },
    });
    expect(Object.keys(found.info.data.maindata)).toEqual(['엔진', '변속기', '차체']);
    expect(found.info.data.decoded).toMatchObject({
      manufacturer: 'BMW',
      modelYear: 2021,
      checkDigit: 'valid',
      warning: null,
    });
    expect(await findVehicle(db, { brand: 'benz', vin: M320I })).toMatchObject({ ok: true, info: { mcid: MCID } });
  });

  it('answers in the language asked', async () => {
    const en = await findVehicle(db, { brand: 'bmw', vin: M320I, lang: 'EN' });
    const cn = await findVehicle(db, { brand: 'bmw', vin: M320I, lang: 'CN' });
    expect(en.ok && Object.keys(en.info.data.maindata)).toEqual(['Engine', 'Transmission', 'Body']);
    expect(cn.ok && Object.keys(cn.info.data.maindata)).toEqual(['发动机', '变速箱', '车身']);
  });

  it('finds a short VIN within its brand only, and asks for 17 when two vehicles share it', async () => {
    expect(await findVehicle(db, { brand: 'bmw', vin: 'fl 27182' })).toMatchObject({
      ok: true,
      vehicle: { vin: M330E, options: ['B46', 'LL'], productionDate: '2020-11-02' },
    });
    expect(await findVehicle(db, { brand: 'jaguar', vin: 'FL27182' })).toEqual(refusal(404, '정보가 없습니다.'));
    expect(await findVehicle(db, { brand: 'bmw', vin: 'FK31415' })).toEqual(refusal(400, EPC_MSG.shortVinAmbiguous));
    expect(await findVehicle(db, { brand: 'bmw', vin: M320I })).toMatchObject({ ok: true, vehicle: { vin: M320I } });
  });

  it('refuses VINs of the wrong length, with I/O/Q or unknown, with the Korean message', async () => {
    expect(await findVehicle(db, { brand: 'bmw', vin: 'MFK31415' })).toEqual(
      refusal(400, '차대번호 뒤7자리 혹은 17자리를 입력하세요.'),
    );
    expect(await findVehicle(db, { brand: 'all', vin: 'FK31415' })).toEqual(
      refusal(400, '17자리수의 차대번호를 입력하세요.'),
    );
    expect(await findVehicle(db, { brand: 'all', vin: 'WBA5R1C02MFK3141O' })).toEqual(refusal(400, EPC_MSG.vinIoq));
    expect(await findVehicle(db, { brand: 'all', vin: '' })).toEqual(refusal(400, '차대번호를 입력하세요.'));
    expect(await findVehicle(db, { brand: 'all', vin: 'WBA5R1C02MFK31416' })).toEqual(refusal(404, '정보가 없습니다.'));
    expect(await findVehicle(db, { brand: 'toyota', vin: M320I })).toEqual(refusal(400, EPC_MSG.unknownBrand));
  });

  it('finds the three test VINs of the demo catalogue', async () => {
    const expected = { benz: 'DEMO-BENZ-W213', bmw: 'DEMO-BMW-G20', audi: 'DEMO-AUDI-C8' } as const;
    for (const t of EPC_TEST_VINS) {
      const found = await findVehicle(db, { brand: 'all', vin: t.vin });
      expect(found, t.vin).toMatchObject({
        ok: true,
        info: { brand_code: t.brand, mcid: expected[t.brand as keyof typeof expected] },
      });
    }
    const audi = await findVehicle(db, { brand: 'all', vin: EPC_TEST_VINS[2]!.vin });
    expect(audi.ok && audi.info.data.decoded).toMatchObject({ checkDigit: 'absent', warning: null });
  });
});

describe('vehicleConfig (getCarsConfigEx)', () => {
  it('gives specs and option codes of the vehicle', async () => {
    expect(await vehicleConfig(db, { vin: M330E, mcid: MCID })).toEqual({
      ok: true,
      main_data: { 엔진: 'B46B20', 변속기: '8HP' },
      options: ['B46', 'LL'],
    });
    expect(await vehicleConfig(db, { vin: M330E, mcid: 'TWIN' })).toEqual(refusal(404, '정보가 없습니다.'));
  });
});

describe('mainGroups (getCarsGroupEx)', () => {
  it('lists the catalogue main groups in order, translated', async () => {
    expect(await mainGroups(db, { vin: M320I, mcid: MCID })).toEqual({
      ok: true,
      groups: [
        { num: '11', mcid: MCID, label: '엔진', img: '' },
        { num: '34', mcid: MCID, label: '브레이크', img: '' },
      ],
    });
  });

  it('knows nothing of a VIN with another catalogue', async () => {
    expect(await mainGroups(db, { vin: M320I, mcid: 'TWIN' })).toEqual(refusal(404, '정보가 없습니다.'));
    expect(await mainGroups(db, { vin: 'WBA5R1C02MFK31416', mcid: MCID })).toEqual(refusal(404, '정보가 없습니다.'));
  });
});

describe('structure (getCarsStructureEx)', () => {
  it('lists the sub groups of a main group', async () => {
    expect(await structure(db, { vin: M320I, mcid: MCID, num: '34' })).toEqual({
      ok: true,
      nodes: [
        {
          level: 1,
          subgroup: '34_10',
          has_child: 1,
          mid: '34_10',
          name: '앞 브레이크',
          description: '',
          model: '',
          img: '',
          colorvalue: 1,
          fullPath: '브레이크 > 앞 브레이크',
        },
      ],
    });
  });

  it('lists child groups with colorvalue for the vehicle: the brake disc group needs option S337', async () => {
    const withS337 = await structure(db, { vin: M320I, mcid: MCID, num: '34', subgroup: '34_10' });
    const without = await structure(db, { vin: M330E, mcid: MCID, num: '34', subgroup: '34_10' });
    expect(
      withS337.ok &&
        withS337.nodes.map((n) => [n.mid, n.level, n.subgroup, n.has_child, n.name, n.colorvalue, n.fullPath]),
    ).toEqual([
      ['34_1011', 2, '34_10', 0, '브레이크 패드', 1, '브레이크 > 앞 브레이크 > 브레이크 패드'],
      ['34_1012', 2, '34_10', 0, '브레이크 디스크', 1, '브레이크 > 앞 브레이크 > 브레이크 디스크'],
    ]);
    expect(without.ok && without.nodes.map((n) => [n.mid, n.colorvalue])).toEqual([
      ['34_1011', 1],
      ['34_1012', 0],
    ]);
  });

  it('refuses a main group or sub group that is not there', async () => {
    const none = refusal(404, '정보가 없습니다.');
    expect(await structure(db, { vin: M320I, mcid: MCID, num: '99' })).toEqual(none);
    expect(await structure(db, { vin: M320I, mcid: MCID, num: '34', subgroup: '11_0427' })).toEqual(none);
    expect(await structure(db, { vin: M320I, mcid: MCID, num: '34', subgroup: '34_1011' })).toEqual(none);
    expect(await structure(db, { vin: M320I, mcid: 'DEMO-BMW-G20', num: '34' })).toEqual(none);
  });

  it('demo: the transfer case fits 4MATIC cars only, the LED headlight cars with LED', async () => {
    const [e300, e220d] = ['WDDZF4JB8HA354812', 'WDDZF8KB4JA201937'];
    const cv = async (vin: string, num: string, subgroup: string) => {
      const r = await structure(db, { vin, mcid: 'DEMO-BENZ-W213', num, subgroup });
      return r.ok ? r.nodes.map((n) => [n.mid, n.colorvalue]) : r;
    };
    expect(await cv(e300, '24', '24_10')).toEqual([
      ['24_10_11', 1],
      ['24_10_12', 1],
    ]);
    expect(await cv(e220d, '24', '24_10')).toEqual([
      ['24_10_11', 1],
      ['24_10_12', 0],
    ]);
    expect(await cv(e300, '63', '63_10')).toEqual([
      ['63_10_11', 0],
      ['63_10_12', 1],
    ]);
    expect(await cv(e220d, '63', '63_10')).toEqual([
      ['63_10_11', 1],
      ['63_10_12', 0],
    ]);
  });
});

describe('structure: fitting and empty groups', () => {
  // A catalogue of its own: a sub group for option S999 (this car lacks it) whose children have no
  // rule of their own, a sub group for every car, and a main group without any group under it.
  const VIN = 'WBA5R9C05MFG20001';
  beforeAll(async () => {
    const nodes = [
      { mid: '34_20', num: '34', label: 'Rear brake', fit_all: ['S999'] },
      { mid: '34_2011', num: '34', parent: '34_20', label: 'Brake pads', diagram: 'D1' },
      { mid: '34_30', num: '34', label: 'Parking brake' },
      { mid: '34_3011', num: '34', parent: '34_30', label: 'Brake disc', diagram: 'D1' },
    ];
    const made = await importCatalogue(db, {
      'catalogue.jsonl': '{"mcid": "GROUPS", "brand": "bmw", "name": "Groups"}\n',
      'vehicles.jsonl': `{"vin": "${VIN}", "model_name": "BMW 318i", "options": ["B48"]}\n`,
      'main_groups.jsonl': '{"num": "34", "label": "Brakes"}\n{"num": "61", "label": "Electrics"}\n',
      'nodes.jsonl': nodes.map((n) => JSON.stringify(n)).join('\n') + '\n',
      'diagrams.jsonl': '{"diagram": "D1", "image": "https://img.example.kr/g1.png", "max_x": 100, "max_y": 100}\n',
      'parts.jsonl': '{"diagram": "D1", "pnum": "1", "pid": "34 21 6 888 001", "label": "Brake pad set"}\n',
    });
    expect(made.problems).toEqual([]);
  });
  const fits = async (q: { subgroup?: string }) => {
    const r = await structure(db, { vin: VIN, mcid: 'GROUPS', num: '34', ...q });
    return r.ok ? r.nodes.map((n) => [n.mid, n.colorvalue]) : r;
  };

  it('a sub group the car does not fit makes its children not fit, though they have no rule of their own', async () => {
    expect(await fits({})).toEqual([
      ['34_20', 0],
      ['34_30', 1],
    ]);
    expect(await fits({ subgroup: '34_20' })).toEqual([['34_2011', 0]]);
    expect(await fits({ subgroup: '34_30' })).toEqual([['34_3011', 1]]);
  });

  it('a main group without groups, and a VIN the catalogue does not hold, are refused', async () => {
    const none = refusal(404, '정보가 없습니다.');
    expect(await structure(db, { vin: VIN, mcid: 'GROUPS', num: '61' })).toEqual(none);
    expect(await structure(db, { vin: 'WBA5R9C05MFG20002', mcid: 'GROUPS', num: '34' })).toEqual(none);
    expect(await structure(db, { vin: VIN, mcid: 'GROUPS', num: '34' })).toMatchObject({ ok: true });
  });
});

describe('diagramParts (getCarsPartsEx)', () => {
  it('gives rows, drawing, hotspots and box size; colorvalue by options and production date', async () => {
    const r = await diagramParts(db, { vin: M320I, mcid: MCID, mid: '34_1011' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.part_detail.map((p) => [p.pnum, p.pid, p.label, p.standard_label, p.colorvalue])).toEqual([
      ['1', '34 10 6 888 459', '앞 브레이크 패드 세트', '브레이크 패드', 0], // not with S337
      ['1', '34 10 6 884 497', '앞 브레이크 패드 세트 (M 스포츠)', '브레이크 패드', 1], // S337 only
      ['2', '34 35 6 890 789', '앞 패드 마모 센서', '', 0], // built until 2020-12-31; this car 2021-03-15
    ]);
    expect(r.part_detail[0]).toMatchObject({
      itid: '34_1',
      pidKey: '34106888459',
      quantity: '1',
      refmid: ['34_1012,1'],
      stituteStatus: '',
    });
    expect(r.img_path).toMatch(/^\/uploads\/epc\/[0-9a-f]{32}\.svg$/);
    expect(r.img_points).toEqual([
      { hsKey: '1', hsX: 200, hsY: 200, maxX: 800, maxY: 600 },
      { hsKey: '2', hsX: 560, hsY: 380, maxX: 800, maxY: 600 },
    ]);
    expect([r.pctWidth, r.pctHeight]).toEqual([4, 3.5]);
    expect(r.fullPath).toBe('브레이크 > 앞 브레이크 > 브레이크 패드');
  });

  it('the other car gets the other pad and the wear sensor', async () => {
    const r = await diagramParts(db, { vin: M330E, mcid: MCID, mid: '34_1011' });
    expect(r.ok && r.part_detail.map((p) => p.colorvalue)).toEqual([1, 0, 1]);
  });

  it('a part in a group that does not fit does not fit either', async () => {
    const fits = await diagramParts(db, { vin: M320I, mcid: MCID, mid: '34_1012' });
    const not = await diagramParts(db, { vin: M330E, mcid: MCID, mid: '34_1012' });
    expect(fits.ok && fits.part_detail.map((p) => p.colorvalue)).toEqual([1, 1]);
    expect(not.ok && not.part_detail.map((p) => p.colorvalue)).toEqual([0, 0]);
    expect(fits.ok && [fits.pctWidth, fits.pctHeight]).toEqual([5, 4]);
  });

  it('with the filter on, leaves out parts and hotspots that do not fit', async () => {
    const r = await diagramParts(db, { vin: M320I, mcid: MCID, mid: '34_1011', onlyFitting: true });
    expect(r.ok && r.part_detail.map((p) => p.pid)).toEqual(['34 10 6 884 497']);
    expect(r.ok && r.img_points.map((p) => p.hsKey)).toEqual(['1']);
  });

  it('refuses a group with children, a mid of another catalogue, a VIN of another catalogue', async () => {
    const none = refusal(404, '정보가 없습니다.');
    expect(await diagramParts(db, { vin: M320I, mcid: MCID, mid: '34_10' })).toEqual(none);
    expect(await diagramParts(db, { vin: M320I, mcid: MCID, mid: '11_10_11' })).toEqual(none);
    expect(await diagramParts(db, { vin: M320I, mcid: 'DEMO-BMW-G20', mid: '11_10_11' })).toEqual(none);
    expect(await diagramParts(db, { vin: 'WBA5R7C09MFK31415', mcid: MCID, mid: '11_0427' })).toEqual(none);
  });

  it('demo: every diagram of a test VIN has 10+ hotspots and rows for each', async () => {
    const vin = EPC_TEST_VINS[1]!.vin;
    const groups = await mainGroups(db, { vin, mcid: 'DEMO-BMW-G20' });
    expect(groups.ok && groups.groups.length).toBe(9);
    const r = await diagramParts(db, { vin, mcid: 'DEMO-BMW-G20', mid: '34_10_11' });
    expect(r.ok && r.img_points.length).toBeGreaterThanOrEqual(10);
    expect(r.ok && r.part_detail.some((p) => p.colorvalue === 0)).toBe(true);
    const keys = new Set(r.ok ? r.img_points.map((p) => p.hsKey) : []);
    expect(r.ok && r.part_detail.every((p) => keys.has(p.pnum))).toBe(true);
  });
});

describe('replacementsFor (getCarsReplace)', () => {
  it('follows the supersession chain both ways from the middle', async () => {
    expect(await replacementsFor(db, { pid: '11 42 8 575 211', brand: 'bmw' })).toEqual([
      { pid: '11 42 9 848 321', relation: 'newer', distance: 1, remark: 'From 2022-07' },
      { pid: '11 42 7 953 125', relation: 'older', distance: 1, remark: '' },
    ]);
  });

  it('from the oldest number reaches both newer ones, however the number is written', async () => {
    expect(await replacementsFor(db, { pid: '11-42-7-953-125', brand: 'bmw' })).toEqual([
      { pid: '11 42 8 575 211', relation: 'newer', distance: 1, remark: '' },
      { pid: '11 42 9 848 321', relation: 'newer', distance: 2, remark: 'From 2022-07' },
    ]);
  });

  it('gives interchangeable numbers, and nothing for another brand or an unknown number', async () => {
    expect(await replacementsFor(db, { pid: '34106859181', brand: 'bmw' })).toEqual([
      { pid: '34 10 6 888 459', relation: 'interchangeable', distance: 1, remark: '' },
    ]);
    expect(await replacementsFor(db, { pid: '34106859181', brand: 'benz' })).toEqual([]);
    expect(await replacementsFor(db, { pid: '99999', brand: 'bmw' })).toEqual([]);
    expect(await replacementsFor(db, { pid: '---', brand: 'bmw' })).toEqual([]);
  });
});

describe('searchPartNumbers (getCarsSearchHotKey, objSearchMapper)', () => {
  it('finds part numbers by prefix however written, with the group that shows each, in number order', async () => {
    const r = await searchPartNumbers(db, { keyword: '34-10-6', mcid: MCID });
    expect(r).toEqual({
      ok: true,
      more: false,
      hits: [
        {
          pid: '34 10 6 797 602',
          label: '통풍 브레이크 디스크',
          brand: 'bmw',
          mcid: MCID,
          catalogue: 'BMW 3 Series (G20) example',
          num: '34',
          mid: '34_1012',
          subgroup: '34_10',
          pnum: '1',
        },
        {
          pid: '34 10 6 884 497',
          label: '앞 브레이크 패드 세트 (M 스포츠)',
          brand: 'bmw',
          mcid: MCID,
          catalogue: 'BMW 3 Series (G20) example',
          num: '34',
          mid: '34_1011',
          subgroup: '34_10',
          pnum: '1',
        },
        {
          pid: '34 10 6 888 459',
          label: '앞 브레이크 패드 세트',
          brand: 'bmw',
          mcid: MCID,
          catalogue: 'BMW 3 Series (G20) example',
          num: '34',
          mid: '34_1011',
          subgroup: '34_10',
          pnum: '1',
        },
      ],
    });
  });

  it('pages', async () => {
    const first = await searchPartNumbers(db, { keyword: '34106', mcid: MCID, size: 2, page: 1 });
    const second = await searchPartNumbers(db, { keyword: '34106', mcid: MCID, size: 2, page: 2 });
    expect(first.ok && [first.hits.map((h) => h.pid), first.more]).toEqual([
      ['34 10 6 797 602', '34 10 6 884 497'],
      true,
    ]);
    expect(second.ok && [second.hits.map((h) => h.pid), second.more]).toEqual([['34 10 6 888 459'], false]);
  });

  it('searches every catalogue without mcid', async () => {
    const r = await searchPartNumbers(db, { keyword: '11428575211' });
    expect(r.ok && r.hits.map((h) => h.mcid)).toEqual([MCID, 'TWIN']);
  });

  it('takes 2 to 50 characters', async () => {
    expect(await searchPartNumbers(db, { keyword: '3' })).toEqual(refusal(400, EPC_MSG.partSearchLength));
    expect(await searchPartNumbers(db, { keyword: '34' })).toMatchObject({ ok: true });
    expect(await searchPartNumbers(db, { keyword: '3'.repeat(50) })).toEqual({ ok: true, hits: [], more: false });
    expect(await searchPartNumbers(db, { keyword: '3'.repeat(51) })).toEqual(refusal(400, EPC_MSG.partSearchLength));
    expect(await searchPartNumbers(db, { keyword: '%_' })).toEqual(refusal(400, EPC_MSG.partSearchChars));
    expect(await searchPartNumbers(db, { keyword: '34', mcid: 'NOPE' })).toEqual(refusal(404, '정보가 없습니다.'));
  });
});
