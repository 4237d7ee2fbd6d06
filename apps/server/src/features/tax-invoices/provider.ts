import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { taxInvoiceOutbox } from './schema.js';
import { popbillTaxInvoices } from './popbill.js';
import type { TaxInvoiceProvider } from './types.js';

export { TaxInvoiceRefused, type IssuedInvoice, type TaxInvoiceDocument, type TaxInvoiceProvider } from './types.js';

/** The demo provider: each invoice's fields go to the dev outbox (tax_invoice_outbox), once per key. */
export function consoleTaxInvoices(db: Db, log: FastifyBaseLogger): TaxInvoiceProvider {
  return {
    name: 'console',
    async issue(doc) {
      await db.insert(taxInvoiceOutbox).values({ mgtKey: doc.mgtKey, fields: doc }).onConflictDoNothing();
      log.info({ mgtKey: doc.mgtKey, total: doc.total }, '[세금계산서 console] 발행');
      // A made-up 승인번호 of the demo, shaped like the NTS's (24 characters), never a real one.
      return {
        ntsConfirmNum: `DEMO${doc.writeDate}${doc.mgtKey
          .replace(/[^A-Z0-9]/gi, '')
          .padStart(12, '0')
          .slice(-12)}`,
        sent: true,
      };
    },
  };
}

/** Production without a provider switched on: nothing is issued, the job says why and parks. */
const offProvider: TaxInvoiceProvider = {
  name: 'off',
  issue() {
    return Promise.reject(new Error('세금계산서 발행 서비스가 설정되지 않았습니다 (TAXINVOICE_PROVIDER).'));
  },
};

export function taxInvoicesFromConfig(config: Config, db: Db, log: FastifyBaseLogger): TaxInvoiceProvider {
  if (config.taxInvoiceProvider === 'popbill' && config.popbill) return popbillTaxInvoices(config.popbill);
  if (config.taxInvoiceProvider === 'off') return offProvider;
  return consoleTaxInvoices(db, log);
}
