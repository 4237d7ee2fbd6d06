import { asc, eq } from 'drizzle-orm';
import { alphaNumber, productNameColumns } from '@partsmall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';

/**
 * Searches of the demo shop as buyers type them (docs/search.md): several part numbers in one query,
 * the aftermarket makers of the factory numbers, half-typed synonyms and a compound typed without
 * its space. Each answer is checked against the shop's own products, read from the table.
 */
let server: TestServer;
type Product = { id: number; name: string; pid: string; factoryNum: string; category: string };
let all: Product[];

beforeAll(async () => {
  server = await startTestServer();
  all = await server.db
    .select({
      id: products.id,
      name: products.name,
      pid: products.pid,
      factoryNum: products.factoryNum,
      category: products.category,
    })
    .from(products)
    .orderBy(asc(products.id));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Row = { seq: number; name: string; matchReason?: string };
type Answer = { results: Row[]; more: boolean; searchedAs?: string; unmatchedWord?: string };

/** Every row of a search (pages of 100), and what page 1 said. */
async function searchAll(keyword: string, category?: string) {
  const rows: Row[] = [];
  let first: Answer | undefined;
  for (let page = 1; page <= 20; page++) {
    const body = (
      await call(server, 'getProductHome', {
        searchType: 'name',
        searchKeyword: keyword,
        page,
        size: 100,
        ...(category ? { category } : {}),
      })
    ).body as unknown as Answer;
    first ??= body;
    rows.push(...body.results);
    if (!body.more) break;
  }
  return { rows, searchedAs: first!.searchedAs, unmatchedWord: first!.unmatchedWord };
}

const ids = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);
const seqs = (rows: Row[]) => rows.map((r) => r.seq).sort((a, b) => a - b);
const withPid = (pid: string) => all.filter((p) => p.pid === pid);

describe('several part numbers in one query', () => {
  it('finds the products of each number, spaced or with commas, a make before them or not', async () => {
    const both = ids([...withPid('42215489599'), ...withPid('42212089199')]);
    expect(both.length).toBeGreaterThanOrEqual(2);
    for (const keyword of [
      '42215489599 42212089199',
      '42215489599, 42212089199',
      '42215489599,42212089199',
      'BMW 42215489599 42212089199',
    ]) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, found.unmatchedWord, seqs(found.rows)]).toEqual([
        keyword,
        'number',
        undefined,
        both,
      ]);
    }
  });

  it('finds the numbers some product has when another has none, and pages them as one list', async () => {
    const found = await searchAll('42215489599 99999999999 42212089199');
    expect(seqs(found.rows)).toEqual(ids([...withPid('42215489599'), ...withPid('42212089199')]));
    const page1 = (await call(server, 'getProductHome', { searchKeyword: '42215489599 42212089199', page: 1, size: 1 }))
      .body as unknown as Answer;
    const page2 = (await call(server, 'getProductHome', { searchKeyword: '42215489599 42212089199', page: 2, size: 1 }))
      .body as unknown as Answer;
    expect([page1.results.length, page1.more, page2.results.length]).toEqual([1, true, 1]);
    expect(page1.results[0]!.seq).not.toBe(page2.results[0]!.seq);
  });

  it('in a category, finds the numbers of that category only', async () => {
    const filter = withPid('42215489599')[0]!;
    const found = await searchAll('42215489599 42212089199', filter.category);
    expect(seqs(found.rows)).toEqual(
      ids([...withPid('42215489599'), ...withPid('42212089199')].filter((p) => p.category === filter.category)),
    );
  });
});

describe("an aftermarket maker's name", () => {
  const ofMaker = (maker: string, nameHas = '') =>
    ids(all.filter((p) => p.factoryNum.toUpperCase().startsWith(`${maker} `) && p.name.includes(nameHas)));

  it('finds the products whose factory number it makes, in Latin letters or in Korean', async () => {
    expect(ofMaker('BOSCH').length).toBeGreaterThan(0);
    for (const [keyword, maker, nameHas] of [
      ['bosch', 'BOSCH', ''],
      ['BOSCH', 'BOSCH', ''],
      ['보쉬', 'BOSCH', ''],
      ['MAHLE', 'MAHLE', ''],
      ['brembo 패드', 'BREMBO', '패드'],
      ['브렘보 패드', 'BREMBO', '패드'],
      ['ATE 패드', 'ATE', '패드'],
      ['패드 ate', 'ATE', '패드'],
    ] as const) {
      const found = await searchAll(keyword);
      expect([keyword, found.unmatchedWord, seqs(found.rows)]).toEqual([keyword, undefined, ofMaker(maker, nameHas)]);
    }
  });

  it('says why a row came up', async () => {
    const found = await searchAll('보쉬');
    expect(new Set(found.rows.map((r) => r.matchReason))).toEqual(new Set(['제조사 (보쉬 → BOSCH)']));
    expect(new Set((await searchAll('bosch')).rows.map((r) => r.matchReason))).toEqual(new Set(['제조사 BOSCH']));
  });

  it('misspelt, or typed with the input left in Korean, it still finds them, as docs/search.md says', async () => {
    for (const keyword of ['gosch', 'ㅠㅐㄴ촏', '브렘버 패드']) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, seqs(found.rows)]).toEqual([
        keyword,
        'similar',
        keyword.includes('패드') ? ofMaker('BREMBO', '패드') : ofMaker('BOSCH'),
      ]);
    }
  });
});

describe("an aftermarket maker's name typed against the part", () => {
  /** The factory numbers of the rows found, each once, in order: which of the maker's parts came up. */
  const factoryNumbers = (rows: Row[]) =>
    [...new Set(rows.map((r) => all.find((p) => p.id === r.seq)!.factoryNum))].sort();

  it("reads the maker's name off the start of the word and the rest as a word (docs/search.md#makers)", async () => {
    for (const [keyword, numbers, reasons] of [
      ['브렘보패드', ['BREMBO P 50 126'], ['제조사 (브렘보 → BREMBO)']],
      ['브렘보디스크', ['BREMBO 09.C394.13'], ['제조사 (브렘보 → BREMBO)']],
      ['말레에어필터', ['MAHLE LX 3778'], ['제조사 (말레 → MAHLE)']],
      ['보쉬스피드센서', ['BOSCH 0 265 008 089'], ['제조사 (보쉬 → BOSCH)']],
      ['보쉬실내필터', ['BOSCH 1 987 435 528'], ['제조사 (보쉬 → BOSCH)']],
      ['brembopads', ['BREMBO P 50 126'], ['제조사 BREMBO, 동의어 (pads → 패드)']],
      ['boschsensor', ['BOSCH 0 265 008 089'], ['제조사 BOSCH, 동의어 (sensor → 센서)']],
    ] as const) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, found.unmatchedWord, factoryNumbers(found.rows)]).toEqual([
        keyword,
        'name',
        undefined,
        numbers,
      ]);
      // Every product of those numbers, not only some.
      expect([keyword, seqs(found.rows)]).toEqual([
        keyword,
        ids(all.filter((p) => (numbers as readonly string[]).includes(p.factoryNum))),
      ]);
      expect([keyword, new Set(found.rows.map((r) => r.matchReason))]).toEqual([keyword, new Set(reasons)]);
    }
  });

  it('reads the rest as any word is read: a misspelt side of a compound says so', async () => {
    const found = await searchAll('말레에어휠타');
    expect([found.searchedAs, factoryNumbers(found.rows)]).toEqual(['similar', ['MAHLE LX 3778']]);
    expect(new Set(found.rows.map((r) => r.matchReason))).toEqual(
      new Set(['제조사 (말레 → MAHLE), 비슷한 이름 (휠타 → 휠터) · 동의어 (휠터 → 필터)']),
    );
  });

  it('names the word when the maker has no such part, and leaves the maker alone and a name word as they were', async () => {
    // The demo shop sells no wiper, nor a MAHLE oil filter, nor a BREMBO sensor: the word is named,
    // as any word no product has.
    for (const keyword of ['보쉬와이퍼', '말레오일필터', '브렘보센서']) {
      const found = await searchAll(keyword);
      expect([found.rows.length, found.unmatchedWord]).toEqual([0, keyword]);
    }
    // The maker alone is every product of its factory numbers, as before.
    expect(factoryNumbers((await searchAll('브렘보')).rows)).toEqual(['BREMBO 09.C394.13', 'BREMBO P 50 126']);
    // A word some name has is never split, though it starts with a maker's name.
    const name = '보쉬센서 커넥터 (배선 수리용)';
    const [row] = await server.db
      .insert(products)
      .values({
        name,
        ...productNameColumns(name),
        pid: 'SRCH-MAKER-1',
        pidKey: alphaNumber('SRCH-MAKER-1'),
        factoryNum: 'KET MG610335',
        factoryKey: alphaNumber('KET MG610335'),
        stockName: '한국 김포물류센터',
        storageId: 1,
        category: 'sensor',
      })
      .returning({ id: products.id });
    try {
      const found = await searchAll('보쉬센서');
      expect([found.searchedAs, found.rows.map((r) => [r.seq, r.matchReason])]).toEqual([
        'name',
        [[row!.id, undefined]],
      ]);
    } finally {
      await server.db.delete(products).where(eq(products.id, row!.id));
    }
  });
});

describe('a synonym half typed', () => {
  it('finds what the whole synonym finds, as a half-typed word of a name does', async () => {
    for (const [half, whole] of [
      ['헤드라이', '헤드라이트'],
      ['전조', '전조등'],
      ['물펌', '물펌프'],
      ['써모스타', '써모스타트'],
      ['bmw 헤드라이', 'bmw 헤드라이트'],
    ] as const) {
      const wholly = seqs((await searchAll(whole)).rows);
      expect(wholly.length).toBeGreaterThan(0);
      expect([half, seqs((await searchAll(half)).rows)]).toEqual([half, wholly]);
    }
  });
});

/** Each query of a pair lists the same products in the same order as the other, which finds some. */
async function expectListedAs(pairs: readonly (readonly [string, string])[]) {
  for (const [typed, as] of pairs) {
    const order = (await searchAll(as)).rows.map((r) => r.seq);
    expect(order.length).toBeGreaterThan(0);
    expect([typed, (await searchAll(typed)).rows.map((r) => r.seq)]).toEqual([typed, order]);
  }
}

describe('spacing', () => {
  it('decides neither what is found nor in what order', async () => {
    await expectListedAs([
      ['브레이크패드', '브레이크 패드'],
      ['브레이크패', '브레이크 패'],
      ['ㅂㄹㅇㅋㅍㄷ', 'ㅂㄹㅇㅋ ㅍㄷ'],
      ['bmw브레이크패드', 'bmw 브레이크 패드'],
    ]);
  });

  it('lists the brake pads before their wear sensors, typed without a space', async () => {
    const names = (await searchAll('브레이크패드')).rows.map((r) => r.name);
    const firstSensor = names.findIndex((n) => n.endsWith('마모센서'));
    expect(firstSensor).toBeGreaterThan(0);
    expect(names.slice(0, firstSensor).every((n) => n.endsWith('패드'))).toBe(true);
    expect(names.slice(firstSensor).every((n) => n.endsWith('마모센서'))).toBe(true);
  });
});

describe("a category label of the shop's typed as a word", () => {
  const ofCategory = (category: string, nameHas = '') =>
    ids(all.filter((p) => p.category === category && p.name.includes(nameHas)));

  it('finds the products of that category when no name has the word, before any typo reading (docs/search.md#typos)', async () => {
    // 기어 is one jamo from 리어: read as a typo it listed 42 rear brake parts.
    expect(ofCategory('gear').length).toBeGreaterThan(0);
    for (const [keyword, category, nameHas, reason] of [
      ['기어', 'gear', '', '분류 (기어)'],
      ['bmw 기어', 'gear', 'BMW', '분류 (기어)'],
      ['라이트', 'light', '', '분류 (라이트)'],
      ['rldj', 'gear', '', '한/영 전환 (rldj → 기어) · 분류 (기어)'],
    ] as const) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, found.unmatchedWord, seqs(found.rows)]).toEqual([
        keyword,
        keyword === 'rldj' ? 'similar' : 'name',
        undefined,
        ofCategory(category, nameHas),
      ]);
      expect([keyword, new Set(found.rows.map((r) => r.matchReason))]).toEqual([keyword, new Set([reason])]);
    }
  });

  it('is searched as typed where some name has it, as any word a name has', async () => {
    // 냉각 is in 냉각수 보조탱크: the names holding it, not the water pumps of the category too; 필터
    // finds the oil pan with a filter (분류 기어) beside the filters.
    for (const keyword of ['냉각', '필터']) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, seqs(found.rows)]).toEqual([
        keyword,
        'name',
        ids(all.filter((p) => p.name.includes(keyword))),
      ]);
      expect(found.rows.every((r) => r.matchReason === undefined)).toBe(true);
    }
  });
});

describe('a make typed in Latin letters', () => {
  it('lists as the make typed in Korean does: no stray letter of a name (ABS, LED, F-PACE) ranks it', async () => {
    await expectListedAs([
      ['audi', '아우디'],
      ['benz', '벤츠'],
      ['mercedes', '벤츠'],
      ['mb', '벤츠'],
      ['jaguar', '재규어'],
    ]);
  });

  it("ranks a synonym's name by the typed word's syllables it has side by side: 로어암 lists 로어 컨트롤 암 first", async () => {
    const names = (await searchAll('로어암')).rows.map((r) => r.name);
    const firstUpper = names.findIndex((n) => n.includes('어퍼 컨트롤 암'));
    expect(firstUpper).toBeGreaterThan(0);
    expect(names.slice(0, firstUpper).every((n) => n.includes('로어 컨트롤 암'))).toBe(true);
    expect(names.slice(firstUpper).every((n) => n.includes('어퍼 컨트롤 암'))).toBe(true);
    // Counted side by side: the 로 of 랜드로버 (레인지로버) is no 로 of 로어 or 로터, so 로터 lists the
    // discs as 브레이크디스크 does, not Land Rover's first.
    const discs = (await searchAll('브레이크디스크')).rows.map((r) => r.seq);
    expect(discs.length).toBeGreaterThan(0);
    expect((await searchAll('로터')).rows.map((r) => r.seq)).toEqual(discs);
  });
});
