/** What a 전자세금계산서 provider is given and answers (provider.ts chooses one by TAXINVOICE_PROVIDER). */
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
