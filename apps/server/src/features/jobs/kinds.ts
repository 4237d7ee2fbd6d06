import { cashCredited } from './cash-credited.js';
import { restockTexts } from './restock.js';
import { issueTaxInvoice, monthlyTaxInvoices, pollTaxInvoices } from '../tax-invoices/index.js';
import { retentionSweep } from '../retention/index.js';
import { registerTracking } from '../tracking/index.js';
import { licenceScan, notifySend } from '../notify/index.js';
import { depositCallbackJob, statementAccountJob } from '../deposits/index.js';
import { creditCloseJob, creditDailyJob } from '../credit/index.js';
import { withdrawalCancelJob } from '../payments/index.js';
import type { JobName } from '@partsmall/contract';
import type { JobDeps, JobHandler } from './types.js';

export type { JobDeps, JobHandler, JobRun } from './types.js';

/**
 * The registry: every kind of job (its data schema is JOB_DATA in the contract) and its handler.
 * Each handler's type names the providers it needs (JobHandler<N, { notify?: NotifyProvider }>);
 * registering it here checks that the runner's JobDeps holds them.
 */
export const JOB_HANDLERS: { [N in JobName]: JobHandler<N, JobDeps> } = {
  'sms.cashCredited': cashCredited,
  'taxInvoice.issue': issueTaxInvoice,
  'taxInvoice.monthly': monthlyTaxInvoices,
  'taxInvoice.poll': pollTaxInvoices,
  'retention.sweep': retentionSweep,
  'credit.close': creditCloseJob,
  'credit.daily': creditDailyJob,
  'tracking.register': registerTracking,
  // notify
  'notify.send': notifySend,
  'notify.licenceScan': licenceScan,
  'sms.restock': restockTexts,
  // deposits
  'statement.account': statementAccountJob,
  'deposit.callback': depositCallbackJob,
  // payments
  'payment.withdrawalCancel': withdrawalCancelJob,
};
