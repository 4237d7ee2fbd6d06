import { describe, expect, it } from 'vitest';
import {
  parseQuickOrderCells,
  parseQuickOrderText,
  type QuickOrderParse,
  type QuickOrderRow,
} from './quick-order-lines.js';

function rows(result: QuickOrderParse): QuickOrderRow[] {
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

/** Part number, quantity, memo and error of each row: what the buyer sees in the table. */
function brief(result: QuickOrderParse) {
  return rows(result).map((r) => [r.line, r.normalised, r.qty, r.memo, r.error ?? null]);
}

describe('parseQuickOrderText: separators', () => {
  it('reads tabs as Excel copies them, commas, and a PDF estimate’s runs of spaces', () => {
    const text = [
      'A 000 420 12 20\t2\t앞 패드',
      '34-11-6-860-242,3,좌측',
      '06A 906 033    4    밸브',
      '0986 494 123\t1',
    ].join('\n');
    expect(brief(parseQuickOrderText(text))).toEqual([
      [1, 'A0004201220', 2, '앞 패드', null],
      [2, '34116860242', 3, '좌측', null],
      [3, '06A906033', 4, '밸브', null],
      [4, '0986494123', 1, '', null],
    ]);
  });

  it('reads a line of single spaces: the number’s groups, then the quantity, then the memo', () => {
    const result = rows(parseQuickOrderText('34 11 6 860 242 2 앞 브레이크\nA 000 420 12 20 5\nW212 쇼바 2'));
    expect(result[0]).toEqual({
      line: 1,
      raw: '34 11 6 860 242 2 앞 브레이크',
      partNumber: '34 11 6 860 242',
      normalised: '34116860242',
      qty: 2,
      memo: '앞 브레이크',
    });
    // Quantity 5 or the last group of A 000 420 12 20 5? Both readings are kept for the server.
    expect(result[1]).toEqual({
      line: 2,
      raw: 'A 000 420 12 20 5',
      partNumber: 'A 000 420 12 20',
      normalised: 'A0004201220',
      qty: 5,
      memo: '',
      alternative: { partNumber: 'A 000 420 12 20 5', normalised: 'A00042012205', qty: 1 },
    });
    expect(result[2]!.error).toBe('수량을 숫자로 입력하세요.');
  });

  it('reads a thousands comma after a space as part of the quantity', () => {
    expect(brief(parseQuickOrderText('A0004201220 1,000\nB1 2,500 창고\n34 11 6 860 242,2'))).toEqual([
      [1, 'A0004201220', 1000, '', null],
      [2, 'B1', 2500, '창고', null],
      [3, '34116860242', 2, '', null],
    ]);
  });

  it('takes a number alone as one piece, and a quantity with a unit', () => {
    expect(brief(parseQuickOrderText('A0004201220\n0034116860 3개 급함\n11427953129 2EA'))).toEqual([
      [1, 'A0004201220', 1, '', null],
      [2, '0034116860', 3, '급함', null],
      [3, '11427953129', 2, '', null],
    ]);
  });

  it('skips blank lines and header rows, and keeps the lines’ own numbers', () => {
    const text = '품번, 수량\n\n  \nA1,2\r\n품번 수량 비고\r\nB2 3';
    expect(brief(parseQuickOrderText(text))).toEqual([
      [4, 'A1', 2, '', null],
      [6, 'B2', 3, '', null],
    ]);
  });

  it('uses the columns an Excel header names', () => {
    const text = [
      'No\t품명\t품번\t단가\t수량\t비고',
      '1\t브레이크 패드\tA 000 420 12 20\t85,000\t2\t앞',
      '2\t오일 필터\t11 42 7 953 129\t12,000\t10\t',
    ].join('\n');
    expect(brief(parseQuickOrderText(text))).toEqual([
      [2, 'A0004201220', 2, '앞', null],
      [3, '11427953129', 10, '', null],
    ]);
  });

  it('knows header cells with a unit or a note in them', () => {
    const text = ['품번 (OE)\t품명\t수량(EA)\t비고 사항', 'A 000 420 12 20\t패드\t4\t앞'].join('\n');
    expect(brief(parseQuickOrderText(text))).toEqual([[2, 'A0004201220', 4, '앞', null]]);
  });

  it('cleans no-break and ideographic spaces and invisible marks from a web page', () => {
    expect(brief(parseQuickOrderText('A\u00a0000\u00a0420 12\u200b20\t2\u3000'))).toEqual([
      [1, 'A0004201220', 2, '', null],
    ]);
  });
});

describe('parseQuickOrderText: a pasted CSV (docs/search.md#paste-anything)', () => {
  it('reads quoted cells as the CSV file of the same text is read', () => {
    expect(brief(parseQuickOrderText('"42215489599","2"\n"A2371291199","3"'))).toEqual([
      [1, '42215489599', 2, '', null],
      [2, 'A2371291199', 3, '', null],
    ]);
  });

  it('a quoted header names the columns', () => {
    const result = parseQuickOrderText('"No","Part No","Qty"\n"1","42215489599","2"\n"2","A2371291199","3"');
    expect(brief(result)).toEqual([
      [2, '42215489599', 2, '', null],
      [3, 'A2371291199', 3, '', null],
    ]);
    expect(result.ok && result.columns).toEqual({ roles: ['line', 'part', 'qty'], header: true });
  });

  it('a comma inside a quoted memo stays in the memo; spaces after a comma before a quote are allowed', () => {
    expect(brief(parseQuickOrderText('42215489599,2,"좌측, 앞"\nA2371291199, "3", "우측"'))).toEqual([
      [1, '42215489599', 2, '좌측, 앞', null],
      [2, 'A2371291199', 3, '우측', null],
    ]);
  });

  it('tabs (Excel) and unquoted commas keep their reading: a thousands comma stays a quantity', () => {
    expect(brief(parseQuickOrderText('A0004201220 1,000\n34 11 6 860 242,2'))).toEqual([
      [1, 'A0004201220', 1000, '', null],
      [2, '34116860242', 2, '', null],
    ]);
    // Quoted cells of a tab paste are Excel's quoting, read as the CSV reader reads them (quick-order-paste.test.ts).
    expect(brief(parseQuickOrderText('"A0004201220"\t2\t"좌측"'))).toEqual([[1, 'A0004201220', 2, '좌측', null]]);
  });

  it('a quote that does not close is read as the line was typed, not refused', () => {
    expect(brief(parseQuickOrderText('42215489599,2,17" 휠'))).toEqual([[1, '42215489599', 2, '17" 휠', null]]);
  });
});

describe('parseQuickOrderText: quantities', () => {
  it.each([
    ['1', 1, null],
    ['100000', 100000, null],
    ['1,000', 1000, null],
    ['0', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['-1', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['1.5', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['100001', null, '수량은 100,000개까지 입력할 수 있습니다.'],
    ['12,345', 12345, null],
    ['1e9', null, '수량을 숫자로 입력하세요.'],
    ['1e3', null, '수량을 숫자로 입력하세요.'],
    ['1,5', null, '수량을 숫자로 입력하세요.'],
    ['10,00', null, '수량을 숫자로 입력하세요.'],
    ['1,2345', null, '수량을 숫자로 입력하세요.'],
    ['1,000,0', null, '수량을 숫자로 입력하세요.'],
    ['두개', null, '수량을 숫자로 입력하세요.'],
    ['two', null, '수량을 숫자로 입력하세요.'],
  ])('quantity %j in a tab column → %j %j', (qty, expected, error) => {
    const [row] = rows(parseQuickOrderText(`A0004201220\t${qty}`));
    expect([row!.qty, row!.error ?? null]).toEqual([expected, error]);
  });

  it.each([
    ['A0004201220 0', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['A0004201220 -1', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['A0004201220 1.5', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['A0004201220 1e9', null, '수량을 숫자로 입력하세요.'],
    ['A0004201220 두 개', null, '수량을 숫자로 입력하세요.'],
    ['A0004201220 1', 1, null],
  ])('%j separated by a space → %j %j', (line, expected, error) => {
    const [row] = rows(parseQuickOrderText(line));
    expect([row!.normalised, row!.qty, row!.error ?? null]).toEqual(['A0004201220', expected, error]);
  });

  it.each([
    ['42215489599 ３', '42215489599', 3],
    ['42215489599\t１０', '42215489599', 10],
    ['42215489599 ３개', '42215489599', 3],
    ['42215489599 x3', '42215489599', 3],
    ['42215489599 X3', '42215489599', 3],
    ['42215489599\tx3', '42215489599', 3],
    ['A2371291199*4', 'A2371291199', 4],
    ['A2371291199 * 4', 'A2371291199', 4],
    ['A2371291199 × 2', 'A2371291199', 2],
    ['A2371291199×2', 'A2371291199', 2],
    ['42215489599 2 개', '42215489599', 2],
    ['42215489599 2 EA', '42215489599', 2],
    ['42215489599 (2개)', '42215489599', 2],
    ['42215489599(2개)', '42215489599', 2],
    ['42215489599 (2)', '42215489599', 2],
    ['A 000 420 12 20 x2', 'A0004201220', 2],
  ])('%j reads the quantity as buyers write it: %j × %j, no memo', (line, part, qty) => {
    expect(brief(parseQuickOrderText(line))).toEqual([[1, part, qty, '', null]]);
  });

  it('keeps x, digits and brackets that belong to the part number or the memo', () => {
    // Each line alone: lines of one part number would be merged.
    const read = (line: string) => brief(parseQuickOrderText(line))[0]!.slice(1);
    expect(read('HU816X3')).toEqual(['HU816X3', 1, '', null]);
    expect(read('HU816X 3')).toEqual(['HU816X', 3, '', null]);
    expect(read('HU 816 X 3')).toEqual(['HU816X', 3, '', null]);
    expect(read('4M0817919AB 2')).toEqual(['4M0817919AB', 2, '', null]);
    expect(read('A2371291199*')).toEqual(['A2371291199', 1, '', null]);
    expect(read('42215489599 2 앞')).toEqual(['42215489599', 2, '앞', null]);
    expect(read('42215489599 (2개) 급함')).toEqual(['42215489599', 2, '급함', null]);
    expect(read('42215489599 (앞)')).toEqual(['42215489599', null, '', '수량을 숫자로 입력하세요.']);
    expect(read('A2371291199 ×')).toEqual(['A2371291199', null, '', '수량을 숫자로 입력하세요.']);
    // 'x3' after a number written apart may be the number's last group: the server tries that too.
    expect(rows(parseQuickOrderText('HU816 X3'))[0]).toMatchObject({
      normalised: 'HU816',
      qty: 3,
      alternative: { partNumber: 'HU816 X3', normalised: 'HU816X3', qty: 1 },
    });
  });

  it('keeps both readings of a lone x before the quantity: a last letter or a times sign', () => {
    // 'HU 816 X 3' is HU816X three times; '42215489599 x 3' is 42215489599 three times. The parser
    // cannot tell which: the server tries the number without the x when the plain reading finds nothing.
    expect(rows(parseQuickOrderText('HU 816 X 3'))[0]).toMatchObject({
      normalised: 'HU816X',
      qty: 3,
      alternative: { partNumber: 'HU 816', normalised: 'HU816', qty: 3 },
    });
    expect(rows(parseQuickOrderText('42215489599 x 3 급함'))[0]).toMatchObject({
      normalised: '42215489599X',
      qty: 3,
      memo: '급함',
      alternative: { partNumber: '42215489599', normalised: '42215489599', qty: 3 },
    });
    // An x stuck to the number is not a times sign: the other reading stays the whole number.
    expect(rows(parseQuickOrderText('HU816X 3'))[0]!.alternative).toEqual({
      partNumber: 'HU816X 3',
      normalised: 'HU816X3',
      qty: 1,
    });
    expect(rows(parseQuickOrderText('x 3'))[0]!.alternative).toEqual({ partNumber: 'x 3', normalised: 'X3', qty: 1 });
  });

  it.each([
    ['42215489599 x0', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['42215489599 ×1.5', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['42215489599\t１.５', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['42215489599\t１００００１', null, '수량은 100,000개까지 입력할 수 있습니다.'],
    ['42215489599\t１０００００', 100000, null],
    ['42215489599 (0개)', null, '수량은 1 이상의 정수로 입력하세요.'],
    ['42215489599 (2개', null, '수량을 숫자로 입력하세요.'],
  ])('%j written the new ways is still checked: %j %j', (line, expected, error) => {
    const [row] = rows(parseQuickOrderText(line));
    expect([row!.normalised, row!.qty, row!.error ?? null]).toEqual(['42215489599', expected, error]);
  });

  it('refuses a line without a part number or with one too long, on that line only', () => {
    expect(brief(parseQuickOrderText(`앞 패드\t2\n${'9'.repeat(51)}\t1\n${'9'.repeat(50)}\t1`))).toEqual([
      [1, '', null, '', '품번에 영문 또는 숫자가 없습니다.'],
      [2, '9'.repeat(51), null, '', '품번은 50자까지 입력할 수 있습니다.'],
      [3, '9'.repeat(50), 1, '', null],
    ]);
  });
});

describe('parseQuickOrderText: a Latin memo after the quantity', () => {
  it.each([
    ['42215489599 2 LH', '42215489599', 2, 'LH'],
    ['42215489599 2 ASAP', '42215489599', 2, 'ASAP'],
    ['A9734411971 3 for BMW', 'A9734411971', 3, 'for BMW'],
    ['42215489599 2 urgent 급함', '42215489599', 2, 'urgent 급함'],
    ['34 11 6 860 242 2 FR RH', '34116860242', 2, 'FR RH'],
    ['42215489599 2개 LH', '42215489599', 2, 'LH'],
  ])('%j is the number %j, %j pieces, memo %j', (line, part, qty, memo) => {
    expect(brief(parseQuickOrderText(line))).toEqual([[1, part, qty, memo, null]]);
  });

  it('keeps the whole line as one number, one piece, as the reading the server tries next', () => {
    expect(rows(parseQuickOrderText('42215489599 2 LH'))[0]!.alternative).toEqual({
      partNumber: '42215489599 2 LH',
      normalised: '422154895992LH',
      qty: 1,
    });
  });

  it('a lone letter after a group is the number’s last group, not a memo', () => {
    expect(brief(parseQuickOrderText('HU 816 X'))).toEqual([[1, 'HU816X', 1, '', null]]);
    expect(brief(parseQuickOrderText('4M0 945 615 A 2'))).toEqual([[1, '4M0945615A', 2, '', null]]);
  });

  it('a group inside the number that is no quantity (0, 1.5) leaves the line as it was read', () => {
    expect(brief(parseQuickOrderText('42215489599 0 LH'))).toEqual([[1, '422154895990LH', 1, '', null]]);
  });
});

describe('parseQuickOrderText: merging and limits', () => {
  it('merges the same part written two ways: quantities added, memos joined, lines named', () => {
    const result = rows(
      parseQuickOrderText('A 000 420 12 20\t2\t앞\nA0004201220\t3\t뒤\nB1\t1\na-000-420-1220\t1\t앞\nA0004201220\t0'),
    );
    expect(result.map((r) => [r.line, r.normalised, r.qty, r.memo, r.mergedLines ?? [], r.error ?? null])).toEqual([
      [1, 'A0004201220', 6, '앞 / 뒤', [2, 4], null],
      [3, 'B1', 1, '', [], null],
      [5, 'A0004201220', null, '', [], '수량은 1 이상의 정수로 입력하세요.'],
    ]);
  });

  it('keeps a merged quantity over the limit whole: the server offers what may be ordered', () => {
    const [row] = rows(parseQuickOrderText('A1\t60000\nA1\t40000'));
    expect([row!.qty, row!.error ?? null]).toEqual([100000, null]);
    const [over] = rows(parseQuickOrderText('A1\t60000\nA1\t40001'));
    expect([over!.qty, over!.error ?? null]).toEqual([100001, null]);
  });

  const lines = (n: number) => Array.from({ length: n }, (_, i) => `P${i + 1}\t1`).join('\n');

  it('accepts 500 lines and refuses 501 with the limit named', () => {
    expect(rows(parseQuickOrderText(lines(500)))).toHaveLength(500);
    expect(parseQuickOrderText(lines(501))).toEqual({
      ok: false,
      message: '한 번에 최대 500줄까지 주문할 수 있습니다. (입력 501줄)',
    });
    // A header and blank lines do not count.
    expect(rows(parseQuickOrderText(`품번\t수량\n\n${lines(500)}\n\n`))).toHaveLength(500);
  });

  it('refuses an empty paste', () => {
    expect(parseQuickOrderText(' \n\t\n')).toEqual({ ok: false, message: '품번과 수량을 입력하세요.' });
  });
});

describe('parseQuickOrderCells', () => {
  it('reads a file’s rows by the header’s columns, in any order', () => {
    const result = parseQuickOrderCells([
      { line: 1, cells: ['견적서'] },
      { line: 2, cells: ['수량', '비고', '부품번호'] },
      { line: 3, cells: ['2', '급함', '34 11 6 860 242'] },
      { line: 4, cells: ['', '', ''] },
      { line: 5, cells: ['1.5', '', 'A1'] },
    ]);
    expect(brief(result)).toEqual([
      [1, '', null, '', '품번에 영문 또는 숫자가 없습니다.'],
      [3, '34116860242', 2, '급함', null],
      [5, 'A1', null, '', '수량은 1 이상의 정수로 입력하세요.'],
    ]);
  });

  it('reads part number, quantity and memo columns without a header', () => {
    expect(brief(parseQuickOrderCells([{ line: 7, cells: ['0034-116', '4', '뒤', '추가'] }]))).toEqual([
      [7, '0034116', 4, '뒤 추가', null],
    ]);
  });

  it('reads a file of one column as typed lines', () => {
    expect(
      brief(
        parseQuickOrderCells([
          { line: 1, cells: ['34 11 6 860 242 2 급함'] },
          { line: 2, cells: ['A0004201220', ''] },
        ]),
      ),
    ).toEqual([
      [1, '34116860242', 2, '급함', null],
      [2, 'A0004201220', 1, '', null],
    ]);
  });

  it('accepts 500 rows and refuses 501', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => ({ line: i + 2, cells: [`P${i}`, '1'] }));
    expect(rows(parseQuickOrderCells([{ line: 1, cells: ['품번', '수량'] }, ...make(500)]))).toHaveLength(500);
    expect(parseQuickOrderCells(make(501))).toEqual({
      ok: false,
      message: '한 번에 최대 500줄까지 주문할 수 있습니다. (입력 501줄)',
    });
  });
});
