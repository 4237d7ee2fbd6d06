import { describe, expect, it } from 'vitest';
import { codeOfCell, csvRecordLines, parseCsv, recordLineOf, textOfCell, toCsv } from './csv.js';

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

/** A text written by toCsv and read back by an import (docs/requirements.md#back-office). */
describe('toCsv and textOfCell', () => {
  const cellsOf = (values: (string | number)[]) =>
    toCsv([values])
      .replace(/^\uFEFF/, '')
      .replace(/\r\n$/, '');
  const roundTrip = (text: string) =>
    textOfCell(
      parseCsv(
        toCsv([
          ['h', 'i'],
          [text, 'x'],
        ]),
      )[1]![0]!,
    );

  it('puts an apostrophe before a text a spreadsheet would run as a formula, a number stays bare', () => {
    expect(cellsOf(['=1+1', '+1', '-2', '@SUM(A1)', '\t=x', '\r=x', -5, '가-나'])).toBe(
      `'=1+1,'+1,'-2,'@SUM(A1),'\t=x,"'\r=x",-5,가-나`,
    );
  });

  it('gives a text that starts with apostrophes before one of those one apostrophe more, and no other', () => {
    expect(cellsOf(["'", "'=x", "''+1", "'a", "''", "'07"])).toBe(`',''=x,'''+1,'a,'','07`);
  });

  it('writes a code of digits Excel would change (a leading zero, 12 digits and more) as ="…"', () => {
    expect(
      cellsOf(['07119915325', '1234567890123456', '123456789012', '7119915325', '0', '00', 7119915325, 123456789012]),
    ).toBe(
      '"=""07119915325""","=""1234567890123456""","=""123456789012""",7119915325,0,"=""00""",7119915325,123456789012',
    );
  });

  it('reads every text back as it was written', () => {
    const texts = [
      "'",
      "''",
      "''=",
      "'+1",
      "'=x",
      "'''-",
      '=1',
      '-',
      '@a',
      '+',
      '\t=cmd',
      '\r=cmd',
      "'\t",
      '원본 부품',
      "'+1 원본",
      '07119915325',
      '1234567890123456',
      '7119915325',
      '0',
      '="07"',
      '\'="07"',
      '="a"&"b"',
      'a,"b"\r\nc',
      '',
    ];
    expect(texts.map(roundTrip)).toEqual(texts);
  });

  it('reads ="…" as the text inside, and any other cell by the apostrophe rule alone', () => {
    expect(['="07119915325"', '="a""b"', '="a"&"b"', "'=x", "''=x", "'x", "'", '=x'].map(textOfCell)).toEqual([
      '07119915325',
      'a"b',
      '="a"&"b"',
      '=x',
      "'=x",
      "'x",
      "'",
      '=x',
    ]);
  });

  it('codeOfCell reads ="…" as the text inside and leaves every other cell as it is', () => {
    expect(['="07119915325"', "'=x", "'07", '=x', 'AB-1'].map(codeOfCell)).toEqual([
      '07119915325',
      "'=x",
      "'07",
      '=x',
      'AB-1',
    ]);
  });
});
