import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber } from '@partsmall/contract';
import { companies, members, products } from '../../src/db/schema.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';
import { productsByOeKeys } from '../../src/features/products/index.js';

let server: TestServer;
let demoToken: string;
let otherToken: string;
const ids: Record<string, number> = {};

async function addProduct(name: string, pid: string, tiers: [number, number, number, number], salePrice: number) {
  const [row] = await server.db
    .insert(products)
    .values({
      name,
      pid,
      pidKey: alphaNumber(pid),
      factoryNum: 'TEST 01',
      factoryKey: 'TEST01',
      priceA: tiers[0],
      priceB: tiers[1],
      priceC: tiers[2],
      priceD: tiers[3],
      salePrice,
      hasAmount: 5,
      stockName: '한국 김포물류센터',
      storageId: 1,
      imgFiles: ['/uploads/products/pad-1.svg'],
      category: 'pad',
    })
    .returning({ id: products.id });
  return row!.id;
}

async function setLevel(level: 'a' | 'b' | 'c' | 'd') {
  const [other] = await server.db.select().from(members).where(eq(members.loginId, 'other@partsmall.kr'));
  await server.db.update(companies).set({ level }).where(eq(companies.id, other!.companyId!));
}

beforeAll(async () => {
  server = await startTestServer();
  ids.fallbackToC = await addProduct('티어테스트 C폴백 패드', 'TT-0001', [0, 0, 1000, 2000], 3000);
  ids.allZero = await addProduct('티어테스트 판매가 패드', 'TT-0002', [0, 0, 0, 0], 4500);
  ids.mixed = await addProduct('티어테스트 혼합 패드', 'TT-0003', [500, 0, 0, 900], 1200);
  ids.ab123 = await addProduct('하이픈 품번 테스트 디스크', 'AB-123', [100, 100, 100, 100], 100);
  demoToken = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  otherToken = await loginAs(server, 'other@partsmall.kr', 'demo1234');
});
afterAll(async () => {
  await server?.close();
});

const PRICE_FIELDS = ['price', 'salePrice', 'priceA', 'priceB', 'priceC', 'priceD'];

describe('visitors never receive prices', () => {
  it('has no price field in list, detail, product page and catalogue answers', async () => {
    const list = await call(server, 'getProductHome', { page: 1, size: 60 });
    expect(list.body.results!.length).toBe(60);
    const detail = await call(server, 'getProductHomeDetail', { seq: ids.mixed });
    const page = await call(server, 'getProductInfo', { seq: ids.mixed });
    const epc = await call(server, 'getEpcToProduct', { pid: 'tt 0003' });
    const bySeq = await call(server, 'getProductHome', { seq: ids.mixed });
    const all = [
      ...list.body.results!,
      detail.body.results!,
      page.body.results!,
      ...epc.body.results!.partInfo,
      ...bySeq.body.results!,
    ];
    expect(epc.body.results!.partInfo).toHaveLength(1);
    for (const item of all) for (const f of PRICE_FIELDS) expect(item).not.toHaveProperty(f);
  });

  it('a bad token is treated as a visitor for public lists (no price, no error)', async () => {
    const res = await call(server, 'getProductHome', { seq: ids.mixed }, { token: 'not-a-token' });
    expect(res.status).toBe(200);
    expect(res.body.results![0]).not.toHaveProperty('price');
  });
});

describe('members see the tier price of their company level', () => {
  const cases: ['a' | 'b' | 'c' | 'd', number, number, number][] = [
    // level, fallbackToC product, allZero product, mixed product
    ['a', 1000, 4500, 500],
    ['b', 1000, 4500, 900],
    ['c', 1000, 4500, 900],
    ['d', 2000, 4500, 900],
  ];
  for (const [level, c1, c2, c3] of cases) {
    it(`level ${level}`, async () => {
      await setLevel(level);
      const price = async (seq: number) =>
        (await call(server, 'getProductHomeDetail', { seq }, { token: otherToken })).body.results!.price;
      expect(await price(ids.fallbackToC!)).toBe(c1);
      expect(await price(ids.allZero!)).toBe(c2);
      expect(await price(ids.mixed!)).toBe(c3);
    });
  }

  it('the demo company (gold) gets tier B in the list too', async () => {
    const res = await call(
      server,
      'getProductHome',
      { searchType: 'pid', searchKeyword: 'TT0003' },
      { token: demoToken },
    );
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results![0]!.price).toBe(900);
    expect(res.body.results![0]!.salePrice).toBe(1200);
  });
});

describe('search', () => {
  it("matches the part number 'ab-12 3' against 'AB-123' (alpha-number form on both sides)", async () => {
    const res = await call(server, 'getProductHome', {
      searchType: 'pid',
      searchKeyword: 'ab-12 3',
    });
    expect(res.body.results!.map((r) => r.pid)).toContain('AB-123');
  });

  it('finds by a Korean name fragment', async () => {
    const res = await call(server, 'getProductHome', {
      searchType: 'name',
      searchKeyword: '티어테스트',
    });
    expect(res.body.results!.map((r) => r.seq).sort()).toEqual([ids.fallbackToC, ids.allZero, ids.mixed].sort());
  });

  it('pages end: more is false on the last page and a page past the end is empty', async () => {
    const p1 = await call(server, 'getProductHome', {
      searchType: 'name',
      keyword: '티어테스트',
      page: 1,
      size: 2,
    });
    const p2 = await call(server, 'getProductHome', {
      searchType: 'name',
      keyword: '티어테스트',
      page: 2,
      size: 2,
    });
    const p3 = await call(server, 'getProductHome', {
      searchType: 'name',
      keyword: '티어테스트',
      page: 3,
      size: 2,
    });
    expect([p1.body.results!.length, (p1.body as { more?: boolean }).more]).toEqual([2, true]);
    expect([p2.body.results!.length, (p2.body as { more?: boolean }).more]).toEqual([1, false]);
    expect(p3.body.results).toEqual([]);
    expect(p3.body.message).toBe('검색된 정보가 없습니다.');
  });

  it('treats SQL and HTML in keywords as text', async () => {
    for (const keyword of ["' or 1=1 --", '%', '_', '<script>alert(1)</script>', "'; drop table products; --"]) {
      const res = await call(server, 'getProductHome', {
        searchType: 'name',
        searchKeyword: keyword,
      });
      expect(res.status).toBe(200);
      expect(res.body.results).toEqual([]);
    }
    const still = await call(server, 'getProductHome', {});
    expect(still.body.results!.length).toBe(60);
  });

  it('clamps huge sizes to 100', async () => {
    const res = await call(server, 'getProductHome', { page: 1, size: 1_000_000 });
    expect(res.status).toBe(200);
    expect(res.body.results!.length).toBe(100);
  });
});

describe('number search', () => {
  const n: Record<string, number> = {};
  const add = async (pid: string, factoryNum: string, category: string) =>
    (
      await makeProduct(server, {
        tiers: [1000, 1000, 1000, 1000],
        salePrice: 1200,
        name: `번호검색 ${pid}`,
        pid,
        ...(factoryNum ? { factoryNum } : {}),
        category,
      })
    ).id;
  beforeAll(async () => {
    n.pad = await add('QZ77001', '', 'pad');
    n.disc = await add('QZ77002', '', 'disc');
    n.inside = await add('XQZ77001', '', 'pad');
    n.factoryDisc = await add('FK-QZ-1', 'QZ77009', 'disc');
    // Made before the two numbers it is longer than, so that nearest-number-first is not id order.
    n.tailLonger = await add('FK-QZ-4', 'MANN QZ 719 X2', 'pad');
    n.tailPad = await add('FK-QZ-2', 'MANN QZ 719 X', 'pad');
    n.tailDisc = await add('FK-QZ-3', 'BOSCH QZ 719 X', 'disc');
    n.bare = await add('FK-QZ-5', 'MAGNETI MARELLI 7149 3377 01', 'disc');
  });
  const search = async (keyword: string, extra: Record<string, unknown> = {}) => {
    const res = await call(server, 'getProductHome', { searchType: 'pid', searchKeyword: keyword, ...extra });
    const body = res.body as { more?: boolean; searchedAs?: string };
    return { seqs: res.body.results!.map((r) => r.seq), more: body.more, searchedAs: body.searchedAs };
  };

  it('a number matches from its start (OE or factory number), never inside another number', async () => {
    // In number mode even a keyword that does not look like a part number ('QZ') is one.
    for (const keyword of ['QZ770', 'QZ7', 'QZ'])
      expect((await search(keyword)).seqs.sort((a, b) => a - b)).toEqual([n.pad!, n.disc!, n.factoryDisc!]);
  });

  it('in a category every kind of hit keeps to it: the prefix, the number itself, a factory number without its maker', async () => {
    expect((await search('QZ770', { category: 'pad' })).seqs).toEqual([n.pad]);
    expect((await search('QZ770', { category: 'disc' })).seqs).toEqual([n.disc, n.factoryDisc]);
    expect((await search('QZ77001', { category: 'disc' })).seqs).toEqual([]);
    expect((await search('QZ719X')).seqs).toEqual([n.tailPad, n.tailDisc]);
    expect((await search('QZ719X', { category: 'pad' })).seqs).toEqual([n.tailPad]);
    expect((await search('QZ719', { category: 'disc' })).seqs).toEqual([n.tailDisc]);
  });

  it('a Mercedes number typed without its leading A finds the A number and says so; nine digits are not one', async () => {
    // Named without the number, so that only the number can find them.
    const benzPart = async (pid: string) =>
      (
        await makeProduct(server, {
          tiers: [1000, 1000, 1000, 1000],
          salePrice: 1200,
          name: '벤츠 패드 센서',
          pid,
          category: 'pad',
        })
      ).id;
    const benz = await benzPart('A 918 273 64 50');
    const withColour = await benzPart('A9182736451 9999');
    const reasons = async (keyword: string, searchType: 'pid' | 'name') => {
      const res = await call(server, 'getProductHome', { searchType, searchKeyword: keyword });
      return (res.body.results as { seq: number; matchReason?: string }[]).map((r) => [r.seq, r.matchReason]);
    };
    expect(await reasons('918 273 64 50', 'name')).toEqual([[benz, '품번 일치 (A 918 273 64 50)']]);
    expect(await reasons('9182736450', 'pid')).toEqual([[benz, '품번 일치 (A 918 273 64 50)']]);
    expect(await reasons('91827364519999', 'pid')).toEqual([[withColour, '품번 일치 (A9182736451 9999)']]);
    expect((await search('918273645')).seqs).toEqual([]);
  });

  it('a factory number without its maker keeps to a category in the database: 21 pads before the one disc do not hide it', async () => {
    const pads: number[] = [];
    for (let i = 1; i <= 21; i++) pads.push(await add(`FK-QY-${i}`, 'MANN QZ 555 Y', 'pad'));
    const disc = await add('FK-QY-22', 'BOSCH QZ 555 Y', 'disc');
    const hits = async (keyword: string, category?: string) => {
      const res = await call(server, 'getProductHome', {
        searchType: 'pid',
        searchKeyword: keyword,
        size: 100,
        ...(category ? { category } : {}),
      });
      return (res.body.results as { seq: number; matchReason?: string }[]).map((r) => [r.seq, r.matchReason]);
    };
    // Without a category every product of the number, in id order: the 21 pads, then the disc.
    expect(await hits('QZ555Y')).toEqual([
      ...pads.map((seq) => [seq, '품번 일치 (MANN QZ 555 Y)']),
      [disc, '품번 일치 (BOSCH QZ 555 Y)'],
    ]);
    expect(await hits('QZ555Y', 'disc')).toEqual([[disc, '품번 일치 (BOSCH QZ 555 Y)']]);
    expect(await hits('QZ555', 'disc')).toEqual([[disc, '품번 앞부분 일치 (BOSCH QZ 555 Y)']]);
    // Which 20 of a longer number's products come is the index's order (docs/search.md#one-box).
    const padStarts = await hits('QZ555', 'pad');
    expect(padStarts.length).toBe(20);
    expect(
      padStarts.every(([seq, reason]) => pads.includes(seq as number) && reason === '품번 앞부분 일치 (MANN QZ 555 Y)'),
    ).toBe(true);
  });

  it('a factory number typed without its maker matches whole; found nothing else, from five characters on by its start, saying so', async () => {
    const reasons = async (keyword: string, searchType: 'pid' | 'name' = 'pid') => {
      const res = await call(server, 'getProductHome', { searchType, searchKeyword: keyword });
      const body = res.body as { results: { seq: number; matchReason?: string }[]; searchedAs?: string };
      return { hits: body.results.map((r) => [r.seq, r.matchReason]), searchedAs: body.searchedAs };
    };
    // The whole number found, its longer numbers are not asked for (QZ719X2).
    expect(await reasons('QZ719X')).toEqual({
      hits: [
        [n.tailPad, '품번 일치 (MANN QZ 719 X)'],
        [n.tailDisc, '품번 일치 (BOSCH QZ 719 X)'],
      ],
      searchedAs: 'number',
    });
    // Typed in name mode, a number is still one (docs/search.md#one-box); the nearest number first.
    expect(await reasons('QZ 719', 'name')).toEqual({
      hits: [
        [n.tailPad, '품번 앞부분 일치 (MANN QZ 719 X)'],
        [n.tailDisc, '품번 앞부분 일치 (BOSCH QZ 719 X)'],
        [n.tailLonger, '품번 앞부분 일치 (MANN QZ 719 X2)'],
      ],
      searchedAs: 'number',
    });
    // Four characters start too many numbers: only a whole one counts.
    expect((await reasons('QZ71')).hits).toEqual([]);
    // All the maker's words dropped ('MAGNETI MARELLI'), whole and by its start.
    expect((await reasons('7149337701')).hits).toEqual([[n.bare, '품번 일치 (MAGNETI MARELLI 7149 3377 01)']]);
    expect((await reasons('71493')).hits).toEqual([[n.bare, '품번 앞부분 일치 (MAGNETI MARELLI 7149 3377 01)']]);
    expect((await reasons('7149')).hits).toEqual([]);
    // A number the grid's own prefix finds asks for no longer factory numbers; a row is named by the number that matched.
    expect((await reasons('QZ770', 'pid')).hits).toEqual([
      [n.pad, '품번 앞부분 일치 (QZ77001)'],
      [n.disc, '품번 앞부분 일치 (QZ77002)'],
      [n.factoryDisc, '품번 앞부분 일치 (QZ77009)'],
    ]);
  });

  it('a number both maker-less keys start lists each product once, a page of `size` at a time, more saying a page follows', async () => {
    // 'TEXTAR 97531 0x': the maker dropped and all leading letters dropped are the same key (975310x).
    const textar = [];
    for (let i = 1; i <= 3; i++) textar.push(await add(`FK-QW-${i}`, `TEXTAR 97531 0${i}`, 'pad'));
    const label = (i: number) => `품번 앞부분 일치 (TEXTAR 97531 0${i})`;
    const hits = async (page: number, size: number) => {
      const res = await call(server, 'getProductHome', { searchType: 'name', searchKeyword: '97531', page, size });
      const body = res.body as { results: { seq: number; matchReason?: string }[]; more?: boolean };
      return { hits: body.results.map((r) => [r.seq, r.matchReason]), more: body.more };
    };
    expect(await hits(1, 10)).toEqual({
      hits: [
        [textar[0], label(1)],
        [textar[1], label(2)],
        [textar[2], label(3)],
      ],
      more: false,
    });
    expect(await hits(1, 3)).toEqual({
      hits: [
        [textar[0], label(1)],
        [textar[1], label(2)],
        [textar[2], label(3)],
      ],
      more: false,
    });
    expect(await hits(1, 2)).toEqual({
      hits: [
        [textar[0], label(1)],
        [textar[1], label(2)],
      ],
      more: true,
    });
    expect(await hits(2, 2)).toEqual({ hits: [[textar[2], label(3)]], more: false });
    const suggested = await call(server, 'suggestProducts', { keyword: '97531' });
    expect((suggested.body.results as { products: { seq: number }[] }).products.map((p) => p.seq)).toEqual(textar);
  });

  it('more says whether another page follows; a page past the number’s hits stays the number’s', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => search('QZ770', { page, size: 1 })));
    expect(pages.map((p) => [p.seqs.length, p.more])).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
    expect(await search('QZ77001', { page: 2, size: 1 })).toEqual({ seqs: [], more: false, searchedAs: 'number' });
    const home = await call(server, 'getProductHome', { page: 1, size: 12 });
    expect([home.body.results!.length, (home.body as { more?: boolean }).more]).toEqual([12, true]);
  });
  it('a number is one list paged by `size`: the exact number heads page 1 and is not shown again as a prefix row', async () => {
    // Made first, so that the prefix's id order puts the longer number before the exact one.
    const longer = await add('QZ880011', '', 'pad');
    const exact = await add('QZ88001', '', 'pad');
    // The exact number, then its one prefix row, a page each; nothing follows them.
    expect(await search('QZ88001', { size: 1 })).toEqual({ seqs: [exact], more: true, searchedAs: 'number' });
    expect(await search('QZ88001', { page: 2, size: 1 })).toEqual({
      seqs: [longer],
      more: false,
      searchedAs: 'number',
    });
    expect(await search('QZ88001', { page: 3, size: 1 })).toEqual({ seqs: [], more: false, searchedAs: 'number' });
    // Two more after them: a page each, the exact number never again.
    const third = await add('QZ880012', '', 'pad');
    const fourth = await add('QZ880013', '', 'pad');
    const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => search('QZ88001', { page, size: 1 })));
    expect(pages).toEqual([
      { seqs: [exact], more: true, searchedAs: 'number' },
      { seqs: [longer], more: true, searchedAs: 'number' },
      { seqs: [third], more: true, searchedAs: 'number' },
      { seqs: [fourth], more: false, searchedAs: 'number' },
      { seqs: [], more: false, searchedAs: 'number' },
    ]);
    expect(await search('QZ88001', { size: 3 })).toEqual({
      seqs: [exact, longer, third],
      more: true,
      searchedAs: 'number',
    });
  });
});

describe('a catalogue page’s products of one number', () => {
  it('are the first 20 by number, however many the shop holds', async () => {
    const made: number[] = [];
    for (let i = 0; i < 21; i++)
      made.push(
        (
          await makeProduct(server, {
            tiers: [900, 900, 900, 900],
            salePrice: 1000,
            pid: 'CAP-2020-1',
            category: 'filter',
          })
        ).id,
      );
    const found = await productsByOeKeys(server.db, ['CAP20201', 'NOSUCHKEY']);
    expect(found.get('CAP20201')!.map((r) => r.seq)).toEqual(made.slice(0, 20));
    expect(found.has('NOSUCHKEY')).toBe(false);
  });
});

describe('bad input gets a Korean message, never a 500', () => {
  const bad: [string, Record<string, unknown>, number][] = [
    ['api/getProductHome', { page: -1 }, 400],
    ['api/getProductHome', { page: 0 }, 400],
    ['api/getProductHome', { page: 'abc' }, 400],
    ['api/getProductHome', { page: 1.5 }, 400],
    ['api/getProductHome', { page: 1e12 }, 400],
    ['api/getProductHome', { size: -3 }, 400],
    ['api/getProductHome', { searchKeyword: 'x'.repeat(10_000) }, 400],
    ['api/getProductHome', { searchType: 'price' }, 400],
    ['api/getProductHome', { seq: 'abc' }, 400],
    ['api/getProductHomeDetail', { seq: -5 }, 400],
    ['api/getProductHomeDetail', { seq: 99_999_999_999 }, 400],
    ['api/getProductHomeDetail', {}, 400],
    ['api/getProductHomeDetail', { seq: 2_000_000_000 }, 404],
    ['api/getProductInfo', { seq: 2_000_000_000 }, 404],
    ['api/getEpcToProduct', { pid: '' }, 400],
    ['api/getEpcToProduct', { pid: 'y'.repeat(10_000) }, 400],
  ];
  for (const [path, payload, status] of bad) {
    it(`${path} ${JSON.stringify(payload).slice(0, 60)} → ${status}`, async () => {
      const res = await call(server, 'POST', path, payload);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(/[가-힣]/);
    });
  }

  it('a search type outside its list and a keyword sent as no text answer their own messages (docs/requirements.md#validation)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ searchKeyword: 123 }, '검색어를 글자로 입력하세요.'],
      [{ keyword: ['패드'] }, '검색어를 글자로 입력하세요.'],
      [{ searchType: 'foo', searchKeyword: 'a' }, '검색 종류(상품명 또는 품번)를 다시 선택하세요.'],
      [{ searchType: 1, searchKeyword: 'a' }, '검색 종류(상품명 또는 품번)를 다시 선택하세요.'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(server, 'POST', 'api/getProductHome', payload);
      expect([JSON.stringify(payload), res.status, res.body.message]).toEqual([JSON.stringify(payload), 400, message]);
    }
    // Every choice of the list, and text, still search.
    for (const searchType of ['name', 'pid', '']) {
      const res = await call(server, 'POST', 'api/getProductHome', { searchType, searchKeyword: '패드' });
      expect([searchType, res.status, res.body.code]).toEqual([searchType, 200, 200]);
    }
  });
});

describe('demo catalogue', () => {
  it('has at least 300 products over the eleven categories and both warehouses, some sold out, some with notes', async () => {
    const rows = await server.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((r) => r.category)).size).toBe(11);
    expect(rows.some((r) => r.stockName.startsWith('중국'))).toBe(true);
    expect(rows.some((r) => r.stockName.startsWith('한국'))).toBe(true);
    expect(rows.some((r) => r.hasAmount === 0)).toBe(true);
    expect(rows.some((r) => r.detailInfo !== '')).toBe(true);
    expect(new Set(rows.filter((r) => r.brand !== '').map((r) => r.brand))).toEqual(
      new Set(['bmw', 'benz', 'audi', 'jaguar', 'land_rover', 'maserati']),
    );
    const img = await fetch(`${server.base}${rows[0]!.imgFiles[0]}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
  });
});
