/**
 * What the shop's printed documents share: the A4 page and its margins, the grid of their tables,
 * the shaded label cell, and the 공급자 / 공급받는자 boxes.
 *
 * Every table column has a width in points. pdfmake widens a '*' or 'auto' column to the longest
 * word it holds, and it never breaks a word where a line may not break: a 50-letter company name, a
 * list of unit numbers or VINs joined by commas. Such a column grew past the page's edge and took
 * the columns after it along (the buyer's box, the amounts). A column of a set width wraps such a
 * word inside it instead (docs/requirements.md#statements).
 */
import { formatBusinessNumber, hyphenatePhone } from '@partsmall/contract';
import type { Content, ContentTable, TableCell } from './pdf.js';
import type { StatementParty } from './statement-data.js';

const LINE = '#4b5563';
export const SHADE = '#eef1f5';
const RULE = 0.5;
const PADDING = 4;

/** A4 portrait in points, and the margins of every document (left, top, right, bottom). */
export const PAGE_WIDTH = 595.28;
export const PAGE_MARGINS: readonly number[] = [32, 32, 32, 40];
/** The width between the side margins, what a top-level block spans. */
export const CONTENT_WIDTH = PAGE_WIDTH - PAGE_MARGINS[0]! - PAGE_MARGINS[2]!;

/** Thin grey rules, a little padding: prints cleanly in black and white. */
export const GRID = {
  hLineWidth: () => RULE,
  vLineWidth: () => RULE,
  hLineColor: () => LINE,
  vLineColor: () => LINE,
  paddingLeft: () => PADDING,
  paddingRight: () => PADDING,
  paddingTop: () => 2.5,
  paddingBottom: () => 2.5,
};

export function label(text: string, extra: Record<string, unknown> = {}): { [key: string]: unknown } {
  return { text, fillColor: SHADE, bold: true, alignment: 'center', ...extra };
}

/**
 * The widths of a GRID table `width` points wide (rules and padding included): the '*' columns share
 * what the numbered ones leave, as numbers, so that no text can widen them.
 */
export function fitColumns(widths: readonly (number | '*')[], width: number = CONTENT_WIDTH): number[] {
  const stars = widths.filter((w) => w === '*').length;
  const fixed = widths.reduce<number>((sum, w) => sum + (w === '*' ? 0 : w), 0);
  const frame = widths.length * 2 * PADDING + (widths.length + 1) * RULE;
  const star = stars ? (width - frame - fixed) / stars : 0;
  return widths.map((w) => (w === '*' ? star : w));
}

/**
 * '공급자' or '공급받는자' box `width` points wide: a vertical caption and five rows of 등록번호, 상호,
 * 대표자, 주소, 전화; a long 상호 or 주소 wraps inside its cell.
 */
export function partyBox(caption: string, p: StatementParty, width: number): ContentTable {
  const vertical = caption.split('').join('\n');
  const reg = formatBusinessNumber(p.registrationNumber);
  return {
    table: {
      widths: fitColumns([14, 44, '*'], width),
      body: [
        [
          { ...label(vertical), rowSpan: 5, margin: [0, caption.length > 3 ? 6 : 14, 0, 0] } as TableCell,
          label('등록번호'),
          { text: reg, bold: true, fontSize: 10 },
        ],
        ['', label('상호'), { text: p.company, bold: true }],
        ['', label('대표자'), p.representative || '-'],
        ['', label('주소'), { text: p.address || '-', fontSize: 7.5 }],
        ['', label('전화'), p.phone ? hyphenatePhone(p.phone) : '-'],
      ],
    },
    layout: GRID,
  };
}

/** The supplier's and the buyer's boxes side by side, each half of the page less `gap`. */
export function partyBoxes(supplier: StatementParty, buyer: StatementParty, gap: number): Content {
  const half = (CONTENT_WIDTH - gap) / 2;
  return {
    columns: [
      { width: half, stack: [partyBox('공급자', supplier, half)] },
      { width: half, stack: [partyBox('공급받는자', buyer, half)] },
    ],
    columnGap: gap,
  };
}
