import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber, PART_SYNONYM_SEED, productNameColumns } from '@partsmall/contract';
import { partSynonyms, products } from '../../src/db/schema.js';
import { fillProductNameColumns, synonymIndex } from '../../src/features/products/name-search.js';
import { planWord } from '../../src/features/products/word-plan.js';
import { knownReading } from '../../src/features/products/word-typos.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';

/**
 * Korean name search and suggestions (docs/search.md#korean-name-search): 초성, a half-typed last syllable, synonyms from
 * the staff-edited table, one typo in a name (never in a part number). The fixtures sit in a
 * category of their own so that the demo shop's products do not mix in.
 */
const CATEGORY = 'srchtest';
let server: TestServer;
let memberToken: string;
const ids: Record<string, number> = {};

/** A fixture product's row: its name (with its search forms unless told), number and category. */
const productRow = (name: string, pid: string, category = CATEGORY, withForms = true) => ({
  name,
  ...(withForms ? productNameColumns(name) : {}),
  pid,
  pidKey: alphaNumber(pid),
  priceA: 11000,
  priceB: 12000,
  priceC: 13000,
  priceD: 14000,
  salePrice: 15000,
  hasAmount: 3,
  stockName: '한국 김포물류센터',
  storageId: 1,
  category,
});

async function addProduct(name: string, pid: string, withForms = true) {
  const [row] = await server.db
    .insert(products)
    .values(productRow(name, pid, CATEGORY, withForms))
    .returning({ id: products.id });
  return row!.id;
}

type Row = { seq: number; matchKind?: string; matchReason?: string };

/** One page of this file's category for a query, as the shop's grid asks for it. */
const searched = async (keyword: string, searchType: 'name' | 'pid' = 'name') => {
  const res = await call(server, 'getProductHome', {
    searchType,
    searchKeyword: keyword,
    category: CATEGORY,
    page: 1,
    size: 20,
  });
  expect(res.status).toBe(200);
  return { searchedAs: (res.body as { searchedAs?: string }).searchedAs, rows: res.body.results as Row[] };
};

/** The whole answer of a name search in this file's category (rows, and the word no product has). */
const answer = async (keyword: string) =>
  (await call(server, 'getProductHome', { searchType: 'name', searchKeyword: keyword, category: CATEGORY })).body as {
    results: unknown[];
    unmatchedWord?: string;
  };

/** A search's rows as [seq, matchKind]. */
const search = async (keyword: string, searchType: 'name' | 'pid' = 'name') =>
  (await searched(keyword, searchType)).rows.map((r) => [r.seq, r.matchKind]);

/** A name search's rows as [seq, matchKind, matchReason], for a query read with a typo or another reading. */
const similarRows = async (keyword: string) => {
  const { searchedAs, rows } = await searched(keyword);
  expect(searchedAs).toBe('similar');
  return rows.map((r) => [r.seq, r.matchKind, r.matchReason]);
};

/** A name search's rows as [seq, matchReason]. */
const reasonRows = async (keyword: string) => (await searched(keyword)).rows.map((r) => [r.seq, r.matchReason]);

beforeAll(async () => {
  server = await startTestServer();
  ids.pads = await addProduct('프론트 브레이크 패드 세트', 'SRCH-1-0001');
  ids.wiper = await addProduct('브레이드 와이퍼 블레이드', 'SRCH-1-0002');
  ids.shock = await addProduct('리어 쇼크업소버 어셈블리', 'SRCH-1-0003');
  ids.filter = await addProduct('메르세데스 에어필터 하우징', 'SRCH-1-0004');
  ids.hose = await addProduct('라디에이터 호스 상단', 'SRCH-1-0005');
  ids.bushing = await addProduct('스웨이바 부싱', 'SRCH-1-0006');
  // Written without its search forms (an older version's row): the start fills them.
  ids.legacy = await addProduct('타이밍벨트 키트', 'SRCH-1-0007', false);
  memberToken = await loginAs(server, 'demo@partsmall.kr', 'demo1234');
  // A fresh database with the demo shop: slow on a loaded machine.
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('name search', () => {
  it('finds by 초성, spaced as the buyer likes', async () => {
    expect(await search('ㅂㄹㅇㅋ ㅍㄷ')).toEqual([[ids.pads, 'name']]);
    expect(await search('ㅂㄹㅇㅋㅍㄷ')).toEqual([[ids.pads, 'name']]);
  });

  it('finds by a half-typed last syllable, and the IME’s borrowed consonant does not match another word', async () => {
    expect(await search('브레이')).toEqual([
      [ids.pads, 'name'],
      [ids.wiper, 'name'],
    ]);
    expect(await search('브레잌')).toEqual([[ids.pads, 'name']]);
  });

  it('finds through the seeded synonyms: 쇼바 = 쇼크업소버, 벤츠 / MB = 메르세데스', async () => {
    expect(await search('쇼바')).toEqual([[ids.shock, 'name']]);
    expect(await search('벤츠 에어필터')).toEqual([[ids.filter, 'name']]);
    expect(await search('MB 에어필터')).toEqual([[ids.filter, 'name']]);
    // 'Benz' alone, as buyers write it (migration 0029).
    expect(await search('benz 에어필터')).toEqual([[ids.filter, 'name']]);
    expect(await search('BENZ 에어필터')).toEqual([[ids.filter, 'name']]);
    expect(await search('벤츠 에어휠터')).toEqual([[ids.filter, 'name']]);
    expect(await search('브레끼 패드')).toEqual([[ids.pads, 'name']]);
    // O2 said aloud (migration 0030).
    const o2 = await addProduct('재규어 XF 산소센서 (람다센서)', 'SRCH-1-0029');
    expect(await search('오투센서')).toEqual([[o2, 'name']]);
  });

  it('tolerates one typo in a name and says so, but never in a part number', async () => {
    expect(await similarRows('라디에니터')).toEqual([[ids.hose, 'similar', '비슷한 이름 (라디에니터 → 라디에이터)']]);
    // Two words found other than as typed: both reasons, in the order typed; a word as typed adds none.
    expect(await similarRows('쇼바 어쌤블리')).toEqual([
      [ids.shock, 'similar', '동의어 (쇼바 → 쇼크업소버), 비슷한 이름 (어쌤블리 → 어셈블리)'],
    ]);
    expect(await similarRows('어쌤블리 리어')).toEqual([[ids.shock, 'similar', '비슷한 이름 (어쌤블리 → 어셈블리)']]);
    expect(await search('SRCH-1-0005', 'pid')).toEqual([[ids.hose, 'own']]);
    expect(await search('SRCH-1-0095', 'pid')).toEqual([]);
    expect(await search('SRCH-1-000S', 'pid')).toEqual([]);
  });

  it('reads a misspelt workshop word as the synonym it misspells when no name is near it, and says so', async () => {
    const mount = await addProduct('변속기 마운트 브래킷', 'SRCH-1-0026');
    // 밋션: no name has 미션 (they say 변속기), the synonym group does.
    expect(await similarRows('밋션')).toEqual([
      [mount, 'similar', '비슷한 이름 (밋션 → 미션) · 동의어 (미션 → 변속기)'],
    ]);
    expect(await similarRows('휠타 하우징')).toEqual([
      [ids.filter, 'similar', '비슷한 이름 (휠타 → 휠터) · 동의어 (휠터 → 에어필터)'],
    ]);
    // Two edits from 미션 is beyond a short word's budget of one.
    expect(await search('미숑')).toEqual([]);
    // Typed together with another word: the misspelt side is read so, the other as typed.
    expect(await similarRows('에어휠타')).toEqual([
      [ids.filter, 'similar', '비슷한 이름 (휠타 → 휠터) · 동의어 (휠터 → 에어필터)'],
    ]);
    // Each side read otherwise says so, in the order typed: 벤츠 by its synonym, 휠타 as misspelt.
    expect(await similarRows('벤츠휠타')).toEqual([
      [ids.filter, 'similar', '동의어 (벤츠 → 메르세데스), 비슷한 이름 (휠타 → 휠터) · 동의어 (휠터 → 에어필터)'],
    ]);
    // 휘타 is two edits from 휠터 (a dropped ㄹ, ㅓ for ㅏ): beyond its budget, so nothing.
    expect(await search('에어휘타')).toEqual([]);
  });

  it('reads Latin keys no product has as the Hangul they spell (한/영), and says so', async () => {
    // 브레이크 (not 브레이드): the wiper's name does not hold it.
    expect(await similarRows('qmfpdlzm')).toEqual([[ids.pads, 'similar', '한/영 전환 (qmfpdlzm → 브레이크)']]);
    // Each word typed in English says so, in the order typed.
    expect(await similarRows('QMFPDLZM voem')).toEqual([
      [ids.pads, 'similar', '한/영 전환 (qmfpdlzm → 브레이크), 한/영 전환 (voem → 패드)'],
    ]);
    // Through the Hangul word's own synonym and typo readings.
    expect(await similarRows('tyqk')).toEqual([
      [ids.shock, 'similar', '한/영 전환 (tyqk → 쇼바) · 동의어 (쇼바 → 쇼크업소버)'],
    ]);
    // 벤츠 has a synonym too short for the trigram index (MB): searched as such a word is.
    expect(await similarRows('qpscm 에어필터')).toEqual([
      [ids.filter, 'similar', '한/영 전환 (qpscm → 벤츠) · 동의어 (벤츠 → 메르세데스)'],
    ]);
    expect(await similarRows('fkeldpdlxj')).toEqual([[ids.hose, 'similar', '한/영 전환 (fkeldpdlxj → 라디에이터)']]);
    expect(await similarRows('fkeldpslxj ghtm')).toEqual([
      [
        ids.hose,
        'similar',
        '한/영 전환 (fkeldpslxj → 라디에니터) · 비슷한 이름 (라디에니터 → 라디에이터), 한/영 전환 (ghtm → 호스)',
      ],
    ]);
  });

  it('keeps a Latin word some product has, and keys that spell no Korean word find nothing', async () => {
    const sudo = await addProduct('SUDO 와이퍼 커넥터', 'SRCH-1-0011');
    const rod = await addProduct('녀애 타이로드 엔드', 'SRCH-1-0012');
    // 'sudo' spells 녀애, which a name has: the Latin word a name has is searched as typed.
    expect(await search('sudo')).toEqual([[sudo, 'name']]);
    expect(await search('녀애')).toEqual([[rod, 'name']]);
    // 'gosch' spells 핸초, which no name has even with a typo: it stays a Latin word, one edit from 'bosch'.
    const bosch = await addProduct('BOSCH 에어로 와이퍼', 'SRCH-1-0013');
    expect(await reasonRows('gosch')).toEqual([[bosch, '비슷한 이름 (gosch → BOSCH)']]);
    expect(await search('asdfgh')).toEqual([]);
    expect(await search('hose')).toEqual([]);
    // Part numbers are never read as keys: a digit makes the word a number.
    expect(await search('qmfpdlzm1', 'pid')).toEqual([]);
  });

  it('reads Hangul keys no product has as the Latin letters they spell (한/영 the other way), and says so', async () => {
    const coil = await addProduct('BMW G20 점화 코일', 'SRCH-1-0040');
    const plug = await addProduct('아우디 Q7 점화 플러그', 'SRCH-1-0041');
    /** A search's rows, each with the reason it must give. */
    const rowsOf = async (keyword: string, reason: string) =>
      (await search(keyword)).map(([seq]) => [seq, 'similar', reason]);
    // 'bmw' typed with the input left in Korean: every product 'bmw' finds, each saying why.
    const bmw = await rowsOf('bmw', '한/영 전환 (ㅠㅡㅈ → bmw)');
    expect(bmw).toContainEqual([coil, 'similar', '한/영 전환 (ㅠㅡㅈ → bmw)']);
    expect(await similarRows('ㅠㅡㅈ')).toEqual(bmw);
    expect(await similarRows('ㅠㅡㅈ 코일')).toEqual([[coil, 'similar', '한/영 전환 (ㅠㅡㅈ → bmw)']]);
    // The Latin word's synonyms: mb → 메르세데스 (mb is too short for the index: searched as such a word is).
    expect(await similarRows('ㅡㅠ')).toEqual([
      [ids.filter, 'similar', '한/영 전환 (ㅡㅠ → mb) · 동의어 (mb → 메르세데스)'],
    ]);
    expect(await similarRows('랴ㅣㅅㄷㄱ 하우징')).toEqual([
      [ids.filter, 'similar', '한/영 전환 (랴ㅣㅅㄷㄱ → filter) · 동의어 (filter → 에어필터)'],
    ]);
    // Its typo reading: 'bosche' is one edit from BOSCH.
    const bosch = (await search('bosch')).map(([seq]) => seq);
    expect(bosch).not.toEqual([]);
    expect(await reasonRows('ㅠㅐㄴ촏')).toEqual(
      bosch.map((seq) => [seq, '한/영 전환 (ㅠㅐㄴ촏 → bosche) · 비슷한 이름 (bosche → BOSCH)']),
    );
    // Keys that happen to make whole syllables are read after the Hangul word's own readings: audi.
    expect(await similarRows('며야 플러그')).toEqual([
      [plug, 'similar', '한/영 전환 (며야 → audi) · 동의어 (audi → 아우디)'],
    ]);
    // A Hangul word some product has is never second-guessed (qmfpdlzm has nothing to do with it).
    expect(await search('브레이크')).toEqual([[ids.pads, 'name']]);
    // A Korean word no product has, whose keys spell Latin nonsense (쿠션: zntus): nothing, and the word named.
    expect(await answer('쿠션')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '쿠션' }));
    expect(await answer('ㅠㅡㅈ 쿠션')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '쿠션' }));
    // Keys that spell one letter, or a 초성, are not read: 'ㅠ' would be b.
    expect(await search('ㅠ')).toEqual([]);
  });

  it('reads a part number whose letters were typed with the input left in Korean, in either search type', async () => {
    const id = await addProduct('점화 코일 커넥터', 'Z9912345678');
    const reason = '한/영 전환 (ㅋ9912345678 → Z9912345678) · 품번 일치';
    for (const type of ['name', 'pid'] as const) {
      const found = await searched('ㅋ9912345678', type);
      expect([type, found.searchedAs, found.rows.map((r) => [r.seq, r.matchKind, r.matchReason])]).toEqual([
        type,
        'number',
        [[id, 'own', reason]],
      ]);
    }
    const spaced = await searched('ㅋ 991 234 5678');
    expect(spaced.rows.map((r) => [r.seq, r.matchReason])).toEqual([
      [id, '한/영 전환 (ㅋ 991 234 5678 → Z 991 234 5678) · 품번 일치'],
    ]);
    // A Korean word with a model's digit is no number: 3시리즈 is still searched as a name (nothing here).
    expect(await search('3시리즈 커넥터')).toEqual([]);
  });

  it('finds a row written without its search forms by its name, and by 초성 once the start filled them', async () => {
    expect(await search('타이밍벨트')).toEqual([[ids.legacy, 'name']]);
    // Found as typed: no reason, not the word as a synonym of itself ('동의어 (키트 → 키트)').
    expect(await reasonRows('타이밍벨트 키트')).toEqual([[ids.legacy, undefined]]);
    expect(await search('ㅌㅇㅁㅂㅌ')).toEqual([]);
    expect(await fillProductNameColumns(server.db)).toBeGreaterThanOrEqual(1);
    expect(await search('ㅌㅇㅁㅂㅌ')).toEqual([[ids.legacy, 'name']]);
  });

  it('fills each row with its own forms, batch by batch, and marks a name of only punctuation done', async () => {
    const first = await addProduct('쇼크 업소버 전륜', 'SRCH-1-0008', false);
    const second = await addProduct('에어컨 콘덴서', 'SRCH-1-0009', false);
    const dashes = await addProduct('---', 'SRCH-1-0010', false);
    expect(await fillProductNameColumns(server.db, 2)).toBe(3);
    const rows = await server.db
      .select({
        id: products.id,
        nameCompact: products.nameCompact,
        nameChosung: products.nameChosung,
        nameJamo: products.nameJamo,
      })
      .from(products)
      .where(inArray(products.id, [first, second, dashes]))
      .orderBy(asc(products.id));
    expect(rows).toEqual([
      { id: first, ...productNameColumns('쇼크 업소버 전륜') },
      { id: second, ...productNameColumns('에어컨 콘덴서') },
      { id: dashes, nameCompact: '', nameChosung: '', nameJamo: '-' },
    ]);
    expect(rows[0]!.nameChosung).toBe('ㅅㅋㅇㅅㅂㅈㄹ');
    expect(await fillProductNameColumns(server.db, 2)).toBe(0);
  });

  it('finds a position word alone anywhere in a name, though a synonym of it (fr, RR) is too short for the index', async () => {
    const arm = await addProduct('벤츠 W213 프론트 로어암', 'SRCH-1-0027');
    const hub = await addProduct('재규어 XF 리어 허브 베어링', 'SRCH-1-0028');
    // Such a word alone matched at the start of a name only, the rule of words under three jamo: nothing here.
    for (const [typed, id] of [
      ['프론트', arm],
      ['앞', arm],
      ['fr', arm],
      ['리어', hub],
      ['뒤', hub],
      // 뒷, as the rear is written leading a part (migration 0030).
      ['뒷', hub],
      ['뒷허브', hub],
    ] as const)
      expect(await search(typed), typed).toContainEqual([id, 'name']);
    // A word of two jamo alone keeps that rule: 우 is in 스웨이바 (ㅇㅜ), at no name's start.
    expect(await search('우')).toEqual([]);
  });

  it('finds a model code of two letters or digits, or a 초성 of two, alone anywhere in a name, and names a code no product has', async () => {
    const x5 = await addProduct('BMW X5 G05 에어 서스펜션 (좌)', 'SRCH-1-0030');
    const xc = await addProduct('볼보 XC90 리어 도어 래치', 'SRCH-1-0031');
    // Names start with the make, so a code under three letters matched nothing at their start.
    expect(await search('X5')).toEqual([[x5, 'name']]);
    expect(await search('x5')).toEqual([[x5, 'name']]);
    expect(await search('xc')).toEqual([[xc, 'name']]);
    // A 초성 of two letters too (래치), at the start of a word of the name: 'ㅋㅋ' is the 컨콘 of
    // 에어컨 콘덴서 run together, no word's.
    expect(await search('ㄹㅊ')).toEqual([[xc, 'name']]);
    const condenser = await addProduct('재규어 XE 에어컨 콘덴서', 'SRCH-1-0032');
    expect(await search('ㅋㄷ')).toContainEqual([condenser, 'name']);
    expect(await answer('ㅋㅋ')).toEqual(expect.objectContaining({ results: [], unmatchedWord: 'ㅋㅋ' }));
    // Nor is a code inside a word: 'c9' is in XC90, at no word's start.
    expect(await answer('c9')).toEqual(expect.objectContaining({ results: [], unmatchedWord: 'c9' }));
    // With a short word beside it, both filter: each must match.
    expect(await search('x5 좌')).toEqual([[x5, 'name']]);
    expect(await search('xc 좌')).toEqual([]);
    expect(await answer('x9')).toEqual(expect.objectContaining({ results: [], unmatchedWord: 'x9' }));
    // One letter alone is in too many names to mean a model: still the start of a name only.
    expect(await search('x')).toEqual([]);
  });

  it('a part number typed beside a make or a part word finds the number when the whole finds nothing', async () => {
    for (const [q, id] of [
      ['BMW SRCH-1-0001', ids.pads],
      ['벤츠 SRCH-1-0004', ids.filter],
      ['SRCH-1-0005 호스', ids.hose],
    ] as const) {
      const found = await searched(q);
      expect([q, found.searchedAs, found.rows.map((r) => [r.seq, r.matchKind])]).toEqual([q, 'number', [[id, 'own']]]);
    }
    // A make and a number nothing has: still nothing, the number named as the word no product has.
    expect(await answer('BMW SRCH-9-9999')).toEqual(expect.objectContaining({ results: [] }));
  });

  it('names the word no product has that left a search empty, and no word when each has products', async () => {
    expect(await answer('브레이크 패드 순정')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '순정' }));
    // Read in the order typed: the first such word; compact, as the words are read (OEM → oem).
    expect(await answer('OEM 패드 정품')).toEqual(expect.objectContaining({ results: [], unmatchedWord: 'oem' }));
    expect(await answer('순정')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '순정' }));
    // Two words each some product has, never together: nothing to name.
    const apart = await answer('와이퍼 쇼크업소버');
    expect(apart.results).toEqual([]);
    expect(apart).not.toHaveProperty('unmatchedWord');
    // Found: nothing to name.
    const found = await answer('브레이크 패드');
    expect(found.results).not.toEqual([]);
    expect(found).not.toHaveProperty('unmatchedWord');
  });

  it('treats LIKE characters as text', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });
});

describe('words typed together', () => {
  it('a model code typed against the part is read as two words, either way round', async () => {
    const striker = await addProduct('BMW 3시리즈 G20 도어 스트라이커', 'SRCH-1-0021');
    expect(await search('g20스트라이커')).toEqual([[striker, 'name']]);
    expect(await search('스트라이커G20')).toEqual([[striker, 'name']]);
    expect(await search('G20 스트라이커')).toEqual([[striker, 'name']]);
    // A code no product has with that part finds nothing (not the part alone).
    expect(await search('w213스트라이커')).toEqual([]);
  });

  it('a position or a make typed against the part: its short synonyms (fr, mb) filter what the part finds', async () => {
    expect(await search('프론트패드')).toEqual([[ids.pads, 'name']]);
    expect(await search('앞패드')).toEqual([[ids.pads, 'name']]);
    expect(await search('벤츠에어필터')).toEqual([[ids.filter, 'name']]);
    expect(await search('리어패드')).toEqual([]);
  });

  it('a model code inside the words, or a single letter on its syllable, is split around, never through', async () => {
    const eClass = await addProduct('벤츠 E클래스 리어 브레이크 패드', 'SRCH-1-0024');
    const a6 = await addProduct('아우디 A6 C8 브레이크 디스크', 'SRCH-1-0025');
    expect(await search('e클래스패드')).toEqual([[eClass, 'name']]);
    expect(await search('아우디a6디스크')).toEqual([[a6, 'name']]);
  });

  it('a bare syllable on a side waits for the typo reading: 에어콘 is 에어컨 misspelt, not 에어 and a 콘', async () => {
    const cabin = await addProduct('에어컨 실내 필터', 'SRCH-1-0023');
    expect(await similarRows('에어콘 필터')).toEqual([[cabin, 'similar', '비슷한 이름 (에어콘 → 에어컨)']]);
    // 앞 is a synonym's word (프론트): not bare, the split comes first.
    expect(await search('브레이크패드앞')).toEqual([[ids.pads, 'name']]);
  });

  it('a run of up to 12 syllables is read as two words, a longer one is not (each split tried costs lookups)', async () => {
    const kit = await addProduct('인터쿨러 좌측 파이프어셈블리키트', 'SRCH-1-0022');
    // 4 + 8 syllables: 인터쿨러 and 파이프어셈블리키, apart in the name.
    expect(await search('인터쿨러파이프어셈블리키')).toEqual([[kit, 'name']]);
    // 4 + 9: no longer read as two words (a typo reading may still find it, said as such).
    expect((await search('인터쿨러파이프어셈블리키트')).filter(([, kind]) => kind === 'name')).toEqual([]);
  });
});

describe('words no product has', () => {
  it('a word without a product or a reading ends the search: the words after it are not read', async () => {
    const index = await synonymIndex(server.db);
    // A typo of 스웨이바 부싱's 부싱 that no other test searches (readings are kept a minute).
    const after = planWord('부씽', index)!;
    expect(knownReading(server.db, after, 'all')).toBeUndefined();
    expect(await search('쀍뛟쀍 부씽')).toEqual([]);
    expect(knownReading(server.db, after, 'all')).toBeUndefined();
    // Alone, the same word is read (as 부싱) and its reading kept.
    expect(await search('부씽')).toEqual([[ids.bushing, 'similar']]);
    expect(knownReading(server.db, after, 'all')).toMatchObject({ level: 'loose' });
  });

  it('a word nothing is near is kept as nothing, not as its own spelling, and found once a product has it', async () => {
    const index = await synonymIndex(server.db);
    const word = planWord('꿿꿿꿿', index)!;
    expect(await search('꿿꿿꿿')).toEqual([]);
    expect(knownReading(server.db, word, 'all')).toBe('nothing');
    // Known as nothing, the word is searched as typed first: a product written since is found.
    const bracket = await addProduct('꿿꿿꿿 브래킷', 'SRCH-N-1');
    expect(await search('꿿꿿꿿')).toEqual([[bracket, 'name']]);
  });
});

describe('short words no product has', () => {
  it('a two-syllable word is not read as its two lone syllables: 링크 is not the 링 of 리어 and the 크 of 쇼크', async () => {
    expect(await answer('링크')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '링크' }));
    // One lone syllable beside a word some product has is still two words (어퍼 and 암). Not the
    // 이퍼암 inside 와이퍼 암, one jamo from it: a word of three syllables is corrected to a name's word
    // or its start only. Nor 어 and 퍼암, which '리어 와이퍼 암' has: 어퍼 is a synonym group's word.
    const arm = await addProduct('프론트 어퍼 컨트롤 암', 'SRCH-S-1');
    await addProduct('리어 와이퍼 암', 'SRCH-S-6');
    expect(await search('어퍼암')).toEqual([[arm, 'name']]);
  });

  it("a word of up to three syllables is corrected to a name's word or its start, never to a stretch inside one", async () => {
    const lamp = await addProduct('LED 헤드램프 좌측', 'SRCH-S-2');
    const rover = await addProduct('랜드로버 에어 서스펜션', 'SRCH-S-3');
    const nozzle = await addProduct('워셔액 노즐 (좌우 공용)', 'SRCH-S-4');
    // 드럼 is one jamo from the 드램 inside 헤드램프; 핸들 from 랜드ㄹ, which ends inside 로.
    expect(await answer('드럼')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '드럼' }));
    expect(await answer('핸들')).toEqual(expect.objectContaining({ results: [], unmatchedWord: '핸들' }));
    // A whole word one jamo off is still read so, and says so.
    expect(await similarRows('노줄')).toEqual([[nozzle, 'similar', '비슷한 이름 (노줄 → 노즐)']]);
    expect(await similarRows('헤드럼프')).toEqual([[lamp, 'similar', '비슷한 이름 (헤드럼프 → 헤드램프)']]);
    // A word typed together is named by the name's words it is nearest, side by side as written.
    const sensor = await addProduct('ABS 휠 스피드 센서 (후륜)', 'SRCH-S-5');
    expect(await similarRows('스피드센사')).toEqual([[sensor, 'similar', '비슷한 이름 (스피드센사 → 스피드 센서)']]);
    expect(await similarRows('란드로버')).toEqual([[rover, 'similar', '비슷한 이름 (란드로버 → 랜드로버)']]);
  });
});

describe('the synonym table', () => {
  it("a fresh shop's groups are the seed's, word for word, in the seed's order (the migrations add to it)", async () => {
    const rows = await server.db.select({ terms: partSynonyms.terms }).from(partSynonyms).orderBy(asc(partSynonyms.id));
    expect(rows.map((r) => r.terms)).toEqual(PART_SYNONYM_SEED.map((g) => [...g]));
  });
});

describe('why a row came up', () => {
  it('a synonym the name writes as two words says those words, not the whole name run together', async () => {
    const spaced = await addProduct('볼보 XC60 에어 필터 엘리먼트', 'SRCH-1-0020');
    const rows = await reasonRows('에어크리너');
    expect(rows.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [ids.filter, '동의어 (에어크리너 → 에어필터)'],
      [spaced, '동의어 (에어크리너 → 에어 필터)'],
    ]);
  });
});

describe('api/suggestProducts', () => {
  /** The products the search bar suggests for a keyword. */
  const suggested = async (keyword: string) => {
    const res = await call(server, 'suggestProducts', { keyword });
    expect(res.status).toBe(200);
    return (res.body.results as { products: { seq: number; matchKind?: string; matchReason?: string }[] }).products;
  };

  it('offers products by 초성 to a visitor without prices, and with the tier price to a member', async () => {
    const visitor = await call(server, 'suggestProducts', { keyword: 'ㅅㅇㅇㅂ ㅂㅅ' });
    expect(visitor.status).toBe(200);
    const offered = (visitor.body.results as { products: { seq: number; price?: number }[] }).products;
    expect(offered.map((p) => p.seq)).toEqual([ids.bushing]);
    expect(offered[0]).not.toHaveProperty('price');
    const member = await call(server, 'suggestProducts', { keyword: 'ㅅㅇㅇㅂ ㅂㅅ' }, { token: memberToken });
    // The demo company is level b.
    expect((member.body.results as { products: { price?: number }[] }).products[0]!.price).toBe(12000);
  });

  it('offers at most 8 products and the categories whose name matches', async () => {
    const res = await call(server, 'suggestProducts', { keyword: '쇼바' });
    const results = res.body.results as { products: unknown[]; categories: { key: string; label: string }[] };
    expect(results.products.length).toBe(8);
    expect(results.categories).toEqual([{ key: 'shock', label: '쇼바' }]);
  });

  it('offers products and categories for Hangul typed with the input left in English, with the reason', async () => {
    const brake = await call(server, 'suggestProducts', { keyword: 'qmfpdlzm' });
    expect(brake.status).toBe(200);
    const offered = (brake.body.results as { products: { name: string; matchReason?: string }[] }).products;
    expect(offered.length).toBe(8);
    for (const p of offered) {
      expect(p.name.replace(/\s/g, '')).toContain('브레이크');
      expect(p.matchReason).toBe('한/영 전환 (qmfpdlzm → 브레이크)');
    }
    const shock = await call(server, 'suggestProducts', { keyword: 'tyqk' });
    const results = shock.body.results as { products: unknown[]; categories: { key: string; label: string }[] };
    expect(results.products.length).toBe(8);
    expect(results.categories).toEqual([{ key: 'shock', label: '쇼바' }]);
    // Keys that spell no Korean word: nothing, and no category.
    const none = await call(server, 'suggestProducts', { keyword: 'asdfgh' });
    expect(none.body.results).toEqual({ products: [], categories: [] });
  });

  it('offers products and categories for Latin letters typed with the input left in Korean, with the reason', async () => {
    const offered = await suggested('ㅠㅡㅈ');
    expect(offered.length).toBe(8);
    for (const p of offered) expect(p.matchReason).toBe('한/영 전환 (ㅠㅡㅈ → bmw)');
    const shock = await call(server, 'suggestProducts', { keyword: 'ㄴㅗㅐ차' });
    const results = shock.body.results as { products: unknown[]; categories: { key: string; label: string }[] };
    expect(results.products.length).toBe(8);
    expect(results.categories).toEqual([{ key: 'shock', label: '쇼바' }]);
  });

  it('offers products for a misspelt synonym word, alone or typed together with another, with the reason', async () => {
    const offered = async (keyword: string) => (await suggested(keyword)).map((p) => [p.seq, p.matchReason]);
    const read = '비슷한 이름 (휠타 → 휠터) · 동의어 (휠터 → 에어필터)';
    expect(await offered('휠타 하우징')).toEqual([[ids.filter, read]]);
    expect(await offered('에어휠타 하우징')).toEqual([[ids.filter, read]]);
    // 휘타 is two edits from 휠터: nothing is offered.
    expect(await offered('에어휘타 하우징')).toEqual([]);
  });

  it('offers the current product of an old-or-own part number with the reason', async () => {
    const res = await call(server, 'suggestProducts', { keyword: 'srch 1 0003' });
    const offered = (res.body.results as { products: { seq: number; matchReason?: string }[] }).products;
    expect(offered.map((p) => [p.seq, p.matchReason])).toEqual([[ids.shock, '품번 일치']]);
  });

  it('offers by name a text with digits that is no part number, its words in any order', async () => {
    const id = await addProduct('QZ330 K9 오일필터', 'NS-SUGGEST-1');
    const offered = async (keyword: string) => (await suggested(keyword)).map((p) => [p.seq, p.matchKind]);
    expect(await offered('qz330 k9')).toEqual([[id, 'name']]);
    expect(await offered('k9 qz330')).toEqual([[id, 'name']]);
    expect(await offered('qz331 k9')).toEqual([]);
  });

  it('refuses an empty or too long keyword with a Korean message', async () => {
    for (const keyword of ['', '   ', 'ㄱ'.repeat(101)]) {
      const res = await call(server, 'suggestProducts', { keyword });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('검색어를 1자 이상 100자 이내로 입력하세요.');
    }
    expect((await call(server, 'POST', '/api/suggestProducts', {})).status).toBe(400);
  });
});

describe('what a search costs (docs/search.md#what-a-search-costs)', () => {
  const page = async (keyword: string, n = 1) => {
    const res = await call(server, 'getProductHome', {
      searchType: 'name',
      searchKeyword: keyword,
      category: 'srchwin',
      page: n,
      size: 20,
    });
    expect(res.status).toBe(200);
    return (res.body.results as { seq: number }[]).map((r) => r.seq);
  };

  it('answers a common word from its window as the walk did, and leaves out a product renamed since', async () => {
    // More products with the word than a search ranks (200), all ranked alike (the word inside a
    // word, not the part's name: 3.0): the page is the first 20 by id.
    const rows = Array.from({ length: 230 }, (_, i) => {
      const name = `부품윈도창 ${i}`;
      return {
        name,
        ...productNameColumns(name),
        pid: `SRCH-W-${i}`,
        pidKey: alphaNumber(`SRCH-W-${i}`),
        stockName: '한국 김포물류센터',
        storageId: 1,
        category: 'srchwin',
      };
    });
    const made = (await server.db.insert(products).values(rows).returning({ id: products.id })).map((r) => r.id);
    made.sort((a, b) => a - b);
    // The first search walks the table and has the word's window built for the next ones.
    expect(await page('윈도창')).toEqual(made.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await page('윈도창')).toEqual(made.slice(0, 20));
    // Renamed to a name without the word but with its syllables: were it ranked, it would tie (3.0) and come first by id.
    const renamed = productNameColumns('창도윈 부품');
    await server.db
      .update(products)
      .set({ name: '창도윈 부품', ...renamed })
      .where(eq(products.id, made[0]!));
    expect(await page('윈도창')).toEqual(made.slice(1, 21));
    expect(await page('창도윈')).toEqual([made[0]]);
  });

  it('finds a name written or renamed after its words found nothing together (the distinct names know it at once)', async () => {
    expect(await page('눈꽃 엔진')).toEqual([]);
    const name = '눈꽃 엔진 커버';
    const [row] = await server.db
      .insert(products)
      .values({
        name,
        ...productNameColumns(name),
        pid: 'SRCH-F-1',
        pidKey: alphaNumber('SRCH-F-1'),
        stockName: '한국 김포물류센터',
        storageId: 1,
        category: 'srchwin',
      })
      .returning({ id: products.id });
    expect(await page('눈꽃 엔진')).toEqual([row!.id]);
    expect(await page('얼음꽃 엔진')).toEqual([]);
    await server.db
      .update(products)
      .set({ name: '얼음꽃 엔진 커버', ...productNameColumns('얼음꽃 엔진 커버') })
      .where(eq(products.id, row!.id));
    expect(await page('얼음꽃 엔진')).toEqual([row!.id]);
  });

  it('reads a typo once for searches that ask for it at the same time, each answered alike', async () => {
    // 스웨이버: one jamo from 스웨이바 (ㅓ for ㅏ), not searched before in this process.
    const answers = await Promise.all(Array.from({ length: 8 }, () => search('스웨이버')));
    expect(answers[0]).toEqual([[ids.bushing, 'similar']]);
    for (const a of answers) expect(a).toEqual(answers[0]);
  });
});

describe('the 품번 search type with Korean words (docs/search.md#one-box: a hint, not a wall)', () => {
  it("'3시리즈 쿼츠판넬' is searched as a name, not as the number prefix 3; a number typed alone still is one", async () => {
    const named = await addProduct('BMW 3시리즈 쿼츠판넬', 'QV-77001');
    const numbered = await addProduct('쿼츠 호스', '3V-88001');
    expect(await searched('3시리즈 쿼츠판넬', 'pid')).toMatchObject({ searchedAs: 'name', rows: [{ seq: named }] });
    const alone = await searched('3V-880', 'pid');
    expect(alone.searchedAs).toBe('number');
    expect(alone.rows.map((r) => r.seq)).toEqual([numbered]);
  });
});

describe('pages past the ranked 200 (docs/search.md#words-in-any-order)', () => {
  const PAGED = 'srchpage';
  const pageIds: number[] = [];
  beforeAll(async () => {
    // 200 where the word is not what the part is, then 50 where it is: those 50 rank higher, but
    // only the first 200 matches are ranked, so they come after them, in id order.
    const names = Array.from({ length: 250 }, (_, i) =>
      i < 200 ? `쿼드롤 부품 ${i + 1}호` : `부품 ${i + 1}호 쿼드롤`,
    );
    const rows = await server.db
      .insert(products)
      .values(names.map((name, i) => productRow(name, `QD-${10_000 + i}`, PAGED)))
      .returning({ id: products.id });
    pageIds.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  });

  const page = async (n: number) => {
    const res = await call(server, 'getProductHome', {
      searchType: 'name',
      searchKeyword: '쿼드롤',
      category: PAGED,
      page: n,
      size: 100,
    });
    expect(res.status).toBe(200);
    return { seqs: (res.body.results as Row[]).map((r) => r.seq), more: (res.body as { more?: boolean }).more };
  };

  it('three pages of 100 hold each of the 250 once: the ranked 200, then the rest in id order', async () => {
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first).toEqual({ seqs: pageIds.slice(0, 100), more: true });
    expect(second).toEqual({ seqs: pageIds.slice(100, 200), more: true });
    expect(third).toEqual({ seqs: pageIds.slice(200, 250), more: false });
  });

  it('a page past the deepest a name search goes is empty, and says no more follow', async () => {
    expect(await page(100_000)).toEqual({ seqs: [], more: false });
  });
});

describe('a short word beside a word the index answers', () => {
  const DEEP = 'srchdeep';
  const wanted: number[] = [];
  beforeAll(async () => {
    // 4,050 products of the long word without the short one, then 50 with both: the short word's
    // products lie past the first 4,000 the long word's index entries give.
    const names = [...Array<string>(4050).fill('퀘이사줄 커버'), ...Array<string>(50).fill('퀘이사줄 커버 Q9')];
    for (let at = 0; at < names.length; at += 500) {
      const rows = await server.db
        .insert(products)
        .values(names.slice(at, at + 500).map((name, i) => productRow(name, `DEEP-${at + i}`, DEEP)))
        .returning({ id: products.id, name: products.name });
      wanted.push(...rows.filter((r) => r.name.endsWith('Q9')).map((r) => r.id));
    }
  }, 120_000);

  it('finds the products that have both, however deep in the long word’s products they lie', async () => {
    const res = await call(server, 'getProductHome', {
      searchType: 'name',
      searchKeyword: '퀘이사줄 q9',
      category: DEEP,
      page: 1,
      size: 100,
    });
    const body = res.body as { results: Row[]; unmatchedWord?: string };
    expect([res.status, body.unmatchedWord]).toEqual([200, undefined]);
    expect(body.results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(wanted);
  });
});
