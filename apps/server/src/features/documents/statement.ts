/**
 * The 거래명세서 (transaction statement) drawn as a pdfmake document: one order, or a company's orders
 * over a period (월간). Nothing here reads the database or the network: callers pass plain objects
 * (statement-data.ts).
 */
import type { Readable } from 'node:stream';
import { formatSeoulDate, formatSeoulDateTime, formatWon, groupDigits } from '@partsmall/contract';
import { GRID, PAGE_MARGINS, SHADE, fitColumns, label, partyBoxes } from './layout.js';
import {
  toBuffer,
  toStream,
  type Content,
  type ContentTable,
  type TableCell,
  type TDocumentDefinitions,
} from './pdf.js';
import {
  statementRows,
  wonInWords,
  type MonthlyStatementInput,
  type OrderStatementInput,
  type StatementParty,
  type StatementRow,
  type StatementTotals,
} from './statement-data.js';
import { UNDONE, creditNote } from './statement-notices.js';

const INK = '#1f2937';

function totalBar(totals: StatementTotals): ContentTable {
  return {
    margin: [0, 8, 0, 0],
    table: {
      widths: [70, '*', 'auto'],
      body: [
        [
          label('합계금액', { margin: [0, 2, 0, 0] }),
          {
            text: [{ text: '일금 ' }, { text: `${wonInWords(totals.total)}원정`, bold: true, fontSize: 11 }],
            margin: [0, 1, 0, 0],
          },
          { text: `₩ ${groupDigits(totals.total)}  (VAT 포함)`, bold: true, fontSize: 11, alignment: 'right' },
        ],
      ],
    },
    layout: GRID,
  };
}

function summary(totals: StatementTotals): Content[] {
  const table: ContentTable = {
    margin: [0, 8, 0, 0],
    table: {
      widths: [58, 100, 58, 90, 40, 133],
      body: [
        [
          label('공급가액'),
          { text: groupDigits(totals.supply), alignment: 'right' },
          label('세액 (10%)'),
          { text: groupDigits(totals.tax), alignment: 'right' },
          label('합계'),
          { text: groupDigits(totals.total), alignment: 'right', bold: true },
        ],
      ],
    },
    layout: GRID,
  };
  const note = totals.shipping
    ? [
        {
          text: `합계에 배송비 ${formatWon(totals.shipping)}이 포함되어 있습니다.`,
          fontSize: 7.5,
          color: '#6b7280',
          alignment: 'right',
          margin: [0, 3, 0, 0],
        },
      ]
    : [];
  return [table, ...note];
}

function numberCell(n: number, extra: Record<string, unknown> = {}): TableCell {
  return { text: groupDigits(n), alignment: 'right', ...extra };
}

/** What a period statement's row before an order's lines says besides its date and number. */
interface OrderHead {
  refs: readonly string[];
  onCredit: boolean;
}

/**
 * The lines' table. A monthly statement puts a row before each order's lines with its date, number,
 * 외상 when it was bought on credit, and job references, so the part columns keep the width of a
 * single order's statement.
 */
function linesTable(
  rows: readonly StatementRow[],
  totals: StatementTotals,
  orders: ReadonlyMap<string, OrderHead> | null,
): ContentTable {
  const head: TableCell[] = [
    label('No'),
    label('품번'),
    label('품명'),
    label('수량'),
    label('단가 (VAT 포함)'),
    label('공급가액'),
    label('세액'),
  ];
  // Set widths: a memo or part number without spaces wraps in its cell (layout.ts).
  const widths = fitColumns([20, 72, '*', 30, 62, 66, 54]);
  const body: TableCell[][] = [head];
  let current = '';
  rows.forEach((r, i) => {
    if (orders && r.orderNo !== current) {
      current = r.orderNo;
      const { refs, onCredit } = orders.get(r.orderNo) ?? { refs: [], onCredit: false };
      body.push([
        {
          text: [
            { text: `${formatSeoulDate(r.orderedAt)}   `, bold: true },
            { text: '주문번호 ', color: '#6b7280' },
            { text: r.orderNo, bold: true },
            ...(onCredit ? [{ text: '   외상', bold: true, color: '#b45309' }] : []),
            ...(refs.length ? [{ text: '   작업 참조 ', color: '#6b7280' }, { text: refs.join(', ') }] : []),
          ],
          colSpan: 7,
          fillColor: '#f7f8fa',
        },
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
    }
    body.push([
      { text: String(i + 1), alignment: 'center', color: '#6b7280' },
      { text: r.partNo, fontSize: 7.5 },
      r.shipping
        ? { text: r.name, color: '#374151' }
        : r.memo
          ? { text: [r.name, { text: `\n메모: ${r.memo}`, fontSize: 7, color: '#6b7280' }] }
          : r.name,
      // A fee has no quantity: its cell is blank, so the column adds up to 계's, the goods' count.
      r.shipping ? '' : numberCell(r.quantity),
      numberCell(r.unitPrice),
      numberCell(r.supply),
      numberCell(r.tax),
    ]);
  });
  body.push([
    { ...label('계'), colSpan: 3 },
    '',
    '',
    numberCell(totals.quantity, { bold: true, fillColor: SHADE }),
    { text: '', fillColor: SHADE },
    numberCell(totals.supply, { bold: true, fillColor: SHADE }),
    numberCell(totals.tax, { bold: true, fillColor: SHADE }),
  ]);
  return { margin: [0, 8, 0, 0], table: { headerRows: 1, dontBreakRows: true, widths, body }, layout: GRID };
}

function documentOf(opts: {
  title: string;
  copy: string;
  meta: Content[];
  supplier: StatementParty;
  buyer: StatementParty;
  rows: StatementRow[];
  totals: StatementTotals;
  /** Monthly: each order's job references and whether it was bought on 외상, by order number (null for one order's statement). */
  orders: ReadonlyMap<string, OrderHead> | null;
  notes: Content[];
  footerLeft: string;
  /** A notice under the title (a cancelled or returned order), and the closing line in place of the claim. */
  notice?: Content;
  closing?: string;
}): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: PAGE_MARGINS,
    info: {
      title: opts.title.replace(/\s/g, ''),
      author: opts.supplier.company,
      creator: opts.supplier.company,
      producer: 'partsmall',
    },
    defaultStyle: { font: 'Pretendard', fontSize: 8.5, color: INK, lineHeight: 1.15 },
    footer: (page: number, pages: number) => ({
      margin: [32, 12, 32, 0],
      columns: [
        { text: opts.footerLeft, fontSize: 7, color: '#6b7280' },
        { text: `${page} / ${pages}`, fontSize: 7, color: '#6b7280', alignment: 'right' },
      ],
    }),
    content: [
      { text: opts.title, fontSize: 20, bold: true, alignment: 'center', characterSpacing: 2 },
      { text: opts.copy, fontSize: 8, alignment: 'center', color: '#6b7280', margin: [0, 2, 0, 8] },
      { columns: opts.meta, margin: [0, 0, 0, 6] },
      ...(opts.notice ? [opts.notice] : []),
      partyBoxes(opts.supplier, opts.buyer, 8),
      totalBar(opts.totals),
      linesTable(opts.rows, opts.totals, opts.orders),
      // The totals, the notes and the claim are one block: a page break inside it left the claim
      // alone on a last page, apart from the figures it claims.
      {
        unbreakable: true,
        stack: [
          ...summary(opts.totals),
          ...opts.notes,
          {
            text: opts.closing ?? '위 금액을 정히 영수(청구)합니다.',
            alignment: 'right',
            margin: [0, 14, 0, 0],
            color: '#374151',
          },
        ],
      },
    ],
  };
}

function metaItem(name: string, value: string): { [key: string]: unknown } {
  return {
    text: [
      { text: `${name}  `, color: '#6b7280' },
      { text: value, bold: true },
    ],
  };
}

function undoneNotice(text: string): Content {
  return {
    table: {
      widths: ['*'],
      body: [[{ text, bold: true, color: '#b91c1c', alignment: 'center', margin: [0, 3, 0, 3] }]],
    },
    layout: {
      ...GRID,
      hLineColor: () => '#b91c1c',
      vLineColor: () => '#b91c1c',
      hLineWidth: () => 1,
      vLineWidth: () => 1,
    },
    margin: [0, 0, 0, 8],
  };
}

function orderDocument(input: OrderStatementInput): TDocumentDefinitions {
  const { order } = input;
  const { rows, totals } = statementRows([order]);
  const issuedAt = input.issuedAt ?? new Date();
  const refs = (order.jobRefs ?? []).filter((r) => r.trim());
  const undone = order.undone ? UNDONE[order.undone.kind] : null;
  return documentOf({
    title: '거 래 명 세 서',
    copy: undone ? `(공급받는자 보관용 · ${undone.stamp})` : '(공급받는자 보관용)',
    ...(undone && order.undone
      ? {
          notice: undoneNotice(
            `${order.onCredit ? undone.onCredit : undone.notice} (주문 상태: ${order.undone.label})`,
          ),
          closing: undone.closing,
        }
      : {}),
    meta: [
      metaItem('주문번호', order.orderNo),
      metaItem('주문일', formatSeoulDate(order.orderedAt)),
      { ...metaItem('발행일', formatSeoulDate(issuedAt)), alignment: 'right' },
    ],
    supplier: input.supplier,
    buyer: input.buyer,
    rows,
    totals,
    orders: null,
    notes: refs.length
      ? [{ text: [{ text: '작업 참조  ', color: '#6b7280' }, refs.join(', ')], margin: [0, 8, 0, 0] }]
      : [],
    footerLeft: `${input.supplier.company} · 거래명세서 ${order.orderNo} · ${formatSeoulDateTime(issuedAt)} 발행`,
  });
}

function monthlyDocument(input: MonthlyStatementInput): TDocumentDefinitions {
  const orders = [...input.orders].sort(
    (a, b) => a.orderedAt.getTime() - b.orderedAt.getTime() || a.orderNo.localeCompare(b.orderNo),
  );
  const { rows, totals } = statementRows(orders);
  const issuedAt = input.issuedAt ?? new Date();
  const period = `${input.from.replace(/-/g, '.')} ~ ${input.to.replace(/-/g, '.')}`;
  return documentOf({
    title: '월 간 거 래 명 세 서',
    copy: '(공급받는자 보관용)',
    meta: [
      metaItem('기간', period),
      metaItem('주문', `${groupDigits(orders.length)}건`),
      { ...metaItem('발행일', formatSeoulDate(issuedAt)), alignment: 'right' },
    ],
    supplier: input.supplier,
    buyer: input.buyer,
    rows,
    totals,
    orders: new Map(
      orders.map((o) => [o.orderNo, { refs: (o.jobRefs ?? []).filter((r) => r.trim()), onCredit: !!o.onCredit }]),
    ),
    notes: creditNote(orders, rows),
    footerLeft: `${input.supplier.company} · 월간 거래명세서 ${period} · ${formatSeoulDateTime(issuedAt)} 발행`,
  });
}

/** The statement of one order as a PDF stream (pipe it to the answer). */
export function orderStatementStream(input: OrderStatementInput): Promise<Readable> {
  return toStream(orderDocument(input));
}

/** The statement of one order as a PDF. */
export async function renderOrderStatement(input: OrderStatementInput): Promise<Buffer> {
  return toBuffer(await orderStatementStream(input));
}

/**
 * A company's orders of a period as one PDF stream. At most MAX_STATEMENT_ROWS rows (StatementInputError
 * beyond): pdfmake lays the whole document out before writing, so the rows bound the memory.
 */
export function monthlyStatementStream(input: MonthlyStatementInput): Promise<Readable> {
  return toStream(monthlyDocument(input));
}

export async function renderMonthlyStatement(input: MonthlyStatementInput): Promise<Buffer> {
  return toBuffer(await monthlyStatementStream(input));
}

/**
 * Parses the fonts and loads pdfmake ahead of the first request: the first statement of a process
 * otherwise pays about a second for it. Safe to call more than once.
 */
export async function warmUpStatements(): Promise<void> {
  const party = { company: '-', registrationNumber: '0000000000', representative: '-', address: '-' };
  await renderOrderStatement({
    supplier: party,
    buyer: party,
    order: {
      orderNo: '-',
      orderedAt: new Date(0),
      lines: [{ partNo: '-', name: '가', quantity: 1, unitPrice: 1 }],
      shipping: 0,
    },
  });
}
