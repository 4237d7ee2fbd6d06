import { describe, expect, it } from 'vitest';
import { csvDelimiter, csvRows } from './csv.js';

/** The one CSV reader of quick order (docs/search.md#paste-anything): a pasted CSV and an uploaded one. */
describe('csvRows', () => {
  it('reads quoted cells: commas, doubled quotes and line breaks inside them', () => {
    expect(csvRows('"42215489599","2","좌측, 앞"\n"A2371291199",3,"12"" 휠"\n"줄\n바꿈",1')).toEqual([
      { line: 1, cells: ['42215489599', '2', '좌측, 앞'] },
      { line: 2, cells: ['A2371291199', '3', '12" 휠'] },
      { line: 3, cells: ['줄\n바꿈', '1'] },
    ]);
  });

  it('splits at one delimiter per text; rows of any width; empty lines skipped, line numbers kept', () => {
    expect(csvRows('a,b\r\n\r\nc,d,e\n\nf\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['c', 'd', 'e'] },
      { line: 5, cells: ['f'] },
    ]);
    expect(csvRows(',,\n')).toEqual([{ line: 1, cells: ['', '', ''] }]);
    expect(csvRows('a,b', [','])).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(csvRows('a;b', [','])).toEqual([{ line: 1, cells: ['a;b'] }]);
  });

  it('a text with tabs (Excel’s Unicode text) splits at tabs only: a thousands comma and a memo’s comma stay', () => {
    expect(csvRows('품번\t수량\t메모\n70293721511\t1,200\t급함\nLR270635\t2\t좌,우; 교환')).toEqual([
      { line: 1, cells: ['품번', '수량', '메모'] },
      { line: 2, cells: ['70293721511', '1,200', '급함'] },
      { line: 3, cells: ['LR270635', '2', '좌,우; 교환'] },
    ]);
    expect(csvDelimiter('A1\t"좌, 우"\t2')).toBe('\t');
  });

  it('without tabs, commas or semicolons (Excel in some locales), whichever cuts the text into more cells', () => {
    expect(csvRows('품번;수량;메모\n70293721511;1,200;좌, 우')).toEqual([
      { line: 1, cells: ['품번', '수량', '메모'] },
      { line: 2, cells: ['70293721511', '1,200', '좌, 우'] },
    ]);
    expect(csvRows('70293721511,2,좌;우')).toEqual([{ line: 1, cells: ['70293721511', '2', '좌;우'] }]);
    // A tab inside a quoted cell of a comma CSV does not make it a tab file; a tie is commas.
    expect(csvDelimiter('"A\t1",2,3\nB,4,5')).toBe(',');
    expect(csvDelimiter('a,b;c')).toBe(',');
    expect(csvDelimiter('')).toBe(',');
  });

  it('a comma CSV whose quoted cell holds a tab, anywhere in a line, stays a comma CSV; a tab file stays one', () => {
    expect(csvRows('품번,수량,메모\nB100,4,"좌\t우"')).toEqual([
      { line: 1, cells: ['품번', '수량', '메모'] },
      { line: 2, cells: ['B100', '4', '좌\t우'] },
    ]);
    expect(csvDelimiter('B100,4,"좌\t우"')).toBe(',');
    expect(csvDelimiter('B100;4;"좌\t우"\nB200;5;급함')).toBe(';');
    // A memo's commas, an inch mark, one line or many: still tabs.
    expect(csvDelimiter('A100\t1\ta,b,c,d')).toBe('\t');
    expect(csvDelimiter('A100\t17" 휠\t2')).toBe('\t');
    expect(csvDelimiter('품번\t수량\t메모\nA100\t1\t좌,우\nB200\t2\t급함,오늘,내일')).toBe('\t');
  });

  it('keeps unquoted cells as written; spaces around a quoted cell go; a quote inside an unquoted cell is a character', () => {
    expect(csvRows(' a , "b" ,"c"')).toEqual([{ line: 1, cells: [' a ', 'b', 'c'] }]);
    expect(csvRows('17" 휠,2')).toEqual([{ line: 1, cells: ['17" 휠', '2'] }]);
    expect(csvRows('""')).toEqual([{ line: 1, cells: [''] }]);
  });

  it('is null for a quote never closed, or text after a closing quote', () => {
    expect(csvRows('"A1,2\n')).toBeNull();
    expect(csvRows('"A1"B,2')).toBeNull();
    expect(csvRows('A1,"2')).toBeNull();
  });
});
