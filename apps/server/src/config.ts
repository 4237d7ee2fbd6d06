import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { repoRoot } from './paths.js';
import type { TossSettings } from './features/payments/types.js';
import type { SolapiSettings } from './features/sms/types.js';
import { SOLAPI_KEYS, solapiSettings } from './features/sms/config.js';
import { envCount, envMs, requireKeys } from './shared/env.js';
import { POOL_MAX_DEFAULT } from './db/client.js';
import { notifyConfig, type NotifyConfig } from './features/notify/config.js';
import { jobSettings, type JobSettings } from './features/jobs/config.js';
import type { TrackerDeliverySettings } from './features/tracking/types.js';

/**
 * Demo (what `npm start` gives: sandbox gateway, console SMS, dev outbox on loopback, a '데모 상점'
 * banner) or production (`NODE_ENV=production`): docs/operations.md#modes.
 */
export type Mode = 'demo' | 'production';

/** Every environment variable the server reads (docs/operations.md#environment-variables lists the same). */
export interface Config {
  mode: Mode;
  /** True in demo mode: the web app shows the '데모 상점' banner (getMallConfig answers it). */
  demo: boolean;
  production: boolean;
  port: number;
  host: string;
  /** PostgreSQL server; when empty the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  uploadDir: string;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (REDIS_PREFIX): two shops, or two test runs, on one Redis never mix. */
  redisPrefix: string;
  smsProvider: 'console' | 'solapi';
  /** 전자세금계산서: the dev outbox (console) or Popbill (docs/operations.md#providers). */
  taxInvoiceProvider: 'console' | 'popbill' | 'off';
  popbill: PopbillConfig | null;
  taxInvoiceSupplier: { bizType: string; bizClass: string };
  /**
   * Carrier tracking (docs/operations.md#providers): simulated parcels (demo), tracker.delivery, or
   * none ('off': production without TRACKING_PROVIDER named; the buyer gets the carrier's page).
   */
  trackingProvider: 'demo' | 'trackerdelivery' | 'off';
  /** tracker.delivery's client id, secret and address (TRACKING_PROVIDER=trackerdelivery). */
  trackerDelivery: TrackerDeliverySettings | null;
  /**
   * The key the tracking webhook's callback address carries (`?key=`, docs/security.md#webhooks):
   * TRACKING_WEBHOOK_SECRET, else derived from tracker.delivery's client secret (the same on every
   * instance and restart, so registrations made earlier still call back), else random per start.
   */
  trackingWebhookKey: string;
  /** Solapi's keys and sender number (SMS_PROVIDER=solapi). */
  solapi: SolapiSettings | null;
  paymentProvider: 'sandbox' | 'toss';
  /** Toss Payments' keys and addresses (PAYMENT_PROVIDER=toss). */
  toss: TossSettings | null;
  /** Verification texts the whole shop may send per Asia/Seoul day (0 = no cap): a bill ceiling against abuse. */
  smsDailyCap: number;
  /** Key the sandbox gateway signs its confirmations and page links with; a random one per process when unset. */
  paymentSandboxSecret: string;
  /**
   * Whether the sandbox page's approve and deposit buttons credit anything. Only in demo mode: in
   * production a sandbox payment is confirmed only by a callback signed with the sandbox secret.
   */
  sandboxApproveButtons: boolean;
  /** GET /dev/outbox (loopback callers only): demo mode, or production with ALLOW_DEV_OUTBOX=true. */
  devOutbox: boolean;
  /** The OpenAPI document and its viewer under /docs: demo mode, or production with API_DOCS=true. */
  apiDocs: boolean;
  /** Base address (scheme, host, port, no trailing slash) every absolute link the server builds starts with. */
  publicUrl: string;
  /**
   * False when PUBLIC_URL is not set (demo mode only; production requires it): publicUrl is then
   * http://localhost:PORT, and a payment window opens at the address of the page that asked for it.
   */
  publicUrlSet: boolean;
  webDist: string;
  logLevel: string;
  seedDemo: boolean;
  /** Proxies in front of the server whose X-Forwarded-For is believed (0 = none): rate limits key on the client address. */
  trustProxyHops: number;
  /** How long an answer of the product grid may be reused (0 = never): the grid's stock may lag by this much. */
  productListCacheMs: number;
  /**
   * How long a stopping process keeps taking new connections after /readyz began to fail (DRAIN_DELAY_MS,
   * 0 by default): time for a balancer that polls readiness to stop sending it any. nginx polls nothing:
   * it learns from the refused connection and sends the request to the other process.
   */
  drainDelayMs: number;
  /** The job workers' polling, retries and stop (JOBS_*). */
  jobs: JobSettings;
  /** 알림톡 with SMS fallback (NOTIFY_PROVIDER and its keys, docs/operations.md#providers). */
  notify: NotifyConfig;
}

/** A configuration the server must not start with; its message is one line that says why and what to set. */
export class ConfigError extends Error {}

const isTrue = (v: string | undefined) => v === 'true';

function parsePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL=${raw} 은(는) 주소가 아닙니다 (예: https://shop.example.kr).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PUBLIC_URL=${raw}: http 또는 https 주소여야 합니다.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Popbill's link id and secret key (from Linkhub), the shop's 사업자번호 and where to reach it. */
export interface PopbillConfig {
  linkId: string;
  secretKey: string;
  corpNum: string;
  userId: string;
  /** Popbill's test service (POPBILL_TEST): invoices there never reach the 국세청. */
  test: boolean;
  /**
   * Linkhub's token IP restriction (POPBILL_IP_RESTRICT, on by default as in Popbill's SDKs): the
   * token works only from the address that asked for it; off sends `x-lh-forwarded: *`.
   */
  ipRestrict: boolean;
  /** Put in front of every mgtKey sent to Popbill (POPBILL_MGTKEY_PREFIX): this installation's documents only. */
  mgtKeyPrefix: string;
  authUrl: string;
  apiUrl: string;
  /** Token, read and state calls. */
  timeoutMs: number;
  /** The issuing call (registIssue): Popbill's own SDKs wait up to 180 s for it. */
  issueTimeoutMs: number;
}

/**
 * A provider variable's value: `fallback` when unset, else one of `allowed`, else the server does not
 * start (a name it does not know is a typo, not a reason to fall back to the demo provider).
 */
function providerChoice<T extends string>(
  env: NodeJS.ProcessEnv,
  variable: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = env[variable] ?? fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new ConfigError(`${variable}=${value} 은(는) 지원하지 않습니다 (${allowed.join(' 또는 ')}).`);
  return value as T;
}

const TOSS_KEYS = ['TOSS_CLIENT_KEY', 'TOSS_SECRET_KEY'];

function tossSettings(env: NodeJS.ProcessEnv): TossSettings {
  return {
    clientKey: env.TOSS_CLIENT_KEY!,
    secretKey: env.TOSS_SECRET_KEY!,
    apiUrl: env.TOSS_API_URL || 'https://api.tosspayments.com',
    sdkUrl: env.TOSS_SDK_URL || 'https://js.tosspayments.com/v2/standard',
    timeoutMs: envMs(env, 'TOSS_TIMEOUT_MS', 10_000),
    virtualAccountBank: env.TOSS_VIRTUAL_ACCOUNT_BANK || '88',
  };
}

/** TAXINVOICE_PROVIDER=popbill's settings; a missing key or prefix is added to `refusals`. */
function popbillSettings(env: NodeJS.ProcessEnv, production: boolean, refusals: string[]): PopbillConfig {
  requireKeys(env, refusals, 'TAXINVOICE_PROVIDER=popbill', [
    'POPBILL_LINK_ID',
    'POPBILL_SECRET_KEY',
    'POPBILL_CORP_NUM',
  ]);
  const mgtKeyPrefix = env.POPBILL_MGTKEY_PREFIX ?? '';
  // At most 3: Popbill's keys are 24 characters, and a correction of a 월합계 is 20 with company and
  // refund ids as large as a shop reaches (company below 46,656, refund below 2^31; packages/contract's
  // mgtKey comment). With 6, a company past 1,295 and a refund past 1,679,616 made a key of 25 that
  // Popbill refuses for good.
  if (!/^[A-Za-z0-9]{1,3}$/.test(mgtKeyPrefix)) {
    refusals.push(
      'TAXINVOICE_PROVIDER=popbill 에는 POPBILL_MGTKEY_PREFIX (이 설치의 문서번호 머리, 영문·숫자 1-3자) 가 필요합니다',
    );
  }
  // Popbill's test service: the default in demo mode; in production only when named (and allowed by name).
  const test = env.POPBILL_TEST === undefined || env.POPBILL_TEST === '' ? !production : isTrue(env.POPBILL_TEST);
  return {
    linkId: env.POPBILL_LINK_ID!,
    secretKey: env.POPBILL_SECRET_KEY!,
    corpNum: env.POPBILL_CORP_NUM?.replace(/\D/g, '') ?? '',
    userId: env.POPBILL_USER_ID || '',
    test,
    ipRestrict: env.POPBILL_IP_RESTRICT !== 'false',
    mgtKeyPrefix,
    authUrl: env.POPBILL_AUTH_URL || 'https://auth.linkhub.co.kr',
    apiUrl: env.POPBILL_API_URL || (test ? 'https://popbill-test.linkhub.co.kr' : 'https://popbill.linkhub.co.kr'),
    timeoutMs: envMs(env, 'POPBILL_TIMEOUT_MS', 10_000),
    issueTimeoutMs: envMs(env, 'POPBILL_ISSUE_TIMEOUT_MS', 180_000),
  };
}

function trackerDeliverySettings(env: NodeJS.ProcessEnv): TrackerDeliverySettings {
  return {
    clientId: env.TRACKER_DELIVERY_CLIENT_ID!,
    clientSecret: env.TRACKER_DELIVERY_CLIENT_SECRET!,
    apiUrl: env.TRACKER_DELIVERY_API_URL || 'https://apis.tracker.delivery/graphql',
    timeoutMs: envMs(env, 'TRACKER_DELIVERY_TIMEOUT_MS', 4_000),
  };
}

/** The providers chosen by name (docs/operations.md#providers) and their settings; a refusal stops the start. */
function providerSettings(env: NodeJS.ProcessEnv, production: boolean) {
  const sms = providerChoice(env, 'SMS_PROVIDER', ['console', 'solapi'], 'console');
  const pay = providerChoice(env, 'PAYMENT_PROVIDER', ['sandbox', 'toss'], 'sandbox');
  const refusals: string[] = [];
  if (pay === 'toss') requireKeys(env, refusals, 'PAYMENT_PROVIDER=toss', TOSS_KEYS);
  if (sms === 'solapi') requireKeys(env, refusals, 'SMS_PROVIDER=solapi', SOLAPI_KEYS);
  const taxInvoice = providerChoice(env, 'TAXINVOICE_PROVIDER', ['console', 'popbill'], 'console');
  const popbill = taxInvoice === 'popbill' ? popbillSettings(env, production, refusals) : null;
  const tracking = env.TRACKING_PROVIDER
    ? providerChoice(env, 'TRACKING_PROVIDER', ['demo', 'trackerdelivery'], 'demo')
    : undefined;
  if (tracking === 'trackerdelivery')
    requireKeys(env, refusals, 'TRACKING_PROVIDER=trackerdelivery', [
      'TRACKER_DELIVERY_CLIENT_ID',
      'TRACKER_DELIVERY_CLIENT_SECRET',
    ]);
  const notify = notifyConfig(env, production, refusals);
  if (refusals.length > 0) throw new ConfigError(`시작하지 않습니다: ${refusals.join('; ')}.`);
  return {
    smsProvider: sms,
    solapi: sms === 'solapi' ? solapiSettings(env, envMs(env, 'SOLAPI_TIMEOUT_MS', 10_000)) : null,
    // Production never runs the demo provider unless switched on by name; without it no invoice is
    // issued ('off': each issuing job fails with the reason and is parked for staff to see).
    taxInvoiceProvider:
      taxInvoice === 'console' && production && !isTrue(env.ALLOW_CONSOLE_TAXINVOICE) ? ('off' as const) : taxInvoice,
    popbill,
    // Production simulates no parcel unless TRACKING_PROVIDER=demo is named.
    trackingProvider: tracking ?? (production ? ('off' as const) : ('demo' as const)),
    trackerDelivery: tracking === 'trackerdelivery' ? trackerDeliverySettings(env) : null,
    paymentProvider: pay,
    toss: pay === 'toss' ? tossSettings(env) : null,
    notify,
  };
}

type Providers = ReturnType<typeof providerSettings>;

/**
 * Production refuses a demo provider or a test key unless allowed by name, and needs PUBLIC_URL
 * (docs/operations.md#modes): every reason at once, in one line, so that an operator fixes them in one go.
 */
function productionRefusals(env: NodeJS.ProcessEnv, p: Providers): string[] {
  const refusals: string[] = [];
  if (p.paymentProvider === 'sandbox' && !isTrue(env.ALLOW_SANDBOX_PAYMENTS)) {
    refusals.push('PAYMENT_PROVIDER=sandbox 는 실제 결제를 받지 않습니다 (그래도 쓰려면 ALLOW_SANDBOX_PAYMENTS=true)');
  }
  if (p.smsProvider === 'console' && !isTrue(env.ALLOW_CONSOLE_SMS)) {
    refusals.push(
      'SMS_PROVIDER=console 은 인증번호를 보내지 않고 로그에만 씁니다 (그래도 쓰려면 ALLOW_CONSOLE_SMS=true)',
    );
  }
  if (p.paymentProvider === 'sandbox' && env.REDIS_URL && !env.PAYMENT_SANDBOX_SECRET) {
    // Several processes: each would sign the sandbox's links with its own random key.
    refusals.push('REDIS_URL 로 여러 프로세스가 sandbox 결제를 함께 쓰려면 PAYMENT_SANDBOX_SECRET 이 필요합니다');
  }
  if (p.popbill?.test && !isTrue(env.ALLOW_POPBILL_TEST)) {
    refusals.push(
      'POPBILL_TEST=true 는 팝빌 테스트 서비스로 발행해 국세청에 전송되지 않습니다 (그래도 쓰려면 ALLOW_POPBILL_TEST=true)',
    );
  }
  const tossTestKeys = TOSS_KEYS.filter((n) => env[n]?.startsWith('test_'));
  if (p.paymentProvider === 'toss' && tossTestKeys.length > 0 && !isTrue(env.ALLOW_TOSS_TEST_KEYS)) {
    refusals.push(
      `${tossTestKeys.join(', ')} 이(가) 토스페이먼츠 테스트 키입니다 (test_): 실제 결제가 아닌데 캐시가 충전됩니다 (그래도 쓰려면 ALLOW_TOSS_TEST_KEYS=true)`,
    );
  }
  if (!env.PUBLIC_URL)
    refusals.push(
      'PUBLIC_URL 이 없습니다 (결제 링크가 이 주소로 만들어집니다, 예: PUBLIC_URL=https://shop.example.kr)',
    );
  return refusals;
}

/**
 * The port, the database pool's size and the counts that may be 0 (off, no limit): a value that is
 * not a whole number stops the start in either mode, every such reason in one line.
 */
function countSettings(env: NodeJS.ProcessEnv) {
  const refusals: string[] = [];
  const count = (name: string, fallback: number) => envCount(env, refusals, name, fallback);
  const port = count('PORT', 3000);
  if (port > 65535) refusals.push(`PORT=${env.PORT} 은(는) 0 부터 65535 사이여야 합니다`);
  // The pool's size is read where the pool is made (db/client.ts poolSize); a pool of 0 would
  // make every request wait for a connection that never comes.
  if (count('DB_POOL_MAX', POOL_MAX_DEFAULT) < 1)
    refusals.push(`DB_POOL_MAX=${env.DB_POOL_MAX} 은(는) 1 이상이어야 합니다`);
  count('DB_POOL_MIN', 0); // checked only: unset keeps every connection (poolSize)
  const settings = {
    port,
    smsDailyCap: count('SMS_DAILY_CAP', 2000),
    trustProxyHops: count('TRUST_PROXY_HOPS', 0),
    productListCacheMs: count('PRODUCT_LIST_CACHE_MS', 1000),
    drainDelayMs: count('DRAIN_DELAY_MS', 0),
  };
  if (refusals.length > 0) throw new ConfigError(`시작하지 않습니다: ${refusals.join('; ')}.`);
  return settings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = repoRoot;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const production = env.NODE_ENV === 'production';
  const { port, smsDailyCap, trustProxyHops, productListCacheMs, drainDelayMs } = countSettings(env);
  const providers = providerSettings(env, production);
  if (production) {
    const refusals = productionRefusals(env, providers);
    if (refusals.length > 0)
      throw new ConfigError(`운영 모드(NODE_ENV=production)로 시작하지 않습니다: ${refusals.join('; ')}.`);
  }

  return {
    mode: production ? 'production' : 'demo',
    demo: !production,
    production,
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(dataDir, 'uploads')),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'partsmall',
    ...providers,
    /** The shop's own 업태 and 종목 on its tax invoices (TAXINVOICE_BIZ_TYPE, TAXINVOICE_BIZ_CLASS). */
    taxInvoiceSupplier: {
      bizType: env.TAXINVOICE_BIZ_TYPE || '도소매',
      bizClass: env.TAXINVOICE_BIZ_CLASS || '자동차 부품',
    },
    smsDailyCap,
    paymentSandboxSecret: env.PAYMENT_SANDBOX_SECRET || randomBytes(32).toString('hex'),
    trackingWebhookKey:
      env.TRACKING_WEBHOOK_SECRET ||
      (env.TRACKER_DELIVERY_CLIENT_SECRET
        ? createHmac('sha256', env.TRACKER_DELIVERY_CLIENT_SECRET).update('partsmall tracking webhook').digest('hex')
        : randomBytes(32).toString('hex')),
    sandboxApproveButtons: !production,
    devOutbox: !production || isTrue(env.ALLOW_DEV_OUTBOX),
    apiDocs: !production || isTrue(env.API_DOCS),
    publicUrl: parsePublicUrl(env.PUBLIC_URL || `http://localhost:${port}`),
    publicUrlSet: Boolean(env.PUBLIC_URL),
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    // Demo credentials never land in a production database unless asked for by name.
    seedDemo: production ? isTrue(env.SEED_DEMO) : env.SEED_DEMO !== 'false',
    trustProxyHops,
    productListCacheMs,
    drainDelayMs,
    jobs: jobSettings(env),
  };
}
