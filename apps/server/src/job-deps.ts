import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { chatStorageRoot, diskStorage } from './features/chat/index.js';
import type { JobDeps } from './features/jobs/index.js';
import { notifyFromConfig } from './features/notify/index.js';
import { smsFromConfig } from './features/sms/index.js';
import { taxInvoicesFromConfig } from './features/tax-invoices/index.js';
import { trackingFromConfig } from './features/tracking/index.js';
import type { SmsProvider } from './features/sms/types.js';

/**
 * The providers the job handlers use, built from the configuration: by the server for its own
 * workers (app.ts) and by a worker process (jobs-main.ts), so both send through the same ones.
 */
export function jobDepsFromConfig(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  sms: SmsProvider = smsFromConfig(config, db, log),
): Omit<JobDeps, 'db'> & Required<Pick<JobDeps, 'tracking'>> {
  return {
    sms,
    log,
    tracking: trackingFromConfig(config),
    publicUrl: () => config.publicUrl,
    taxInvoices: taxInvoicesFromConfig(config, db, log),
    taxInvoiceSupplier: config.taxInvoiceSupplier,
    files: diskStorage(chatStorageRoot(config.dataDir)),
    notify: notifyFromConfig(config, db, log),
  };
}
