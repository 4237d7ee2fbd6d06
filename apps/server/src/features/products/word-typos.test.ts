import { describe, expect, it } from 'vitest';
import { looseJamo, wordJamo } from '@partsmall/contract';
import { nearestStretch, syllableEdge } from './typo-stretch.js';
import { splitPlaces } from './word-typos.js';

const loose = (s: string) => looseJamo(wordJamo(s));

describe('nearestStretch: the spelling a name has for a typed word (docs/search.md#typos)', () => {
  it('gives the stretch of the name one jamo away, as the name writes it', () => {
    // 써머스탯 (ㅓ for ㅗ) in a thermostat's name: the name's 써모스탯, loosely folded.
    expect(nearestStretch(loose('써머스탯'), loose('BMW3시리즈G20써모스탯'), 1)).toBe(loose('써모스탯'));
    // A dropped jamo: 워터퍼프 is 워터펌프 without its ㅁ.
    expect(nearestStretch(loose('워터퍼프'), loose('벤츠E클래스W213워터펌프'), 1)).toBe(loose('워터펌프'));
  });

  it('gives nothing when no stretch is within the budget', () => {
    expect(nearestStretch(loose('김치찌개'), loose('BMW3시리즈G20써모스탯'), 1)).toBeNull();
    expect(nearestStretch(loose('라디에니터'), loose('아우디A6C8라디에이터'), 0)).toBeNull();
  });
});

describe('syllableEdge: where a stretch of a name may start or end (docs/search.md#typos)', () => {
  it('is between two syllables, at either end, and beside a letter that is no jamo; never inside a syllable', () => {
    // 랜드로 = ㄹㅐㄴ ㄷㅡ ㄹㅗ: its syllables start at 0, 3 and 5.
    const rover = [...loose('랜드로')];
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((at) => syllableEdge(rover, at))).toEqual([
      true,
      false,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    // g20써: every place beside a letter or a digit.
    expect([0, 1, 2, 3, 4].map((at) => syllableEdge([...loose('g20써')], at))).toEqual([true, true, true, true, false]);
  });

  it('keeps nearestStretch to the stretches it lets through', () => {
    const text = loose('랜드로버');
    const edges = [...text];
    // 핸들 is one jamo from 랜드ㄹ, whose ㄹ is 로's: no stretch ends between syllables within one edit.
    expect(nearestStretch(loose('핸들'), text, 1)).toBe(loose('랜드ㄹ'));
    expect(
      nearestStretch(loose('핸들'), text, 1, (a, b) => syllableEdge(edges, a) && syllableEdge(edges, b)),
    ).toBeNull();
    expect(nearestStretch(loose('란드로'), text, 1, (a, b) => syllableEdge(edges, a) && syllableEdge(edges, b))).toBe(
      loose('랜드로'),
    );
  });
});

describe('splitPlaces: where a word no product has may be two words (docs/search.md#words-in-any-order)', () => {
  it('tries where letters and digits meet Hangul first, then each place between two syllables', () => {
    expect(splitPlaces('w213패드')).toEqual([4, 5]);
    expect(splitPlaces('스트라이커g20')).toEqual([5, 1, 2, 3, 4]);
    // 아우디 | a6 | 패드: never inside the model code a6.
    expect(splitPlaces('아우디a6패드')).toEqual([3, 5, 1, 2, 6]);
    // A single letter stays with its syllable as the buyer wrote it (E클래스), the part after it.
    expect(splitPlaces('e클래스패드')).toEqual([1, 2, 3, 4, 5]);
    expect(splitPlaces('앞패드')).toEqual([1, 2]);
  });

  it('gives no place to a word of one unit, of letters only, of other characters, or of more than 12 units', () => {
    expect(splitPlaces('패')).toEqual([]);
    expect(splitPlaces('w213')).toEqual([]);
    expect(splitPlaces('bmw')).toEqual([]);
    expect(splitPlaces('패드ß')).toEqual([]);
    // 12 units (a, then 11 syllables) are split; 13 are not.
    expect(splitPlaces('a인터쿨러파이프어셈블리')).toHaveLength(11);
    expect(splitPlaces('a인터쿨러파이프어셈블리키')).toEqual([]);
  });
});
