import { describe, expect, it } from 'vitest';
import { suggestionText } from './suggest-text';

describe('suggestionText', () => {
  it('asks nothing for a lone jamo or blanks', () => {
    expect(suggestionText('ㅂ')).toBe('');
    expect(suggestionText(' ㅎ ')).toBe('');
    expect(suggestionText('   ')).toBe('');
  });

  it('asks for 초성 of two or more, syllables and numbers, trimmed and cut at 100 characters', () => {
    expect(suggestionText('ㅂㄹ')).toBe('ㅂㄹ');
    expect(suggestionText(' 브레이크 ')).toBe('브레이크');
    expect(suggestionText('HU816X')).toBe('HU816X');
    expect(suggestionText('가'.repeat(150))).toBe('가'.repeat(100));
  });

  it('never cuts an emoji in half: one whose second half would be the 101st unit is left out whole', () => {
    // 99 units then a surrogate pair: cut at 100 units it left a lone '\ud83d', which the server refuses.
    expect(suggestionText(`${'가'.repeat(99)}🚗 패드`)).toBe('가'.repeat(99));
    expect(suggestionText(`${'가'.repeat(98)}🚗 패드`)).toBe(`${'가'.repeat(98)}🚗`);
  });
});
