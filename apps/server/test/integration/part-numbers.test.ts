import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber, productNameColumns } from '@partsmall/contract';
import { epcReplacements, partXrefs, products } from '../../src/db/schema.js';
import { findProductsByNumbers } from '../../src/features/products/index.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * Any-number search (docs/search.md#part-numbers): every number of a supersession chain leads to the current
 * product with the reason, interchangeable numbers say so, and numbers never match approximately.
 * Relations come from a catalogue's replacements and from the shop's cross-reference.
 */
let server: TestServer;
let memberToken: string;
const ids: Record<string, number> = {};

async function addProduct(name: string, pid: string, factoryNum = '') {
  const [row] = await server.db
    .insert(products)
    .values({
      name,
      ...productNameColumns(name),
      pid,
      pidKey: alphaNumber(pid),
      factoryNum,
      factoryKey: alphaNumber(factoryNum),
      priceA: 41000,
      priceB: 42000,
      priceC: 43000,
      priceD: 44000,
      salePrice: 47000,
      hasAmount: 6,
      stockName: '한국 김포물류센터',
      storageId: 1,
    })
    .returning({ id: products.id });
  return row!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  // Catalogue chain: 91-100-001 → 91-100-002 → 91-100-003 (current), and 91-100-003 ↔ QX-7781 (aftermarket).
  await server.db.insert(epcReplacements).values([
    {
      catalogueId: 9001,
      seq: 1,
      pid: '91-100-001',
      pidKey: '91100001',
      toPid: '91-100-002',
      toKey: '91100002',
      kind: 'supersedes',
      remark: '',
    },
    {
      catalogueId: 9001,
      seq: 2,
      pid: '91-100-002',
      pidKey: '91100002',
      toPid: '91-100-003',
      toKey: '91100003',
      kind: 'supersedes',
      remark: '',
    },
    {
      catalogueId: 9001,
      seq: 3,
      pid: '91-100-003',
      pidKey: '91100003',
      toPid: 'QX-7781',
      toKey: 'QX7781',
      kind: 'interchangeable',
      remark: '',
    },
  ]);
  // Shop cross-reference: old number 77 55 000 is replaced by 77-55-001.
  await server.db
    .insert(partXrefs)
    .values({ pid: '77 55 000', pidKey: '7755000', toPid: '77-55-001', toKey: '7755001', kind: 'supersedes' });
  ids.current = await addProduct('체인시험 현재 필터', '91-100-003');
  ids.oldStock = await addProduct('체인시험 구형 필터', '91-100-001');
  ids.aftermarket = await addProduct('체인시험 호환 필터', 'QX 7781');
  ids.shopCurrent = await addProduct('교차참조 현재 센서', '77-55-001');
  ids.byFactory = await addProduct('공장번호 시험 패드', 'ZZ-1', 'FAC-99 12');
  memberToken = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  // A fresh database with the demo shop: slow on a loaded machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('findProductsByNumbers', () => {
  it('leads every number of a chain to the current product first, with the path in the reason', async () => {
    const found = await findProductsByNumbers(server.db, ['91 100 001', '91-100-002', '91100003']);
    const first = found.get('91100001')!;
    expect(first.map((h) => [h.product.seq, h.match])).toEqual([
      [ids.current, 'replaced'],
      [ids.oldStock, 'own'],
      [ids.aftermarket, 'interchangeable'],
    ]);
    expect(first[0]!.reason).toBe('대체품번 (이전 번호 91 100 001 → 91-100-002 → 현재 91-100-003)');
    expect(first[0]!.path).toEqual(['91 100 001', '91-100-002', '91-100-003']);
    expect(first[2]!.reason).toBe('호환품번');
    expect(found.get('91100002')!.map((h) => [h.product.seq, h.match])).toEqual([
      [ids.current, 'replaced'],
      [ids.aftermarket, 'interchangeable'],
    ]);
    expect(found.get('91100003')!.map((h) => [h.product.seq, h.match, h.reason])).toEqual([
      [ids.current, 'own', '품번 일치'],
      [ids.aftermarket, 'interchangeable', '호환품번'],
    ]);
  });

  it('follows the shop cross-reference and the interchange backwards, and finds factory numbers', async () => {
    const found = await findProductsByNumbers(server.db, ['7755000', 'qx-7781', 'fac 9912']);
    expect(found.get('7755000')!.map((h) => [h.product.seq, h.reason])).toEqual([
      [ids.shopCurrent, '대체품번 (이전 번호 7755000 → 현재 77-55-001)'],
    ]);
    expect(found.get('QX7781')!.map((h) => [h.product.seq, h.match])).toEqual([
      [ids.aftermarket, 'own'],
      [ids.current, 'interchangeable'],
    ]);
    expect(found.get('FAC9912')!.map((h) => [h.product.seq, h.match])).toEqual([[ids.byFactory, 'own']]);
  });

  it('never matches a number approximately: one character more, less or different finds nothing', async () => {
    const found = await findProductsByNumbers(server.db, ['9110000', '911000011', '91100004', 'QX7782', '---']);
    expect([...found.keys()].sort()).toEqual(['9110000', '911000011', '91100004', 'QX7782']);
    for (const hits of found.values()) expect(hits).toEqual([]);
  });
});

describe('api/getProductHome searchType pid', () => {
  it('shows the current product first for an old number, with the reason, then the old stock and the interchangeable part', async () => {
    const res = await call(
      server,
      'getProductHome',
      { searchType: 'pid', searchKeyword: '91-100-001', page: 1, size: 20 },
      { token: memberToken },
    );
    expect(res.status).toBe(200);
    const rows = res.body.results as { seq: number; matchReason?: string; price?: number }[];
    expect(rows.map((r) => [r.seq, r.matchReason])).toEqual([
      [ids.current, '대체품번 (이전 번호 91-100-001 → 91-100-002 → 현재 91-100-003)'],
      [ids.oldStock, '품번 일치'],
      [ids.aftermarket, '호환품번'],
    ]);
    // The demo company's tier price comes with each hit as with any grid row.
    expect(rows[0]!.price).toBeGreaterThan(0);
  });

  it('keeps the prefix search of own numbers, marks its rows as own and names the whole number', async () => {
    const res = await call(server, 'getProductHome', {
      searchType: 'pid',
      searchKeyword: '91100',
      page: 1,
      size: 20,
    });
    const rows = res.body.results as { seq: number; matchReason?: string }[];
    expect(rows.map((r) => [r.seq, r.matchReason])).toEqual([
      [ids.current, '품번 앞부분 일치 (91-100-003)'],
      [ids.oldStock, '품번 앞부분 일치 (91-100-001)'],
    ]);
  });
});

describe('api/getProductHome pages every product of a number', () => {
  // One number with more than 20 products and more than a page of each kind (docs/search.md#one-box):
  // its own product, 22 products of an OE number interchangeable with it, 25 of a factory number
  // that is the typed one without its maker, and two longer numbers it starts.
  const typed = 'OX 998 Q';
  const expected: [number, string][] = [];
  beforeAll(async () => {
    await server.db
      .insert(partXrefs)
      .values({ pid: 'OX998Q', pidKey: 'OX998Q', toPid: 'HX-77-01', toKey: 'HX7701', kind: 'interchangeable' });
    const own = await addProduct('페이지시험 자기 품번', 'OX998Q');
    const oe: number[] = [];
    for (let i = 1; i <= 21; i++) oe.push(await addProduct(`페이지시험 OE ${i}`, 'HX-77-01'));
    // Interchangeable and of the maker-less number both: listed once, as the interchangeable part.
    oe.push(await addProduct('페이지시험 OE 겸 공장번호', 'HX-77-01', 'KNECHT OX 998 Q'));
    const makerless: number[] = [];
    for (let i = 1; i <= 24; i++)
      makerless.push(await addProduct(`페이지시험 공장번호 ${i}`, `KN-998-${i}`, 'KNECHT OX 998 Q'));
    // A longer number of its own that has the factory number too: listed once, with the factory number.
    makerless.push(await addProduct('페이지시험 긴 품번 겸 공장번호', 'OX998Q-3', 'KNECHT OX 998 Q'));
    const longer = [
      await addProduct('페이지시험 긴 품번 1', 'OX998Q-1'),
      await addProduct('페이지시험 긴 품번 2', 'OX998Q-2'),
    ];
    expected.push([own, '품번 일치']);
    for (const seq of oe) expected.push([seq, '호환품번']);
    for (const seq of makerless) expected.push([seq, '품번 일치 (KNECHT OX 998 Q)']);
    expected.push([longer[0]!, '품번 앞부분 일치 (OX998Q-1)'], [longer[1]!, '품번 앞부분 일치 (OX998Q-2)']);
  });
  const page = async (searchType: 'pid' | 'name', page: number, size: number) => {
    const res = await call(server, 'getProductHome', { searchType, searchKeyword: typed, page, size });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { results: { seq: number; matchReason?: string }[]; more?: boolean; searchedAs?: string };
    return { hits: body.results.map((r) => [r.seq, r.matchReason]), more: body.more, searchedAs: body.searchedAs };
  };

  it('gives `size` rows a page, more while any follow, until all 50 are listed once, in either mode', async () => {
    expect(expected.length).toBe(50);
    for (const searchType of ['pid', 'name'] as const) {
      const pages = [];
      for (let p = 1; p <= 6; p++) pages.push(await page(searchType, p, 10));
      expect(pages.map((p) => [p.hits.length, p.more, p.searchedAs])).toEqual([
        [10, true, 'number'],
        [10, true, 'number'],
        [10, true, 'number'],
        [10, true, 'number'],
        [10, false, 'number'],
        [0, false, 'number'],
      ]);
      expect(pages.flatMap((p) => p.hits)).toEqual(expected);
    }
  });

  it('a page may end inside any kind of row, and one large page holds them all', async () => {
    // Pages of 7 end inside the interchangeable rows (7, 14, 21), the maker-less ones (28-42) and the prefix (49).
    const pages = [];
    for (let p = 1; p <= 8; p++) pages.push(await page('pid', p, 7));
    expect(pages.map((p) => [p.hits.length, p.more])).toEqual([
      [7, true],
      [7, true],
      [7, true],
      [7, true],
      [7, true],
      [7, true],
      [7, true],
      [1, false],
    ]);
    expect(pages.flatMap((p) => p.hits)).toEqual(expected);
    // The web grid's paging: 20 first, then pages of 5 from the 21st on (server pages 5-10 of size 5).
    const grid = [await page('pid', 1, 20)];
    for (let p = 5; p <= 10; p++) grid.push(await page('pid', p, 5));
    expect(grid.map((p) => p.more)).toEqual([true, true, true, true, true, true, false]);
    expect(grid.flatMap((p) => p.hits)).toEqual(expected);
    expect(await page('pid', 1, 60)).toEqual({ hits: expected, more: false, searchedAs: 'number' });
    expect(await page('pid', 1, 50)).toEqual({ hits: expected, more: false, searchedAs: 'number' });
    expect(await page('pid', 1, 49)).toEqual({ hits: expected.slice(0, 49), more: true, searchedAs: 'number' });
  });

  it('the maker-less number alone: 25 products, pages of 10', async () => {
    const res = async (p: number) => {
      const r = await call(server, 'getProductHome', {
        searchKeyword: 'OX998Q',
        searchType: 'name',
        page: p,
        size: 10,
      });
      return r.body as { results: { seq: number }[]; more?: boolean };
    };
    // 'OX998Q' is the same typed number: the same 50 rows.
    const first = await res(1);
    expect([first.results.length, first.more]).toEqual([10, true]);
    const third = await res(3);
    expect(third.results.map((r) => r.seq)).toEqual(expected.slice(20, 30).map(([seq]) => seq));
  });
});
