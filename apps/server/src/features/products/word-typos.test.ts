import { describe, expect, it } from 'vitest';
import { looseJamo, wordJamo } from '@partsmall/contract';
import { nearestStretch } from './word-typos.js';

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
