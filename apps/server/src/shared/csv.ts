import { parse } from 'csv-parse/sync';

/**
 * CSV for the back office: written with a BOM so that Korean Excel opens it as UTF-8, and cells
 * that a spreadsheet would run as a formula (=, +, -, @ first) are quoted with a leading apostrophe.
 */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Parses CSV text into rows of cells; throws when quoting or column counts are broken. */
export function parseCsv(text: string): string[][] {
  return parse(text.replace(/^\uFEFF/, ''), {
    relax_column_count: false,
    skip_empty_lines: true,
    bom: true,
  }) as string[][];
}
