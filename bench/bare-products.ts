/**
 * The baseline of `npm run bench -- products`: a bare Fastify server with api/getProductHome and
 * nothing else: no plugins, no hooks, no logger, no validation library. It runs the project's own
 * SQL (the session statement and the grid statements, imported, not copied) on node-postgres with
 * the same pool size, prices a member's rows with the same function, and answers through
 * Fastify's own serializer with the JSON schema of the contract's answer: the same bytes the
 * project sends. Started by bench/products.ts as its own process: DATABASE_URL, PORT.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { MSG, MSG_SHOP, PAGE_SIZE, productListAnswer, type CompanyLevel } from '@partsmall/contract';
import { poolSize } from '../apps/server/src/db/client.js';
import { SESSION_CONTEXT, hashToken } from '../apps/server/src/features/auth/sessions.js';
import { gridQuery, priceFor, type ProductRow } from '../apps/server/src/features/products/service.js';
import { answerJsonSchema } from '../apps/server/src/shared/answers.js';

// Sized as the shop's pool (apps/server/src/db/client.ts poolSize).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  ...poolSize({ DB_POOL_MAX: '16', ...process.env }),
});
const app = Fastify();

interface Body {
  searchType?: 'name' | 'pid' | '';
  searchKeyword?: string;
  keyword?: string;
  page?: number;
  size?: number;
}

app.post<{ Body: Body }>(
  '/api/getProductHome',
  { schema: { response: { 200: answerJsonSchema(productListAnswer) } } },
  async (req) => {
    const b = req.body ?? {};
    const page = b.page ?? 1;
    const size = Math.min(b.size ?? PAGE_SIZE.homeFirst, PAGE_SIZE.max);
    let level: CompanyLevel | null = null;
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const { rows } = await pool.query<{ companyLevel: CompanyLevel | null }>({
        ...SESSION_CONTEXT,
        values: [hashToken(auth.slice(7))],
      });
      level = rows[0]?.companyLevel ?? null;
    }
    const query = gridQuery({
      searchType: b.searchType,
      keyword: (b.searchKeyword || b.keyword || '').trim(),
      page,
      size,
    });
    const rows = query ? (await pool.query<ProductRow>({ ...query.statement, values: query.values })).rows : [];
    const more = rows.length > size;
    if (more) rows.length = size;
    if (level) for (const row of rows) priceFor(row, { level });
    return { code: 200, message: rows.length === 0 ? MSG_SHOP.noInfo : MSG.ok, results: rows, more };
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
console.log('bare server 실행 중');
process.on(
  'SIGINT',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
