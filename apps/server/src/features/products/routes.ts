import type { FastifyRequest } from 'fastify';
import { MSG_SHOP, MSG_VEHICLES } from '@partsmall/contract';
import { sendSerialized } from '../../shared/answers.js';
import type { Api, AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { notFound, ok } from '../../shared/http.js';
import { fitsOfProducts, productIdsFitting } from '../vehicles/index.js';
import { createProductListCache } from './list-cache.js';
import { suggestProducts } from './suggest.js';
import { productById, productsAmong, productsByOeNumber } from './lookups.js';
import { priceFor, searchProducts, type Viewer } from './service.js';

/** Whose prices an answer carries: the request context already knows the company's level. */
const viewerOf = (req: FastifyRequest): Viewer => (req.auth?.company ? { level: req.auth.company.level } : null);

export function productRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const listCache = createProductListCache(ctx.config.productListCacheMs);

  route(app, 'getProductHome', async (req, reply) => {
    const b = req.body;
    const viewer = viewerOf(req);
    if (b.fitsVin !== undefined) {
      // 내 차량에 맞는 부품: only a vehicle of the member's own company (docs/requirements.md#my-vehicles).
      const companyId = req.auth?.company?.id;
      const ids = companyId === undefined ? null : await productIdsFitting(db, companyId, b.fitsVin);
      if (ids === null) return { ...ok([], MSG_VEHICLES.notMine), more: false };
      const { rows, more } = await productsAmong(db, ids, { category: b.category, page: b.page, size: b.size });
      for (const row of rows) priceFor(row, viewer);
      return { ...ok(rows, rows.length === 0 ? MSG_SHOP.noInfo : undefined), more };
    }
    if (b.seq !== undefined) {
      const row = await productById(db, b.seq);
      return { ...ok(row ? [priceFor(row, viewer)] : [], row ? undefined : MSG_SHOP.noInfo), more: false };
    }
    const query = {
      searchType: b.searchType,
      keyword: b.searchKeyword || b.keyword,
      category: b.category,
      page: b.page,
      size: b.size,
    };
    const key = listCache.enabled
      ? JSON.stringify([
          viewer?.level ?? null,
          query.searchType ?? '',
          query.keyword ?? '',
          query.category ?? '',
          query.page,
          query.size,
        ])
      : '';
    const cached = listCache.get(key);
    if (cached !== undefined) return sendSerialized(reply, cached);
    const { rows, more, searchedAs, unmatchedWord } = await searchProducts(db, query);
    for (const row of rows) priceFor(row, viewer);
    // Serialised once by the route's compiled answer schema, so the cache keeps the very bytes.
    const body = reply.serialize({
      ...ok(rows, rows.length === 0 ? MSG_SHOP.noInfo : undefined),
      more,
      ...(searchedAs ? { searchedAs } : {}),
      ...(unmatchedWord === undefined ? {} : { unmatchedWord }),
    }) as string;
    listCache.set(key, body);
    return sendSerialized(reply, body);
  });

  route(app, 'suggestProducts', async (req) => ok(await suggestProducts(db, req.body.keyword, viewerOf(req))));

  const detail = async (req: FastifyRequest, seq: number) => {
    const row = await productById(db, seq);
    if (!row) throw notFound(MSG_SHOP.productNotFound);
    const companyId = req.auth?.company?.id;
    if (companyId !== undefined) {
      const fits = await fitsOfProducts(db, companyId, [row.seq]);
      row.fitsMyVehicles = fits.get(row.seq) ?? [];
    }
    return ok(priceFor(row, viewerOf(req)));
  };

  route(app, 'getProductHomeDetail', async (req) => detail(req, req.body.seq));

  route(app, 'getProductInfo', async (req) => detail(req, req.body.seq));

  route(app, 'getEpcToProduct', async (req) => {
    const viewer = viewerOf(req);
    const rows = await productsByOeNumber(db, req.body.pid);
    return ok({ partInfo: rows.map((r) => priceFor(r, viewer)) }, rows.length ? undefined : MSG_SHOP.noInfo);
  });
}
