import { z } from 'zod';
import {
  CSV_MAX_LINES,
  EXPORT_MAX_ROWS,
  MSG_ADMIN,
  MSG_PRODUCT,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_COLUMNS,
  PRODUCT_CSV_OPTIONAL_COLUMNS,
  STOCK_MAX,
  alphaNumber,
  productFields,
  type AdminProduct,
  type ImportProductsResult,
  type Warehouse,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { lockProductsByNumber, productsByNumber } from '../products/repository.js';
import { AppError, badRequest } from '../../shared/http.js';
import { onStocksRaised } from '../favorites/index.js';
import { invalidateProductLists } from '../products/index.js';
import { recordAudit } from './audit.js';
import { blankRecord, recordLineOf, textOfCell, toCsv } from '../../shared/csv.js';
import { parseCsvOffThread } from '../../workers/pools.js';
import { insertProducts, toProduct, updateProducts } from './product-rows.js';
import { searchRows } from './product-search.js';
import type { Fields, ProductQuery } from './product-rows.js';
import { lockAllFor } from '../../db/locks.js';
import { readWarehouses, warehouseRefusal } from './product-warehouses.js';

/** Products by CSV: the import (checked line by line, previewed, written all or nothing) and the export. */

const csvRow = z.object({
  pid: z.string(),
  name: z.string(),
  factoryNum: z.string(),
  type: z.string(),
  salePrice: z.string(),
  priceA: z.string(),
  priceB: z.string(),
  priceC: z.string(),
  priceD: z.string(),
  hasAmount: z.string(),
  stockName: z.string(),
  storageId: z.string(),
  category: z.string(),
  brand: z.string(),
  detailInfo: z.string(),
  description: z.string().optional(),
  hasAmountAtExport: z.string().optional(),
  verAtExport: z.string().optional(),
});

/** A stock cell: blank is null (an existing product keeps its stock), else a whole number 0 to STOCK_MAX, or undefined when bad. */
function stockCell(v: string | undefined): number | null | undefined {
  if (v === undefined || v.trim() === '') return null;
  const n = numberCell(v);
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= STOCK_MAX ? n : undefined;
}

/** An edit version cell: blank is null (no check), else a whole number 0 or more, or undefined when bad. */
function verCell(v: string | undefined): number | null | undefined {
  if (v === undefined || v.trim() === '') return null;
  const t = v.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : undefined;
}

/**
 * A checked line: its fields, its stock cells (null when blank), the product's edit version when
 * the file was exported (null when blank), the product it updates and whether its fields are those
 * of that product as the preview read it (the stock aside).
 */
interface ParsedLine {
  line: number;
  fields: Fields;
  hasAmount: number | null;
  atExport: number | null;
  verAtExport: number | null;
  existing: AdminProduct | null;
  sameFields: boolean;
}

/**
 * Whether a line of an export would change a product edited since the export (docs/requirements.md#back-office):
 * an import raises the edit version too, so the same file committed again (a retry after a
 * timeout, 저장 pressed twice) is refused on its lines instead of adding their stock changes again.
 * A line that changes nothing passes: an exported file imports back unchanged however often.
 */
const editedSinceExport = (p: ParsedLine, existing: AdminProduct, changes: readonly string[]) =>
  p.verAtExport !== null && p.verAtExport !== existing.ver && changes.length > 0;

/**
 * The stock a line leaves on a product that has `current` now: a blank cell keeps it; a line of an
 * export that says its stock then moves it by what the file changed (a sale since the export stays
 * sold: the file's old figure would sell those units again); any other line sets it.
 */
function stockAfter(line: Pick<ParsedLine, 'hasAmount' | 'atExport'>, current: number): number {
  if (line.hasAmount === null) return current;
  if (line.atExport === null) return line.hasAmount;
  return Math.max(0, current + line.hasAmount - line.atExport);
}

/**
 * Whether a line would raise a product's stock above the ceiling a stock change keeps
 * (docs/requirements.md#back-office): the line is refused, as a stock change would be. A stock stored
 * above it before it held may stay or go down.
 */
const raisesPastMax = (after: number, current: number) => after > STOCK_MAX && after > current;

/** What a line changes on the product it updates, as the preview lists it. */
function changesOf(fields: Fields, stock: number, existing: AdminProduct): string[] {
  const changes: string[] = [];
  for (const [k, v] of Object.entries({ ...fields, hasAmount: stock })) {
    const before: unknown = existing[k as keyof AdminProduct];
    if (before === undefined || String(before) === String(v)) continue;
    // A description runs to 5,000 characters: the preview names the change, not the text.
    if (k === 'description') changes.push(`${k}: ${String(before).length}자 → ${String(v).length}자`);
    else changes.push(`${k}: ${String(before)} → ${String(v)}`);
  }
  return changes;
}

/** The lines' (number key, warehouse) pairs, as the products are looked up by. */
const numberPairs = (lines: { fields: Fields }[]) =>
  lines.map((l) => ({ pidKey: alphaNumber(l.fields.pid), storageId: l.fields.storageId }));

/**
 * A number cell: digits (thousands commas allowed, a sign and decimals read so zod names them);
 * anything else stays a string for zod to refuse. Any number of digits: a price of 10^15 is told the
 * ceiling, not that it is no number.
 */
const numberCell = (v: string): number | string => {
  const t = v.trim().replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return v;
  // Past a double's range (309 digits) a number reads as Infinity, which zod calls no number at all.
  const n = Number(t);
  return Number.isFinite(n) ? n : Math.sign(n) * Number.MAX_VALUE;
};

/** Lines written a chunk at a time: a few statements a chunk, not several a line. */
const WRITE_CHUNK = 500;

const chunksOf = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / WRITE_CHUNK) }, (_, i) =>
    items.slice(i * WRITE_CHUNK, (i + 1) * WRITE_CHUNK),
  );

/**
 * A checked file's write, inside the commit's transaction; answers the stock each line leaves (for
 * the audit: what was written, not the file's cell), or null for a line left as it is. A bounded
 * number of statements for each chunk of lines: written a line at a time, a file of 5,000 held the
 * embedded PGlite, and so the whole shop, for 10-17 s (docs/requirements.md#back-office).
 */
async function writeLines(tx: Tx, parsed: ParsedLine[], withDescription: boolean): Promise<(number | null)[]> {
  // The same per-number locks as a single save (lockProductNumber), all in one statement in a fixed
  // order (no deadlock between two imports); which lines update is decided again under them, so a
  // product saved meanwhile is updated rather than duplicated.
  const keys = [...new Set(parsed.map((p) => `product-pid:${alphaNumber(p.fields.pid)}:${p.fields.storageId}`))].sort();
  await lockAllFor(tx, keys);
  // The rows are locked in id order (as paying locks them): their stock before the import decides
  // which lines are a restock (docs/requirements.md#restock-alerts).
  const now = await lockProductsByNumber(tx, numberPairs(parsed));
  const found = new Map(now.map((r) => [`${r.pidKey}:${r.storageId}`, r]));
  const written: (number | null)[] = [];
  const updates: { id: number; fields: Fields; hasAmount: number }[] = [];
  const creates: { fields: Fields; hasAmount: number }[] = [];
  const moves: { productId: number; before: number; after: number }[] = [];
  for (const p of parsed) {
    const row = found.get(`${alphaNumber(p.fields.pid)}:${p.fields.storageId}`);
    // A product edited since the preview read it (the same file committed twice at once): its
    // line is judged again on the next preview, nothing is written now.
    if (row && p.verAtExport !== null && row.editVer !== p.existing?.ver)
      throw badRequest(`${p.line}행: verAtExport: ${MSG_PRODUCT.changedSinceExport}`, 'csv');
    const stock = row ? stockAfter(p, row.hasAmount) : (p.hasAmount ?? 0);
    // Stock received since the preview can bring a line past the ceiling: nothing is written.
    if (row && raisesPastMax(stock, row.hasAmount))
      throw badRequest(`${p.line}행: hasAmount: ${MSG_ADMIN.stockAboveMax}`, 'csv');
    // A line that changes nothing is not written: its product's ver stays, so a form open on it and
    // a file exported before still save (docs/requirements.md#back-office). The fields are judged as
    // the preview read them, which still holds while the ver has not moved.
    if (row && p.sameFields && row.editVer === p.existing?.ver && stock === row.hasAmount) {
      written.push(null);
      continue;
    }
    written.push(stock);
    if (row) {
      // Without the description column each keeps the one stored under the lock (a description
      // saved since the preview too).
      updates.push({ id: row.id, fields: p.fields, hasAmount: stock });
      moves.push({ productId: row.id, before: row.hasAmount, after: stock });
    } else creates.push({ fields: p.fields, hasAmount: stock });
  }
  for (const chunk of chunksOf(updates)) await updateProducts(tx, chunk, withDescription);
  for (const chunk of chunksOf(creates)) await insertProducts(tx, chunk);
  await onStocksRaised(tx, moves);
  return written;
}

/**
 * One line's cells checked on their own (the form's rules, the tier rule, the warehouse, the stock
 * and version cells): the line, or its faults, every faulty column (its first fault) under its name
 * as the file's header writes it, so staff mend the line once instead of learning its faults one
 * upload at a time.
 */
function checkLine(
  line: number,
  raw: z.infer<typeof csvRow>,
  warehouses: readonly Warehouse[],
): ParsedLine | { line: number; message: string } {
  const candidate = {
    ...raw,
    type: numberCell(raw.type),
    salePrice: numberCell(raw.salePrice),
    priceA: numberCell(raw.priceA || '0'),
    priceB: numberCell(raw.priceB || '0'),
    priceC: numberCell(raw.priceC || '0'),
    priceD: numberCell(raw.priceD || '0'),
    storageId: numberCell(raw.storageId),
  };
  const result = productFields.safeParse(candidate);
  const stock = stockCell(raw.hasAmount);
  const atExport = stockCell(raw.hasAmountAtExport);
  const verAtExport = verCell(raw.verAtExport);
  const faults: string[] = [];
  const said = new Set<string>();
  for (const issue of result.success ? [] : result.error.issues) {
    const column = issue.path.join('.');
    if (said.has(column)) continue;
    said.add(column);
    faults.push(`${column}: ${issue.message}`);
  }
  // The warehouse as a save checks it, whatever else the line gets wrong, once its number is well
  // formed; a column at fault on its own is not named twice.
  const warehouse = said.has('storageId')
    ? null
    : warehouseRefusal(warehouses, { storageId: candidate.storageId as number, stockName: raw.stockName });
  if (warehouse && !said.has(warehouse.field)) faults.push(`${warehouse.field}: ${warehouse.message}`);
  if (stock === undefined) faults.push(`hasAmount: ${MSG_ADMIN.stockInvalid}`);
  if (atExport === undefined) faults.push(`hasAmountAtExport: ${MSG_ADMIN.stockInvalid}`);
  if (verAtExport === undefined) faults.push(`verAtExport: ${MSG_PRODUCT.verInvalid}`);
  if (!result.success || warehouse || stock === undefined || atExport === undefined || verAtExport === undefined)
    return { line, message: faults.join(' / ') };
  return { line, fields: result.data, hasAmount: stock, atExport, verAtExport, existing: null, sameFields: false };
}

/**
 * Import: every line is checked first (the form's rules, the tier rule, stock, duplicates within
 * the file and against the shop); the preview lists what would change; with commit, everything
 * is written in one transaction, and nothing at all when any line is bad.
 */
export async function importProducts(
  db: Db,
  staffId: number,
  text: string,
  commit: boolean,
): Promise<ImportProductsResult> {
  const lineCount = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').length;
  if (lineCount - 1 > CSV_MAX_LINES) throw new AppError(413, MSG_ADMIN.csvTooManyLines(CSV_MAX_LINES), 413, 'csv');
  // Parsed in the file worker pool: a wide line of 8 MB is seconds of work (docs/security.md#costly-work).
  const cells = await parseCsvOffThread(text, `staff:${staffId}`, MSG_ADMIN.csvBroken);
  const [header, ...body] = cells;
  // A line of empty cells (a spreadsheet's trailing rows, saved as commas) is a blank line: skipped,
  // still counted in the lines the messages name.
  const filled = body.some((cellsOfLine) => !blankRecord(cellsOfLine));
  if (!header || !filled) throw badRequest(MSG_ADMIN.csvEmpty, 'csv');
  // Each record's line in the file, as staff find it.
  const lineOf = recordLineOf(text, cells.length);
  const names = header.map((h) => h.trim());
  const missing = PRODUCT_CSV_COLUMNS.find((c) => !names.includes(c));
  if (missing) throw badRequest(MSG_ADMIN.csvHeader(missing), 'csv');
  // A file without the description column (an older export, a hand-made sheet) leaves every
  // description as it is; an empty cell in the column does empty it.
  const withDescription = names.includes('description');
  const columns = [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_OPTIONAL_COLUMNS.filter((c) => names.includes(c))];

  const errors: ImportProductsResult['errors'] = [];
  const rows: ImportProductsResult['rows'] = [];
  const parsed: ParsedLine[] = [];
  const seen = new Map<string, number>();
  const warehouses = await readWarehouses(db);
  for (const [i, cellsOfLine] of body.entries()) {
    if (blankRecord(cellsOfLine)) continue;
    const line = lineOf(i + 1);
    // Each cell as the export wrote it read back to its text (`textOfCell`): an exported file imports
    // back to the same texts (docs/requirements.md#back-office).
    const record = Object.fromEntries(columns.map((c) => [c, textOfCell(cellsOfLine[names.indexOf(c)] ?? '')]));
    const checked = checkLine(line, csvRow.parse(record), warehouses);
    if ('message' in checked) {
      errors.push(checked);
      continue;
    }
    const key = `${alphaNumber(checked.fields.pid)}:${checked.fields.storageId}`;
    const earlier = seen.get(key);
    if (earlier) {
      errors.push({ line, message: `pid: ${earlier}행과 ${MSG_ADMIN.duplicatePid}` });
      continue;
    }
    seen.set(key, line);
    parsed.push(checked);
  }

  // Existing products by (pid key, storage id): those lines update, the others create.
  if (parsed.length > 0) {
    const existing = await productsByNumber(db, numberPairs(parsed));
    const byKey = new Map(existing.map((e) => [`${e.pidKey}:${e.storageId}`, toProduct(e)]));
    for (const p of parsed) {
      p.existing = byKey.get(`${alphaNumber(p.fields.pid)}:${p.fields.storageId}`) ?? null;
      let changes: string[] = [];
      if (p.existing) {
        const stock = stockAfter(p, p.existing.hasAmount);
        if (raisesPastMax(stock, p.existing.hasAmount)) {
          errors.push({ line: p.line, message: `hasAmount: ${MSG_ADMIN.stockAboveMax}` });
          continue;
        }
        if (!withDescription) p.fields.description = p.existing.description;
        changes = changesOf(p.fields, stock, p.existing);
        // The fields as stored when no change but the stock's is listed.
        p.sameFields = changes.every((c) => c.startsWith('hasAmount: '));
        if (editedSinceExport(p, p.existing, changes)) {
          errors.push({ line: p.line, message: `verAtExport: ${MSG_PRODUCT.changedSinceExport}` });
          continue;
        }
      }
      rows.push({
        line: p.line,
        action: p.existing ? 'update' : 'create',
        pid: p.fields.pid,
        name: p.fields.name,
        changes,
      });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  if (!commit || errors.length > 0) return { committed: false, rows, errors };

  const written = await db.transaction(async (tx) => {
    const written = await writeLines(tx, parsed, withDescription);
    // The audit holds the lines written only: a line left as it is changed nothing.
    const lines = parsed.flatMap((p, i) => (written[i] === null ? [] : [{ p, hasAmount: written[i] }]));
    if (lines.length === 0) return written;
    await recordAudit(tx, {
      memberId: staffId,
      action: 'importProducts',
      target: `products:${lines.length}`,
      before: lines.filter((l) => l.p.existing).map((l) => l.p.existing),
      after: lines.map((l) => ({ ...l.p.fields, hasAmount: l.hasAmount })),
    });
    return written;
  });
  invalidateProductLists();
  // The rows say what the commit did, decided again under its locks: a line the preview saw change
  // nothing was written when a sale moved its stock or a colleague its fields meanwhile.
  for (const [i, row] of rows.entries()) {
    if (written[i] === null) row.changes = [];
    else if (row.action === 'update' && row.changes.length === 0) row.changes = [MSG_ADMIN.csvChangedSincePreview];
  }
  return { committed: true, rows, errors };
}

/**
 * Every product the list's search finds (product-search.ts: the shop's hits first, then the rest
 * oldest first), up to `max` (EXPORT_MAX_ROWS): an export is
 * not an import, and a file cut at the import's 5,000 lines without a word lost the rest
 * (docs/requirements.md#back-office). Past `max` the file holds the first ones and `message` says so.
 */
export async function exportProducts(db: Db, q: Omit<ProductQuery, 'page' | 'size'>, max = EXPORT_MAX_ROWS) {
  const { rows, total } = await searchRows(db, q, max);
  const lines = rows
    .map(toProduct)
    .map((p) =>
      PRODUCT_CSV_EXPORT_COLUMNS.map((c) =>
        c === 'hasAmountAtExport' ? p.hasAmount : c === 'verAtExport' ? p.ver : p[c],
      ),
    );
  return {
    csv: toCsv([[...PRODUCT_CSV_EXPORT_COLUMNS], ...lines]),
    rows: rows.length,
    total,
    message: total > rows.length ? MSG_ADMIN.exportCut(rows.length, total) : undefined,
  };
}
