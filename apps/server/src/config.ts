import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Every environment variable the server reads (the README lists the same). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; when empty the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  uploadDir: string;
  redisUrl: string | null;
  smsProvider: 'console';
  paymentProvider: 'sandbox';
  /** Key the sandbox gateway signs its confirmations with; a random one per process when unset. */
  paymentSandboxSecret: string;
  production: boolean;
  /** Base address that payment and share links are built from. */
  publicUrl: string;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /** Proxies in front of the server whose X-Forwarded-For is believed (0 = none): rate limits key on the client address. */
  trustProxyHops: number;
  /** How long an answer of the product grid may be reused (0 = never): the grid's stock may lag by this much. */
  productListCacheMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const port = Number(env.PORT ?? 3000);
  const sms = env.SMS_PROVIDER ?? 'console';
  if (sms !== 'console') throw new Error(`SMS_PROVIDER=${sms} is not supported (console only)`);
  const pay = env.PAYMENT_PROVIDER ?? 'sandbox';
  if (pay !== 'sandbox') throw new Error(`PAYMENT_PROVIDER=${pay} is not supported (sandbox only)`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    redisUrl: env.REDIS_URL || null,
    smsProvider: sms,
    paymentProvider: pay,
    paymentSandboxSecret: env.PAYMENT_SANDBOX_SECRET || randomBytes(32).toString('hex'),
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxyHops: Math.max(0, Number(env.TRUST_PROXY_HOPS ?? 0) || 0),
    productListCacheMs: Math.max(0, Number(env.PRODUCT_LIST_CACHE_MS ?? 1000) || 0),
  };
}
