/** What a job handler is given and what it is (kinds.ts registers every kind). */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { JobDataOf, JobName } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { SmsProvider } from '../sms/types.js';
import type { FileStorage } from '../chat/types.js';
import type { TaxInvoiceProvider } from '../tax-invoices/types.js';
import type { TrackingProvider } from '../tracking/types.js';
import type { NotifyProvider } from '../notify/types.js';
import type { VirtualAccountProvider } from '../payments/types.js';
import type { JobSettings } from './config.js';

/** What a handler may use: the database and the providers of the server it runs in. */
export interface JobDeps {
  db: Db;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** 전자세금계산서 (TAXINVOICE_PROVIDER) and the shop's own 업태/종목 for them (absent: not issued). */
  taxInvoices?: TaxInvoiceProvider;
  taxInvoiceSupplier?: { bizType: string; bizClass: string };
  /** The chat pictures (the retention sweep removes those of the conversations it destroys). */
  files?: FileStorage;
  /** Carrier tracking (TRACKING_PROVIDER) and the address its webhook calls back (PUBLIC_URL). */
  tracking?: TrackingProvider;
  publicUrl?: () => string;
  /** The key the webhook's callback address carries (config.trackingWebhookKey). */
  trackingWebhookKey?: string;
  /** 알림톡 with SMS fallback (NOTIFY_PROVIDER; absent: notify jobs fail and park). */
  notify?: NotifyProvider;
  /** Statements' virtual accounts (PAYMENT_PROVIDER; absent: issuing jobs fail and park). */
  virtualAccounts?: VirtualAccountProvider;
}

/** One try of one job, as its handler sees it. */
export interface JobRun<N extends JobName> {
  id: string;
  name: N;
  /** The idempotency key it was written with: the same on every try. */
  key: string;
  data: JobDataOf<N>;
  /** 1 on the first try. */
  attempt: number;
  /**
   * Does an external effect once: `part` names the recipient or the document within the event
   * (`member:7`), the full key being `<name>:<key>:<part>` (effects.ts says the rule).
   */
  once(part: string, effect: () => Promise<void>): Promise<boolean>;
}

/**
 * A kind of job. It throws to fail the try: the job is retried with back-off and parked after the
 * last try. It must not do an external effect outside `once`.
 */
export type JobHandler<N extends JobName> = (job: JobRun<N>, deps: JobDeps) => Promise<void>;

export interface JobRunner {
  /** pg-boss itself (tests and the back office use its fetch, fail, retry). */
  readonly boss: PgBoss;
  readonly settings: JobSettings;
  /** Looks for new jobs now instead of at the next poll (after a transaction that wrote some commits). */
  wake(name?: JobName): void;
  /** Stops taking jobs, lets the ones in flight finish (at most settings.stopTimeoutMs), then returns. */
  stop(): Promise<void>;
}
