import { describe, expect, it } from 'vitest';
import {
  buildSynonymIndex,
  checkSynonymGroups,
  compactName,
  nameJamoBounds,
  nameMatches,
  nameQuery,
  placeInName,
  productNameColumns,
  synonymVariants,
} from './name-search.js';
import { PART_SYNONYM_SEED } from './part-synonyms.js';

const synonyms = buildSynonymIndex(PART_SYNONYM_SEED);

const NAMES = [
  '브레이크 패드 (앞)',
  '브레이드 와이퍼',
  'BMW 브레이크 디스크',
  '쇼크업소버 뒤',
  '변속기 오일 필터',
  '메르세데스 엔진마운트',
  '배럴 볼트',
  '밸브 커버 가스켓',
  '파이프 클램프',
  '에어컨 필터',
  '닭발 브래킷',
];

/** The names a typed query finds, as the SQL on the stored columns would. */
function search(typed: string): string[] {
  const q = nameQuery(typed, synonyms);
  if (!q) return [];
  return NAMES.filter((n) => nameMatches(productNameColumns(n), q));
}

describe('productNameColumns', () => {
  it('stores the compact form, the 초성 and the jamo of a name', () => {
    expect(productNameColumns('BMW 브레이크 패드(앞)')).toEqual({
      nameCompact: 'bmw브레이크패드앞',
      nameChosung: 'bmwㅂㄹㅇㅋㅍㄷㅇ',
      nameJamo: 'bmwㅂㅡㄹㅔㅇㅣㅋㅡㅍㅐㄷㅡㅇㅏㅍ',
    });
  });

  it('splits compound finals and vowels as a keyboard types them, and folds full width', () => {
    expect(productNameColumns('닭 의자').nameJamo).toBe('ㄷㅏㄹㄱㅇㅡㅣㅈㅏ');
    expect(compactName('ＭＥＲＣＥＤＥＳ-Benz 0-링')).toBe('mercedesbenz0링');
  });
});

describe('초성 search', () => {
  it('finds 브레이크 패드 by its 초성, with and without the space', () => {
    expect(search('ㅂㄹㅇㅋ ㅍㄷ')).toEqual(['브레이크 패드 (앞)']);
    expect(search('ㅂㄹㅇㅋㅍㄷ')).toEqual(['브레이크 패드 (앞)']);
    expect(nameQuery('ㅂㄹㅇㅋ ㅍㄷ')).toEqual({ column: 'name_chosung', patterns: ['ㅂㄹㅇㅋㅍㄷ'] });
  });

  it('finds by 초성 inside a name and with Latin letters before it', () => {
    expect(search('ㅍㄷ')).toEqual([]); // two characters: only at the start of a name
    expect(search('ㅇㅋㅍㄷ')).toEqual(['브레이크 패드 (앞)']);
    expect(search('bmw ㅂㄹ')).toEqual(['BMW 브레이크 디스크']);
    expect(search('ㅂㄹ')).toEqual(['브레이크 패드 (앞)', '브레이드 와이퍼', '배럴 볼트']);
  });

  it('does not find a name whose 초성 differ', () => {
    expect(search('ㅂㄹㅇㅋ ㅍㅍ')).toEqual([]);
    expect(search('ㅂㄹㅇㄷ')).toEqual(['브레이드 와이퍼']);
  });

  it('searches a mix of syllables and 초성 by 초성', () => {
    expect(nameQuery('브레이크 ㅍㄷ')).toEqual({ column: 'name_chosung', patterns: ['ㅂㄹㅇㅋㅍㄷ'] });
    expect(search('브레이크 ㅍㄷ')).toEqual(['브레이크 패드 (앞)']);
  });
});

describe('half-typed last syllable', () => {
  it('finds 브레이크 from 브레이, 브레잌 and 브레이ㅋ', () => {
    expect(search('브레이')).toEqual(['브레이크 패드 (앞)', '브레이드 와이퍼', 'BMW 브레이크 디스크']);
    expect(search('브레잌')).toEqual(['브레이크 패드 (앞)', 'BMW 브레이크 디스크']);
    expect(search('브레이ㅋ')).toEqual(['브레이크 패드 (앞)', 'BMW 브레이크 디스크']);
    expect(nameQuery('브레잌')).toEqual({ column: 'name_jamo', patterns: ['ㅂㅡㄹㅔㅇㅣㅋ'] });
  });

  it('does not let a half syllable match another word', () => {
    // 브레잌 waits for 크, never 드: 브레이드 와이퍼 is not found.
    expect(search('브레잌')).not.toContain('브레이드 와이퍼');
    // 브렉 is a whole syllable with ㄱ under it: 브레이크 has no 렉.
    expect(search('브렉')).toEqual([]);
    // 밸 is 배 + ㄹ: 밸브 and 배럴 both start that way; 밸브 is only 밸브.
    expect(search('밸')).toEqual(['배럴 볼트', '밸브 커버 가스켓']);
    expect(search('밸브')).toEqual(['밸브 커버 가스켓']);
    // 패 is in 패드, not in 파이프.
    expect(search('패드')).toEqual(['브레이크 패드 (앞)']);
  });

  it('reads a compound final being typed (닭 is 달 + ㄱ)', () => {
    expect(search('닭')).toEqual(['닭발 브래킷']);
    expect(search('달')).toEqual(['닭발 브래킷']);
    expect(search('닭발')).toEqual(['닭발 브래킷']);
  });
});

describe('synonyms', () => {
  it('has a seed of at least 30 groups whose terms are each in one group only', () => {
    expect(PART_SYNONYM_SEED.length).toBeGreaterThanOrEqual(30);
    expect(checkSynonymGroups(PART_SYNONYM_SEED)).toEqual([]);
  });

  it('finds 쇼크업소버 from 쇼바, 변속기 from 미션, 메르세데스 from 벤츠, MB and Mercedes', () => {
    expect(search('쇼바')).toEqual(['쇼크업소버 뒤']);
    expect(search('미션 오일')).toEqual(['변속기 오일 필터']);
    expect(search('벤츠 미미')).toEqual(['메르세데스 엔진마운트']);
    expect(search('MB 엔진마운트')).toEqual(['메르세데스 엔진마운트']);
    expect(search('mercedes')).toEqual(['메르세데스 엔진마운트']);
    expect(search('Benz 엔진마운트')).toEqual(['메르세데스 엔진마운트']);
    // Misspelt and workshop words (migration 0029).
    expect(search('미션 오일 휠터')).toEqual(['변속기 오일 필터']);
    expect(search('밸브 커버 빠킹')).toEqual(['밸브 커버 가스켓']);
    expect(search('비엠 브레이크')).toEqual(['BMW 브레이크 디스크']);
  });

  it('takes a Latin term only as a whole word', () => {
    const index = buildSynonymIndex([['MB', '벤츠']]);
    expect(synonymVariants('mb패드', index)).toEqual(['mb패드', '벤츠패드']);
    expect(synonymVariants('combo', index)).toEqual(['combo']);
  });

  it('swaps a term half typed at the end as the whole term, when it starts the terms of one group only', () => {
    const index = buildSynonymIndex([
      ['헤드램프', '헤드라이트', '전조등'],
      ['워터펌프', '물펌프'],
      ['벤츠', 'MB'],
      ['브레이크', '브레끼'],
      ['브레이크디스크', '로터'],
      ['에어', 'Air'],
      ['에어필터', '에어크리너'],
    ]);
    // What was typed, the term it starts, then the group's others.
    expect(synonymVariants('헤드라이', index)).toEqual(['헤드라이', '헤드라이트', '헤드램프', '전조등']);
    // The ㅌ the IME holds for the next syllable, and a term whole before it.
    expect(synonymVariants('벤츠헤드라잍', index)).toEqual([
      '벤츠헤드라잍',
      '벤츠헤드라이트',
      '벤츠헤드램프',
      '벤츠전조등',
      'mb헤드라잍',
      'mb헤드라이트',
      'mb헤드램프',
      'mb전조등',
    ]);
    expect(synonymVariants('물펌', index)).toEqual(['물펌', '물펌프', '워터펌프']);
    // One syllable is in too many words; 브레 starts terms of two groups; 에어 is a term itself.
    expect(synonymVariants('물', index)).toEqual(['물']);
    expect(synonymVariants('브레', index)).toEqual(['브레']);
    expect(synonymVariants('에어', index)).toEqual(['에어', 'air']);
  });

  it('combines the synonyms of several words, at most 12 spellings', () => {
    expect(
      synonymVariants(
        '벤츠쇼바',
        buildSynonymIndex([
          ['벤츠', 'MB'],
          ['쇼바', '댐퍼'],
        ]),
      ),
    ).toEqual(['벤츠쇼바', '벤츠댐퍼', 'mb쇼바', 'mb댐퍼']);
    expect(synonymVariants('벤츠쇼바로어암', synonyms)).toHaveLength(12);
  });

  it('refuses an empty term, a term in two groups and a group of one word', () => {
    expect(
      checkSynonymGroups([
        ['벤츠', 'MB'],
        ['m-b', '엠비'],
        ['쇼바', '쇼 바'],
        ['--', '미션'],
      ]),
    ).toEqual([
      { group: 1, term: 'm-b', message: "'m-b'은(는) 이미 다른 동의어 묶음에 있습니다." },
      { group: 2, term: '쇼바', message: '동의어 묶음에는 서로 다른 단어가 두 개 이상 있어야 합니다.' },
      { group: 3, term: '--', message: '동의어에 글자나 숫자가 없습니다.' },
    ]);
  });
});

describe('where a word stands in a name (docs/search.md#words-in-any-order)', () => {
  /** How a word of a query (its nameQuery spellings, the typed one first) stands in a name, or null. */
  const place = (word: string, name: string, last = true) => {
    const spellings = nameQuery(word, synonyms)!.patterns;
    const found = placeInName(nameJamoBounds(name), word, spellings, last);
    return found && { typed: found.typed, at: found.at };
  };
  const LEFT = '아우디 A6 C8 LED 헤드램프 (좌)';
  const RIGHT = '아우디 A6 C8 LED 헤드램프 (우)';
  const PUMP = '마세라티 기블리 M157 워터펌프';

  it("a synonym the buyer did not type is never inside another word: 오른쪽's 우 is not 아우디's", () => {
    expect(place('오른쪽', LEFT)).toBeNull();
    expect(place('rh', LEFT)).toBeNull();
    expect(place('오른쪽', RIGHT)).toEqual({ typed: false, at: nameJamoBounds(RIGHT).jamo.lastIndexOf('ㅇㅜ') });
    expect(place('RH', RIGHT)).not.toBeNull();
    // It may start or end a word a name writes together: 패드 of pads in 브레이크패드, 오일 of oil in 오일필터.
    expect(place('pads', '벤츠 브레이크패드')).toEqual({ typed: false, at: 'ㅂㅔㄴㅊㅡㅂㅡㄹㅔㅇㅣㅋㅡ'.length });
    expect(place('oil', '벤츠 오일필터')).not.toBeNull();
  });

  it('a compound vowel does not make a finished syllable a prefix of another: 우 is no half-typed 워 or 위', () => {
    expect(place('오른쪽', PUMP)).toBeNull();
    expect(place('rh', PUMP)).toBeNull();
    expect(place('우', PUMP)).toBeNull();
    expect(place('우', '위 시트 (우)')).toEqual({
      typed: true,
      at: nameJamoBounds('위 시트 (우)').jamo.lastIndexOf('ㅇㅜ'),
    });
    expect(nameMatches(productNameColumns('워터 펌프'), nameQuery('우')!)).toBe(false);
    expect(nameMatches(productNameColumns('우측 램프'), nameQuery('우')!)).toBe(true);
  });

  it('a syllable typed alone is not inside another word either: 컨트롤암 우 is no 아우디 arm', () => {
    expect(place('우', '아우디 A6 C8 프론트 로어 컨트롤 암 (좌)')).toBeNull();
    expect(place('우', '아우디 A6 C8 프론트 어퍼 컨트롤 암 (우)')).not.toBeNull();
    // A word of more syllables typed is found anywhere in a name, as before.
    expect(place('드램', '헤드램프')).toEqual({ typed: true, at: 2 });
  });

  it("a one-syllable spelling not typed is a whole word of the name; one typed, a whole word or a word's start", () => {
    for (const name of ['윈도우 레귤레이터 (좌)', '도어 윈도우 모터', '에어컨 블로우 모터', '스노우 체인']) {
      expect([name, place('rh', name), place('오른쪽', name), place('RH', name), place('우', name)]).toEqual([
        name,
        null,
        null,
        null,
        null,
      ]);
    }
    expect(place('오른쪽', '윈도우 레귤레이터 (우)')).not.toBeNull();
    expect(place('rh', '스노우 체인 우')).not.toBeNull();
    expect(place('우', '우측 미러')).toEqual({ typed: true, at: 0 });
    // 우측, a synonym of more syllables, still stands at a word's start or end.
    expect(place('rh', '도어 우측미러')).not.toBeNull();
  });

  it('only the last word typed may end in a half-typed syllable; a word before it, with the consonant an IME lends', () => {
    expect(place('밸', '배럴 볼트')).toEqual({ typed: true, at: 0 });
    expect(place('밸', '밸브 커버', false)).toEqual({ typed: true, at: 0 });
    expect(place('달', '닭발 브래킷')).toEqual({ typed: true, at: 0 });
    expect(place('달', '닭발 브래킷', false)).toBeNull();
    expect(place('우', '웅 커버')).toEqual({ typed: true, at: 0 });
    expect(place('우', '웅 커버', false)).toBeNull();
    // '브레잌 패': the ㅋ the IME put under 이 is 크's (docs/search.md#korean-name-search).
    expect(place('브레잌', '브레이크 패드')).toEqual({ typed: true, at: 0 });
    expect(place('브레잌', '브레이크 패드', false)).toEqual({ typed: true, at: 0 });
    expect(place('브렉', '브레이크 패드', false)).toBeNull();
    // A synonym is matched whole, never by a half syllable: 우 of RH is not the start of 웅.
    expect(place('rh', '웅 커버')).toBeNull();
  });
});
