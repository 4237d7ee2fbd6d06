import { describe, expect, it } from 'vitest';
import { looseJamo, productNameColumns } from './name-search.js';
import {
  hangulTypedInLatin,
  jamoDistanceWithin,
  latinTypedInHangul,
  partNumberTypedInHangul,
  jamoEditDistance,
  looksLikePartNumber,
  numberAmongWords,
  partNumbersInQuery,
  searchedAsNumberFirst,
  searchWords,
  typoBudget,
  withinTypo,
  withoutParticle,
  wordJamo,
} from './search-words.js';

describe('searchWords', () => {
  it('splits at spaces and punctuation, in compact form', () => {
    expect(searchWords('BMW  패드')).toEqual(['bmw', '패드']);
    expect(searchWords('패드, 프론트 / (좌)')).toEqual(['패드', '프론트', '좌']);
    expect(searchWords('ＢＭＷ　패드')).toEqual(['bmw', '패드']);
  });

  it('splits a Latin word of two or more letters from the Hangul it touches', () => {
    expect(searchWords('bmw패드')).toEqual(['bmw', '패드']);
    expect(searchWords('패드bmw')).toEqual(['패드', 'bmw']);
    expect(searchWords('bmw ㅂㄹ')).toEqual(['bmw', 'ㅂㄹ']);
  });

  it('keeps a single letter or digits with the Hangul they touch', () => {
    expect(searchWords('E클래스 패드')).toEqual(['e클래스', '패드']);
    expect(searchWords('3시리즈 G20 필터')).toEqual(['3시리즈', 'g20', '필터']);
    expect(searchWords('O2센서')).toEqual(['o2센서']);
  });

  it('has no words for punctuation only', () => {
    expect(searchWords(' - / ')).toEqual([]);
  });
});

describe('looksLikePartNumber', () => {
  it('reads numbers as buyers type them', () => {
    for (const q of ['07119906743', 'LR190583', 'HU816X', 'HU 816 X', 'a 000 420 12 20', '34-11-6-860-242', 'lr190583'])
      expect([q, looksLikePartNumber(q)]).toEqual([q, true]);
  });

  it('leaves vehicle words, Korean and letters-only words to the name search', () => {
    for (const q of ['X5', 'G20', 'BMW 패드', 'G20 필터', 'MANN', 'bmw', '3시리즈', ''])
      expect([q, looksLikePartNumber(q)]).toEqual([q, false]);
  });
});

describe('searchedAsNumberFirst', () => {
  it('in the 품번 type: letters or digits without Hangul, or a number beside Korean words', () => {
    for (const q of ['x5', '3', 'TT0003', 'hu 816 x', '현대 58101-2SA70', '58101-2SA70 현대 패드'])
      expect([q, searchedAsNumberFirst(q, true)]).toEqual([q, true]);
  });

  it('in the 품번 type: Korean words with a model code or a lone letter are a name, as is no letter or digit', () => {
    for (const q of ['3시리즈 패드', 'x5 패드', 'E클래스 패드', 'G20 필터', '패드', '58101현대', '--'])
      expect([q, searchedAsNumberFirst(q, true)]).toEqual([q, false]);
  });

  it('in the other types: as looksLikePartNumber', () => {
    expect(['LR190583', 'x5', '현대 58101-2SA70'].map((q) => searchedAsNumberFirst(q, false))).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('numberAmongWords', () => {
  it('reads the part number a query holds beside a make or a part word', () => {
    expect(numberAmongWords('BMW 42215489599')).toBe('42215489599');
    expect(numberAmongWords('벤츠 A2371291199')).toBe('A2371291199');
    expect(numberAmongWords('42215489599 필터')).toBe('42215489599');
    expect(numberAmongWords('MB A 000 420 12 20')).toBe('A 000 420 12 20');
    expect(numberAmongWords('mann HU 816 X 오일필터')).toBe('HU 816 X');
  });

  it('finds none in a name, a model code, a query that is all number, or a number too short', () => {
    for (const q of [
      'BMW 패드',
      'x5 패드',
      '3시리즈 프론트 패드',
      'G20 필터',
      'BMW X5',
      '42215489599',
      'HU 816 X',
      'BMW 816',
      'CUK 2939',
      '필터 12345',
      '',
    ])
      expect([q, numberAmongWords(q)]).toEqual([q, null]);
  });
});

describe('partNumbersInQuery', () => {
  it('lists the numbers of a query of several, apart at spaces, commas or semicolons', () => {
    expect(partNumbersInQuery('42215489599 42212089199')).toEqual(['42215489599', '42212089199']);
    expect(partNumbersInQuery('42215489599,42212089199')).toEqual(['42215489599', '42212089199']);
    expect(partNumbersInQuery('42215489599; HU 816 X')).toEqual(['42215489599', 'HU 816 X']);
    expect(partNumbersInQuery('BMW 42215489599 42212089199 필터')).toEqual(['42215489599', '42212089199']);
  });

  it('lists a number typed or pasted more than once, once: an estimate repeats numbers', () => {
    expect(partNumbersInQuery('42215489599 42215489599')).toEqual(['42215489599']);
    expect(partNumbersInQuery('42215489599,42215489599')).toEqual(['42215489599']);
    expect(partNumbersInQuery('42215489599, 4221-548-9599')).toEqual(['42215489599']);
    expect(partNumbersInQuery(Array(10).fill('42215489599').join(','))).toEqual(['42215489599']);
    expect(partNumbersInQuery('HU 816 X; HU 816 X')).toEqual(['HU 816 X']);
    expect(partNumbersInQuery('42215489599 42212089199 42215489599')).toEqual(['42215489599', '42212089199']);
    // Typed once, a number is the whole query's (searched as it is), not a list.
    expect(partNumbersInQuery('42215489599')).toEqual([]);
    expect(partNumbersInQuery('42215489599,')).toEqual([]);
  });

  it('lists none for one number of several groups, a name, or one number beside words', () => {
    for (const q of ['HU 816 X', '34 11 6 860 242', 'a 000 420 12 20', 'BMW 42215489599', 'BMW X5, 패드', 'G20, W213'])
      expect([q, partNumbersInQuery(q)]).toEqual([q, []]);
  });

  it('lists ten at most', () => {
    const many = Array.from({ length: 14 }, (_, i) => `4221548${String(i).padStart(4, '0')}`);
    expect(partNumbersInQuery(many.join(' '))).toEqual(many.slice(0, 10));
  });
});

describe('withoutParticle', () => {
  it('reads a Korean word without the particle it ends in (조사)', () => {
    expect(withoutParticle('브레이크를')).toBe('브레이크');
    expect(withoutParticle('헤드램프가')).toBe('헤드램프');
    expect(withoutParticle('써모스탯을')).toBe('써모스탯');
    expect(withoutParticle('패드를')).toBe('패드');
    expect(withoutParticle('오일필터로')).toBe('오일필터');
    expect(withoutParticle('써모스탯으로')).toBe('써모스탯');
    for (const [typed, word] of [
      ['필터와', '필터'],
      ['캘리퍼과', '캘리퍼'],
      ['디스크도', '디스크'],
      ['쇼바의', '쇼바'],
      ['범퍼에', '범퍼'],
      ['센서는', '센서'],
      ['미션은', '미션'],
      ['부싱이', '부싱'],
    ] as const)
      expect([typed, withoutParticle(typed)]).toEqual([typed, word]);
  });

  it('is null for a word without a particle, a particle alone, and a word that is no Korean word', () => {
    for (const typed of ['브레이크', '가스켓', '가', '를', '으로', 'bmw', '42215489599', 'ㅂㄹㅇㅋ', 'x5를', ''])
      expect([typed, withoutParticle(typed)]).toEqual([typed, null]);
  });
});

describe('jamo edit distance', () => {
  const d = (a: string, b: string) => jamoEditDistance(wordJamo(a), wordJamo(b));

  it('counts ㅐ/ㅔ, ㅔ/ㅖ and a double consonant as one edit', () => {
    expect(d('헤드렘프', '헤드램프')).toBe(1);
    expect(d('테일렘프', '테일램프')).toBe(1);
    expect(d('계기판', '게기판')).toBe(1);
    expect(d('쇼크업쏘버', '쇼크업소버')).toBe(1);
    expect(d('마모쎈서', '마모센서')).toBe(1);
  });

  it('counts one dropped, extra or replaced jamo as one edit', () => {
    expect(d('워터퍼프', '워터펌프')).toBe(1); // ㅁ of 펌 dropped
    expect(d('라디에이털', '라디에이터')).toBe(1); // an extra ㄹ
    expect(d('라디에터', '라디에이터')).toBe(2); // a whole syllable is two
    expect(d('라디에니터', '라디에이터')).toBe(1);
    expect(d('써머스탯', '써모스탯')).toBe(1);
    expect(d('브레이크', '브레이크')).toBe(0);
  });

  it('is symmetric and counts whole syllables by their jamo', () => {
    expect(d('패드', '패들')).toBe(d('패들', '패드'));
    expect(d('필터', '호스')).toBe(5);
  });

  it('finds the nearest stretch of a name, wherever it stands', () => {
    const name = productNameColumns('BMW 3시리즈 G20 LED 헤드램프 (좌)').nameJamo;
    expect(jamoDistanceWithin(wordJamo('헤드렘프'), name)).toBe(1);
    expect(jamoDistanceWithin(wordJamo('헤드램프'), name)).toBe(0);
    expect(jamoDistanceWithin(wordJamo('브레이크'), name)).toBeGreaterThan(1);
  });

  it('allows no typo in short words, one in a word, two in a long one', () => {
    expect(typoBudget(3)).toBe(0);
    expect(typoBudget(4)).toBe(1);
    expect(typoBudget(11)).toBe(1);
    expect(typoBudget(12)).toBe(2);
    expect(withinTypo(wordJamo('패들'), wordJamo('브레이크패드'))).toBe(true); // 4 jamo, one off
    expect(withinTypo(wordJamo('암'), wordJamo('컨트롤앰'))).toBe(false); // 3 jamo: no typo allowed
  });
});

describe('looseJamo', () => {
  it('folds the jamo typists confuse, so the commonest typos compare equal', () => {
    expect(looseJamo(wordJamo('헤드렘프'))).toBe(looseJamo(wordJamo('헤드램프')));
    expect(looseJamo(wordJamo('마모쎈서'))).toBe(looseJamo(wordJamo('마모센서')));
    expect(looseJamo(wordJamo('쇼크업쏘버'))).toBe(looseJamo(wordJamo('쇼크업소버')));
    expect(looseJamo(wordJamo('계기판'))).toBe(looseJamo(wordJamo('게기판')));
    expect(looseJamo(wordJamo('써머스탯'))).not.toBe(looseJamo(wordJamo('써모스탯')));
  });

  it('folds the name as the stored column does', () => {
    expect(looseJamo(productNameColumns('LED 헤드램프 (좌)').nameJamo)).toBe('ledㅎㅔㄷㅡㄹㅔㅁㅍㅡㅈㅗㅏ');
  });
});

describe('hangulTypedInLatin', () => {
  it('reads the keys of a word typed with the input left in English as the Hangul they spell', () => {
    expect(hangulTypedInLatin('qmfpdlzm')).toBe('브레이크');
    expect(hangulTypedInLatin('tyqk')).toBe('쇼바');
    expect(hangulTypedInLatin('voem')).toBe('패드');
    expect(hangulTypedInLatin('dpswlsdhdlf')).toBe('엔진오일');
    expect(hangulTypedInLatin('gpemfoavm')).toBe('헤드램프');
  });

  it('reads a shifted key as its plain one (the words of a search are in lower case)', () => {
    expect(hangulTypedInLatin('QMFPDLZM')).toBe('브레이크');
    expect(hangulTypedInLatin('Tjahtmxot')).toBe('서모스탯');
  });

  it('is null for keys that leave a lone jamo, and for anything but Latin letters', () => {
    expect(hangulTypedInLatin('bmw')).toBeNull();
    expect(hangulTypedInLatin('asdf')).toBeNull();
    expect(hangulTypedInLatin('oil')).toBeNull();
    expect(hangulTypedInLatin('r')).toBeNull();
    expect(hangulTypedInLatin('g20')).toBeNull();
    expect(hangulTypedInLatin('브레이크')).toBeNull();
    expect(hangulTypedInLatin('')).toBeNull();
  });

  it('is null, not an error, for the key runs the keyboard library cannot assemble', () => {
    expect(hangulTypedInLatin('hose')).toBeNull();
    expect(hangulTypedInLatin('horn')).toBeNull();
    // 'h', any two keys and 'n' (676 runs), and each vowel key six times: none throws.
    const keys = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of keys) for (const b of keys) expect(() => hangulTypedInLatin(`h${a}${b}n`)).not.toThrow();
    for (const v of 'hjklyuiopbnm') expect(hangulTypedInLatin(v.repeat(6))).toBeNull();
  });
});

describe('latinTypedInHangul', () => {
  it('reads the keys of a word typed with the input left in Korean as the Latin letters they spell', () => {
    // Keys that happen to make whole syllables read too (며야, 순정: the server tries those last);
    // a shifted key reads as its plain one (the words of a search are in lower case).
    const read = {
      ㅠㅡㅈ: 'bmw',
      ㅡㅠ: 'mb',
      ㅠㅐㄴ초: 'bosch',
      랴ㅣㅅㄷㄱ: 'filter',
      며야: 'audi',
      순정: 'tnswjd',
      ㅃㅡㅈ: 'qmw',
    };
    expect(Object.fromEntries(Object.keys(read).map((w) => [w, latinTypedInHangul(w)]))).toEqual(read);
  });

  it('is null for one letter, a 초성, Latin letters, digits and jamo no key types', () => {
    // Consonants only are a 초성 query ('ㅂㄹㅇㅋ'); a digit makes a part number's word
    // (partNumberTypedInHangul) or a Korean word with a model's digits ('3시리즈').
    const none = ['ㅠ', 'ㅂㄹㅇㅋ', 'ㅍㅈ', 'bmw', 'bmwㅠ', 'ㅁ2371291199', '3시리즈', 'ㆍㅠ', ''];
    expect(none.filter((w) => latinTypedInHangul(w) !== null)).toEqual([]);
  });
});

describe('partNumberTypedInHangul', () => {
  it('reads a part number whose letters were typed with the input left in Korean', () => {
    // '좃003858': keys that made a syllable, stuck to a number of four digits or more (WHT003858).
    const read = {
      ㅁ2371291199: 'a2371291199',
      'ㅁ 237 129 11 99': 'a 237 129 11 99',
      'ㅗㅕ 816 ㅌ': 'hu 816 x',
      ㅣㄱ190583: 'lr190583',
      좃003858: 'wht003858',
    };
    expect(Object.fromEntries(Object.keys(read).map((w) => [w, partNumberTypedInHangul(w)]))).toEqual(read);
  });

  it('is null for Korean words with digits, Hangul without a digit, and what reads as no number', () => {
    const none = ['3시리즈', 'o2센서', '현대 58101-2SA70', 'ㅠㅡㅈ', 'ㅎ20', '42215489599', ''];
    expect(none.filter((w) => partNumberTypedInHangul(w) !== null)).toEqual([]);
  });
});
