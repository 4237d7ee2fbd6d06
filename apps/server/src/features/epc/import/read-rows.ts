/**
 * How the importer reads a catalogue folder (docs/catalogue-format.md): which file holds which table,
 * each table's rows streamed through its schema, and the images its rows name, checked once each.
 * The checks of each table (validate.ts) share one `ImportCheck`.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CopyBuffer } from './copy-text.js';
import { checkRow, REQUIRED_TABLES, TABLES, type ImportLimits, type Row, type TableName } from './format.js';
import { checkImage, type CheckedImage } from './images.js';
import { V, type Problems, type WriteTable } from './plan.js';
import { readCsv, readJsonLines, type CatalogueSource } from './source.js';

/** What the checks of the tables share: the folder, the problems so far and the COPY text the writer takes. */
export interface ImportCheck {
  source: CatalogueSource;
  limits: ImportLimits;
  problems: Problems;
  fileOf: Map<TableName, string>;
  buffers: Record<WriteTable, CopyBuffer>;
  counts: Record<TableName, number>;
  /**
   * Tables missing or not read whole (a file too large, a row refused): references into them are
   * not judged, so one broken row is reported once, not again at every row that points at it.
   */
  unreadable: Set<TableName>;
  images: Map<string, CheckedImage | string>;
}

/** The data file of each table in the folder's top level; unknown names, a table twice and missing ones are problems. */
export function tableFiles(files: string[], problems: Problems): Map<TableName, string> {
  const fileOf = new Map<TableName, string>();
  for (const file of files) {
    if (file.includes('/')) continue; // images and other material live in sub-folders
    const match = /^(.+)\.(jsonl|csv)$/i.exec(file);
    if (!match) continue;
    const table = match[1] as TableName;
    if (!TABLES.includes(table)) {
      problems.add(file, null, V.unknownFile(TABLES.join(', ')));
      continue;
    }
    if (fileOf.has(table)) problems.add(file, null, V.bothFormats(table));
    else fileOf.set(table, file);
  }
  for (const table of REQUIRED_TABLES) if (!fileOf.has(table)) problems.add('', null, V.missingTable(table));
  return fileOf;
}

/** Served path of an image field ('' when none); a problem when the file is missing or bad. */
export async function imageOf(ck: ImportCheck, file: string, line: number, value: string | undefined): Promise<string> {
  if (!value) return '';
  if (value.startsWith('https://')) return value;
  let checked = ck.images.get(value);
  if (checked === undefined) {
    checked = await checkImage(ck.source, value, ck.limits.maxImageBytes);
    ck.images.set(value, checked);
  }
  if (typeof checked === 'string') {
    ck.problems.add(file, line, checked);
    return '';
  }
  return checked.served;
}

/**
 * Time the check spends on rows before it answers other requests: an upload is checked in the
 * server's one thread, where a 600,000-row file held every request for 6 s. The zip it came in is
 * unpacked the same way (features/admin/catalogue-zip.ts).
 */
const SLICE_MS = 10;

/**
 * Streams the rows of one table through its schema, giving way every SLICE_MS; `handle` sees the
 * valid ones. A required table without rows is a problem of its file.
 */
export async function eachRow<T extends TableName>(
  ck: ImportCheck,
  table: T,
  handle: (row: Row<T>, line: number, index: number) => void | Promise<void>,
) {
  const { source, limits, problems, unreadable } = ck;
  const file = ck.fileOf.get(table);
  if (!file) {
    unreadable.add(table);
    return;
  }
  const size = await source.size(file);
  if (size !== null && size > limits.maxFileBytes) {
    problems.add(file, null, V.fileTooLarge(limits.maxFileBytes));
    unreadable.add(table);
    return;
  }
  const csv = file.toLowerCase().endsWith('.csv');
  const reader = csv
    ? readCsv(source.stream(file), limits.maxLineChars)
    : readJsonLines(source.stream(file), limits.maxLineChars);
  let index = 0;
  let unknownColumns = false;
  let sliceStart = performance.now();
  for await (const batch of reader) {
    for (const raw of batch) {
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      if ('error' in raw) {
        problems.add(file, raw.line, raw.error);
        unreadable.add(table);
        continue;
      }
      index++;
      if (index > limits.maxRows) {
        problems.add(file, raw.line, V.tooManyRows(limits.maxRows));
        unreadable.add(table);
        return;
      }
      const checked = checkRow(table, raw.row);
      if ('issues' in checked) {
        unreadable.add(table);
        for (const issue of checked.issues) {
          // A CSV column the table does not have is the header's fault: said once, on line 1.
          if (issue.field === null && csv) {
            if (!unknownColumns) problems.add(file, 1, issue.message);
            unknownColumns = true;
          } else problems.add(file, raw.line, issue.field ? `${issue.field}: ${issue.message}` : issue.message);
        }
        continue;
      }
      const pending = handle(checked.row, raw.line, index);
      if (pending) await pending;
    }
  }
  ck.counts[table] = index;
  // A required table read whole yet without a row would replace the live catalogue's rows with none
  // (docs/catalogue-format.md#files); the catalogue's own file says it needs exactly one.
  if (index === 0 && REQUIRED_TABLES.includes(table) && !unreadable.has(table))
    problems.add(file, null, table === 'catalogue' ? V.catalogueRows : V.noRows(file));
}
