/**
 * The 외상 월 명세서 (docs/requirements.md#monthly-close) in the style of the 거래명세서: supplier and
 * buyer boxes, the month's figures (opening, shipped, credits, payments, closing), what it bills and
 * by when, the virtual account, and every line. Plain input, no database.
 */
import type { Readable } from 'node:stream';
import { formatSeoulDate, formatSeoulDateTime, groupDigits, statementCreditParts } from '@partsmall/contract';
import { pdfDocumentStream, type Content, type TDocumentDefinitions } from './pdf.js';
import { GRID, PAGE_MARGINS, fitColumns, label, partyBoxes } from './layout.js';
import { MAX_STATEMENT_ROWS, StatementInputError, wonInWords, type StatementParty } from './statement-data.js';

export interface CreditStatementPdfInput {
  supplier: StatementParty;
  buyer: StatementParty;
  /** '2026년 10월 명세서'. */
  title: string;
  month: string;
  opening: number;
  charges: number;
  credits: number;
  payments: number;
  adjustments: number;
  closing: number;
  amountDue: number;
  paid: number;
  /** What of its credit went back to the company's cash at the close (statementCreditParts). */
  refunded: number;
  dueDate: string;
  termLabel: string;
  statusLabel: string;
  virtualAccount?: { bank: string; accountNumber: string; holder: string } | null;
  lines: readonly { date: string; kindLabel: string; orderSeq: number | null; description: string; amount: number }[];
  /** When the statement was issued: its close (a download later prints the same statement). */
  issuedAt: Date;
}

const signed = (n: number) => (n < 0 ? `-${groupDigits(-n)}` : groupDigits(n));
const right = (text: string, extra: Record<string, unknown> = {}) => ({ text, alignment: 'right', ...extra });

/**
 * The 입금 계좌 box: the statement's virtual account; before the `statement.account` job has issued it
 * (it runs just after the close, docs/requirements.md#credit-deposits) the buyer reads that it is
 * coming and how they will be told, never a bare '-'; a statement with nothing unpaid needs none, and
 * shows none even when one was issued before it was paid.
 */
export function accountText(va: CreditStatementPdfInput['virtualAccount'], unpaid: number): string {
  // Paid in full: the account issued at the close takes nothing more for this statement.
  if (unpaid <= 0) return '필요 없음 (미결제 금액 없음)';
  if (va) return `${va.bank} ${va.accountNumber}\n예금주 ${va.holder}`;
  return '입금 계좌 발급 중\n(발급되면 알림톡으로 알려 드립니다)';
}

/**
 * 청구금액, 결제기한, 결제 상태 and 입금 계좌. A statement that credits more than it bills asks for
 * nothing and says where its credit went (refunded to cash, used on other statements, left for the
 * next), never a negative amount in words.
 */
function billedRows(input: CreditStatementPdfInput): Content[][] {
  const unpaid = Math.max(0, input.amountDue - input.paid);
  const account = [label('입금 계좌'), { text: accountText(input.virtualAccount, unpaid), fontSize: 7.5 }];
  if (input.amountDue < 0)
    return [
      [
        label('청구금액'),
        { text: [{ text: '없음', bold: true }, `  (반품·차감 ${groupDigits(-input.amountDue)}원이 청구보다 많음)`] },
        label('결제기한'),
        { text: '-', alignment: 'center' },
      ],
      [label('결제 상태'), `${input.statusLabel} · 미결제 0원`, ...account],
      [label('차감액'), { text: statementCreditParts(input).join(' · '), colSpan: 3 }, '', ''],
    ];
  return [
    [
      label('청구금액'),
      {
        text: [
          { text: '일금 ' },
          { text: `${wonInWords(input.amountDue)}원정`, bold: true },
          `  (₩ ${groupDigits(input.amountDue)}, VAT 포함)`,
        ],
      },
      label('결제기한'),
      { text: formatSeoulDate(input.dueDate), bold: true, alignment: 'center' },
    ],
    [
      label('결제 상태'),
      `${input.statusLabel} · 결제 ${groupDigits(input.paid)}원 · 미결제 ${groupDigits(unpaid)}원`,
      ...account,
    ],
  ];
}

function creditStatementDocument(input: CreditStatementPdfInput): TDocumentDefinitions {
  if (input.lines.length > MAX_STATEMENT_ROWS) throw new StatementInputError(`more than ${MAX_STATEMENT_ROWS} rows`);
  const body: Content[][] = [[label('일자'), label('구분'), label('주문'), label('내용'), label('금액 (원)')]];
  for (const l of input.lines)
    body.push([
      formatSeoulDate(l.date),
      l.kindLabel,
      l.orderSeq ? `#${l.orderSeq}` : '-',
      { text: l.description, fontSize: 7.5 },
      right(signed(l.amount)),
    ]);
  if (input.lines.length === 0)
    body.push([{ text: '이 달의 거래가 없습니다.', colSpan: 5, alignment: 'center' }, '', '', '', '']);
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: { title: input.title, author: input.supplier.company, producer: 'partsmall' },
    defaultStyle: { font: 'Pretendard', fontSize: 8.5, color: '#1f2937', lineHeight: 1.15 },
    footer: (page: number, pages: number) => ({
      margin: [32, 12, 32, 0],
      columns: [
        {
          text: `${input.supplier.company} · ${input.title} · ${formatSeoulDateTime(input.issuedAt)} 발행`,
          fontSize: 7,
          color: '#6b7280',
        },
        { text: `${page} / ${pages}`, fontSize: 7, color: '#6b7280', alignment: 'right' },
      ],
    }),
    content: [
      { text: '외 상 거 래 명 세 서', fontSize: 20, bold: true, alignment: 'center', characterSpacing: 2 },
      { text: `${input.title} (${input.termLabel})`, alignment: 'center', margin: [0, 4, 0, 10], color: '#4b5563' },
      partyBoxes(input.supplier, input.buyer, 10),
      {
        margin: [0, 10, 0, 0],
        table: {
          widths: ['*', '*', '*', '*', '*'],
          body: [
            [label('전월 이월'), label('당월 출고'), label('반품·차감'), label('입금'), label('기말 잔액')],
            [
              right(signed(input.opening)),
              right(signed(input.charges)),
              right(signed(input.credits + input.adjustments)),
              right(signed(input.payments)),
              right(signed(input.closing), { bold: true }),
            ],
          ],
        },
        layout: GRID,
      },
      { margin: [0, 8, 0, 0], table: { widths: [70, '*', 60, 90], body: billedRows(input) }, layout: GRID },
      { text: '거래 내역', bold: true, margin: [0, 12, 0, 4] },
      // Set widths: a long description wraps before the amount (layout.ts).
      { table: { headerRows: 1, dontBreakRows: true, widths: fitColumns([56, 82, 40, '*', 70]), body }, layout: GRID },
    ],
  };
}

export function creditStatementPdfStream(input: CreditStatementPdfInput): Promise<Readable> {
  return pdfDocumentStream(creditStatementDocument(input));
}
