import { describe, expect, it } from 'vitest';
import { estimateCells } from './estimate-columns.js';
import { parseQuickOrderText, type QuickOrderParse } from './quick-order-lines.js';

/** Line, part number, quantity, memo and error of each row: what the buyer sees in the table. */
function brief(result: QuickOrderParse) {
  if (!result.ok) throw new Error(result.message);
  return result.rows.map((r) => [r.line, r.normalised, r.qty, r.memo, r.error ?? null]);
}

describe('a tab paste with a line break inside a quoted cell (docs/search.md#paste-anything)', () => {
  it('reads the quoted cell as one cell, as the CSV reader does: the quantity stays 2 and no junk line appears', () => {
    const text = '순번\t부품번호\t품명\t수량\t비고\n1\t42215489599\t"BMW\n필터"\t2\t\n2\tA2371291199\t벤츠\t3\t';
    expect(brief(parseQuickOrderText(text))).toEqual([
      [2, '42215489599', 2, '', null],
      [4, 'A2371291199', 3, '', null],
    ]);
  });

  it('a quoted memo with a line break and a doubled quote stays the memo of its line', () => {
    const text = '42215489599\t2\t"좌측\n""급함"""\nA2371291199\t3';
    expect(brief(parseQuickOrderText(text))).toEqual([
      [1, '42215489599', 2, '좌측 "급함"', null],
      [3, 'A2371291199', 3, '', null],
    ]);
  });

  it('a quote that never closes keeps the lines as typed', () => {
    expect(brief(parseQuickOrderText('42215489599\t2\t"17 휠\nA2371291199\t3'))).toEqual([
      [1, '42215489599', 2, '"17 휠', null],
      [2, 'A2371291199', 3, '', null],
    ]);
  });
});

describe('a thousands comma in a line of commas (docs/search.md#paste-anything)', () => {
  it.each([
    // A group of one to three digits that starts a cell, then groups of three up to a comma, a
    // space or the line's end: one number, whichever separator came before it.
    ['42215489599,1,200', 1200, ''],
    ['42215489599, 2,500', 2500, ''],
    ['42215489599 1,000', 1000, ''],
    ['42215489599,12,000', 12000, ''],
    // A memo after the quantity in its cell, past a space.
    ['42215489599,1,200 급함', 1200, '급함'],
    ['42215489599,2 급함', 2, '급함'],
    // Not a thousands number: the part number is more than three digits, the group after the comma
    // is not three digits.
    ['42215489599,200', 200, ''],
    ['42215489599,2,50', 2, '50'],
    ['42215489599,2,급함', 2, '급함'],
  ])('%j → quantity %j, memo %j', (line, qty, memo) => {
    expect(brief(parseQuickOrderText(line))).toEqual([[1, '42215489599', qty, memo, null]]);
  });

  it('A,1,200 is the quantity 1,200 (the rule above), pinned: part A, no memo; a quoted 200 is the memo', () => {
    expect(brief(parseQuickOrderText('A1234,1,200'))).toEqual([[1, 'A1234', 1200, '', null]]);
    expect(brief(parseQuickOrderText('A1234,1,"200"'))).toEqual([[1, 'A1234', 1, '200', null]]);
  });

  it('the lines of the report: 1,200 after a comma and a plain line below', () => {
    expect(brief(parseQuickOrderText('42215489599,1,200\nA2371291199,3'))).toEqual([
      [1, '42215489599', 1200, '', null],
      [2, 'A2371291199', 3, '', null],
    ]);
  });

  it('a header of commas names the columns, and a thousands comma below it stays in its cell', () => {
    expect(brief(parseQuickOrderText('품번,수량,비고\n42215489599,1,200,급함'))).toEqual([
      [2, '42215489599', 1200, '급함', null],
    ]);
  });

  it('an estimate line of commas cuts its cells by the same rule', () => {
    expect(estimateCells('1,42215489599,200,필터')).toEqual(['1', '42215489599', '200', '필터']);
    expect(estimateCells('1,A0004201220,패드,2,21,700')).toEqual(['1', 'A0004201220', '패드', '2', '21,700']);
  });
});

describe('two lines of one number whose quantities together pass 100,000', () => {
  it('stay one row of the whole quantity, not refused: the server offers what the stock and the cart allow', () => {
    const result = parseQuickOrderText('42215489599 60000\n42215489599 60000');
    if (!result.ok) throw new Error(result.message);
    expect(result.rows.map((r) => [r.line, r.qty, r.mergedLines ?? [], r.error ?? null])).toEqual([
      [1, 120000, [2], null],
    ]);
  });
});

describe('a line typed by hand after a pasted estimate (docs/search.md#paste-anything)', () => {
  const estimate = [
    '견 적 서',
    'No\t품번\t품명\t수량\t단가\t금액',
    '1\tA0004201220\t브레이크 패드\t2\t45,000\t90,000',
    '2\t1K0698151A\t디스크\t1\t70,000\t70,000',
  ].join('\n');

  it.each(['5Q0615301F 2', '5Q0615301F\t2', '5Q0615301F  2'])(
    'keeps %j as its own line (it was cut off with the text around the table)',
    (typed) => {
      expect(brief(parseQuickOrderText(`${estimate}\n${typed}`))).toEqual([
        [3, 'A0004201220', 2, '', null],
        [4, '1K0698151A', 1, '', null],
        [5, '5Q0615301F', 2, '', null],
      ]);
    },
  );

  it('still leaves out a closing sentence, a totals line and a date after the table', () => {
    const text = `${estimate}\n합계 160,000\n위와 같이 견적합니다.\n2026.11.21\nA2371291199 3`;
    expect(brief(parseQuickOrderText(text))).toEqual([
      [3, 'A0004201220', 2, '', null],
      [4, '1K0698151A', 1, '', null],
      [8, 'A2371291199', 3, '', null],
    ]);
  });

  it('reads three typed lines under a short estimate with the table, by its columns', () => {
    const text = `${estimate}\n5Q0615301F 2\nA2371291199 3\n34116860242 1\n위와 같이 견적합니다.`;
    const read = parseQuickOrderText(text);
    expect(brief(read)).toEqual([
      [3, 'A0004201220', 2, '', null],
      [4, '1K0698151A', 1, '', null],
      [5, '5Q0615301F', 2, '', null],
      [6, 'A2371291199', 3, '', null],
      [7, '34116860242', 1, '', null],
    ]);
    expect(read.ok && read.columns?.roles).toEqual(['line', 'part', 'name', 'qty', 'price', 'amount']);
  });

  it('reads typed lines under a table without a header by the columns of the table alone', () => {
    const rows = ['1  A0004201220  브레이크 패드  2  45,000  90,000', '2  1K0698151A  디스크  1  70,000  70,000'];
    const read = parseQuickOrderText([...rows, '5Q0615301F\t2', 'A2371291199\t3', '34116860242\t1'].join('\n'));
    expect(brief(read)).toEqual([
      [1, 'A0004201220', 2, '', null],
      [2, '1K0698151A', 1, '', null],
      [3, '5Q0615301F', 2, '', null],
      [4, 'A2371291199', 3, '', null],
      [5, '34116860242', 1, '', null],
    ]);
    expect(read.ok && read.columns?.roles).toEqual(['line', 'part', 'name', 'qty', 'price', 'amount']);
  });

  it.each([
    '02-1234-5678',
    'TEL 02-1234-5678',
    '010-1234-5678',
    '1588-1234',
    '123-45-67890',
    '110-123-456789',
    '160000',
    '11/21/2026',
    '21.11.2026',
    '2026-11-21 14:05',
    'Q-20261121-001',
    'Page 1 of 2',
    // A phone or a number with its label, or as a mobile's bare digits.
    'Tel.02-1234-5678',
    'FAX.031-123-4567',
    '+82-2-1234-5678',
    '(02)1234-5678',
    'No.123-45-67890',
    '01012345678',
  ])('leaves out %j after the table: a phone, a business or account number, a total, a date, a page', (line) => {
    expect(brief(parseQuickOrderText(`${estimate}\n${line}`))).toEqual([
      [3, 'A0004201220', 2, '', null],
      [4, '1K0698151A', 1, '', null],
    ]);
  });

  it.each([
    ['5Q0615301F', '5Q0615301F', 1],
    ['A2371291199 3', 'A2371291199', 3],
    ['34116860242 1', '34116860242', 1],
    ['96950990 2', '96950990', 2],
    ['04465-33450 4', '0446533450', 4],
    // Eight digits shaped like a date are a part number all the same: dropped, it was lost without a word.
    ['19210908 2', '19210908', 2],
    ['20261121', '20261121', 1],
  ])('reads %j after the table as typed', (line, part, qty) => {
    expect(brief(parseQuickOrderText(`${estimate}\n${line}`))).toEqual([
      [3, 'A0004201220', 2, '', null],
      [4, '1K0698151A', 1, '', null],
      [5, part, qty, '', null],
    ]);
  });

  it('a wide row a PDF squeezed into single spaces stays a refused row of the table, not a typed line', () => {
    const pdf = [
      'No  품번  품명  수량  단가  금액',
      '1  A0004201220  브레이크 패드  2  45,000  90,000',
      '2 0986494524 DISC 1 70,000 70,000',
      '3  1K0698151A  디스크  1  70,000  70,000',
    ].join('\n');
    expect(brief(parseQuickOrderText(pdf))).toEqual([
      [2, 'A0004201220', 2, '', null],
      [3, '', null, '', '품번에 영문 또는 숫자가 없습니다.'],
      [4, '1K0698151A', 1, '', null],
    ]);
  });
});
