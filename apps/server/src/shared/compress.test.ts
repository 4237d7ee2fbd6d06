import { describe, expect, it } from 'vitest';
import { hasBytes } from './compress.js';

describe('hasBytes: whether an answer is long enough to compress, in UTF-8 bytes', () => {
  it('counts ASCII text one byte a character, on both sides of the limit', () => {
    expect(hasBytes('a'.repeat(1023), 1024)).toBe(false);
    expect(hasBytes('a'.repeat(1024), 1024)).toBe(true);
  });

  it('counts Korean syllables three bytes each: 341 are 1,023 bytes, 342 are 1,026', () => {
    expect(hasBytes('가'.repeat(341), 1024)).toBe(false);
    expect(hasBytes('가'.repeat(341) + 'a', 1024)).toBe(true);
    expect(hasBytes('가'.repeat(342), 1024)).toBe(true);
  });

  it('counts a character outside the BMP (a surrogate pair) four bytes', () => {
    // 255 pairs (1,020 bytes) and three ASCII characters: 1,023 bytes in 513 UTF-16 units.
    expect(hasBytes('😀'.repeat(255) + 'abc', 1024)).toBe(false);
    expect(hasBytes('😀'.repeat(256), 1024)).toBe(true);
  });

  it('measures a buffer by its length', () => {
    expect(hasBytes(Buffer.alloc(1023), 1024)).toBe(false);
    expect(hasBytes(Buffer.alloc(1024), 1024)).toBe(true);
  });
});
