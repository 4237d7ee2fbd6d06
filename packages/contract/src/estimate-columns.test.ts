import { describe, expect, it } from 'vitest';
import { ESTIMATE_MAX_COLUMNS, estimateCells, estimateColumns, inferRoles } from './estimate-columns.js';
import { parseQuickOrderCells, parseQuickOrderText, type QuickOrderParse } from './quick-order-lines.js';

/** Line, part number, quantity, memo and error of each row, and the columns read. */
function read(result: QuickOrderParse) {
  if (!result.ok) throw new Error(result.message);
  return {
    rows: result.rows.map((r) => [r.line, r.normalised, r.qty, r.memo, r.error ?? null]),
    roles: result.columns?.roles ?? null,
    header: result.columns?.header ?? null,
  };
}

describe('estimates pasted as text', () => {
  it('1. a PDF estimate: line number, part number, name, quantity, unit price, amount', () => {
    const text = [
      '1  42215489599  BMW 엔진오일 필터  2  21,700  43,400',
      '2  A2295938783  벤츠 엔진오일 필터  1  19,800  19,800',
      '3  LR463819  랜드로버 엔진오일 필터  4  20,500  82,000',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', 2, '', null],
        [2, 'A2295938783', 1, '', null],
        [3, 'LR463819', 4, '', null],
      ],
      roles: ['line', 'part', 'name', 'qty', 'price', 'amount'],
      header: false,
    });
  });

  it('2. a PDF estimate with its header row and a totals row', () => {
    const text = [
      'No.  품번  품명  수량  단가  금액',
      '1  07119907356  오일필터  2  18,000  36,000',
      '2  4M0777639AB  에어필터  1  32,000  32,000',
      '합계        68,000',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [2, '07119907356', 2, '', null],
        [3, '4M0777639AB', 1, '', null],
      ],
      roles: ['line', 'part', 'name', 'qty', 'price', 'amount'],
      header: true,
    });
  });

  it('3. an Excel copy without its header: part number, name, quantity, price', () => {
    const text = ['42215489599\t엔진오일 필터\t2\t21700', 'T4A52485\t에어 필터\t3\t32000'].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [1, '42215489599', 2, '', null],
        [2, 'T4A52485', 3, '', null],
      ],
      roles: ['part', 'name', 'qty', 'price'],
      header: false,
    });
  });

  it('4. an Excel copy with its header in another order: name, quantity, part number, price', () => {
    const text = [
      '품명\t수량\t품번\t단가',
      '브레이크 패드\t2\tA2371291199\t78,000',
      '디스크\t1\t4M0249143\t118,000',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [2, 'A2371291199', 2, '', null],
        [3, '4M0249143', 1, '', null],
      ],
      roles: ['name', 'qty', 'part', 'price'],
      header: true,
    });
  });

  it('5. a 견적서 with 번호, 부품번호, 품명, 수량, 단가, 금액, 비고', () => {
    const text = [
      '번호\t부품번호\t품명\t수량\t단가\t금액\t비고',
      '1\t34116860242\t프론트 브레이크 디스크\t2\t118,000\t236,000\t좌우',
      '2\t34216864900\t리어 브레이크 패드\t1\t62,000\t62,000\t',
    ].join('\n');
    expect(read(parseQuickOrderText(text))).toEqual({
      rows: [
        [2, '34116860242', 2, '좌우', null],
        [3, '34216864900', 1, '', null],
      ],
      roles: ['line', 'part', 'name', 'qty', 'price', 'amount', 'memo'],
      header: true,
    });
  });

  it('6. the quantity first, then the part number and the name', () => {
    const text = ['3  LR190583  레인지로버 필터', '1  670011516  기블리 필터', '5  T4A52485  XF 필터'].join('\n');
    const r = read(parseQuickOrderText(text));
    expect(r.roles).toEqual(['qty', 'part', 'name']);
    expect(r.rows).toEqual([
      [1, 'LR190583', 3, '', null],
      [2, '670011516', 1, '', null],
      [3, 'T4A52485', 5, '', null],
    ]);
  });

  it('7. prices written with ₩ and 원', () => {
    const text = ['1  HU816X  오일필터  2  ₩21,700  ₩43,400', '2  LX3778  에어필터  1  32,000원  32,000원'].join('\n');
    const r = read(parseQuickOrderText(text));
    expect(r.roles).toEqual(['line', 'part', 'name', 'qty', 'price', 'amount']);
    expect(r.rows.map((x) => [x[1], x[2]])).toEqual([
      ['HU816X', 2],
      ['LX3778', 1],
    ]);
  });

  it('8. the amount is the column that is quantity times unit price, whichever comes first', () => {
    const text = ['A0004201220\t3\t60,000\t20,000', 'B1234567\t2\t50,000\t25,000'].join('\n');
    expect(read(parseQuickOrderText(text)).roles).toEqual(['part', 'qty', 'amount', 'price']);
  });

  it('9. line numbers written with a dot', () => {
    const text = ['1.  06A906033  밸브  4', '2.  0986494123  센서  1'].join('\n');
    const r = read(parseQuickOrderText(text));
    expect(r.roles).toEqual(['line', 'part', 'name', 'qty']);
    expect(r.rows.map((x) => [x[1], x[2]])).toEqual([
      ['06A906033', 4],
      ['0986494123', 1],
    ]);
  });

  it('10. a CSV of an estimate with prices in plain digits', () => {
    const text = ['1,A0004201220,브레이크 패드,2,78000,156000', '2,A2295938783,오일 필터,1,18000,18000'].join('\n');
    const r = read(parseQuickOrderText(text));
    expect(r.roles).toEqual(['line', 'part', 'name', 'qty', 'price', 'amount']);
    expect(r.rows.map((x) => [x[1], x[2]])).toEqual([
      ['A0004201220', 2],
      ['A2295938783', 1],
    ]);
  });

  it('11. quantities with a unit (개, EA)', () => {
    const text = ['1  42215489599  필터  2개  21,700', '2  LR463819  필터  10EA  20,500'].join('\n');
    expect(read(parseQuickOrderText(text)).rows.map((x) => [x[1], x[2]])).toEqual([
      ['42215489599', 2],
      ['LR463819', 10],
    ]);
  });

  it('12. Hangul after the quantity is the buyer’s memo', () => {
    const text = ['1\tA0004201220\t브레이크 패드\t2\t앞쪽 급함', '2\tB1234567\t디스크\t1\t'].join('\n');
    const r = read(parseQuickOrderText(text));
    expect(r.roles).toEqual(['line', 'part', 'name', 'qty', 'memo']);
    expect(r.rows[0]).toEqual([1, 'A0004201220', 2, '앞쪽 급함', null]);
  });

  it('13. an English header: Part No, Description, Qty, Unit Price, Amount', () => {
    const text = ['Part No,Description,Qty,Unit Price,Amount', 'HU816X,Oil filter,2,"21700",43400'].join('\n');
    const r = read(parseQuickOrderText(text.replace(/"/g, '')));
    expect(r.header).toBe(true);
    expect(r.roles).toEqual(['part', 'name', 'qty', 'price', 'amount']);
    expect(r.rows).toEqual([[2, 'HU816X', 2, '', null]]);
  });

  it('14. a part number written in groups inside a PDF line', () => {
    const text = ['1  34 11 6 860 242  프론트 디스크  2  118,000', '2  A 000 420 12 20  패드  1  78,000'].join('\n');
    expect(read(parseQuickOrderText(text)).rows.map((x) => [x[1], x[2]])).toEqual([
      ['34116860242', 2],
      ['A0004201220', 1],
    ]);
  });

  it('15. the buyer’s correction of the columns wins', () => {
    // Read as line number and quantity; the buyer says the first column is the quantity and the fourth unused.
    const text = ['1  42215489599  필터  2', '2  A2295938783  필터  3'].join('\n');
    expect(read(parseQuickOrderText(text)).roles).toEqual(['line', 'part', 'name', 'qty']);
    const corrected = read(parseQuickOrderText(text, ['qty', 'part', 'name', 'other']));
    expect(corrected.rows.map((x) => [x[1], x[2]])).toEqual([
      ['42215489599', 1],
      ['A2295938783', 2],
    ]);
  });

  it('16. plain part-quantity-memo lines keep their plain reading (no columns shown)', () => {
    const result = parseQuickOrderText('A 000 420 12 20\t2\t앞 패드\n34-11-6-860-242,3,좌측');
    expect(read(result)).toEqual({
      rows: [
        [1, 'A0004201220', 2, '앞 패드', null],
        [2, '34116860242', 3, '좌측', null],
      ],
      roles: null,
      header: null,
    });
  });
});

describe('numbered empty rows of an estimate template', () => {
  it('21. a row holding only its 순번 (and a zero amount a formula left) is no line; a row with anything else is', () => {
    const text = ['순번\t품번\t수량\t비고', '1\t42215489599\t2\t좌측', '2\t\t\t', '3\t\t\t급함', '4\t\t\t'].join('\n');
    expect(read(parseQuickOrderText(text)).rows).toEqual([
      [2, '42215489599', 2, '좌측', null],
      [4, '', null, '급함', '품번에 영문 또는 숫자가 없습니다.'],
    ]);
    const cells = parseQuickOrderCells([
      { line: 1, cells: ['No', '품번', '품명', '수량', '단가', '금액'] },
      { line: 2, cells: ['1', 'A2371291199', '패드', '1', '88,300', '88,300'] },
      { line: 3, cells: ['2', '', '', '', '', '0'] },
      { line: 4, cells: ['3', '', '', '', '', ''] },
      { line: 5, cells: ['4', '', '패드', '', '', '0'] },
    ]);
    expect(read(cells).rows).toEqual([
      [2, 'A2371291199', 1, '', null],
      [5, '', null, '', '품번에 영문 또는 숫자가 없습니다.'],
    ]);
  });

  it('22. an estimate of numbered empty rows only has no lines', () => {
    expect(parseQuickOrderText('순번\t품번\t수량\n1\t\t\n2\t\t')).toEqual({
      ok: false,
      message: '품번과 수량을 입력하세요.',
    });
  });
});

describe('estimates uploaded as files', () => {
  it('17. an .xlsx without a header: name, part number, quantity, price', () => {
    const result = parseQuickOrderCells([
      { line: 1, cells: ['엔진오일 필터', '42215489599', '2', '21700'] },
      { line: 2, cells: ['에어 필터', 'A9734411971', '1', '32000'] },
    ]);
    expect(read(result)).toEqual({
      rows: [
        [1, '42215489599', 2, '', null],
        [2, 'A9734411971', 1, '', null],
      ],
      roles: ['name', 'part', 'qty', 'price'],
      header: false,
    });
  });

  it('18. a 견적서 .xlsx: header, lines and a totals row', () => {
    const result = parseQuickOrderCells([
      { line: 3, cells: ['순번', '품명', '품번', '수량', '단가', '금액'] },
      { line: 4, cells: ['1', '써모스탯', '54138937567', '1', '98,000', '98,000'] },
      { line: 5, cells: ['2', '워터펌프', '70296321111', '2', '165,000', '330,000'] },
      { line: 6, cells: ['', '합계', '', '', '', '428,000'] },
    ]);
    expect(read(result)).toEqual({
      rows: [
        [4, '54138937567', 1, '', null],
        [5, '70296321111', 2, '', null],
      ],
      roles: ['line', 'name', 'part', 'qty', 'price', 'amount'],
      header: true,
    });
  });

  it('19. a CSV file with the plain columns keeps reading them as before', () => {
    const result = parseQuickOrderCells([
      { line: 1, cells: ['품번', '수량', '메모'] },
      { line: 2, cells: ['LR463819', '2', '급함'] },
    ]);
    expect(read(result).rows).toEqual([[2, 'LR463819', 2, '급함', null]]);
  });
});

describe('cells and roles', () => {
  it('20. splits tabs, runs of spaces and commas, a thousands comma staying in its cell', () => {
    expect(estimateCells('1\t2\t3')).toEqual(['1', '2', '3']);
    expect(estimateCells('1  42215489599  BMW 엔진오일 필터  2  21,700  43,400')).toEqual([
      '1',
      '42215489599',
      'BMW 엔진오일 필터',
      '2',
      '21,700',
      '43,400',
    ]);
    expect(estimateCells('1,A0004201220,패드,2,21,700')).toEqual(['1', 'A0004201220', '패드', '2', '21,700']);
    expect(inferRoles([['브레이크 패드'], ['디스크']])).toEqual(['name']);
    expect(estimateColumns([['A0004201220', '2']])).toBeNull();
  });
});

describe('wide pastes', () => {
  /** An estimate's four columns, then `extra` columns of text. */
  const wideEstimate = (extra: number) =>
    [
      ['42215489599', '2', '21,700', '43,400'],
      ['A2295938783', '1', '19,800', '19,800'],
      ['LR463819', '4', '20,500', '82,000'],
    ].map((r) => [...r, ...Array.from({ length: extra }, (_, i) => `비고${i}`)]);

  it(`a table of ${ESTIMATE_MAX_COLUMNS} columns is read by its columns; one of ${ESTIMATE_MAX_COLUMNS + 1} is not`, () => {
    expect(ESTIMATE_MAX_COLUMNS).toBe(30);
    const fits = estimateColumns(wideEstimate(26));
    expect(fits?.roles.slice(0, 4)).toEqual(['part', 'qty', 'price', 'amount']);
    expect(fits?.roles).toHaveLength(30);
    expect(estimateColumns(wideEstimate(27))).toBeNull();
  });

  it('a line of hundreds of number cells is read at once as a plain line, not tried three columns at a time', () => {
    // Before the bound: 1.2 KB of this held the thread 5 s, and 10 KB of the second 3 s.
    const started = performance.now();
    const cubic = parseQuickOrderText([...Array(100).fill('2'), ...Array(200).fill('1000')].join('\t'));
    const wide = parseQuickOrderText(['2', ...Array(2000).fill('1000')].join('\t'));
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const parsed of [cubic, wide]) expect(parsed.ok && parsed.columns).toBeFalsy();
  });

  it(`${ESTIMATE_MAX_COLUMNS} number columns down 100 KB of lines: each cell is read once, and the table's columns are found at once`, () => {
    const row = [...Array(10).fill('2'), ...Array(20).fill('1,000')].join('\t');
    const text = Array.from({ length: Math.floor(100_000 / (row.length + 1)) }, () => row).join('\n');
    const started = performance.now();
    const rows = text.split('\n').map((l) => l.split('\t'));
    expect(inferRoles(rows).filter((r) => r === 'amount')).toHaveLength(1);
    // Reading each cell again for every three columns tried took 2.5 s here.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
