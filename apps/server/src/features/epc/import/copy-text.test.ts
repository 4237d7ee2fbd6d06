import { describe, expect, it } from 'vitest';
import { arrayLiteral, copyRow, CopyBuffer, prefixRows } from './copy-text.js';

describe('COPY text encoding', () => {
  it('escapes backslash, tab, newline and carriage return, and writes NULL as \\N', () => {
    expect(copyRow(['a\\b', 'c\td', 'e\nf', 'g\rh', null, ''])).toBe('a\\\\b\tc\\td\te\\nf\tg\\rh\t\\N\t\n');
  });

  it('writes numbers, booleans, JSON and text arrays', () => {
    expect(
      copyRow([12, -3, true, false, { json: { all: ['S337'], note: 'a\tb' } }, ['34_1012,1', 'x"y', 'back\\slash']]),
    ).toBe('12\t-3\tt\tf\t{"all":["S337"],"note":"a\\\\tb"}\t{"34_1012,1","x\\\\"y","back\\\\\\\\slash"}\n');
  });

  it('quotes every array element so commas, braces and spaces survive', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['a,b', '{c}', 'd e', 'NULL'])).toBe('{"a,b","{c}","d e","NULL"}');
  });

  it('refuses a number PostgreSQL cannot read', () => {
    expect(() => copyRow([Number.NaN])).toThrow();
    expect(() => copyRow([Infinity])).toThrow();
  });

  it('puts the catalogue id before every row of a chunk', () => {
    expect(prefixRows('a\tb\nc\\nd\te\n', '7')).toBe('7\ta\tb\n7\tc\\nd\te\n');
    expect(prefixRows('', '7')).toBe('');
  });

  it('cuts rows into chunks of about the asked size, never inside a row', () => {
    const buffer = new CopyBuffer(10);
    for (let i = 0; i < 5; i++) buffer.push([`row-${i}`, i]);
    const chunks = buffer.done();
    expect(buffer.rows).toBe(5);
    expect(chunks.join('')).toBe('row-0\t0\nrow-1\t1\nrow-2\t2\nrow-3\t3\nrow-4\t4\n');
    expect(chunks.every((c) => c.endsWith('\n'))).toBe(true);
    expect(chunks.length).toBe(3);
  });
});
