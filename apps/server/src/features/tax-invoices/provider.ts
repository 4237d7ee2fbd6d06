import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { taxInvoiceOutbox } from '../../db/schema.js';
import { popbillTaxInvoices } from './popbill.js';

/**
 * 전자세금계산서 as Popbill's Taxinvoice takes it (the fields the shop fills). Amounts in won, the
 * invoice's own split; a correction (수정세금계산서) has negative amounts and the original's key.
 */
export interface TaxInvoiceDocument {
  mgtKey: string;
  /** 작성일자 YYYYMMDD. */
  writeDate: string;
  supply: number;
  tax: number;
  total: number;
  /** 품목: one per order on a 월합계, or the order's. */
  items: { name: string; supply: number; tax: number; total: number; date: string }[];
  buyer: {
    corpNum: string;
    corpName: string;
    ceoName: string;
    addr: string;
    bizType: string;
    bizClass: string;
    email: string;
  };
  /** The shop (공급자): its 사업자번호 is the provider account's own. */
  supplier: { corpName: string; ceoName: string; addr: string; bizType: string; bizClass: string };
  /** A correction: the original's 국세청 승인번호. */
  originalNtsConfirmNum?: string;
  /** 수정세금계산서: the original's mgtKey (modifyCode 4, 계약의 해제 / 환입). */
  correctionOf?: string;
}

export interface IssuedInvoice {
  /** 국세청 승인번호, once known. */
  ntsConfirmNum: string | null;
  /** Whether the NTS has it already (국세청 전송). */
  sent: boolean;
}

/** A provider error the shop should not retry (bad data the provider refuses); others are retried. */
export class TaxInvoiceRefused extends Error {
  override readonly name = 'TaxInvoiceRefused';
}

export interface TaxInvoiceProvider {
  readonly name: 'console' | 'popbill' | 'off';
  /**
   * Issues the invoice under its mgtKey. Idempotent: when the provider already holds a document of
   * that key (an earlier try that crashed after the provider accepted), it answers that document's
   * state and issues nothing new.
   */
  issue(doc: TaxInvoiceDocument): Promise<IssuedInvoice>;
}

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
