import { describe, expect, it } from 'vitest';
import { csvRows } from './csv.js';

/** The one CSV reader of quick order (docs/search.md#paste-anything): a pasted CSV and an uploaded one. */
describe('csvRows', () => {
  it('reads quoted cells: commas, doubled quotes and line breaks inside them', () => {
    expect(csvRows('"42215489599","2","좌측, 앞"\n"A2371291199",3,"12"" 휠"\n"줄\n바꿈",1')).toEqual([
      { line: 1, cells: ['42215489599', '2', '좌측, 앞'] },
      { line: 2, cells: ['A2371291199', '3', '12" 휠'] },
      { line: 3, cells: ['줄\n바꿈', '1'] },
    ]);
  });

  it('splits at commas, tabs and semicolons; rows of any width; empty lines skipped, line numbers kept', () => {
    expect(csvRows('a,b\r\n\r\nc;d\te\n\nf\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['c', 'd', 'e'] },
      { line: 5, cells: ['f'] },
    ]);
    expect(csvRows(',,\n')).toEqual([{ line: 1, cells: ['', '', ''] }]);
    expect(csvRows('a,b', [','])).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(csvRows('a;b', [','])).toEqual([{ line: 1, cells: ['a;b'] }]);
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
