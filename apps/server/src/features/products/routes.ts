import type { FastifyRequest } from 'fastify';
import {
  MSG_SHOP,
  epcToProductAnswer,
  epcToProductRequest,
  productAnswer,
  productDetailRequest,
  productHomeRequest,
  productListAnswer,
  suggestAnswer,
  suggestRequest,
} from '@partsmall/contract';
import { answers, sendSerialized } from '../../shared/answers.js';
import type { Api, AppContext } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { createProductListCache } from './list-cache.js';
import { suggestProducts } from './suggest.js';
import { priceFor, productById, productsByOeNumber, searchProducts, type Viewer } from './service.js';

const tags = ['products'];

/** Whose prices an answer carries: the request context already knows the company's level. */
const viewerOf = (req: FastifyRequest): Viewer => (req.auth?.company ? { level: req.auth.company.level } : null);

export function productRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const listCache = createProductListCache(ctx.config.productListCacheMs);

  app.post(
    '/api/getProductHome',
    { config: { access: 'public' }, schema: { tags, summary: '상품 목록·검색 (이름 또는 부품번호; seq로 단건)', body: productHomeRequest, response: answers(productListAnswer) } },
    async (req, reply) => {
      const b = req.body;
      const viewer = viewerOf(req);
      if (b.seq !== undefined) {
        const row = await productById(db, b.seq);
        return { ...ok(row ? [priceFor(row, viewer)] : [], row ? undefined : MSG_SHOP.noInfo), more: false };
      }
      const query = { searchType: b.searchType, keyword: b.searchKeyword || b.keyword, category: b.category, page: b.page, size: b.size };
      const key = listCache.enabled
        ? JSON.stringify([viewer?.level ?? null, query.searchType ?? '', query.keyword ?? '', query.category ?? '', query.page, query.size])
        : '';
      const cached = listCache.get(key);
      if (cached !== undefined) return sendSerialized(reply, cached);
      const { rows, more } = await searchProducts(db, query);
      for (const row of rows) priceFor(row, viewer);
      // Serialised once by the route's compiled answer schema, so the cache keeps the very bytes.
      const body = reply.serialize({ ...ok(rows, rows.length === 0 ? MSG_SHOP.noInfo : undefined), more }) as string;
      listCache.set(key, body);
      return sendSerialized(reply, body);
    },
  );

  app.post(
    '/api/suggestProducts',
    { config: { access: 'public' }, schema: { tags, summary: '검색어 추천 (입력하는 동안, 상품 8개와 분류)', body: suggestRequest, response: answers(suggestAnswer) } },
    async (req) => ok(await suggestProducts(db, req.body.keyword, viewerOf(req))),
  );

  const detail = async (req: FastifyRequest, seq: number) => {
    const row = await productById(db, seq);
    if (!row) throw notFound(MSG_SHOP.productNotFound);
    return ok(priceFor(row, viewerOf(req)));
  };

  app.post(
    '/api/getProductHomeDetail',
    { config: { access: 'public' }, schema: { tags, summary: '상품 상세 (팝업)', body: productDetailRequest, response: answers(productAnswer) } },
    async (req) => detail(req, req.body.seq),
  );

  app.post(
    '/api/getProductInfo',
    { config: { access: 'public' }, schema: { tags, summary: '상품 상세 (상품 페이지)', body: productDetailRequest, response: answers(productAnswer) } },
    async (req) => detail(req, req.body.seq),
  );

  app.post(
    '/api/getEpcToProduct',
    { config: { access: 'public' }, schema: { tags, summary: '부품번호(OE)로 판매 상품 찾기', body: epcToProductRequest, response: answers(epcToProductAnswer) } },
    async (req) => {
      const viewer = viewerOf(req);
      const rows = await productsByOeNumber(db, req.body.pid);
      return ok({ partInfo: rows.map((r) => priceFor(r, viewer)) }, rows.length ? undefined : MSG_SHOP.noInfo);
    },
  );
}
