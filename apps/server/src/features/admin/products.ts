import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CSV_MAX_LINES,
  LOW_STOCK,
  MSG_ADMIN,
  PRODUCT_CSV_COLUMNS,
  alphaNumber,
  productNameColumns,
  productFields,
  type AdminProduct,
  type ImportProductsResult,
  type ProductFields,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { checkUploadBatch, processImage } from '../chat/index.js';
import { onStockRaised } from '../favorites/index.js';
import { invalidateProductLists } from '../products/index.js';
import { recordAudit } from './audit.js';
import { parseCsv, toCsv } from '../../shared/csv.js';
import { escapeLike } from './search.js';

/** Products in the back office: search, create/edit, stock, pictures, CSV import and export. */

const num = (v: unknown) => Number(v ?? 0);

function toProduct(r: Record<string, unknown>): AdminProduct {
  return {
    seq: num(r.id),
    name: String(r.name),
    pid: String(r.pid),
    factoryNum: String(r.factory_num),
    type: num(r.type),
    priceA: num(r.price_a),
    priceB: num(r.price_b),
    priceC: num(r.price_c),
    priceD: num(r.price_d),
    salePrice: num(r.sale_price),
    hasAmount: num(r.has_amount),
    stockName: String(r.stock_name),
    storageId: num(r.storage_id),
    imgFiles: (r.img_files as string[] | null) ?? [],
    detailInfo: String(r.detail_info),
    description: String(r.description),
    category: String(r.category),
    brand: String(r.brand),
    companyId: num(r.company_id),
    created: (r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at))).toISOString(),
  };
}

export interface ProductQuery {
  searchType: 'name' | 'pid';
  keyword?: string | undefined;
  stockName?: string | undefined;
  stockState?: 'in' | 'out' | 'low' | undefined;
  page: number;
  size: number;
}

function productWhere(q: Omit<ProductQuery, 'page' | 'size'>): SQL {
  const c: SQL[] = [sql`true`];
  if (q.keyword) {
    if (q.searchType === 'pid') {
      const key = alphaNumber(q.keyword);
      c.push(key ? sql`(pid_key like ${`${key}%`} or factory_key like ${`${key}%`})` : sql`false`);
    } else c.push(sql`name ilike ${`%${escapeLike(q.keyword)}%`}`);
  }
  if (q.stockName) c.push(sql`stock_name ilike ${`%${escapeLike(q.stockName)}%`}`);
  if (q.stockState === 'out') c.push(sql`has_amount = 0`);
  if (q.stockState === 'in') c.push(sql`has_amount > 0`);
  if (q.stockState === 'low') c.push(sql`has_amount <= ${LOW_STOCK}`);
  return sql.join(c, sql` and `);
}

export async function listProducts(db: Db, q: ProductQuery) {
  const w = productWhere(q);
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select * from products where ${w} order by id desc limit ${q.size} offset ${(q.page - 1) * q.size}`,
    ),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from products where ${w}`),
  ]);
  return { results: rows.map(toProduct), total: num(counted?.n) };
}

async function productRow(db: Db | Tx, seq: number, lock = false): Promise<AdminProduct> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from products where id = ${seq}${lock ? sql` for update` : sql``}`,
  );
  if (!row) throw notFound(MSG_ADMIN.productNotFound);
  return toProduct(row);
}
export const productDetail = (db: Db, seq: number) => productRow(db, seq);

type Fields = z.output<typeof productFields>;

function columns(f: Fields) {
  // The name's search forms go with every write of the name (docs/search.md#korean-name-search).
  const forms = productNameColumns(f.name);
  return {
    name: f.name,
    name_compact: forms.nameCompact,
    name_chosung: forms.nameChosung,
    name_jamo: forms.nameJamo,
    pid: f.pid,
    pid_key: alphaNumber(f.pid),
    factory_num: f.factoryNum,
    factory_key: alphaNumber(f.factoryNum),
    type: f.type,
    sale_price: f.salePrice,
    price_a: f.priceA,
    price_b: f.priceB,
    price_c: f.priceC,
    price_d: f.priceD,
    stock_name: f.stockName,
    storage_id: f.storageId,
    detail_info: f.detailInfo,
    description: f.description,
    category: f.category,
    brand: f.brand,
  };
}

/**
 * Part numbers are unique per warehouse (same alpha-number form, same storage id): the rule the
 * shop's CSVs and the checkout's one-warehouse orders need. Checked under an advisory lock on the
 * key, so two staff saving the same number at once cannot both pass.
 */
async function assertUniquePid(tx: Tx, f: Fields, exceptId: number | null) {
  const key = alphaNumber(f.pid);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-pid:${key}:${f.storageId}`}))`);
  const [dup] = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where pid_key = ${key} and storage_id = ${f.storageId}${exceptId ? sql` and id <> ${exceptId}` : sql``} limit 1`,
  );
  if (dup) throw badRequest(MSG_ADMIN.duplicatePid, 'pid');
}

async function insertProduct(tx: Tx, f: Fields, hasAmount: number): Promise<number> {
  const c = columns(f);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into products (name, name_compact, name_chosung, name_jamo, pid, pid_key, factory_num, factory_key, type, sale_price, price_a, price_b, price_c, price_d, stock_name, storage_id, detail_info, description, category, brand, has_amount)
        values (${c.name}, ${c.name_compact}, ${c.name_chosung}, ${c.name_jamo}, ${c.pid}, ${c.pid_key}, ${c.factory_num}, ${c.factory_key}, ${c.type}, ${c.sale_price}, ${c.price_a}, ${c.price_b}, ${c.price_c}, ${c.price_d}, ${c.stock_name}, ${c.storage_id}, ${c.detail_info}, ${c.description}, ${c.category}, ${c.brand}, ${hasAmount})
        returning id`,
  );
  return num(row!.id);
}

async function updateProduct(tx: Tx, id: number, f: Fields, hasAmount?: number) {
  const c = columns(f);
  await tx.execute(sql`update products set name = ${c.name}, name_compact = ${c.name_compact}, name_chosung = ${c.name_chosung}, name_jamo = ${c.name_jamo}, pid = ${c.pid}, pid_key = ${c.pid_key}, factory_num = ${c.factory_num}, factory_key = ${c.factory_key},
      type = ${c.type}, sale_price = ${c.sale_price}, price_a = ${c.price_a}, price_b = ${c.price_b}, price_c = ${c.price_c}, price_d = ${c.price_d},
      stock_name = ${c.stock_name}, storage_id = ${c.storage_id}, detail_info = ${c.detail_info}, description = ${c.description}, category = ${c.category}, brand = ${c.brand}
      ${hasAmount !== undefined ? sql`, has_amount = ${hasAmount}` : sql``} where id = ${id}`);
}

export async function saveProduct(
  db: Db,
  staffId: number,
  r: Fields & { seq?: number | undefined; hasAmount: number },
): Promise<AdminProduct> {
  const saved = await db.transaction(async (tx) => {
    if (r.seq) {
      const before = await productRow(tx, r.seq, true);
      await assertUniquePid(tx, r, r.seq);
      await updateProduct(tx, r.seq, r);
      const after = await productRow(tx, r.seq);
      await onStockRaised(tx, r.seq, before.hasAmount, after.hasAmount);
      await recordAudit(tx, { memberId: staffId, action: 'saveProduct', target: `product:${r.seq}`, before, after });
      return after;
    }
    await assertUniquePid(tx, r, null);
    const id = await insertProduct(tx, r, r.hasAmount);
    const after = await productRow(tx, id);
    await recordAudit(tx, { memberId: staffId, action: 'saveProduct', target: `product:${id}`, before: null, after });
    return after;
  });
  invalidateProductLists();
  return saved;
}

/** A stock change with a reason: a conditional update, so stock never goes below zero (orders may race it). */
export async function changeStock(db: Db, staffId: number, r: { seq: number; delta: number; reason: string }) {
  const after = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ has_amount: number }>(
      tx,
      sql`update products set has_amount = has_amount + ${r.delta} where id = ${r.seq} and has_amount + ${r.delta} >= 0 returning has_amount`,
    );
    if (!row) {
      await productRow(tx, r.seq);
      throw badRequest(MSG_ADMIN.stockBelowZero, 'delta');
    }
    const hasAmount = num(row.has_amount);
    await onStockRaised(tx, r.seq, hasAmount - r.delta, hasAmount);
    await recordAudit(tx, {
      memberId: staffId,
      action: 'changeStock',
      target: `product:${r.seq}`,
      before: { hasAmount: hasAmount - r.delta },
      after: { hasAmount, delta: r.delta, reason: r.reason },
    });
    return hasAmount;
  });
  invalidateProductLists();
  return after;
}

/**
 * A product picture: judged and re-encoded by the chat's image checks (content, not name; metadata
 * stripped), stored under a generated name in the upload folder, and appended to imgFiles.
 */
export async function uploadProductImage(
  db: Db,
  uploadDir: string,
  staffId: number,
  r: { seq: number; name: string; mime?: string | undefined; data: string },
) {
  await productRow(db, r.seq);
  const data = Buffer.from(r.data, 'base64');
  const file = { name: r.name, mimetype: r.mime, data };
  const [name] = checkUploadBatch([file]);
  const image = await processImage(file, name!, { staff: true });
  const fileName = `products/${randomUUID()}.${image.ext}`;
  await fs.mkdir(path.join(uploadDir, 'products'), { recursive: true });
  await fs.writeFile(path.join(uploadDir, fileName), image.data);
  const url = `/uploads/${fileName}`;
  const after = await db.transaction(async (tx) => {
    const before = await productRow(tx, r.seq, true);
    await tx.execute(
      sql`update products set img_files = img_files || ${JSON.stringify([url])}::jsonb where id = ${r.seq}`,
    );
    await recordAudit(tx, {
      memberId: staffId,
      action: 'uploadProductImage',
      target: `product:${r.seq}`,
      before: { imgFiles: before.imgFiles },
      after: { imgFiles: [...before.imgFiles, url] },
    });
    return productRow(tx, r.seq);
  });
  invalidateProductLists();
  return after;
}

// ---------------------------------------------------------------- CSV

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
});

/** A number cell: digits only (no decimals, no sign, thousands commas allowed); anything else stays a string for zod to refuse. */
const numberCell = (v: string): number | string => {
  const t = v.trim().replace(/,/g, '');
  return /^-?\d{1,12}(\.\d+)?$/.test(t) ? Number(t) : v;
};

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
  let cells: string[][];
  try {
    cells = parseCsv(text);
  } catch {
    throw badRequest(MSG_ADMIN.csvBroken, 'csv');
  }
  const [header, ...body] = cells;
  if (!header || body.length === 0) throw badRequest(MSG_ADMIN.csvEmpty, 'csv');
  const names = header.map((h) => h.trim());
  const missing = PRODUCT_CSV_COLUMNS.find((c) => !names.includes(c));
  if (missing) throw badRequest(MSG_ADMIN.csvHeader(missing), 'csv');

  const errors: ImportProductsResult['errors'] = [];
  const rows: ImportProductsResult['rows'] = [];
  const parsed: { line: number; fields: Fields; hasAmount: number; existing: AdminProduct | null }[] = [];
  const seen = new Map<string, number>();
  for (const [i, cellsOfLine] of body.entries()) {
    const line = i + 2;
    const record = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c, cellsOfLine[names.indexOf(c)] ?? '']));
    const raw = csvRow.parse(record);
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
    const stock = numberCell(raw.hasAmount || '0');
    if (!result.success) {
      errors.push({
        line,
        message: `${result.error.issues[0]?.path.join('.') ?? ''}: ${result.error.issues[0]?.message ?? ''}`,
      });
      continue;
    }
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > 1_000_000) {
      errors.push({ line, message: `hasAmount: ${MSG_ADMIN.stockInvalid}` });
      continue;
    }
    const key = `${alphaNumber(result.data.pid)}:${result.data.storageId}`;
    const earlier = seen.get(key);
    if (earlier) {
      errors.push({ line, message: `pid: ${earlier}행과 ${MSG_ADMIN.duplicatePid}` });
      continue;
    }
    seen.set(key, line);
    parsed.push({ line, fields: result.data, hasAmount: stock, existing: null });
  }

  // Existing products by (pid key, storage id): those lines update, the others create.
  if (parsed.length > 0) {
    const keys = parsed.map((p) => sql`(${alphaNumber(p.fields.pid)}, ${p.fields.storageId}::int)`);
    const existing = await queryRows<Record<string, unknown>>(
      db,
      sql`select * from products where (pid_key, storage_id) in (${sql.join(keys, sql`, `)})`,
    );
    const byKey = new Map(existing.map((e) => [`${String(e.pid_key)}:${num(e.storage_id)}`, toProduct(e)]));
    for (const p of parsed) {
      p.existing = byKey.get(`${alphaNumber(p.fields.pid)}:${p.fields.storageId}`) ?? null;
      const changes: string[] = [];
      if (p.existing) {
        for (const [k, v] of Object.entries({ ...p.fields, hasAmount: p.hasAmount })) {
          const before = (p.existing as unknown as Record<string, unknown>)[k];
          if (before !== undefined && String(before) !== String(v))
            changes.push(`${k}: ${String(before)} → ${String(v)}`);
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

  await db.transaction(async (tx) => {
    // The same per-number locks as a single save, taken in a fixed order (no deadlock between two
    // imports); which lines update is decided again under them, so a product saved meanwhile is
    // updated rather than duplicated.
    const keys = [
      ...new Set(parsed.map((p) => `product-pid:${alphaNumber(p.fields.pid)}:${p.fields.storageId}`)),
    ].sort();
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    // The rows are locked in id order (as paying locks them): their stock before the import decides
    // which lines are a restock (docs/requirements.md#restock-alerts).
    const now = await queryRows<{ id: number; pid_key: string; storage_id: number; has_amount: number }>(
      tx,
      sql`select id, pid_key, storage_id, has_amount from products where (pid_key, storage_id) in (${sql.join(
        parsed.map((p) => sql`(${alphaNumber(p.fields.pid)}, ${p.fields.storageId}::int)`),
        sql`, `,
      )}) order by id for update`,
    );
    const found = new Map(now.map((r) => [`${r.pid_key}:${num(r.storage_id)}`, r]));
    for (const p of parsed) {
      const row = found.get(`${alphaNumber(p.fields.pid)}:${p.fields.storageId}`);
      if (row) {
        await updateProduct(tx, num(row.id), p.fields, p.hasAmount);
        await onStockRaised(tx, num(row.id), num(row.has_amount), p.hasAmount);
      } else await insertProduct(tx, p.fields, p.hasAmount);
    }
    await recordAudit(tx, {
      memberId: staffId,
      action: 'importProducts',
      target: `products:${parsed.length}`,
      before: parsed.filter((p) => p.existing).map((p) => p.existing),
      after: parsed.map((p) => ({ ...p.fields, hasAmount: p.hasAmount })),
    });
  });
  invalidateProductLists();
  return { committed: true, rows, errors };
}

export async function exportProducts(db: Db, q: Omit<ProductQuery, 'page' | 'size'>) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from products where ${productWhere(q)} order by id limit ${CSV_MAX_LINES}`,
  );
  const products = rows.map(toProduct);
  const lines = products.map((p) => PRODUCT_CSV_COLUMNS.map((c) => p[c]));
  return { csv: toCsv([[...PRODUCT_CSV_COLUMNS], ...lines]), rows: products.length };
}

export type { ProductFields };
