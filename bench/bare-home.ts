/**
 * What the bare baselines of `npm run bench -- products`, `-- search` and `-- quickorder` share: a
 * member's company level from the session statement, and api/getProductHome on the project's own
 * `searchProducts`, priced with the same function and answered through Fastify's serializer with the
 * contract's answer schema (the same bytes the project sends).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG, MSG_SHOP, PAGE_SIZE, productListAnswer, type CompanyLevel } from '@partsmall/contract';
import type { Db } from '../apps/server/src/db/client.js';
import { runPrepared } from '../apps/server/src/db/prepared.js';
import { SESSION_CONTEXT, hashToken } from '../apps/server/src/features/auth/sessions.js';
import { priceFor, searchProducts } from '../apps/server/src/features/products/service.js';
import { answerJsonSchema } from '../apps/server/src/shared/answers.js';

/** The company level of the bearer token's session, or null for a visitor. */
export async function levelOf(db: Db, req: FastifyRequest): Promise<CompanyLevel | null> {
  const auth = req.headers.authorization;
  if (!auth?.startsWith('Bearer ')) return null;
  const rows = await runPrepared<{ companyLevel: CompanyLevel | null }>(db, SESSION_CONTEXT, [
    hashToken(auth.slice(7)),
  ]);
  return rows[0]?.companyLevel ?? null;
}

interface HomeBody {
  searchType?: 'name' | 'pid' | '';
  searchKeyword?: string;
  keyword?: string;
  page?: number;
  size?: number;
}

/** api/getProductHome as the project answers it: the grid, a name search or a part-number search. */
export function productHomeRoute(app: FastifyInstance, db: Db): void {
  app.post<{ Body: HomeBody }>(
    '/api/getProductHome',
    { schema: { response: { 200: answerJsonSchema(productListAnswer) } } },
    async (req) => {
      const b = req.body ?? {};
      const level = await levelOf(db, req);
      const { rows, more, searchedAs, unmatchedWord } = await searchProducts(db, {
        searchType: b.searchType,
        keyword: (b.searchKeyword || b.keyword || '').trim(),
        page: b.page ?? 1,
        size: Math.min(b.size ?? PAGE_SIZE.homeFirst, PAGE_SIZE.max),
      });
      for (const row of rows) priceFor(row, level ? { level } : null);
      return {
        code: 200,
        message: rows.length === 0 ? MSG_SHOP.noInfo : MSG.ok,
        results: rows,
        more,
        ...(searchedAs ? { searchedAs } : {}),
        ...(unmatchedWord === undefined ? {} : { unmatchedWord }),
      };
    },
  );
}
