/** What the runner holds for the handlers (kinds.ts registers every kind, each naming the providers it needs). */
import type PgBoss from 'pg-boss';
import type { SmsProvider } from '../sms/types.js';
import type { FileStorage } from '../chat/types.js';
import type { TaxInvoiceProvider } from '../tax-invoices/types.js';
import type { TrackingProvider } from '../tracking/types.js';
import type { NotifyProvider } from '../notify/types.js';
import type { VirtualAccountProvider } from '../deposits/types.js';
import type { JobSettings } from './config.js';
import type { JobBase, JobWaker } from '../../shared/job-types.js';

export type { JobBase, JobHandler, JobRun } from '../../shared/job-types.js';

/** What the runner gives a handler: the database, the log and the providers of the server it runs in. */
export interface JobDeps extends JobBase {
  sms: SmsProvider;
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

export interface JobRunner extends JobWaker {
  /** pg-boss itself (tests and the back office use its fetch, fail, retry). */
  readonly boss: PgBoss;
  readonly settings: JobSettings;
  /** Stops taking jobs, lets the ones in flight finish (at most settings.stopTimeoutMs), then returns. */
  stop(): Promise<void>;
}
