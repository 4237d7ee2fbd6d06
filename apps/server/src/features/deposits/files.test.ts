import { MSG_DEPOSIT } from '@partsmall/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { encodeEucKr } from '../../../test/euc-kr.js';
import { handWrittenXlsx } from '../../../test/hostile.js';
import { depositsFromRows, readDepositFile, type DepositFileParse } from './files.js';

function rows(result: DepositFileParse) {
  if (!result.ok) throw new Error(result.message);
  return result.rows.map((r) => [r.line, r.depositedAt, r.depositorName, r.amount]);
}
function message(result: DepositFileParse) {
  if (result.ok) throw new Error(`read ${result.rows.length} rows`);
  return result.message;
}

async function xlsx(fill: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('입금내역'));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

// A bank's export: its account and period first, then the titles, deposits and a withdrawal, a total.
const BANK_CSV = [
  '계좌번호,110-123-456789',
  '조회기간,2026-03-01 ~ 2026-03-31',
  '',
  '거래일시,적요,입금자명,출금액,입금액(원),잔액',
  '2026-03-05 14:20:11,타행이체,(주)한빛모터스,0,"1,250,000","5,250,000"',
  '2026.03.06 09:01,인터넷,대성카센터,"300,000",,"4,950,000"',
  '2026/3/7,타행이체,김대성,0,80000원,"5,030,000"',
  '합계,,,"300,000","1,330,000",',
].join('\r\n');

const BANK_ROWS = [
  [5, '2026-03-05T05:20:11.000Z', '(주)한빛모터스', 1_250_000],
  [7, '2026-03-06T15:00:00.000Z', '김대성', 80_000],
];

describe('입금내역 CSV', () => {
  it("reads a bank's export: finds the title row, skips withdrawals and the total line", async () => {
    const data = new TextEncoder().encode(BANK_CSV);
    expect(rows(await readDepositFile({ filename: '입금내역.csv', data }))).toEqual(BANK_ROWS);
  });

  it('reads the same export saved in EUC-KR (Korean Excel and the banks)', async () => {
    const data = encodeEucKr(BANK_CSV);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(data)).toThrow();
    expect(rows(await readDepositFile({ filename: '입금내역.csv', data }))).toEqual(BANK_ROWS);
  });

  it('reads a CP949 export whose depositor name has syllables outside KS X 1001 (샾, 햏)', async () => {
    // 샾 is 98 DE and 햏 C1 64 in CP949 (Windows' Korean, which Korean Excel saves).
    const name = [0x98, 0xde, 0xc1, 0x64, ...encodeEucKr('상사')];
    const data = Uint8Array.from([
      ...encodeEucKr('거래일자,입금자명,입금액\n2026-03-05,'),
      ...name,
      ...encodeEucKr(',55000\n'),
    ]);
    expect(rows(await readDepositFile({ filename: '입금내역.csv', data }))).toEqual([
      [2, '2026-03-04T15:00:00.000Z', '샾햏상사', 55_000],
    ]);
  });

  it('a separate time column and other titles (일자, 시간, 보낸분, 맡기신금액)', async () => {
    const text = '일자,시간,보낸분,맡기신금액\n20260310,093005,서울공업사,55000\n';
    expect(rows(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(text) }))).toEqual([
      [2, '2026-03-10T00:30:05.000Z', '서울공업사', 55_000],
    ]);
  });

  it('a cell starting with = + - @ is text: a name is kept as written, never evaluated', async () => {
    const text = '거래일자,입금자명,입금액\n2026-03-05,"=HYPERLINK(""http://x"",""y"")",1000\n2026-03-05,@대성,2000\n';
    expect(rows(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(text) }))).toEqual([
      [2, '2026-03-04T15:00:00.000Z', '=HYPERLINK("http://x","y")', 1000],
      [3, '2026-03-04T15:00:00.000Z', '@대성', 2000],
    ]);
  });

  it('a formula as an amount is not a number: the whole file is refused, naming the row', async () => {
    const text = '거래일자,입금자명,입금액\n2026-03-05,한빛,1000\n2026-03-05,대성,=1+2\n2026-03-05,서울,-5000\n';
    expect(message(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(text) }))).toBe(
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowAmount(3, '=1+2'), MSG_DEPOSIT.rowAmount(4, '-5000')], 0),
    );
  });

  it('a wrong column: a Korean message naming what is missing', async () => {
    const text = '날짜,이름,금액\n2026-03-05,한빛,1000\n';
    expect(message(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(text) }))).toBe(
      MSG_DEPOSIT.columns(['입금자명']),
    );
    expect(message(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode('a,b\n1,2\n') }))).toBe(
      MSG_DEPOSIT.columns(['거래일자', '입금자명', '입금액']),
    );
  });

  it('dates that are not dates, names that are empty: each row named, five at most, the rest counted', async () => {
    const bad = Array.from({ length: 7 }, (_, i) => `2026-02-${30 + (i % 2)},한빛,1000`);
    const text = ['거래일자,입금자명,입금액', '2026-03-05, ,1000', ...bad].join('\n');
    const got = message(await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(text) }));
    expect(got).toBe(
      MSG_DEPOSIT.rowErrors(
        [
          MSG_DEPOSIT.rowName(2),
          MSG_DEPOSIT.rowDate(3, '2026-02-30'),
          MSG_DEPOSIT.rowDate(4, '2026-02-31'),
          MSG_DEPOSIT.rowDate(5, '2026-02-30'),
          MSG_DEPOSIT.rowDate(6, '2026-02-31'),
        ],
        3,
      ),
    );
  });

  it('a deposit dated after now (a minute of grace) is no bank record: the file is refused, naming the row', () => {
    // 2026-03-05 14:20:11 in Seoul.
    const now = new Date('2026-03-05T05:20:11Z');
    const file = (at: string) => [
      { line: 1, cells: ['거래일시', '입금자명', '입금액'] },
      { line: 2, cells: ['2026-03-04', '대성카센터', '300000'] },
      { line: 3, cells: [at, '(주)한빛모터스', '1250000'] },
    ];
    expect(rows(depositsFromRows(file('2026-03-05 14:21:11'), now))).toEqual([
      [2, '2026-03-03T15:00:00.000Z', '대성카센터', 300000],
      [3, '2026-03-05T05:21:11.000Z', '(주)한빛모터스', 1250000],
    ]);
    expect(message(depositsFromRows(file('2026-03-05 14:21:12'), now))).toBe(
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowDateFuture(3, '2026-03-05 14:21:12')], 0),
    );
    expect(message(depositsFromRows(file('2099-11-10'), now))).toBe(
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowDateFuture(3, '2099-11-10')], 0),
    );
  });

  it('a year before 2000 or after 2100 is not read as a date', () => {
    const now = new Date('2026-03-05T05:20:11Z');
    const file = (at: string) => [
      { line: 1, cells: ['거래일자', '입금자명', '입금액'] },
      { line: 2, cells: [at, '한빛', '1000'] },
    ];
    expect(rows(depositsFromRows(file('2000-01-01'), now))).toEqual([[2, '1999-12-31T15:00:00.000Z', '한빛', 1000]]);
    for (const at of ['1999-12-31', '0001-01-01', '2101-01-01'])
      expect(message(depositsFromRows(file(at), now))).toBe(MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowDate(2, at)], 0));
  });

  it('a depositor name with a control character or a bidi override is refused, naming the row', () => {
    const file = (name: string) => [
      { line: 1, cells: ['거래일자', '입금자명', '입금액'] },
      { line: 2, cells: ['2026-03-04', name, '1000'] },
    ];
    // Tabs and line breaks in a cell are spaces, as a bank's wrapped name is.
    expect(rows(depositsFromRows(file('한빛\t모터스'))).map((r) => r[2])).toEqual(['한빛 모터스']);
    for (const name of ['한빛\u0007', '한빛\u202e스터모', '\u2066한빛'])
      expect(message(depositsFromRows(file(name)))).toBe(MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowNameInvalid(2)], 0));
  });

  it('50,000 rows are refused at once, before any row is read', async () => {
    const lines = ['거래일자,입금자명,입금액'];
    for (let i = 0; i < 50_000; i++) lines.push(`2026-03-05 10:00:00,업체${i},${1000 + i}`);
    const data = new TextEncoder().encode(lines.join('\n'));
    const started = performance.now();
    expect(message(await readDepositFile({ filename: 'a.csv', data }))).toBe(MSG_DEPOSIT.fileTooManyRows);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('10,000 rows, the most one file may hold, are read', async () => {
    const lines = ['거래일자,입금자명,입금액'];
    for (let i = 0; i < 10_000; i++) lines.push(`2026-03-05 10:00:00,업체${i},${1000 + i}`);
    const result = await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode(lines.join('\n')) });
    expect(result.ok && result.rows.length).toBe(10_000);
  });

  it('other files: refused with their message', async () => {
    expect(message(await readDepositFile({ filename: 'a.pdf', data: new TextEncoder().encode('%PDF-1.4') }))).toBe(
      MSG_DEPOSIT.fileType,
    );
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0]);
    expect(message(await readDepositFile({ filename: 'a.xls', data: xls }))).toBe(MSG_DEPOSIT.xls);
    expect(message(await readDepositFile({ filename: 'a.csv', data: Uint8Array.from([0xff, 0x80, 0x81]) }))).toBe(
      MSG_DEPOSIT.encoding,
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    expect(message(await readDepositFile({ filename: 'a.csv', data: big }))).toBe(MSG_DEPOSIT.fileTooLarge);
    expect(
      message(
        await readDepositFile({ filename: 'a.csv', data: new TextEncoder().encode('거래일자,입금자명,입금액\n') }),
      ),
    ).toBe(MSG_DEPOSIT.noRows);
  });
  it('a quote inside a name is a character, as the contract reads pasted lines; quoted cells still read', async () => {
    const csv = '거래일자,입금자명,입금액\n2026-11-03 10:00,홍"길동,5000\n2026-11-03 11:00,"김, 대성","1,200"\n';
    const data = new TextEncoder().encode(csv);
    expect(rows(await readDepositFile({ filename: 'a.csv', data }))).toEqual([
      [2, '2026-11-03T01:00:00.000Z', '홍"길동', 5000],
      [3, '2026-11-03T02:00:00.000Z', '김, 대성', 1200],
    ]);
    // A quoted cell that never closes is still no CSV.
    const open = new TextEncoder().encode('거래일자,입금자명,입금액\n2026-11-03,"홍길동,5000\n');
    expect(message(await readDepositFile({ filename: 'a.csv', data: open }))).toBe(MSG_DEPOSIT.csv);
  });
});

describe('입금내역 xlsx', () => {
  it('reads date cells, numbers and text, the wall clock as Seoul time', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['OO은행 거래내역']);
      sheet.addRow(['거래일자', '거래시간', '입금자명', '입금액', '출금액']);
      sheet.addRow([new Date(Date.UTC(2026, 2, 5)), '14:20', '(주)한빛모터스', 1_250_000, 0]);
      sheet.addRow(['2026-03-06', '09:01:30', '대성카센터', null, 300_000]);
      sheet.addRow([new Date(Date.UTC(2026, 2, 7)), '', '김대성', '80,000', null]);
    });
    expect(rows(await readDepositFile({ filename: '입금내역.xlsx', data }))).toEqual([
      [3, '2026-03-05T05:20:00.000Z', '(주)한빛모터스', 1_250_000],
      [5, '2026-03-06T15:00:00.000Z', '김대성', 80_000],
    ]);
  });

  it('only the first sheet is read: deposits on the second are refused saying so', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('요약').addRow(['OO은행 거래내역 요약']);
    const second = workbook.addWorksheet('입금내역');
    second.addRow(['거래일자', '입금자명', '입금액']);
    second.addRow(['2026-03-05', '한빛', 1000]);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(message(await readDepositFile({ filename: 'a.xlsx', data }))).toBe(
      "입금내역 파일에서 '거래일자', '입금자명', '입금액' 열을 찾을 수 없습니다. 엑셀 파일은 첫 번째 시트만 읽습니다: 입금내역이 다른 시트에 있으면 첫 번째 시트로 옮겨 저장해 주세요.",
    );
    // The same sheet first is read.
    const first = await xlsx((sheet) => {
      sheet.addRow(['거래일자', '입금자명', '입금액']);
      sheet.addRow(['2026-03-05', '한빛', 1000]);
    });
    expect(rows(await readDepositFile({ filename: 'a.xlsx', data: first }))).toEqual([
      [2, '2026-03-04T15:00:00.000Z', '한빛', 1000],
    ]);
  });

  it('a hidden first sheet is passed over; hidden rows are deposits all the same, read as any row', async () => {
    // Decision (docs/requirements.md#credit-deposits): a deposit that arrived is recorded whatever the
    // staff hid; the queue sets one aside, and the same export again adds nothing.
    const workbook = new ExcelJS.Workbook();
    const hidden = workbook.addWorksheet('메모');
    hidden.addRow(['예전 메모']);
    hidden.state = 'hidden';
    const sheet = workbook.addWorksheet('입금내역');
    sheet.addRow(['거래일자', '입금자명', '입금액']);
    sheet.addRow(['2026-03-05', '한빛', 1000]);
    sheet.addRow(['2026-03-06', '대성', 2000]).hidden = true;
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(rows(await readDepositFile({ filename: 'a.xlsx', data }))).toEqual([
      [2, '2026-03-04T15:00:00.000Z', '한빛', 1000],
      [3, '2026-03-05T15:00:00.000Z', '대성', 2000],
    ]);
  });

  it('a formula cell refuses the file, whatever result it saved', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['거래일자', '입금자명', '입금액']);
      sheet.addRow(['2026-03-05', '한빛', 1000]);
      sheet.addRow(['2026-03-05', '대성', { formula: 'A1*1000', result: 5000 }]);
    });
    expect(message(await readDepositFile({ filename: 'a.xlsx', data }))).toBe(MSG_DEPOSIT.formula(3));
  });

  it('a decimal amount is refused', async () => {
    const data = await xlsx((sheet) => {
      sheet.addRow(['거래일자', '입금자명', '입금액']);
      sheet.addRow(['2026-03-05', '한빛', 1000.5]);
    });
    expect(message(await readDepositFile({ filename: 'a.xlsx', data }))).toBe(
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowAmount(2, '1000.5')], 0),
    );
  });

  it('50,000 rows are refused while the package is unpacked, before exceljs reads it', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const head = `<row r="1">${cell('A1', '거래일자')}${cell('B1', '입금자명')}${cell('C1', '입금액')}</row>`;
    const rows = Array.from(
      { length: 50_000 },
      (_, i) =>
        `<row r="${i + 2}">${cell(`A${i + 2}`, '2026-03-05')}${cell(`B${i + 2}`, `업체${i}`)}<c r="C${i + 2}"><v>${1000 + i}</v></c></row>`,
    );
    const data = handWrittenXlsx(`<sheetData>${head}${rows.join('')}</sheetData>`);
    // Refused by the package check: exceljs never loads it (what it would cost is not a test's to time).
    const load = vi.spyOn(Object.getPrototypeOf(new ExcelJS.Workbook().xlsx) as { load: () => unknown }, 'load');
    try {
      expect(message(await readDepositFile({ filename: 'a.xlsx', data }))).toBe(MSG_DEPOSIT.fileTooManyRows);
      expect(load).not.toHaveBeenCalled();
    } finally {
      load.mockRestore();
    }
  }, 30_000);
});

describe('a line wider than its title row (a thousands separator outside quotes)', () => {
  const csv = (...lines: string[]) => ({ filename: '입금내역.csv', data: new TextEncoder().encode(lines.join('\n')) });
  const TITLES = '거래일자,입금자명,입금액,잔액';

  it('120,000 unquoted is refused, naming the line: not read as 120 won', async () => {
    const file = csv(
      TITLES,
      '2026-03-05 14:30,한빛수입차부품,120,000,1,520,000',
      '2026-03-05 15:00,대성카센터,5000,9000',
    );
    expect(message(await readDepositFile(file))).toBe(MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowWider(2, 4, 7)], 0));
  });

  it('1,000.5 unquoted is refused the same way, not read as 1 won', async () => {
    const file = csv('거래일자,입금자명,입금액', '2026-03-05,한빛,1,000.5');
    expect(message(await readDepositFile(file))).toBe(MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowWider(2, 3, 4)], 0));
  });

  it('a withdrawal line split the same way is refused too, not skipped or read as a deposit', async () => {
    const file = csv('거래일시,적요,입금자명,출금액,입금액,잔액', '2026-03-05 09:15,인터넷,김대성,5,500,,1,007,000');
    expect(message(await readDepositFile(file))).toBe(MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowWider(2, 6, 9)], 0));
  });

  it('"120,000" quoted is 120,000 won; empty cells after the last title are no extra value', async () => {
    const file = csv(
      TITLES,
      '2026-03-05 14:30,한빛수입차부품,"120,000","1,520,000"',
      '2026-03-05 15:00,대성카센터,5000,9000,,',
    );
    expect(rows(await readDepositFile(file))).toEqual([
      [2, '2026-03-05T05:30:00.000Z', '한빛수입차부품', 120_000],
      [3, '2026-03-05T06:00:00.000Z', '대성카센터', 5_000],
    ]);
  });

  it('xlsx: a value right of the last title refuses the file; an empty cell there does not', async () => {
    const wide = await xlsx((sheet) => {
      sheet.addRow(['거래일자', '입금자명', '입금액', '잔액']);
      sheet.addRow(['2026-03-05', '한빛', 120, 0, 1, 520, 0]);
    });
    expect(message(await readDepositFile({ filename: 'a.xlsx', data: wide }))).toBe(
      MSG_DEPOSIT.rowErrors([MSG_DEPOSIT.rowWider(2, 4, 7)], 0),
    );
    const fit = await xlsx((sheet) => {
      sheet.addRow(['거래일자', '입금자명', '입금액', '잔액']);
      sheet.addRow(['2026-03-05', '한빛', 120_000, 1_520_000, null, '']);
    });
    expect(rows(await readDepositFile({ filename: 'a.xlsx', data: fit }))).toEqual([
      [2, '2026-03-04T15:00:00.000Z', '한빛', 120_000],
    ]);
  });
});
