import { describe, expect, it } from 'vitest';
import { parseQuickOrderText, type QuickOrderParse, type QuickOrderRow } from './quick-order-lines.js';

/**
 * Lines typed above or below a pasted table (docs/search.md#paste-anything): each is read as the same
 * line is read in a paste without a table, or left out only as an estimate's own text (a title, a
 * closing sentence, a total, a phone, a date, a page number). Before, a typed line with a Korean memo,
 * a number written with spaces or one without digits vanished with no row and no message.
 */
function rows(result: QuickOrderParse): QuickOrderRow[] {
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

/** Line, part number, quantity, memo, lines merged into it and error of each row. */
const brief = (result: QuickOrderParse) =>
  rows(result).map((r) => [r.line, r.normalised, r.qty, r.memo, r.mergedLines ?? [], r.error ?? null]);

/** Every line number a row stands for: its own and those merged into it. */
const linesRead = (result: QuickOrderParse) => rows(result).flatMap((r) => [r.line, ...(r.mergedLines ?? [])]);

describe('lines typed below a pasted Excel table', () => {
  it('the probe’s paste: the line with a Korean memo below the table is a row of its own', () => {
    const text = '번호\t품번\t수량\n1\t42215489599\t2\n2\tA9734411971\t1\n4M0945615A 3\n670075871 2 급함';
    const read = parseQuickOrderText(text);
    expect(brief(read)).toEqual([
      [2, '42215489599', 2, '', [], null],
      [3, 'A9734411971', 1, '', [], null],
      [4, '4M0945615A', 3, '', [], null],
      [5, '670075871', 2, '급함', [], null],
    ]);
    expect(read.ok && read.columns?.roles).toEqual(['line', 'part', 'qty']);
  });

  it('nine lines: every line 2..9 is a row, merged into one, or refused with its reason', () => {
    const text = [
      '품번\t수량\t메모',
      '42215489599\t2\t작업1',
      'A9734411971\t1\t급함',
      '4M0945615A 3 급함',
      'A 973 441 19 71 2',
      '670075871 4',
      'ZZZNOTEXIST 1',
      'LR458507 0',
      'T4A19557 1',
    ].join('\n');
    const read = parseQuickOrderText(text);
    expect(brief(read)).toEqual([
      [2, '42215489599', 2, '작업1', [], null],
      // A 973 441 19 71 is the number of line 3 written with spaces: one row, the quantities added.
      [3, 'A9734411971', 3, '급함', [5], null],
      [4, '4M0945615A', 3, '급함', [], null],
      [6, '670075871', 4, '', [], null],
      [7, 'ZZZNOTEXIST', 1, '', [], null],
      [8, 'LR458507', null, '', [], '수량은 1 이상의 정수로 입력하세요.'],
      [9, 'T4A19557', 1, '', [], null],
    ]);
    expect(linesRead(read).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(read.ok && read.columns?.roles).toEqual(['part', 'qty', 'memo']);
  });

  const table = '번호\t품번\t수량\n1\t42215489599\t2\n2\t34116860242\t1';

  it.each([
    '4M0945615A 3 급함',
    '670075871 2 급함',
    'A 973 441 19 71 2',
    'ZZZNOTEXIST 1',
    'LR458507 0',
    'T4A19557 1',
    '5Q0615301F 2 좌측 앞',
    // No part number: refused with its reason, as on its own.
    '브레이크 패드 2개',
  ])('reads %j below the table exactly as it reads alone', (line) => {
    const alone = rows(parseQuickOrderText(line))[0]!;
    const below = rows(parseQuickOrderText(`${table}\n${line}`));
    expect(below.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(below[2]).toEqual({ ...alone, line: 4 });
  });

  it('a short number with a quantity after it is a line; alone it is a total, left out', () => {
    expect(linesRead(parseQuickOrderText(`${table}\n160000 2`))).toEqual([2, 3, 4]);
  });

  it('a line that cannot be read is an invalid row with its line number and reason', () => {
    expect(brief(parseQuickOrderText(`${table}\n브레이크 패드 2개\nLR458507 -1`))).toEqual([
      [2, '42215489599', 2, '', [], null],
      [3, '34116860242', 1, '', [], null],
      [4, '', null, '', [], '품번에 영문 또는 숫자가 없습니다.'],
      [5, 'LR458507', null, '', [], '수량은 1 이상의 정수로 입력하세요.'],
    ]);
  });

  it('a line typed above the table is read too; the title is left out', () => {
    const text = `견 적 서\nA2371291199 3 급함\n${table}\n위와 같이 견적합니다.`;
    expect(brief(parseQuickOrderText(text))).toEqual([
      [2, 'A2371291199', 3, '급함', [], null],
      [4, '42215489599', 2, '', [], null],
      [5, '34116860242', 1, '', [], null],
    ]);
  });

  it.each([
    '(주)부품상사 귀하',
    '2026년 11월 21일',
    '유효기간: 견적일로부터 30일',
    'E-mail: parts@example.com',
    'www.parts.co.kr',
    'Thank you',
    '- 1 -',
    '1/2',
    '2 페이지',
    '160000',
    '160,000원',
    '부가세 16,000',
    'Total 176,000',
    '품번 수량',
  ])('leaves out %j, an estimate’s own text with no part number and no quantity', (line) => {
    expect(linesRead(parseQuickOrderText(`${table}\n${line}`))).toEqual([2, 3]);
  });
});
