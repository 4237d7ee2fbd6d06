import { cashCredited } from './cash-credited.js';
import { restockTexts } from './restock.js';
import { issueTaxInvoice, monthlyTaxInvoices, pollTaxInvoices } from '../tax-invoices/index.js';
import { retentionSweep } from '../retention/index.js';
import { registerTracking } from '../tracking/index.js';
import { licenceScan, notifySend } from '../notify/index.js';
import { depositCallbackJob, statementAccountJob } from '../deposits/index.js';
import { creditCloseJob, creditDailyJob } from '../credit/index.js';
import type { JobName } from '@partsmall/contract';
import type { JobHandler } from './types.js';

export type { JobDeps, JobHandler, JobRun } from './types.js';

/** The registry: every kind of job (its data schema is JOB_DATA in the contract) and its handler. */
export const JOB_HANDLERS: { [N in JobName]: JobHandler<N> } = {
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
};
