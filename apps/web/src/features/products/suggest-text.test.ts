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
});
