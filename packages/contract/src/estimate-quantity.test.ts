import { describe, expect, it } from 'vitest';
import { parseQuickOrderCells, parseQuickOrderText, type QuickOrderParse } from './quick-order-lines.js';

/**
 * An estimate's quantity column with a quantity that cannot be read (docs/search.md#paste-anything):
 * that line is refused with its message, the others keep their quantities, and no line of an
 * estimate is ever read as one piece because its quantity was not found.
 */
function read(result: QuickOrderParse) {
  if (!result.ok) throw new Error(result.message);
  return {
    rows: result.rows.map((r) => [r.line, r.normalised, r.qty, r.error ?? null]),
    roles: result.columns?.roles ?? null,
  };
}

/** Three lines of an estimate without a header; the second line's quantity is `qty`. */
const estimate = (qty: string) =>
  [
    '1\t42215489599\t엔진오일 필터\t5\t21,700\t108,500',
    `2\tA9734411971\t에어 필터\t${qty}\t37,400\t56,100`,
    '3\t4M0945615A\t실내 필터\t3\t25,200\t75,600',
  ].join('\n');

const ROLES = ['line', 'part', 'name', 'qty', 'price', 'amount'];

describe('an estimate with one quantity that cannot be read', () => {
  it.each([
    ['1.5', '수량은 1 이상의 정수로 입력하세요.'],
    ['-1', '수량은 1 이상의 정수로 입력하세요.'],
    ['0', '수량은 1 이상의 정수로 입력하세요.'],
    ['두개', '수량을 숫자로 입력하세요.'],
    ['2개 (예비 1)', '수량을 숫자로 입력하세요.'],
  ])('quantity %s: that line is refused, the others keep 5 and 3', (qty, message) => {
    expect(read(parseQuickOrderText(estimate(qty)))).toEqual({
      rows: [
        [1, '42215489599', 5, null],
        [2, 'A9734411971', null, message],
        [3, '4M0945615A', 3, null],
      ],
      roles: ROLES,
    });
  });

  it('two lines, one of them a word: the quantity column is still found', () => {
    const text = [
      '1\t42215489599\t엔진오일 필터\t5\t21,700\t108,500',
      '2\tA9734411971\t에어 필터\t두개\t37,400\t74,800',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', 5, null],
        [2, 'A9734411971', null, '수량을 숫자로 입력하세요.'],
      ],
      roles: ROLES,
    });
  });

  it('the same in a file (a CSV or an xlsx read into cells)', () => {
    const result = parseQuickOrderCells([
      { line: 1, cells: ['1', '42215489599', '엔진오일 필터', '5', '21700', '108500'] },
      { line: 2, cells: ['2', 'A9734411971', '에어 필터', '1.5', '37400', '56100'] },
      { line: 3, cells: ['3', '4M0945615A', '실내 필터', '3', '25200', '75600'] },
    ]);
    expect(read(result).rows).toEqual([
      [1, '42215489599', 5, null],
      [2, 'A9734411971', null, '수량은 1 이상의 정수로 입력하세요.'],
      [3, '4M0945615A', 3, null],
    ]);
  });
});

describe('quantities of a thousand or more', () => {
  it('are the quantity when quantity × unit price is the amount, not a second unit price', () => {
    const text = [
      '1\t42215489599\t엔진오일 필터\t1000\t21,700\t21,700,000',
      '2\tA9734411971\t에어 필터\t1200\t37,400\t44,880,000',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', 1000, null],
        [2, 'A9734411971', 1200, null],
      ],
      roles: ROLES,
    });
  });

  it('written with a thousands comma too', () => {
    const text = [
      '1\t42215489599\t엔진오일 필터\t1,000\t21,700\t21,700,000',
      '2\tA9734411971\t에어 필터\t2,000\t37,400\t74,800,000',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', 1000, null],
        [2, 'A9734411971', 2000, null],
      ],
      roles: ROLES,
    });
  });
});

describe('an estimate table without a quantity column', () => {
  const MISSING = '수량 열을 찾지 못했습니다. 읽은 열에서 수량 열을 고르거나 수량을 넣어 다시 보내 주세요.';

  it('is never read as one piece a line: every line asks for its quantity', () => {
    const text = ['1\t42215489599\t엔진오일 필터\t21,700', '2\tA9734411971\t에어 필터\t37,400'].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', null, MISSING],
        [2, 'A9734411971', null, MISSING],
      ],
      roles: ['line', 'part', 'name', 'price'],
    });
  });

  it('nor when the buyer’s correction leaves no column as the quantity', () => {
    const text = estimate('2');
    expect(read(parseQuickOrderText(text, ['line', 'part', 'name', 'other', 'price', 'amount'])).rows).toEqual([
      [1, '42215489599', null, MISSING],
      [2, 'A9734411971', null, MISSING],
      [3, '4M0945615A', null, MISSING],
    ]);
  });

  it('a plain list of part numbers still means one piece each', () => {
    expect(read(parseQuickOrderText('42215489599\nA9734411971'))).toEqual({
      rows: [
        [1, '42215489599', 1, null],
        [2, 'A9734411971', 1, null],
      ],
      roles: null,
    });
  });
});
