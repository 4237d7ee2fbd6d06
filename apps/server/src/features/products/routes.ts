import { MSG_SHOP, epcToProductRequest, productDetailRequest, productHomeRequest } from '@partsmall/contract';
import type { Api, AppContext } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { productById, productsByOeNumber, searchProducts, toView, viewerFor } from './service.js';
import { serializeProductList } from './serialize.js';

const tags = ['products'];

export function productRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const viewerOf = (companyId: number | null | undefined) => viewerFor(db, companyId);

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
      const { rows, more } = await searchProducts(db, {
        searchType: b.searchType,
        keyword: b.searchKeyword || b.keyword,
        category: b.category,
        page: b.page,
        size: b.size,
      });
      const message = rows.length === 0 ? MSG_SHOP.noInfo : undefined;
      // The busiest answer of the shop: a compiled serializer instead of JSON.stringify.
      reply.serializer(serializeProductList);
      return { ...ok(rows.map((r) => toView(r, viewer, { list: true })), message), more };
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
