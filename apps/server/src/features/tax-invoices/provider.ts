import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { taxInvoiceOutbox } from './schema.js';
import { popbillTaxInvoices } from './popbill.js';
import type { TaxInvoiceDocument, TaxInvoiceProvider } from './types.js';

export { TaxInvoiceRefused, type IssuedInvoice, type TaxInvoiceDocument, type TaxInvoiceProvider } from './types.js';

/** A made-up 승인번호 of the demo, shaped like the NTS's (24 characters), never a real one. */
function demoConfirmNum(writeDate: string, mgtKey: string): string {
  return `DEMO${writeDate}${mgtKey
    .replace(/[^A-Z0-9]/gi, '')
    .padStart(12, '0')
    .slice(-12)}`;
}

/**
 * The demo provider: each invoice's fields go to the dev outbox (tax_invoice_outbox), once per key.
 * It answers `states` from that outbox, so a retry after a lost answer finds what it holds as
 * Popbill's adapter does (docs/requirements.md#tax-invoices).
 */
export function consoleTaxInvoices(db: Db, log: FastifyBaseLogger): TaxInvoiceProvider {
  return {
    name: 'console',
    async issue(doc) {
      await db.insert(taxInvoiceOutbox).values({ mgtKey: doc.mgtKey, fields: doc }).onConflictDoNothing();
      log.info({ mgtKey: doc.mgtKey, total: doc.total }, '[세금계산서 console] 발행');
      return { ntsConfirmNum: demoConfirmNum(doc.writeDate, doc.mgtKey), sent: true };
    },
    async states(mgtKeys) {
      if (mgtKeys.length === 0) return new Map();
      const held = await db
        .select({ mgtKey: taxInvoiceOutbox.mgtKey, fields: taxInvoiceOutbox.fields })
        .from(taxInvoiceOutbox)
        .where(inArray(taxInvoiceOutbox.mgtKey, mgtKeys));
      return new Map(
        held.map((h) => {
          const writeDate = (h.fields as Pick<TaxInvoiceDocument, 'writeDate'>).writeDate;
          return [h.mgtKey, { ntsConfirmNum: demoConfirmNum(writeDate, h.mgtKey), sent: true }];
        }),
      );
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
