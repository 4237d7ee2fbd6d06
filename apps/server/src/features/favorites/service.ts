/**
 * 관심상품 (one list per company, docs/requirements.md#favourites) and 재입고 알림 requests (per
 * member, docs/requirements.md#restock-alerts). Each write locks the product row for share while it
 * checks it: a product removed, or restocked, at the same moment waits for the write or sees it, so
 * a favourite never points at a removed product and a request is never left behind by a restock.
 * An add counts its list and writes under the list's named lock ('favorites:<company>',
 * 'restock-alerts:<member>'): adds at once go one after another, so a list never passes its cap.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  FAVORITES_MAX,
  MSG_FAVORITES,
  RESTOCK_ALERTS_MAX,
  type CompanyLevel,
  type FavoriteRow,
  type ProductMarks,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { lockFor } from '../../db/locks.js';
import { productsByIds, shareLockedStock } from '../products/repository.js';
import { favorites, restockAlerts } from './schema.js';
import { badRequest, notFound } from '../../shared/http.js';
import { priceFor, type ProductRow } from '../products/index.js';

export interface Marker {
  memberId: number;
  companyId: number;
}

/** The product's stock, its row locked for share until the transaction ends; a removed product is a 404. */
async function lockProduct(tx: Tx, productId: number): Promise<{ hasAmount: number }> {
  const row = await shareLockedStock(tx, productId);
  if (!row) throw notFound(MSG_FAVORITES.productGone);
  return row;
}

/** api/setFavorite: on adds (again: nothing changes), off removes (again: nothing changes). */
export async function setFavorite(db: Db, who: Marker, productId: number, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    if (!on) {
      await tx.delete(favorites).where(and(eq(favorites.companyId, who.companyId), eq(favorites.productId, productId)));
      return;
    }
    await lockFor(tx, 'favorites', who.companyId);
    const [held] = await tx.select({ n: count() }).from(favorites).where(eq(favorites.companyId, who.companyId));
    const [already] = await tx
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.companyId, who.companyId), eq(favorites.productId, productId)));
    if (already) return;
    if ((held?.n ?? 0) >= FAVORITES_MAX) throw badRequest(MSG_FAVORITES.tooMany, 'productId');
    await tx
      .insert(favorites)
      .values({ companyId: who.companyId, productId, memberId: who.memberId })
      .onConflictDoNothing();
  });
}

/**
 * api/setRestockAlert: only a sold-out product may be asked for (the product row is locked while
 * the request is written, so a restock either comes after it and ends it, or before it and
 * refuses it). Off withdraws the request; both are the same answer when repeated.
 */
export async function setRestockAlert(db: Db, who: Marker, productId: number, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (!on) {
      await tx
        .delete(restockAlerts)
        .where(and(eq(restockAlerts.memberId, who.memberId), eq(restockAlerts.productId, productId)));
      return;
    }
    if (product.hasAmount > 0) throw badRequest(MSG_FAVORITES.restockInStock, 'productId');
    await lockFor(tx, 'restock-alerts', who.memberId);
    const [already] = await tx
      .select({ productId: restockAlerts.productId })
      .from(restockAlerts)
      .where(and(eq(restockAlerts.memberId, who.memberId), eq(restockAlerts.productId, productId)));
    if (already) return;
    const [held] = await tx.select({ n: count() }).from(restockAlerts).where(eq(restockAlerts.memberId, who.memberId));
    if ((held?.n ?? 0) >= RESTOCK_ALERTS_MAX) throw badRequest(MSG_FAVORITES.restockTooMany, 'productId');
    await tx
      .insert(restockAlerts)
      .values({ companyId: who.companyId, productId, memberId: who.memberId })
      .onConflictDoNothing();
  });
}

/** api/getProductMarks: the company's hearts and this member's open restock requests. */
export async function productMarks(db: Db, who: Marker): Promise<ProductMarks> {
  const [hearts, waiting] = await Promise.all([
    db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.companyId, who.companyId)),
    db.select({ id: restockAlerts.productId }).from(restockAlerts).where(eq(restockAlerts.memberId, who.memberId)),
  ]);
  return {
    favorites: hearts.map((r) => r.id).sort((a, b) => a - b),
    restockAlerts: waiting.map((r) => r.id).sort((a, b) => a - b),
  };
}

/** api/getFavorites: a page of the company's list, newest first, priced for the company's level. */
export async function listFavorites(
  db: Db,
  who: Marker,
  level: CompanyLevel,
  page: { page: number; size: number },
): Promise<{ rows: FavoriteRow[]; total: number }> {
  const [marks, [counted]] = await Promise.all([
    db
      .select({
        productId: favorites.productId,
        addedAt: favorites.createdAt,
        restockAlert: sql<boolean>`(${restockAlerts.memberId} is not null)`,
      })
      .from(favorites)
      .leftJoin(
        restockAlerts,
        and(eq(restockAlerts.productId, favorites.productId), eq(restockAlerts.memberId, who.memberId)),
      )
      .where(eq(favorites.companyId, who.companyId))
      .orderBy(desc(favorites.createdAt), desc(favorites.productId))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: count() }).from(favorites).where(eq(favorites.companyId, who.companyId)),
  ]);
  // The products are the products feature's rows (docs/architecture.md#the-database); a favourite's
  // product is a foreign key, so every mark finds its product.
  const byId = await productsByIds(
    db,
    marks.map((m) => m.productId),
  );
  return {
    rows: marks.flatMap(({ productId, addedAt, restockAlert }) => {
      const p = byId.get(productId);
      if (!p) return [];
      const row: ProductRow = {
        seq: p.id,
        name: p.name,
        pid: p.pid,
        factoryNum: p.factoryNum,
        type: p.type,
        hasAmount: p.hasAmount,
        stockName: p.stockName,
        storageId: p.storageId,
        imgFiles: p.imgFiles,
        detailInfo: p.detailInfo,
        category: p.category,
        brand: p.brand,
        companyId: p.companyId,
        priceA: Number(p.priceA),
        priceB: Number(p.priceB),
        priceC: Number(p.priceC),
        priceD: Number(p.priceD),
        basePrice: Number(p.salePrice),
        stock: p.hasAmount,
        image: p.imgFiles[0] ?? '',
      };
      const { priceA: _a, priceB: _b, priceC: _c, priceD: _d, basePrice: _s, ...priced } = priceFor(row, { level });
      return [{ ...priced, added: addedAt.toISOString(), restockAlert: Boolean(restockAlert) }];
    }),
    total: counted?.n ?? 0,
  };
}
