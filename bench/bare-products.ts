/**
 * The baseline of `npm run bench -- products`: a bare Fastify server with api/getProductHome and
 * nothing else: no plugins, no hooks, no logger, no validation library. It runs the project's own
 * product read (`searchProducts`: the grid's prepared statements, the name search forms and the
 * part-number relations, imported, not copied) through the same Drizzle client on node-postgres
 * with the same pool size, resolves a member's token with the session statement, prices with the
 * same function, and answers through Fastify's own serializer with the JSON schema of the
 * contract's answer: the same bytes the project sends. Started by bench/products.ts as its own
 * process: DATABASE_URL, PORT.
 */
import Fastify from 'fastify';
import { MSG, MSG_SHOP, PAGE_SIZE, productListAnswer, type CompanyLevel } from '@partsmall/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runPrepared } from '../apps/server/src/db/prepared.js';
import { SESSION_CONTEXT, hashToken } from '../apps/server/src/features/auth/sessions.js';
import { priceFor, searchProducts } from '../apps/server/src/features/products/service.js';
import { answerJsonSchema } from '../apps/server/src/shared/answers.js';

// Sized as the shop's pool (apps/server/src/db/client.ts poolSize reads DB_POOL_MAX).
const database = await openDatabase(process.env.DATABASE_URL!, '');
const { db } = database;
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
    let level: CompanyLevel | null = null;
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ')) {
      const rows = await runPrepared<{ companyLevel: CompanyLevel | null }>(db, SESSION_CONTEXT, [
        hashToken(auth.slice(7)),
      ]);
      level = rows[0]?.companyLevel ?? null;
    }
    const { rows, more } = await searchProducts(db, {
      searchType: b.searchType,
      keyword: (b.searchKeyword || b.keyword || '').trim(),
      page: b.page ?? 1,
      size: Math.min(b.size ?? PAGE_SIZE.homeFirst, PAGE_SIZE.max),
    });
    for (const row of rows) priceFor(row, level ? { level } : null);
    return { code: 200, message: rows.length === 0 ? MSG_SHOP.noInfo : MSG.ok, results: rows, more };
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
console.log('bare server 실행 중');
const stop = () =>
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
