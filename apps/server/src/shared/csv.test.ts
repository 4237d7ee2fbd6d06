import { describe, expect, it } from 'vitest';
import { csvRecordLines, parseCsv, recordLineOf } from './csv.js';

/** Each parsed record's line in the file (docs/requirements.md#back-office): what a CSV preview names. */
describe('csvRecordLines', () => {
  const both = (text: string) => ({ records: parseCsv(text).map((r) => r[0]), lines: csvRecordLines(text) });

  it('counts the blank lines the parser skips, before, between and after the records', () => {
    expect(both('\n\na,b\n\n\nc,d\n\n')).toEqual({ records: ['a', 'c'], lines: [3, 6] });
    expect(both('\uFEFF\r\na,b\r\n\r\nc,d\r\n')).toEqual({ records: ['a', 'c'], lines: [2, 4] });
  });

  it('counts the line breaks inside a quoted cell, blank ones and doubled quotes included', () => {
    expect(both('a,b\n"x\n\ny",z\n"say ""hi""\r\nthere",w\ne,f')).toEqual({
      records: ['a', 'x\n\ny', 'say "hi"\r\nthere', 'e'],
      lines: [1, 2, 5, 7],
    });
  });

  it('reads a file whose line endings change part way as an editor shows it', () => {
    expect(both('a,b\nc,d\r\ne,f\r\n')).toEqual({ records: ['a', 'c', 'e'], lines: [1, 2, 3] });
  });
});

describe('recordLineOf', () => {
  it('names a record by its file line, or by its place when a count disagrees (never a wrong line)', () => {
    const text = 'h\n\na\n\nb\n';
    const lineOf = recordLineOf(text, parseCsv(text).length);
    expect([0, 1, 2].map(lineOf)).toEqual([1, 3, 5]);
    const off = recordLineOf(text, 4);
    expect([0, 1, 2].map(off)).toEqual([1, 2, 3]);
  });
});
