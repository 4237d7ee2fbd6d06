import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.js';
import { cutText, illFormedTextPath, isWellFormedText, safeParseInput, wellFormedText } from './unicode.js';

describe('well-formed text', () => {
  it.each([
    ['a lone high surrogate', '\ud800', false],
    ['a high surrogate before a letter', '\ud800x', false],
    ['a lone low surrogate', 'x\udfff', false],
    ['a pair in the wrong order', '\ude00\ud83d', false],
    ['an emoji (a proper pair)', '😀', true],
    ['Hangul and the last code point', '한글\u{10ffff}', true],
    ['a noncharacter (well-formed)', '\uffff', true],
    ['empty', '', true],
  ])('%s', (_what, text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });

  it('finds the first ill-formed string of an input, in values and keys, at any depth', () => {
    expect(illFormedTextPath({ a: 'ok', b: [1, 'fine', { c: 'x\ud800' }] })).toEqual(['b', 2, 'c']);
    expect(illFormedTextPath({ ['k\udc00']: 1 })).toEqual(['k\udc00']);
    expect(illFormedTextPath('\ud800')).toEqual([]);
    expect(illFormedTextPath({ a: '😀', b: [null, 1, true] })).toBeNull();
    let deep: unknown = '\ud800';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(illFormedTextPath(deep)).toHaveLength(50_000);
  });

  it('checks a flat payload field by field, in order, keys and values alike', () => {
    expect(illFormedTextPath({ vin: 'WDD', mcid: 'x\ud800', lang: 'y\udc00' })).toEqual(['mcid']);
    expect(illFormedTextPath({ vin: 'WDD', ['l\udc00']: 'KR', n: 3 })).toEqual(['l\udc00']);
    expect(illFormedTextPath({ vin: 'WDD😀', n: 3, ok: true, none: null })).toBeNull();
    expect(illFormedTextPath({})).toBeNull();
  });

  it("refuses before the schema with the text message on the field's path", () => {
    const schema = z.object({ reason: z.string().max(200) });
    const refused = safeParseInput(schema, { reason: '\ud800x' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues).toEqual([expect.objectContaining({ message: MSG.textInvalid, path: ['reason'] })]);
    expect(safeParseInput(schema, { reason: '재고 조정 😀' })).toEqual({
      success: true,
      data: { reason: '재고 조정 😀' },
    });
  });
});

describe('cutText', () => {
  it('keeps a text within the units, cuts a longer one, and keeps or leaves out a surrogate pair whole', () => {
    expect(cutText('ab🚗', 4)).toBe('ab🚗');
    expect(cutText('ab🚗x', 4)).toBe('ab🚗');
    expect(cutText('ab🚗', 3)).toBe('ab');
    expect(cutText('ab🚗', 2)).toBe('ab');
    expect(cutText('브레이크', 2)).toBe('브레');
    expect(isWellFormedText(cutText('🚗🚗🚗', 5))).toBe(true);
  });
});

describe('wellFormedText', () => {
  it('makes each lone surrogate U+FFFD and keeps a pair (an emoji) whole', () => {
    expect(wellFormedText('가\ud83d나')).toBe('가\ufffd나');
    expect(wellFormedText('\ude00끝')).toBe('\ufffd끝');
    expect(wellFormedText('배송 😀 완료')).toBe('배송 😀 완료');
  });
  it('does the same where the runtime has no toWellFormed', () => {
    const own = Object.getOwnPropertyDescriptor(String.prototype, 'toWellFormed');
    try {
      if (own) delete (String.prototype as { toWellFormed?: unknown }).toWellFormed;
      expect(wellFormedText('가\ud83d나 😀 \ude00')).toBe('가\ufffd나 😀 \ufffd');
    } finally {
      if (own) Object.defineProperty(String.prototype, 'toWellFormed', own);
    }
  });
});
