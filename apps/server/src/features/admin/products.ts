import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MSG_ADMIN, type AdminProduct, type ProductFields } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { appendProductImage, moveStock, productCount, productPage } from '../products/repository.js';
import { AppError, badRequest } from '../../shared/http.js';
import { checkUploadBatch, decodeQueue, processImage } from '../chat/index.js';
import { onStockRaised } from '../favorites/index.js';
import { invalidateProductLists } from '../products/index.js';
import { recordAudit } from './audit.js';
import {
  assertUniquePid,
  lockProductNumber,
  insertProduct,
  productRow,
  productWhere,
  toProduct,
  updateProduct,
  type Fields,
  type ProductQuery,
} from './product-rows.js';

/**
 * Products in the back office: search, create/edit, stock, pictures; the CSV import and export are
 * in product-csv.ts, the shared rows and writes in product-rows.ts.
 */

export { exportProducts, importProducts } from './product-csv.js';
export type { ProductQuery, ProductFields };

export async function listProducts(db: Db, q: ProductQuery) {
  const w = productWhere(q);
  const [rows, total] = await Promise.all([
    productPage(db, w, { limit: q.size, offset: (q.page - 1) * q.size }),
    productCount(db, w),
  ]);
  return { results: rows.map(toProduct), total };
}

export const productDetail = (db: Db, seq: number) => productRow(db, seq);

export async function saveProduct(
  db: Db,
  staffId: number,
  r: Fields & { seq?: number | undefined; hasAmount: number; ver?: number | undefined },
): Promise<AdminProduct> {
  const saved = await db.transaction(async (tx) => {
    if (r.seq) {
      await lockProductNumber(tx, r);
      const before = await productRow(tx, r.seq, true);
      // The row is locked: of two edits read at one version, the second finds the first's.
      if (r.ver !== undefined && r.ver !== before.ver) throw new AppError(409, MSG_ADMIN.productChanged, 409, 'ver');
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

/** A stock change with a reason: a conditional update, so stock never goes below zero (orders may race it) nor past STOCK_MAX. */
export async function changeStock(db: Db, staffId: number, r: { seq: number; delta: number; reason: string }) {
  const after = await db.transaction(async (tx) => {
    const hasAmount = await moveStock(tx, r.seq, r.delta);
    if (hasAmount === undefined) {
      await productRow(tx, r.seq);
      throw badRequest(r.delta > 0 ? MSG_ADMIN.stockAboveMax : MSG_ADMIN.stockBelowZero, 'delta');
    }
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
  // In the process's decode queue, as a chat picture is: image work is CPU-bound (docs/security.md#uploads).
  const image = await decodeQueue.run(() => processImage(file, name!, { staff: true }));
  const fileName = `products/${randomUUID()}.${image.ext}`;
  await fs.mkdir(path.join(uploadDir, 'products'), { recursive: true });
  await fs.writeFile(path.join(uploadDir, fileName), image.data);
  const url = `/uploads/${fileName}`;
  const after = await db.transaction(async (tx) => {
    const before = await productRow(tx, r.seq, true);
    await appendProductImage(tx, r.seq, url);
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
