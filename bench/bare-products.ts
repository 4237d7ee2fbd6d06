/**
 * The baseline of `npm run bench -- products`: a bare Fastify server with api/getProductHome and
 * nothing else: no plugins, no hooks, no logger, no validation library. It runs the project's own
 * product read (`searchProducts`: the grid's prepared statements, the name search forms and the
 * part-number relations, imported, not copied) through the same Drizzle client on node-postgres
 * with the same pool size, resolves a member's token with the session statement, prices with the
 * same function, and answers through Fastify's own serializer with the JSON schema of the
 * contract's answer: the same bytes the project sends. Started by bench/products.ts as its own
 * process: DATABASE_URL, PORT. With BARE_WITH_APP=true (the products benchmark's control with
 * BENCH_CONTROL_WITH_APP=true) the process first builds the whole app on the same database, not
 * listening: job workers polling, realtime server, every route and hook registered. The bare route
 * then shows what the process around a request costs, apart from the project's work per request.
 */
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.js';
import { productHomeRoute } from './bare-home.js';

// Sized as the shop's pool (apps/server/src/db/client.ts poolSize reads DB_POOL_MAX).
const database = await openDatabase(process.env.DATABASE_URL!, '');
const { db } = database;
// Imported only then: the plain baseline does not even load the app's modules.
const withApp = process.env.BARE_WITH_APP === 'true' ? await builtApp() : null;
const app = Fastify();

productHomeRoute(app, db);

await app.listen({ port: Number(process.env.PORT ?? 3902), host: '127.0.0.1' });
console.log('bare server 실행 중');
const stop = () =>
  void app
    .close()
    .then(() => withApp?.close())
    .then(() => database.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function builtApp() {
  const [{ buildApp }, { loadConfig }] = await Promise.all([
    import('../apps/server/src/app.js'),
    import('../apps/server/src/config.js'),
  ]);
  const { app: built } = await buildApp({ config: loadConfig(), db });
  await built.ready();
  return built;
}
