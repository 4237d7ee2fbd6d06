import { MSG_SHOP, epcToProductRequest, productDetailRequest, productHomeRequest } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { productById, productsByOeNumber, searchProducts, toView, viewerFor } from './service.js';
import { createProductListCache } from './list-cache.js';
import { serializeProductList } from './serialize.js';

const tags = ['products'];

export function productRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const viewerOf = (companyId: number | null | undefined) => viewerFor(db, companyId);
  const listCache = createProductListCache(ctx.config.productListCacheMs);

  app.post(
    '/api/getProductHome',
    { schema: { tags, summary: '상품 목록·검색 (이름 또는 부품번호; seq로 단건)', body: productHomeRequest } },
    async (req, reply) => {
      const b = req.body;
      const viewer = await viewerOf(req.auth?.member.companyId);
      if (b.seq !== undefined) {
        const row = await productById(db, b.seq);
        return { ...ok(row ? [toView(row, viewer)] : [], row ? undefined : MSG_SHOP.noInfo), more: false };
      }
      const query = { searchType: b.searchType, keyword: b.searchKeyword || b.keyword, category: b.category, page: b.page, size: b.size };
      const key = JSON.stringify([viewer?.level ?? null, query.searchType ?? '', query.keyword ?? '', query.category ?? '', query.page, query.size]);
      reply.type('application/json; charset=utf-8');
      const cached = listCache.get(key);
      if (cached !== undefined) return reply.send(cached);
      const { rows, more } = await searchProducts(db, query);
      const message = rows.length === 0 ? MSG_SHOP.noInfo : undefined;
      // The busiest answer of the shop: a compiled serializer instead of JSON.stringify.
      const body = serializeProductList({ ...ok(rows.map((r) => toView(r, viewer, { list: true })), message), more });
      listCache.set(key, body);
      return reply.send(body);
    },
  );

  const detail = async (seq: number, companyId: number | null | undefined) => {
    const row = await productById(db, seq);
    if (!row) throw notFound(MSG_SHOP.productNotFound);
    return ok(toView(row, await viewerOf(companyId)));
  };

  app.post(
    '/api/getProductHomeDetail',
    { schema: { tags, summary: '상품 상세 (팝업)', body: productDetailRequest } },
    async (req) => detail(req.body.seq, req.auth?.member.companyId),
  );

  app.post(
    '/api/getProductInfo',
    { schema: { tags, summary: '상품 상세 (상품 페이지)', body: productDetailRequest } },
    async (req) => detail(req.body.seq, req.auth?.member.companyId),
  );

  app.post(
    '/api/getEpcToProduct',
    { schema: { tags, summary: '부품번호(OE)로 판매 상품 찾기', body: epcToProductRequest } },
    async (req) => {
      const viewer = await viewerOf(req.auth?.member.companyId);
      const rows = await productsByOeNumber(db, req.body.pid);
      return ok({ partInfo: rows.map((r) => toView(r, viewer)) }, rows.length ? undefined : MSG_SHOP.noInfo);
    },
  );
}
