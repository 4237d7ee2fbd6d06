/**
 * A CSV cell as a spreadsheet opens it (docs/requirements.md#back-office): the back office's exports
 * and the catalogue's 'CSV 저장' write each cell with `csvCell`, and the imports read a text back with
 * `textOfCell`. Browser-safe.
 */

/**
 * A text the export guards with an apostrophe: one a spreadsheet would run as a formula (=, +, -, @,
 * a tab or a carriage return first), and one whose apostrophes stand before such a start ('=x,
 * ''+1), which an import would otherwise take for a guarded one. Each gets one apostrophe more and
 * `textOfCell` takes exactly one off, so every text reads back as it was.
 */
const GUARDED = /^'*[=+\-@\t\r]/;

/**
 * A code of digits Excel would read as a number and change: a leading zero (07119915325 becomes
 * 7119915325) or 12 digits and more (shown as 1.23457E+11, saved back so, and past 15 digits rounded).
 * Shorter codes without a leading zero open and save back as the same digits, so they stay bare.
 */
const numberLikeCode = (s: string) => /^\d+$/.test(s) && ((s.length > 1 && s.startsWith('0')) || s.length >= 12);

/** The `="…"` cell (Excel's text formula) a number-like code is written as: the text inside, `""` a quote. */
const TEXT_FORMULA = /^="((?:[^"]|"")*)"$/;

/**
 * One cell: a guarded text gets a leading apostrophe, a number-like code is written as `="…"` (Excel
 * shows it as that text), a number stays bare, and the cell is quoted when it holds a comma, a quote
 * or a line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && GUARDED.test(s)) s = `'${s}`;
  else if (typeof value === 'string' && numberLikeCode(s)) s = `="${s}"`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The text inside a `="…"` cell (csvCell's form of a number-like code, or one a sheet wrote so), or
 * the cell as it is: what a file staff make by hand (the cross-reference CSV) reads back.
 */
export function codeOfCell(cell: string): string {
  const inside = TEXT_FORMULA.exec(cell);
  return inside ? inside[1]!.replace(/""/g, '"') : cell;
}

/**
 * A cell of a file csvCell wrote, read back to the text it was written from: `="…"` is the text
 * inside; otherwise an apostrophe before a formula-like start (after any further apostrophes) is taken
 * off, exactly one; any other cell is the text as it is.
 */
export function textOfCell(cell: string): string {
  if (TEXT_FORMULA.test(cell)) return codeOfCell(cell);
  return cell.startsWith("'") && GUARDED.test(cell.slice(1)) ? cell.slice(1) : cell;
}
