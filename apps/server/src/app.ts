import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { authRoutes } from './features/auth/routes.js';
import { devRoutes } from './features/dev/routes.js';
import { mallRoutes } from './features/mall/routes.js';
import { carInfoRoutes } from './features/carinfo/routes.js';
import { inquiryRoutes } from './features/inquiry/routes.js';
import { noticeRoutes } from './features/notices/routes.js';
import { productRoutes } from './features/products/routes.js';
import { cartRoutes } from './features/cart/routes.js';
import { orderRoutes } from './features/orders/routes.js';
import { shippingRoutes } from './features/shipping/routes.js';
import { memberRoutes } from './features/members/routes.js';
import { paymentRoutes } from './features/payments/routes.js';
import { consoleSms } from './features/sms/provider.js';
import { createRealtime } from './realtime/hub.js';
import { installRequestContext, type Api, type AppContext } from './shared/context.js';
import { answerSerializerCompiler } from './shared/answers.js';
import { MSG } from '@partsmall/contract';
import { installErrorHandler } from './shared/http.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its contract schema before sending it (the test suite). */
  checkAnswers?: boolean;
}

/** Builds the HTTP API, the realtime channels and the static web app on one Fastify instance. */
export async function buildApp({ config, db, logger, checkAnswers }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'body.pw', 'body.cpw', 'body.opw'] },
    bodyLimit: 1024 * 1024,
    // Only believe X-Forwarded-For from as many proxies as configured, or anyone could pick their address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ verify: checkAnswers }));
  installErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '부품몰 API', description: '수입차 부품 B2B 도매몰의 API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  const realtime = await createRealtime(app.server, db, app.log, config.redisUrl);
  const sms = consoleSms(db, app.log);
  const ctx: AppContext = { config, db, sms, realtime, log: app.log };

  installRequestContext(app, db);
  app.addHook('preClose', async () => {
    await realtime.close();
  });

  authRoutes(app, ctx);
  mallRoutes(app, ctx);
  productRoutes(app, ctx);
  noticeRoutes(app, ctx);
  inquiryRoutes(app, ctx);
  carInfoRoutes(app, ctx);
  cartRoutes(app, ctx);
  orderRoutes(app, ctx);
  shippingRoutes(app, ctx);
  memberRoutes(app, ctx);
  paymentRoutes(app, ctx);
  if (sms.hasOutbox && !config.production) devRoutes(app, ctx);

  // Uploaded and seeded files (product pictures); generated names only, never user-chosen paths.
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, { root: config.uploadDir, prefix: '/uploads/', decorateReply: false, index: false });

  await serveWebApp(app, config.webDist);
  return { app, ctx };
}

/**
 * Serves the built React app: assets as files, every other page path as index.html so the
 * router can take it. API and unknown non-page paths answer the JSON 404.
 */
async function serveWebApp(app: Api, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  else app.log.warn(`web app not built (${index} missing): run npm run build`);
  const html = built ? fs.readFileSync(index, 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const apiPath = /^\/(api|epc|payCenter|socket\.io|dev|docs|uploads)(\/|$)/.test(request.url);
    if (request.method !== 'GET' || apiPath || !html) {
      return reply.status(404).send({ code: 404, message: MSG.notFound });
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
