import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.js';
import { call, startTestServer, type TestServer } from '../helpers.js';

/**
 * Words as buyers type them into the one search box, against the demo shop (docs/search.md): a part
 * number pasted twice, the right-hand words (오른쪽, RH, 우) and where they may stand in a name, a
 * spaced part number nobody stocks, a two-letter code no name has, and Korean particles (조사).
 * Each answer is checked against the shop's own products, read from the table.
 */
let server: TestServer;
type Product = { id: number; name: string; pid: string };
let all: Product[];

beforeAll(async () => {
  server = await startTestServer();
  all = await server.db
    .select({ id: products.id, name: products.name, pid: products.pid })
    .from(products)
    .orderBy(asc(products.id));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Row = { seq: number; name: string; matchReason?: string };
type Answer = { results: Row[]; more: boolean; searchedAs?: string; unmatchedWord?: string };

/** Every row of a search (pages of 100), and what page 1 said. */
async function searchAll(keyword: string) {
  const rows: Row[] = [];
  let first: Answer | undefined;
  for (let page = 1; page <= 20; page++) {
    const res = await call(server, 'getProductHome', { searchType: 'name', searchKeyword: keyword, page, size: 100 });
    expect(res.status).toBe(200);
    const body = res.body as unknown as Answer;
    first ??= body;
    rows.push(...body.results);
    if (!body.more) break;
  }
  return { rows, searchedAs: first!.searchedAs, unmatchedWord: first!.unmatchedWord };
}

const ids = (list: { id: number }[]) => list.map((p) => p.id).sort((a, b) => a - b);
const seqs = (rows: Row[]) => rows.map((r) => r.seq).sort((a, b) => a - b);
const named = (...parts: string[]) => all.filter((p) => parts.every((part) => p.name.includes(part)));

describe('a part number typed or pasted more than once', () => {
  it('finds the number, as typed once (an estimate pasted repeats its numbers)', async () => {
    const once = await searchAll('42215489599');
    expect(once.rows.map((r) => r.seq)).toContain(all.find((p) => p.pid === '42215489599')!.id);
    for (const keyword of [
      '42215489599 42215489599',
      '42215489599,42215489599',
      Array(10).fill('42215489599').join(','),
    ]) {
      const found = await searchAll(keyword);
      expect([keyword, found.searchedAs, found.unmatchedWord, seqs(found.rows)]).toEqual([
        keyword,
        'number',
        undefined,
        seqs(once.rows),
      ]);
    }
  });

  it('is suggested, as typed once', async () => {
    const suggested = async (keyword: string) =>
      (
        (await call(server, 'suggestProducts', { keyword })).body.results as { products: { seq: number }[] }
      ).products.map((p) => p.seq);
    const once = await suggested('42215489599');
    expect(once.length).toBeGreaterThan(0);
    expect(await suggested('42215489599 42215489599')).toEqual(once);
    expect(await suggested('42215489599,42215489599')).toEqual(once);
  });
});

describe('right-hand words (docs/search.md#korean-name-search)', () => {
  it('find right-hand parts only: no left-hand Audi part through the 우 of 아우디', async () => {
    const rightLamps = ids(named('헤드램프', '(우)'));
    expect(rightLamps.length).toBeGreaterThan(3);
    for (const keyword of ['오른쪽 헤드램프', '헤드램프 RH', '헤드램프 우측', '우 헤드램프']) {
      const found = await searchAll(keyword);
      expect([keyword, seqs(found.rows)]).toEqual([keyword, rightLamps]);
      for (const row of found.rows)
        expect([keyword, row.matchReason ?? '']).not.toContainEqual(expect.stringMatching(/아우디/));
    }
    const rightArms = ids(named('컨트롤 암', '(우)'));
    expect(rightArms.length).toBeGreaterThan(3);
    expect(seqs((await searchAll('컨트롤암 우')).rows)).toEqual(rightArms);
    expect(seqs((await searchAll('컨트롤암 오른쪽')).rows)).toEqual(rightArms);
  });

  it('RH alone lists right-hand parts, not every water pump through the 우 of 워', async () => {
    const found = await searchAll('RH');
    expect(found.rows.filter((r) => r.name.includes('워터펌프'))).toEqual([]);
    expect(seqs(found.rows)).toEqual(ids(named('(우)')));
    expect(new Set(found.rows.map((r) => r.matchReason))).toEqual(new Set(['동의어 (rh → 우)']));
    expect(await searchAll('오른쪽 워터펌프')).toEqual(expect.objectContaining({ rows: [] }));
  });

  it('left-hand words alike, and the examples of docs/search.md still find what they did', async () => {
    expect(seqs((await searchAll('헤드램프 LH')).rows)).toEqual(ids(named('헤드램프', '(좌)')));
    for (const [keyword, want] of [
      ['프론트 패드', ids(named('프론트', '패드'))],
      ['아우디 헤드램프', ids(named('아우디', '헤드램프'))],
      ['audi 헤드램프', ids(named('아우디', '헤드램프'))],
      ['워터펌프', ids(named('워터펌프'))],
      ['물펌', ids(named('워터펌프'))],
    ] as const)
      expect([keyword, seqs((await searchAll(keyword)).rows)]).toEqual([keyword, want]);
  });
});

describe('a query that reads as one spaced part number nobody stocks', () => {
  it('names the whole number, not one of its groups', async () => {
    for (const [keyword, number] of [
      ['a 000 420 12 20', 'A0004201220'],
      ['34 11 6 860 242', '34116860242'],
    ] as const) {
      const found = await searchAll(keyword);
      expect([keyword, found.rows, found.unmatchedWord]).toEqual([keyword, [], number]);
    }
  });
});

describe('a two-letter code no name has, beside another word', () => {
  it('is named as the word no product has', async () => {
    for (const keyword of ['x9 패드', '패드 x9', 'vw 패드']) {
      const found = await searchAll(keyword);
      expect([keyword, found.rows, found.unmatchedWord]).toEqual([keyword, [], keyword.includes('vw') ? 'vw' : 'x9']);
    }
    // A code some name has, never with the other word: nothing to name.
    const apart = await searchAll('x5 헤드램프');
    expect([apart.rows, apart.unmatchedWord]).toEqual([[], undefined]);
  });

  it('LR is Land Rover, as BMW and MB are their makes', async () => {
    const pads = ids(named('랜드로버', '패드'));
    expect(pads.length).toBeGreaterThan(0);
    expect(seqs((await searchAll('lr 패드')).rows)).toEqual(pads);
    expect(seqs((await searchAll('LR')).rows)).toEqual(ids(named('랜드로버')));
  });
});

describe('Korean particles (조사)', () => {
  it('a word that finds nothing with its particle finds what it does without', async () => {
    for (const [typed, bare] of [
      ['브레이크를', '브레이크'],
      ['헤드램프가', '헤드램프'],
      ['써모스탯을', '써모스탯'],
      ['브레이크 패드를', '브레이크 패드'],
      ['써모스탯과 하우징', '써모스탯 하우징'],
    ]) {
      const want = await searchAll(bare!);
      expect(want.rows.length).toBeGreaterThan(0);
      const found = await searchAll(typed!);
      expect([typed, found.searchedAs, seqs(found.rows)]).toEqual([typed, 'name', seqs(want.rows)]);
    }
  });

  it('a word read otherwise without its particle is read so: a typo, a category label', async () => {
    for (const [typed, bare] of [
      ['헤드렘프가', '헤드렘프'],
      ['기어를', '기어'],
    ]) {
      const want = await searchAll(bare!);
      expect(want.rows.length).toBeGreaterThan(0);
      const found = await searchAll(typed!);
      expect([typed, found.searchedAs, seqs(found.rows)]).toEqual([typed, want.searchedAs, seqs(want.rows)]);
    }
  });

  it('a word with no product without its particle either is named as typed', async () => {
    const found = await searchAll('순정을');
    expect([found.rows, found.unmatchedWord]).toEqual([[], '순정을']);
  });
});
