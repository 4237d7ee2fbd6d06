import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  creditStatementPdfStream,
  ledgerPdfStream,
  renderMonthlyStatement,
  renderOrderStatement,
  type StatementOrder,
  type StatementParty,
} from './index.js';
import { SAMPLE_BUYER, SAMPLE_CREDIT_STATEMENT, SAMPLE_SUPPLIER } from './sample.js';

/**
 * Long text without spaces (a company name, a list of unit numbers, a VIN list memo, a long part
 * number) wraps inside its cell: the supplier and buyer boxes keep half the page each and every
 * amount column stays on the page (docs/requirements.md#statements). Read back with poppler's
 * pdftotext -bbox, which drops what falls off the page.
 */
interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  page: number;
}

const A4_WIDTH = 595.28;
const MARGIN = 32;

function pdfWords(pdf: Buffer): Word[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-pdf-'));
  const file = path.join(dir, 'a.pdf');
  fs.writeFileSync(file, pdf);
  let html: string;
  try {
    html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const words: Word[] = [];
  html.split('<page ').forEach((chunk, page) => {
    for (const m of chunk.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</g))
      words.push({
        text: m[4]!
          .replace(/&amp;/g, '&')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"'),
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        page,
      });
  });
  return words;
}

/** The words of one page read line by line, left to right, joined without spaces. */
function joined(words: readonly Word[]): string {
  return [...words]
    .sort((a, b) => a.page - b.page || a.yMin - b.yMin || a.xMin - b.xMin)
    .map((w) => w.text)
    .join('');
}

function the(words: readonly Word[], text: string): Word {
  const found = words.filter((w) => w.text === text);
  expect(found, `'${text}' printed once`).toHaveLength(1);
  return found[0]!;
}

/** The words printed on the line of `w` (the same row of a table), left to right. */
const lineOf = (words: readonly Word[], w: Word) =>
  words
    .filter((o) => o.page === w.page && Math.abs(o.yMin - w.yMin) < 2)
    .sort((a, b) => a.xMin - b.xMin)
    .map((o) => o.text);

function expectAllOnThePage(words: readonly Word[]): void {
  const outside = words.filter((w) => w.xMin < MARGIN - 0.5 || w.xMax > A4_WIDTH - MARGIN + 0.5);
  expect(outside.map((w) => w.text)).toEqual([]);
}

/**
 * The values column of the supplier's (left half) or the buyer's (right half) box, from its
 * 등록번호 down to its 전화, read in order.
 */
function partyValues(words: readonly Word[], registration: string): string {
  const reg = the(words, registration);
  const half = reg.xMin < A4_WIDTH / 2 ? (x: number) => x < A4_WIDTH / 2 : (x: number) => x >= A4_WIDTH / 2;
  const phoneLabel = words.filter((w) => w.text === '전화' && half(w.xMin) && w.page === reg.page);
  expect(phoneLabel).toHaveLength(1);
  return joined(
    words.filter(
      (w) =>
        w.page === reg.page &&
        half(w.xMin) &&
        w.xMin >= reg.xMin - 0.5 &&
        w.yMin >= reg.yMin - 1 &&
        w.yMin <= phoneLabel[0]!.yMin + 1,
    ),
  );
}

const nospace = (s: string) => s.replace(/\s+/g, '');

const units = Array.from({ length: 20 }, (_, i) => `B${101 + i},`)
  .join('')
  .slice(0, 100);
const LONG_BUYER: StatementParty = {
  ...SAMPLE_BUYER,
  company: 'DAESUNGMOTORSIMPORTEDAUTOPARTSTRADINGCOLTDBUSANKR1',
  address: units,
};
const VINS = `VIN:${[456, 457, 458, 459, 460, 461].map((n) => `WDD2220631A123${n}`).join(',')}`.slice(0, 100);
const PART_NO = 'A2769060060A2769060060A2769060060A2769060060A27690';
const order: StatementOrder = {
  orderNo: '20261121-0007',
  orderedAt: new Date('2026-11-21T01:00:00Z'),
  lines: [
    { partNo: PART_NO, name: '브레이크 패드', quantity: 2, unitPrice: 243_100, memo: VINS },
    { partNo: '06L115562B', name: '오일 필터', quantity: 3, unitPrice: 10_001, memo: 'M'.repeat(100) },
  ],
  shipping: 6_000,
  jobRefs: ['RO-2026-11-0001-WBA5R1C50KA100001-BAY3', 'WBA5R1C50KA100001'],
};
const issuedAt = new Date('2026-11-21T06:30:00Z');

describe('statement layout with long text', { timeout: 30_000 }, () => {
  it('checks its own inputs are as long as the fields allow', () => {
    expect([LONG_BUYER.company.length, LONG_BUYER.address.length, VINS.length, PART_NO.length]).toEqual([
      50, 100, 100, 50,
    ]);
  });

  it.each([
    ['거래명세서', () => renderOrderStatement({ supplier: SAMPLE_SUPPLIER, buyer: LONG_BUYER, order, issuedAt })],
    [
      '월간 거래명세서',
      () =>
        renderMonthlyStatement({
          supplier: SAMPLE_SUPPLIER,
          buyer: LONG_BUYER,
          from: '2026-11-01',
          to: '2026-11-30',
          orders: [order],
          issuedAt,
        }),
    ],
  ])('%s: both boxes in full, every line and amount on the page', async (_, render) => {
    const words = pdfWords(await render());
    expectAllOnThePage(words);

    expect(partyValues(words, '124-81-00998')).toBe(
      nospace(`124-81-00998 ${LONG_BUYER.company} 김정비 ${LONG_BUYER.address} 031-777-8888`),
    );
    expect(partyValues(words, '214-88-12345')).toBe(
      nospace(`214-88-12345 파츠몰 주식회사 홍길동 ${SAMPLE_SUPPLIER.address} 02-1234-5678`),
    );

    expect(lineOf(words, the(words, '품명'))).toEqual(
      expect.arrayContaining(['No', '품번', '수량', '단가', '공급가액', '세액']),
    );
    // A line's row: its number, part number, name and memo within their columns, then its amounts.
    const name = the(words, '브레이크');
    const next = the(words, '오일');
    const row = words.filter((w) => w.yMin >= name.yMin - 1 && w.yMin < next.yMin - 1);
    expect(lineOf(words, name)).toEqual([
      '1',
      expect.any(String),
      '브레이크',
      '패드',
      '2',
      '243,100',
      '442,000',
      '44,200',
    ]);
    const no = row.find((w) => w.text === '1')!;
    expect(joined(row.filter((w) => w.xMin > no.xMax && w.xMax < name.xMin))).toBe(PART_NO);
    const quantity = row.find((w) => w.text === '2' && w.xMin > name.xMin)!;
    expect(joined(row.filter((w) => w.xMin >= name.xMin - 0.5 && w.xMax < quantity.xMin))).toBe(
      `브레이크패드메모:${VINS}`,
    );
    expect(lineOf(words, next)).toEqual(expect.arrayContaining(['3', '10,001', '27,275', '2,728']));
    // The 배송비 row: a fee has no quantity, so its 수량 is left blank and the column adds up to 계's.
    const fee = words.filter((w) => w.text === '배송비' && lineOf(words, w)[0] === '3');
    expect(fee.map((w) => lineOf(words, w))).toEqual([['3', '배송비', '6,000', '5,455', '545']]);
    // The 계 row: total quantity of the parts, 공급가액 and 세액.
    expect(lineOf(words, the(words, '계'))).toEqual(['계', '5', '474,730', '47,473']);
  });

  it('외상 명세서: both boxes in full, a long description wraps before the amount', async () => {
    const description = `주문 #12 출고 ${VINS}`;
    const words = pdfWords(
      await buffer(
        await creditStatementPdfStream({
          ...SAMPLE_CREDIT_STATEMENT,
          buyer: LONG_BUYER,
          lines: [{ date: '2026-10-14', kindLabel: '출고', orderSeq: 12, description, amount: 30_123 }],
          issuedAt,
        }),
      ),
    );
    expectAllOnThePage(words);
    expect(partyValues(words, '124-81-00998')).toBe(
      nospace(`124-81-00998 ${LONG_BUYER.company} 김정비 ${LONG_BUYER.address} 031-777-8888`),
    );
    const date = the(words, '2026.10.14');
    expect(lineOf(words, date)).toEqual(['2026.10.14', '출고', '#12', '주문', '#12', '출고', '30,123']);
    const amount = the(words, '30,123');
    const first = words.find((w) => w.text === '주문' && Math.abs(w.yMin - date.yMin) < 2)!;
    expect(
      joined(words.filter((w) => w.yMin >= date.yMin - 1 && w.xMin >= first.xMin - 0.5 && w.xMax < amount.xMin)),
    ).toBe(nospace(description));
  });

  it('캐시 원장: a long company name keeps the period on the page, a long note wraps before the amounts', async () => {
    const note = `메모 ${VINS}`;
    const words = pdfWords(
      await buffer(
        await ledgerPdfStream({
          supplier: SAMPLE_SUPPLIER,
          buyer: LONG_BUYER,
          period: '2026.11.01 ~ 2026.11.30',
          rows: [
            {
              created: new Date('2026-11-03T01:00:00Z'),
              typeLabel: '관리자 조정',
              reference: '',
              note,
              amount: 12_300,
              balanceAfter: 45_600,
            },
          ],
          issuedAt,
        }),
      ),
    );
    expectAllOnThePage(words);
    const company = the(words, '회사');
    expect(joined(words.filter((w) => w.yMin >= company.yMin - 1 && w.yMin < the(words, '일시').yMin - 1))).toBe(
      nospace(`회사 ${LONG_BUYER.company} (124-81-00998) 기간 2026.11.01 ~ 2026.11.30`),
    );
    const amount = the(words, '+12,300');
    expect(lineOf(words, amount)).toEqual(expect.arrayContaining(['관리자', '조정', '+12,300', '45,600']));
    const head = the(words, '메모');
    expect(
      joined(words.filter((w) => w.yMin >= head.yMin - 1 && w.xMin >= head.xMin - 0.5 && w.xMax < amount.xMin)),
    ).toBe(nospace(note));
  });
});
