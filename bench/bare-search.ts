/**
 * The baseline of `npm run bench -- search` and `npm run bench -- quickorder`: a bare Fastify
 * server with api/getProductHome (searches only), api/suggestProducts and api/resolveQuickOrder
 * (JSON only) and nothing else: no plugins, no hooks, no logger, no validation library. It runs the
 * project's own search code (searchProducts, suggestProducts, parseQuickOrderText and
 * resolveQuickOrder, imported, not copied: the same SQL through the same Drizzle client on
 * node-postgres with the same pool size), resolves a member's token with the session statement,
 * prices with the same function, and answers through Fastify's own serializer with the JSON schema
 * of the contract's answer: the same bytes the project sends. Started by bench/search.ts and
 * bench/quickorder.ts as its own process: DATABASE_URL, PORT.
 */
import Fastify from 'fastify';
import { MSG, parseQuickOrderText, resolveQuickOrderAnswer, suggestAnswer } from '@partsmall/contract';
import { openDatabase } from '../apps/server/src/db/client.js';
import { resolveQuickOrder } from '../apps/server/src/features/quick-order/resolve.js';
import { suggestProducts } from '../apps/server/src/features/products/suggest.js';
import { answerJsonSchema } from '../apps/server/src/shared/answers.js';
import { levelOf, productHomeRoute } from './bare-home.js';

// Sized as the shop's pool (apps/server/src/db/client.ts poolSize reads DB_POOL_MAX).
const database = await openDatabase(process.env.DATABASE_URL!, '');
const { db } = database;
const app = Fastify({ bodyLimit: 4 * 1024 * 1024 });

productHomeRoute(app, db);

app.post<{ Body: { keyword: string } }>(
  '/api/suggestProducts',
  { schema: { response: { 200: answerJsonSchema(suggestAnswer) } } },
  async (req) => {
    const level = await levelOf(db, req);
    const results = await suggestProducts(db, req.body.keyword.trim(), level ? { level } : null);
    return { code: 200, message: MSG.ok, results };
  },
);

app.post<{ Body: { text: string } }>(
  '/api/resolveQuickOrder',
  { schema: { response: { 200: answerJsonSchema(resolveQuickOrderAnswer) } } },
  async (req, reply) => {
    const level = await levelOf(db, req);
    if (!level) return reply.code(401).send({ code: 401, message: 'login' });
    const parsed = parseQuickOrderText(req.body.text);
    if (!parsed.ok) return reply.code(400).send({ code: 400, message: parsed.message });
    const rows = await resolveQuickOrder(db, parsed.rows, level);
    return { code: 200, message: MSG.ok, results: rows, total: rows.length };
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3912), host: '127.0.0.1' });
console.log('bare server 실행 중');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(
    signal,
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
