/**
 * The lines of a pasted quick order (docs/search.md#paste-anything), before they are cut into cells.
 * Browser-safe, as quick-order-lines.ts which reads them.
 */
import { csvRows } from './csv.js';
import { commaCells } from './estimate-columns.js';

/** One line of a paste: its number (from 1) and its text. */
export interface PasteLine {
  line: number;
  raw: string;
}

/** A quote that opens a cell of a tab paste: first on a line or after a tab (spaces between allowed). */
const QUOTED_TAB_CELL = /(?:^|\t) *"/m;

/**
 * The lines of a pasted text, numbered as typed. Excel copies a cell holding a line break, a tab or a
 * quote inside quotes (`"BMW\n필터"`, a quote doubled), as a CSV does: a tab paste with such a cell is
 * read by the CSV reader with tabs as the only separator, so the quoted cell stays one cell of its line
 * (its line breaks and tabs become spaces) and the line is named by the line it starts on. Broken
 * quoting (a quote never closed, text after a closing quote) keeps the lines as typed.
 */
export function pasteLines(text: string): PasteLine[] {
  const typed = () => text.split(/\r\n|\r|\n/).map((raw, i) => ({ line: i + 1, raw }));
  if (!text.includes('\t') || !QUOTED_TAB_CELL.test(text)) return typed();
  const rows = csvRows(text, ['\t']);
  if (!rows) return typed();
  return rows.map((r) => ({ line: r.line, raw: r.cells.map((c) => c.replace(/[\r\n\t]+/g, ' ')).join('\t') }));
}

/**
 * A line's part number, quantity and memo when a separator cuts it into columns: tabs (Excel) always;
 * commas (CSV, mail; a thousands comma stays in its cell, `commaCells`) when the second cell is a
 * quantity (`isQty`), or starts with one before a space ('42215489599,1,200 급함': 1,200, memo 급함);
 * runs of two or more spaces (a PDF's columns) when the second is a quantity. Null otherwise.
 */
export function cutColumns(
  line: string,
  isQty: (cell: string) => boolean,
): { part: string; qty: string; memo: string } | null {
  const of = (cells: string[], qty: string, before: string[] = []) => ({
    part: cells[0]!,
    qty,
    memo: [...before, ...cells.slice(2)].filter(Boolean).join(' '),
  });
  const tabs = line.split('\t').map((c) => c.trim());
  if (tabs.length >= 2) return of(tabs, tabs[1]!);
  const commas = commaCells(line);
  if (commas.length >= 2) {
    if (isQty(commas[1]!)) return of(commas, commas[1]!);
    const [first, ...rest] = commas[1]!.split(/\s+/);
    if (rest.length > 0 && isQty(first!)) return of(commas, first!, [rest.join(' ')]);
  }
  const spaced = line.split(/\s{2,}/).map((c) => c.trim());
  return spaced.length >= 2 && isQty(spaced[1]!) ? of(spaced, spaced[1]!) : null;
}
