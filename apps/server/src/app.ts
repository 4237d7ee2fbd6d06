import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHOP_NAME } from '@partsmall/contract';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { adminRoutes } from './features/admin/index.js';
import { authRoutes, installRequestContext } from './features/auth/index.js';
import { installClientAddress } from './shared/client-address.js';
import { devRoutes } from './features/dev/index.js';
import { mallRoutes } from './features/mall/index.js';
import { carInfoRoutes } from './features/carinfo/index.js';
import { inquiryRoutes } from './features/inquiry/index.js';
import { noticeRoutes } from './features/notices/index.js';
import { productRoutes } from './features/products/index.js';
import { cartRoutes } from './features/cart/index.js';
import { quickOrderRoutes } from './features/quick-order/index.js';
import { orderRoutes } from './features/orders/index.js';
import { shippingRoutes } from './features/shipping/index.js';
import { memberRoutes } from './features/members/index.js';
import { paymentRoutes, virtualAccountsFromConfig } from './features/payments/index.js';
import { healthRoutes } from './features/health/index.js';
import { epcRoutes } from './features/epc/index.js';
import { vehicleRoutes } from './features/vehicles/index.js';
import { favoriteRoutes } from './features/favorites/index.js';
import { chatRoutes, chatStorageRoot, claimReplyNotice, diskStorage } from './features/chat/index.js';
import { jobRoutes, requestsFirst, startJobs } from './features/jobs/index.js';
import { yieldingDatabase } from './db/yielding.js';
import { paperworkRoutes } from './features/paperwork/index.js';
import { startPaperworkSchedule, taxInvoiceRoutes, taxInvoicesFromConfig } from './features/tax-invoices/index.js';
import { trackingFromConfig, trackingRoutes } from './features/tracking/index.js';
import { creditRoutes, startCreditSchedule } from './features/credit/index.js';
import { depositRoutes } from './features/deposits/index.js';
import { serveWebApp } from './web-app/serve.js';
import { smsFromConfig } from './features/sms/index.js';
import { chatReplyNotices, notifyFromConfig, notifyRoutes, startNotifySchedule } from './features/notify/index.js';
import { createRealtime } from './realtime/hub.js';
import { registerTradeChannel } from './features/trade/index.js';
import { DomainEvents } from './shared/events.js';
import type { AppContext } from './shared/context.js';
import type { Api } from './shared/api-type.js';
import { answerSerializerCompiler } from './shared/answers.js';
import { clientErrorHandler, routingErrorHandler } from './shared/client-error.js';
import { finishJsonAnswers } from './shared/compress.js';
import { connectionDrain } from './shared/drain.js';
import { installErrorHandler } from './shared/http.js';
import { installJsonBodyParser } from './shared/json-depth.js';
import { decorateDocument, installCallTable } from './shared/calls.js';
import { wellFormedValidatorCompiler } from './shared/parse.js';
import { pruneEvents } from './shared/rate-limit.js';
import { installSecurityHeaders, securityHeaderValues, securityHeaders } from './shared/security-headers.js';
import { installRequestLogging, lazyRequestLogger, loggerOptions } from './shared/logging.js';
import { makeFolder } from './db/data-dir.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its contract schema before sending it (the test suite). */
  checkAnswers?: boolean;
}

/**
 * A file named by a hash of its content (catalogue pictures: 32 hex digits) never changes: cached a
 * year without asking again. Other names (the seeded product pictures) may be written again with new
 * content, so browsers keep them ten minutes and then revalidate (ETag).
 */
export function uploadCacheControl(file: string): string {
  return /^[0-9a-f]{32,64}\.\w+$/.test(path.basename(file))
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=600';
}

/**
 * While a process stops, a keep-alive connection idle this long is closed by the server. Longer than
 * the proxy's own idle limit (deploy/nginx.conf, keepalive_timeout 4s), so the proxy has always
 * closed it first.
 */
const DRAIN_IDLE_MS = 5000;

/** Builds the HTTP API, the realtime channels and the static web app on one Fastify instance. */
export async function buildApp({ config, db, logger, checkAnswers }: BuildOptions) {
  // Content-Security-Policy, nosniff, frame and referrer rules on every answer (pages, API, files,
  // and the router's own refusals).
  const headers = securityHeaderValues(securityHeaders(config));
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Each request's logger is made when it first writes a line (shared/logging.ts).
    childLoggerFactory: lazyRequestLogger,
    // Production writes its own access line at debug level (shared/logging.ts).
    logController: new LogController({ disableRequestLogging: config.production }),
    bodyLimit: 1024 * 1024,
    // Only believe X-Forwarded-For from as many proxies as configured, or anyone could pick their address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: () => crypto.randomUUID(),
    clientErrorHandler,
    frameworkErrors: routingErrorHandler(headers),
    // A request that reaches a stopping process is served (with Connection: close): a 503 to a POST
    // is an answer the proxy passes on, not one it retries elsewhere (shared/drain.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Services announce what happened on the bus their caller hands them (shared/events.ts).
  const events = new DomainEvents(app.log);
  installRequestLogging(app, config);
  // Before any route: JSON nested too deep is refused before it is parsed (shared/json-depth.ts).
  installJsonBodyParser(app);
  // Before the table of calls: its 405 answers from a hook of its own, and an answer sent by a hook
  // skips the hooks after it, so the headers would be missing from it (docs/security.md#headers).
  installSecurityHeaders(app, headers);
  // Before any route: the table of calls sees each route as it registers.
  installCallTable(app);
  app.setValidatorCompiler(wellFormedValidatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ verify: checkAnswers }));
  installErrorHandler(app);

  // JSON answers: no-store unless they chose otherwise, and compressed when large enough.
  finishJsonAnswers(app);

  await registerApiDocs(app, config.apiDocs);

  const realtime = await createRealtime(app.server, db, app.log, config.redisUrl, config.redisPrefix, events);
  registerTradeChannel({ transport: realtime.trade, events, db, log: app.log });
  // The chat socket delivers what it stores itself; an upload's message is delivered here.
  events.on('messageStored', (event) => {
    if (!event.delivered) realtime.chat.announce(event.message);
  });
  chatReplyNotices(
    events,
    db,
    { customerOnline: (customerId) => realtime.chat.customerOnline(customerId), claimReplyNotice },
    app.log,
  );
  const sms = smsFromConfig(config, db, app.log);
  const drain = connectionDrain(app.server, {
    delayMs: config.drainDelayMs,
    idleMs: DRAIN_IDLE_MS,
    onListenerClosed: () => realtime.handOver(),
  });
  const ctx: AppContext = { config, db, sms, realtime, log: app.log, drain, events };

  // The job workers of this process; stopped after the last request, before the database closes.
  // They reach the database through connections of their own whose statements let the requests
  // being answered (as the drain counts them) go first (docs/performance.md#jobs).
  const workerDb = yieldingDatabase(db, requestsFirst(drain.requests, config.jobs.yieldMs), config.jobs.poolSize);
  const tracking = trackingFromConfig(config);
  const taxInvoices = taxInvoicesFromConfig(config, workerDb.db, app.log);
  const jobs = await startJobs(
    workerDb.db,
    {
      sms,
      log: app.log,
      tracking,
      publicUrl: () => config.publicUrl,
      taxInvoices,
      trackingWebhookKey: config.trackingWebhookKey,
      taxInvoiceSupplier: config.taxInvoiceSupplier,
      files: diskStorage(chatStorageRoot(config.dataDir)),
      notify: notifyFromConfig(config, workerDb.db, app.log),
      virtualAccounts: virtualAccountsFromConfig(config),
    },
    config.jobs,
    drain.requests,
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await workerDb.close();
  });
  for (const start of [startPaperworkSchedule, startNotifySchedule, startCreditSchedule]) {
    const schedule = start(db, jobs, app.log);
    app.addHook('onClose', async () => schedule.stop());
  }

  installClientAddress(app);
  installRequestContext(app, db);
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  // Old rate-limit counters are dropped now and then (every instance may do it; doing it twice is harmless).
  const pruning = setInterval(
    () => void pruneEvents(db).catch((err: unknown) => app.log.warn({ err }, 'pruning rate events failed')),
    3600_000,
  );
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  mallRoutes(app, ctx);
  productRoutes(app, ctx);
  noticeRoutes(app, ctx);
  inquiryRoutes(app, ctx);
  carInfoRoutes(app, ctx);
  cartRoutes(app, ctx);
  quickOrderRoutes(app, ctx);
  orderRoutes(app, ctx);
  shippingRoutes(app, ctx);
  memberRoutes(app, ctx);
  paymentRoutes(app, ctx);
  epcRoutes(app, ctx);
  vehicleRoutes(app, ctx);
  favoriteRoutes(app, ctx);
  chatRoutes(app, ctx);
  adminRoutes(app, ctx);
  jobRoutes(app, ctx, jobs);
  paperworkRoutes(app, ctx);
  taxInvoiceRoutes(app, ctx, jobs, taxInvoices);
  trackingRoutes(app, ctx, tracking);
  notifyRoutes(app, ctx);
  creditRoutes(app, ctx);
  depositRoutes(app, ctx);
  if (sms.hasOutbox && config.devOutbox) devRoutes(app, ctx);

  // Uploaded and seeded files (product pictures); generated names only, never user-chosen paths.
  makeFolder(config.uploadDir);
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res, file) => res.setHeader('cache-control', uploadCacheControl(file)),
  });

  await serveWebApp(app, ctx);
  return { app, ctx };
}

/**
 * The OpenAPI document, always built (tests read it); served under /docs in demo mode, or in
 * production with API_DOCS=true.
 */
async function registerApiDocs(app: Api, serve: boolean): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${SHOP_NAME} API`, description: '수입차 부품 B2B 도매몰의 API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      decorateDocument('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  if (serve) {
    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // The viewer's own CSP (hashes of its inline code). It injects <style> elements, so its styles
      // are allowed inline (scripts stay hashed); upgrading requests would break plain-http demos.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    });
  }
}
