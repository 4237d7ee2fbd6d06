import { asc } from 'drizzle-orm';
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

describe('spacing', () => {
  it('decides neither what is found nor in what order', async () => {
    for (const [together, apart] of [
      ['브레이크패드', '브레이크 패드'],
      ['브레이크패', '브레이크 패'],
      ['ㅂㄹㅇㅋㅍㄷ', 'ㅂㄹㅇㅋ ㅍㄷ'],
      ['bmw브레이크패드', 'bmw 브레이크 패드'],
    ] as const) {
      const order = (await searchAll(apart)).rows.map((r) => r.seq);
      expect(order.length).toBeGreaterThan(0);
      expect([together, (await searchAll(together)).rows.map((r) => r.seq)]).toEqual([together, order]);
    }
  });

  it('lists the brake pads before their wear sensors, typed without a space', async () => {
    const names = (await searchAll('브레이크패드')).rows.map((r) => r.name);
    const firstSensor = names.findIndex((n) => n.endsWith('마모센서'));
    expect(firstSensor).toBeGreaterThan(0);
    expect(names.slice(0, firstSensor).every((n) => n.endsWith('패드'))).toBe(true);
    expect(names.slice(firstSensor).every((n) => n.endsWith('마모센서'))).toBe(true);
  });
});
