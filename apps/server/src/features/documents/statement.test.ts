import { describe, expect, it } from 'vitest';
import { groupDigits, splitWithTotal } from '@partsmall/contract';
import { pdfText } from '../../../test/pdf-text.js';
import {
  MAX_STATEMENT_ROWS,
  StatementInputError,
  renderMonthlyStatement,
  renderOrderStatement,
  statementRows,
  supplierFromMallBottom,
  wonInWords,
  type StatementOrder,
} from './index.js';
import { SAMPLE_BUYER, SAMPLE_SUPPLIER, sampleMonthlyStatement, sampleOrder, sampleOrderStatement } from './sample.js';

const order: StatementOrder = {
  orderNo: '20261121-0007',
  orderedAt: new Date('2026-11-21T01:00:00Z'),
  lines: [
    { partNo: '34116860016', name: '브레이크 패드', quantity: 2, unitPrice: 243_100 },
    { partNo: '06L115562B', name: '오일 필터', quantity: 3, unitPrice: 10_001 },
  ],
  shipping: 6_000,
  jobRefs: ['WBA5R1C50KA100001'],
};

/** The page objects of a pdfkit file (its objects are written as plain text; only streams are deflated). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}

describe('statement rows and totals', () => {
  it('splits each line and the shipping fee, columns adding up to the split of the total', () => {
    const { rows, totals } = statementRows([order]);
    expect(rows.map((r) => [r.name, r.quantity, r.unitPrice, r.supply, r.tax, r.total])).toEqual([
      ['브레이크 패드', 2, 243_100, 442_000, 44_200, 486_200],
      // 30,003 = 27,275 + 2,728 (27,275.45 rounds down); the three VATs already add up to the total's.
      ['오일 필터', 3, 10_001, 27_275, 2_728, 30_003],
      ['배송비', 1, 6_000, 5_455, 545, 6_000],
    ]);
    expect(totals).toEqual({ supply: 474_730, tax: 47_473, total: 522_203, quantity: 5, shipping: 6_000 });
    expect(splitWithTotal(522_203)).toEqual({ supply: 474_730, tax: 47_473, total: 522_203 });
  });

  it("splits each order of a period on its own, so a period statement repeats each order's own figures", () => {
    // Two orders of one 1,016원 washer: alone each is 924 + 92. Split as one document, the period
    // (2,032 = 1,847 + 185) would move a won of 세액 onto one of them, and the order statement, the
    // period statement and the order's tax invoice would disagree by that won.
    const washer = (orderNo: string): StatementOrder => ({
      orderNo,
      orderedAt: new Date('2026-11-21T01:00:00Z'),
      lines: [{ partNo: '07119963151', name: '와셔', quantity: 1, unitPrice: 1_016 }],
      shipping: 0,
    });
    expect(statementRows([washer('8')]).rows.map((r) => [r.supply, r.tax])).toEqual([[924, 92]]);
    const { rows, totals } = statementRows([washer('8'), washer('9')]);
    expect(rows.map((r) => [r.orderNo, r.supply, r.tax, r.total])).toEqual([
      ['8', 924, 92, 1_016],
      ['9', 924, 92, 1_016],
    ]);
    expect(totals).toEqual({ supply: 1_848, tax: 184, total: 2_032, quantity: 2, shipping: 0 });
    // Within an order the columns still add up to the split of the order's total.
    const both = statementRows([order, { ...order, orderNo: '20261121-0008' }]);
    expect(both.totals).toEqual({ supply: 949_460, tax: 94_946, total: 1_044_406, quantity: 10, shipping: 12_000 });
  });

  it('adds no shipping row when the order paid none', () => {
    const { rows, totals } = statementRows([{ ...order, shipping: 0 }]);
    expect(rows.map((r) => r.name)).toEqual(['브레이크 패드', '오일 필터']);
    expect(totals.shipping).toBe(0);
  });

  it("prints a line's memo without its padding, and none for a blank one", () => {
    const { rows } = statementRows([
      {
        ...order,
        shipping: 0,
        lines: [
          { ...order.lines[0]!, memo: '  좌측 앞바퀴 ' },
          { ...order.lines[1]!, memo: ' \t ' },
        ],
      },
    ]);
    expect(rows.map((r) => [r.name, r.memo])).toEqual([
      ['브레이크 패드', '좌측 앞바퀴'],
      ['오일 필터', undefined],
    ]);
    expect('memo' in rows[1]!).toBe(false);
  });

  it('refuses a fraction of a won or a quantity below one', () => {
    expect(() =>
      statementRows([{ ...order, lines: [{ partNo: 'A', name: 'x', quantity: 0, unitPrice: 1000 }] }]),
    ).toThrow(StatementInputError);
    expect(() =>
      statementRows([{ ...order, lines: [{ partNo: 'A', name: 'x', quantity: 1, unitPrice: 99.5 }] }]),
    ).toThrow(StatementInputError);
    expect(() => statementRows([{ ...order, shipping: -6000 }])).toThrow(StatementInputError);
  });

  it(`holds at most ${MAX_STATEMENT_ROWS} rows`, () => {
    const line = { partNo: 'A', name: 'x', quantity: 1, unitPrice: 1000 };
    const exactly = { ...order, shipping: 0, lines: Array.from({ length: MAX_STATEMENT_ROWS }, () => line) };
    expect(statementRows([exactly]).rows).toHaveLength(MAX_STATEMENT_ROWS);
    expect(() => statementRows([{ ...exactly, lines: [...exactly.lines, line] }])).toThrow(StatementInputError);
  });
});

describe('wonInWords', () => {
  it.each([
    [0, '영'],
    [10, '일십'],
    [6_000, '육천'],
    [10_010, '일만일십'],
    [123_000, '일십이만삼천'],
    [615_400, '육십일만오천사백'],
    [100_000_000, '일억'],
    [602_012_900, '육억이백일만이천구백'],
    [1_000_000_000_000, '일조'],
  ])('%i → %s', (n, words) => {
    expect(wonInWords(n)).toBe(words);
  });
});

describe('supplier block from the shop configuration', () => {
  it('takes the company, 사업자등록번호, 대표자, address and phone of mallBottom', () => {
    expect(
      supplierFromMallBottom({
        companyName: '파츠몰',
        license: '214-88-12345',
        ceo: '홍길동',
        address: '서울 강남구 테헤란로 123',
        phone: '02-1234-5678',
      }),
    ).toEqual({
      company: '파츠몰',
      registrationNumber: '214-88-12345',
      representative: '홍길동',
      address: '서울 강남구 테헤란로 123',
      phone: '02-1234-5678',
    });
  });
});

// The first render parses the fonts (a second or more on a busy machine): generous time, no timing asserted.
describe('statement PDF', { timeout: 30_000 }, () => {
  it('makes an A4 PDF with the Korean font embedded as a subset, small', async () => {
    const pdf = await renderOrderStatement(sampleOrderStatement(50));
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // A4 in points.
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // Both weights embedded, each a subset (six-letter tag before the name).
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard-Regular/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard-Bold/);
    expect(text).toContain('/FontFile2');
    // Text can be copied out: each font maps its glyphs back to Unicode.
    expect(text.match(/\/ToUnicode/g)?.length).toBe(2);
    expect(pageCount(pdf)).toBe(2);
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('prints a buyer stored with emoji without them: the font has no glyph, they printed as boxes', async () => {
    const buyer = {
      ...SAMPLE_BUYER,
      company: '한빛🚗모터스 👨\u200d🔧정비',
      representative: '김정비😀',
      address: '경기도 성남시 분당구 판교역로 235 🏢 1층 ❤️',
    };
    const pdf = await renderOrderStatement({ supplier: SAMPLE_SUPPLIER, buyer, order });
    // pdfkit writes a missing glyph as glyph 0 (.notdef, the box): its Unicode map names each used glyph.
    const text = pdfText(pdf);
    expect(text).toContain('한빛모터스 정비');
    expect(text).toContain('김정비');
    expect(text).toContain('판교역로 235 1층');
    expect(text).not.toMatch(/\p{Extended_Pictographic}|\u200d|\ufe0f/u);
  });

  it('fits a short order on one page', async () => {
    const pdf = await renderOrderStatement({ supplier: SAMPLE_SUPPLIER, buyer: SAMPLE_BUYER, order });
    expect(pageCount(pdf)).toBe(1);
  });

  it('keeps the claim on the page of the totals it claims', async () => {
    // 26 lines of the sample fill the first page to just above its claim: the totals and the claim go
    // over together, never the claim alone.
    const pages = pdfText(await renderOrderStatement(sampleOrderStatement(26)))
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).not.toContain('위 금액을 정히 영수(청구)합니다.');
    expect(pages[1]).toContain('위 금액을 정히 영수(청구)합니다.');
    expect(pages[1]).toContain('세액 (10%)');
    expect(pages[1]).toContain(groupDigits(statementRows([sampleOrder(26)]).totals.total));
  });

  it('makes the monthly statement of many orders, one table over several pages', async () => {
    const pdf = await renderMonthlyStatement(sampleMonthlyStatement(200, 20));
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(5);
    expect(pageCount(pdf)).toBeLessThanOrEqual(7);
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('refuses a month of more rows than the bound before laying anything out', async () => {
    const orders = Array.from({ length: 11 }, (_, i) => sampleOrder(500, i + 1));
    await expect(
      renderMonthlyStatement({
        supplier: SAMPLE_SUPPLIER,
        buyer: SAMPLE_BUYER,
        from: '2026-11-01',
        to: '2026-11-30',
        orders,
      }),
    ).rejects.toThrow(StatementInputError);
  });
});
