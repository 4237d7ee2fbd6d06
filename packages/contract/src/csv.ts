/**
 * The CSV reader of quick order (docs/search.md#paste-anything) and of bank files: an uploaded .csv
 * and a pasted CSV are read by this one function, so the same text reads the same either way; a
 * record is named by the line it starts on. Browser-safe (the web checks a paste before sending it).
 */

/**
 * The one delimiter of a CSV's text, as a paste is cut (docs/search.md#paste-anything): tabs when it
 * has them (Excel's 'Unicode text', a tab-separated .txt or .csv), so a thousands comma ('1,200') and a
 * memo's comma or semicolon ('좌,우') stay in their cells; else commas or semicolons (Excel in some
 * locales), whichever cuts the text into more cells (a delimiter whose quoting breaks counted by its
 * characters, so that a broken file is still refused), commas on a tie. A tab inside a quoted cell of
 * a comma or semicolon CSV leaves it one: when both read, the one whose rows agree on a width of more
 * than one cell more often wins (a tab cutting a quoted cell gives rows of other widths), and on a tie
 * tabs, unless a cell cut by tabs holds an odd number of quotes (half a quoted cell). Before, all
 * three cut every file: `70293721511⇥1,200⇥급함` read quantity 1 and memo 200.
 */
export function csvDelimiter(text: string): ',' | '\t' | ';' {
  const cuts = (delimiter: string) => {
    const rows = csvRows(text, [delimiter]);
    if (rows) return { ok: true, n: rows.reduce((n, r) => n + r.cells.length - 1, 0) };
    return { ok: false, n: text.split(delimiter).length - 1 };
  };
  const comma = cuts(',');
  const semicolon = cuts(';');
  const other = semicolon.n > comma.n ? semicolon : comma;
  const otherDelimiter = other === semicolon ? ';' : ',';
  if (!text.includes('\t')) return otherDelimiter;
  const tabRows = csvRows(text, ['\t']);
  const otherRows = other.ok && other.n > 0 ? csvRows(text, [otherDelimiter]) : null;
  if (tabRows === null) return otherRows ? otherDelimiter : '\t';
  if (otherRows === null) return '\t';
  const [byTabs, byOther] = [agreeingRows(tabRows), agreeingRows(otherRows)];
  if (byTabs !== byOther) return byTabs > byOther ? '\t' : otherDelimiter;
  const halfQuoted = tabRows.some((r) => r.cells.some((c) => (c.split('"').length - 1) % 2 === 1));
  return halfQuoted ? otherDelimiter : '\t';
}

/** How many rows have the commonest width of more than one cell (csvDelimiter). */
function agreeingRows(rows: readonly { cells: string[] }[]): number {
  const widths = new Map<number, number>();
  for (const { cells } of rows) if (cells.length > 1) widths.set(cells.length, (widths.get(cells.length) ?? 0) + 1);
  return Math.max(0, ...widths.values());
}

/**
 * A CSV's text as rows of cells, each with the line it starts on (from 1); null when its quoting is
 * broken (a quote never closed, or text after a closing quote). A cell that starts with a quote
 * (spaces before it allowed) runs to the closing quote and may hold delimiters, line breaks and doubled
 * quotes (""); spaces after the closing quote go. Any of `delimiters` separates cells (by default the
 * text's one delimiter, `csvDelimiter`); rows may differ in width; empty lines are skipped. Unquoted
 * cells stay as written (not trimmed), and a quote inside one is a character ('17" 휠'). Line breaks
 * are \r\n, \n or \r; a leading byte order mark is dropped.
 */
export function csvRows(
  text: string,
  delimiters: readonly string[] = [csvDelimiter(text)],
): { line: number; cells: string[] }[] | null {
  const rows: { line: number; cells: string[] }[] = [];
  const isDelimiter = (ch: string | undefined) => ch !== undefined && delimiters.includes(ch);
  const isBreak = (ch: string | undefined) => ch === '\n' || ch === '\r';
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  /** The end of a line break at i (\r\n is one). */
  const breakEnd = (at: number) => (text[at] === '\r' && text[at + 1] === '\n' ? at + 2 : at + 1);
  while (i < text.length) {
    if (isBreak(text[i])) {
      // An empty line.
      i = breakEnd(i);
      line++;
      continue;
    }
    const start = line;
    const cells: string[] = [];
    for (;;) {
      // One cell: quoted when its first character other than spaces is a quote.
      let j = i;
      while (text[j] === ' ') j++;
      let cell: string;
      if (text[j] === '"') {
        cell = '';
        j++;
        for (;;) {
          if (j >= text.length) return null;
          const ch = text[j]!;
          if (ch === '"') {
            if (text[j + 1] === '"') {
              cell += '"';
              j += 2;
              continue;
            }
            j++;
            break;
          }
          if (isBreak(ch)) {
            const end = breakEnd(j);
            cell += text.slice(j, end);
            j = end;
            line++;
            continue;
          }
          cell += ch;
          j++;
        }
        while (text[j] === ' ') j++;
        if (j < text.length && !isDelimiter(text[j]) && !isBreak(text[j])) return null;
      } else {
        j = i;
        while (j < text.length && !isDelimiter(text[j]) && !isBreak(text[j])) j++;
        cell = text.slice(i, j);
      }
      cells.push(cell);
      if (isDelimiter(text[j])) {
        i = j + 1;
        continue;
      }
      // The end of the row: a line break or the end of the text.
      i = j < text.length ? breakEnd(j) : j;
      if (j < text.length) line++;
      break;
    }
    rows.push({ line: start, cells });
  }
  return rows;
}

/** A quote that opens a cell: first on a line, or after a comma or semicolon (spaces between allowed). */
const QUOTED_CELL = /(?:^|[,;]) *"/m;

/**
 * The rows of a pasted CSV (docs/search.md#paste-anything): a text without tabs in which some cell is
 * quoted ('"42215489599","2"', '42215489599,2,"좌측, 앞"') is read by the CSV reader an uploaded .csv
 * is read by, so it reads as that file does. Null for any other text (tabs from Excel, unquoted commas
 * with their thousands commas, spaces) and for broken quoting ('17" 휠'), which keep the line reading.
 */
export function pastedCsvRows(text: string): { line: number; cells: string[] }[] | null {
  if (text.includes('\t') || !QUOTED_CELL.test(text)) return null;
  return csvRows(text);
}
