import { describe, expect, it } from 'vitest';
import { gridQueryOf } from './api';

describe('gridQueryOf', () => {
  it('keeps a keyword of 200 units, cuts a longer one, and never through an emoji', () => {
    const of = (keyword: string) => gridQueryOf(new URLSearchParams({ keyword }), false).keyword;
    expect(of('가'.repeat(200))).toBe('가'.repeat(200));
    expect(of('가'.repeat(201))).toBe('가'.repeat(200));
    // The 200th unit is the first half of a surrogate pair: the pair goes whole.
    expect(of(`${'가'.repeat(199)}🚗`)).toBe('가'.repeat(199));
    expect(of(`${'가'.repeat(198)}🚗`)).toBe(`${'가'.repeat(198)}🚗`);
  });
});
