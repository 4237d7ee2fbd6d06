import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MSG_ADMIN, PRODUCT_IMAGE_MAX, type AdminProduct, type ProductFields } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { appendProductImage, imageInUse, moveStock, setProductImages } from '../products/repository.js';
import { lockFor } from '../../db/locks.js';
import { AppError, badRequest } from '../../shared/http.js';
import { checkUploadBatch, decodeQueue, processImage } from '../chat/index.js';
import { onStockRaised } from '../favorites/index.js';
import { invalidateProductLists } from '../products/index.js';
import { recordAudit } from './audit.js';
import { readWarehouses, warehouseRefusal } from './product-warehouses.js';
import { searchPage } from './product-search.js';
import {
  assertUniquePid,
  lockProductNumber,
  insertProduct,
  productRow,
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

/** A page of the product search: a keyword as the shop reads it, then the back office's filters (product-search.ts). */
export async function listProducts(db: Db, q: ProductQuery) {
  const { rows, total } = await searchPage(db, q);
  return { results: rows.map(toProduct), total };
}

export const productDetail = (db: Db, seq: number) => productRow(db, seq);

export async function saveProduct(
  db: Db,
  staffId: number,
  r: Fields & { seq?: number | undefined; hasAmount: number; ver?: number | undefined },
): Promise<AdminProduct> {
  const refusal = warehouseRefusal(await readWarehouses(db), r);
  if (refusal) throw badRequest(refusal.message, refusal.field);
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

/** The pictures a product may show, checked before the work of decoding and again under the row's lock. */
function checkImageRoom(imgFiles: readonly string[]) {
  if (imgFiles.length >= PRODUCT_IMAGE_MAX) throw badRequest(MSG_ADMIN.imageLimit, 'imgFiles');
}

/** The audit of a change to a product's pictures: the list before, and after it with what was removed. */
function auditPictures(
  tx: Tx,
  staffId: number,
  action: 'uploadProductImage' | 'removeProductImage',
  seq: number,
  before: string[],
  after: { imgFiles: string[]; removed?: string },
) {
  return recordAudit(tx, { memberId: staffId, action, target: `product:${seq}`, before: { imgFiles: before }, after });
}

/** The file behind a picture's address in the upload folder, or null for an address outside it (a full https address). */
function storedFile(uploadDir: string, url: string): string | null {
  const m = /^\/uploads\/products\/([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/.exec(url);
  return m ? path.join(uploadDir, 'products', m[1]!) : null;
}

/** Removes a stored picture's file; one already gone is no fault (the picture's row is what counts). */
async function removeFile(file: string | null) {
  if (file) await fs.rm(file, { force: true });
}

/**
 * A product picture: judged and re-encoded by the chat's image checks (content, not name nor the
 * type the browser declared; metadata stripped), stored under a generated name in the upload
 * folder, and appended to imgFiles. At most
 * PRODUCT_IMAGE_MAX: counted under the product's row lock, so uploads at once cannot pass it, and a
 * refused upload's file is removed again (docs/requirements.md#back-office).
 */
export async function uploadProductImage(
  db: Db,
  uploadDir: string,
  staffId: number,
  r: { seq: number; name: string; mime?: string | undefined; data: string },
) {
  checkImageRoom((await productRow(db, r.seq)).imgFiles);
  const data = Buffer.from(r.data, 'base64');
  // The declared type is left out: a browser derives it from the file's name ('photo.exe' is
  // application/x-msdownload), and pictures are judged by their content (docs/security.md#uploads);
  // what is stored is re-encoded from the pixels, none of the sent bytes.
  const file = { name: r.name, mimetype: undefined, data };
  const [name] = checkUploadBatch([file]);
  // In the process's decode queue, as a chat picture is: image work is CPU-bound (docs/security.md#uploads).
  const image = await decodeQueue.run(() => processImage(file, name!, { staff: true }));
  const fileName = `products/${randomUUID()}.${image.ext}`;
  await fs.mkdir(path.join(uploadDir, 'products'), { recursive: true });
  await fs.writeFile(path.join(uploadDir, fileName), image.data);
  const url = `/uploads/${fileName}`;
  let after: AdminProduct;
  try {
    after = await db.transaction(async (tx) => {
      const before = await productRow(tx, r.seq, true);
      checkImageRoom(before.imgFiles);
      await appendProductImage(tx, r.seq, url);
      await auditPictures(tx, staffId, 'uploadProductImage', r.seq, before.imgFiles, {
        imgFiles: [...before.imgFiles, url],
      });
      return productRow(tx, r.seq);
    });
  } catch (err) {
    // Refused (the tenth was taken meanwhile) or failed: the file no product shows goes again.
    await removeFile(path.join(uploadDir, fileName));
    throw err;
  }
  invalidateProductLists();
  return after;
}

/**
 * Takes one picture off a product (audited). Its file leaves the upload folder only when no product
 * shows it any more: an upload's file has a name of its own, but the demo's pictures are shared, and
 * an address outside the folder (a full https address) is no file of ours. Removals of one address
 * take its lock, so the last of two products letting a shared file go sees the other's removal.
 */
export async function removeProductImage(db: Db, uploadDir: string, staffId: number, r: { seq: number; url: string }) {
  const { after, unused } = await db.transaction(async (tx) => {
    await lockFor(tx, 'product-image', r.url);
    const before = await productRow(tx, r.seq, true);
    const at = before.imgFiles.indexOf(r.url);
    if (at < 0) throw new AppError(404, MSG_ADMIN.imageNotOfProduct, 404, 'url');
    const imgFiles = before.imgFiles.filter((_, i) => i !== at);
    await setProductImages(tx, r.seq, imgFiles);
    await auditPictures(tx, staffId, 'removeProductImage', r.seq, before.imgFiles, { imgFiles, removed: r.url });
    return { after: await productRow(tx, r.seq), unused: !(await imageInUse(tx, r.url)) };
  });
  // After the commit: a file is never gone while a stored product still shows it.
  if (unused) await removeFile(storedFile(uploadDir, r.url));
  invalidateProductLists();
  return after;
}
