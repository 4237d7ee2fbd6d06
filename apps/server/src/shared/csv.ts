import { parse } from 'csv-parse/sync';
import { codeOfCell, csvCell, textOfCell } from '@partsmall/contract';

/**
 * CSV for the back office (docs/requirements.md#back-office): written with a BOM so that Korean Excel
 * opens it as UTF-8, each cell by the contract's `csvCell` (a formula-like text guarded, a code of
 * digits Excel would change written as `="…"`); an import reads each text back with `textOfCell`.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export { codeOfCell, textOfCell };

/** Parses CSV text into rows of cells; throws when quoting or column counts are broken. */
export function parseCsv(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), {
    relax_column_count: false,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
}

/**
 * A record whose every cell is blank or spaces: a spreadsheet's trailing rows, saved as commas. An
 * import skips it as a blank line (docs/requirements.md#back-office).
 */
export const blankRecord = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The line of the file (from 1) each record `parseCsv(text)` answers starts on. The parser skips
 * blank lines and a quoted cell may hold line breaks, so a record's place in the list is not its
 * line; a message names the line an editor or a spreadsheet shows (docs/requirements.md#back-office).
 * Read from the text alone, so the parse stays in the file worker pool: a text `parseCsv` took has
 * its quotes paired (a quote opens a quoted cell, or is doubled inside one), so a line begins a
 * record when it is not empty and no quoted cell is open when it starts.
 */
export function csvRecordLines(text: string): number[] {
  const starts: number[] = [];
  let quoted = false;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((line, i) => {
      if (!quoted && line !== '') starts.push(i + 1);
      for (let at = line.indexOf('"'); at !== -1; at = line.indexOf('"', at + 1)) quoted = !quoted;
    });
  return starts;
}

/**
 * The file line of record `index` of `records` that `parseCsv(text)` answered (0 the header): by
 * `csvRecordLines`, or the record's own place when the two counts disagree (never a wrong line).
 */
export function recordLineOf(text: string, records: number): (index: number) => number {
  const starts = csvRecordLines(text);
  return (index) => (starts.length === records ? starts[index]! : index + 1);
}
