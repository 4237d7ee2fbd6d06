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
  /**
   * 영수 or 청구 (docs/requirements.md#tax-invoices): 영수 for what the buyer paid before it shipped
   * (cash), 청구 for what it is billed now and pays later (a credit statement's 월합계, and its
   * corrections).
   */
  purpose: '영수' | '청구';
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
  /** 수정세금계산서: the original's mgtKey. */
  correctionOf?: string;
  /**
   * 수정사유 of a correction (docs/requirements.md#tax-invoices): 2 공급가액 변동 (part of what was
   * invoiced refunded), 3 환입 (goods returned), 4 계약의 해제 (the whole invoice's sale cancelled).
   */
  modifyCode?: 2 | 3 | 4;
  /** The original's 작성일자 (YYYYMMDD), written in the correction's 비고 as the law asks for 3 and 4. */
  originalWriteDate?: string;
}

export interface IssuedInvoice {
  /** 국세청 승인번호, once known. */
  ntsConfirmNum: string | null;
  /** Whether the NTS has it already (국세청 전송). */
  sent: boolean;
  /** The NTS refused it (Popbill state 305): why, as Popbill reports it. */
  rejected?: string;
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
  /**
   * The documents' states now (국세청 전송 or its refusal), by mgtKey; a key the provider does not
   * answer is left out. Absent on the provider that issues nothing (off).
   */
  states?(mgtKeys: string[]): Promise<Map<string, IssuedInvoice>>;
}
