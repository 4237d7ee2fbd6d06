/**
 * The 캐시 원장 (cash ledger) of a company as a printable PDF: one row per change of the balance, with
 * the balance after it, as the member area lists it (docs/requirements.md#cash-ledger).
 */
import type { Readable } from 'node:stream';
import { formatBusinessNumber, formatSeoulDateTime, groupDigits } from '@partsmall/contract';
import { pdfDocumentStream, type Content, type TDocumentDefinitions } from './pdf.js';
import { CONTENT_WIDTH, GRID, PAGE_MARGINS, fitColumns } from './layout.js';
import { MAX_STATEMENT_ROWS, StatementInputError, type StatementParty } from './statement-data.js';

/** Room for '기간  YYYY-MM-DD ~ YYYY-MM-DD' beside the company, however long its name. */
const PERIOD_WIDTH = 150;

export interface LedgerPdfRow {
  created: Date;
  typeLabel: string;
  /** '주문 #12', '결제 #3' or ''. */
  reference: string;
  note: string;
  amount: number;
  balanceAfter: number;
}

export interface LedgerPdfInput {
  supplier: StatementParty;
  buyer: StatementParty;
  /** The period as shown ('전체' when none). */
  period: string;
  rows: readonly LedgerPdfRow[];
  issuedAt?: Date;
}

const head = (text: string) => ({ text, bold: true, fillColor: '#eef1f5', alignment: 'center' });
const signed = (n: number) => (n > 0 ? `+${groupDigits(n)}` : n < 0 ? `-${groupDigits(-n)}` : '0');

function ledgerDocument(input: LedgerPdfInput): TDocumentDefinitions {
  if (input.rows.length > MAX_STATEMENT_ROWS) throw new StatementInputError(`more than ${MAX_STATEMENT_ROWS} rows`);
  const issuedAt = input.issuedAt ?? new Date();
  const body: Content[][] = [
    [head('일시'), head('구분'), head('주문·결제'), head('내용'), head('금액 (원)'), head('잔액 (원)')],
  ];
  for (const r of input.rows) {
    body.push([
      formatSeoulDateTime(r.created),
      r.typeLabel,
      r.reference || '-',
      { text: r.note, fontSize: 7.5 },
      { text: signed(r.amount), alignment: 'right' },
      { text: groupDigits(r.balanceAfter), alignment: 'right' },
    ]);
  }
  if (input.rows.length === 0)
    body.push([{ text: '기간 안의 내역이 없습니다.', colSpan: 6, alignment: 'center' }, '', '', '', '', '']);
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: { title: '캐시원장', author: input.supplier.company, producer: 'partsmall' },
    defaultStyle: { font: 'Pretendard', fontSize: 8.5, color: '#1f2937', lineHeight: 1.15 },
    footer: (page: number, pages: number) => ({
      margin: [32, 12, 32, 0],
      columns: [
        {
          text: `${input.supplier.company} · 캐시 원장 · ${formatSeoulDateTime(issuedAt)} 발행`,
          fontSize: 7,
          color: '#6b7280',
        },
        { text: `${page} / ${pages}`, fontSize: 7, color: '#6b7280', alignment: 'right' },
      ],
    }),
    content: [
      { text: '캐 시 원 장', fontSize: 20, bold: true, alignment: 'center', characterSpacing: 2 },
      {
        margin: [0, 10, 0, 8],
        columns: [
          {
            width: CONTENT_WIDTH - PERIOD_WIDTH,
            text: [
              { text: '회사  ', color: '#6b7280' },
              { text: input.buyer.company, bold: true },
              input.buyer.registrationNumber ? `  (${formatBusinessNumber(input.buyer.registrationNumber)})` : '',
            ],
          },
          {
            width: PERIOD_WIDTH,
            text: [
              { text: '기간  ', color: '#6b7280' },
              { text: input.period, bold: true },
            ],
            alignment: 'right',
          },
        ],
      },
      // Set widths: a long company name or note wraps instead of pushing the amounts off (layout.ts).
      {
        table: { headerRows: 1, dontBreakRows: true, widths: fitColumns([78, 56, 52, '*', 64, 64]), body },
        layout: GRID,
      },
    ],
  };
}

export function ledgerPdfStream(input: LedgerPdfInput): Promise<Readable> {
  return pdfDocumentStream(ledgerDocument(input));
}
