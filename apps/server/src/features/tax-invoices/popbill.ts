import { createHash, createHmac } from 'node:crypto';
import type { PopbillConfig } from '../../config.js';
import { TaxInvoiceRefused, type IssuedInvoice, type TaxInvoiceDocument, type TaxInvoiceProvider } from './types.js';

/**
 * Popbill's 전자세금계산서 API (TaxinvoiceService) over its REST interface, as its SDKs call it: a
 * Linkhub session token (HMAC-signed with the link id and secret key), then
 * - `GET /Taxinvoice/SELL/{mgtKey}` (getInfo): the document of the key, or code -11000005 when none;
 * - `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE` (registIssue): write and issue at once.
 * The mgtKey is derived from the order, the company-month or the refund, so a retried job first asks
 * for its key and issues nothing twice. A small client of our own: the `popbill` package has no
 * setting for another address, which the tests need to point it at a local stand-in.
 */

const NOT_FOUND = -11000005;
/** stateCode of a document the NTS has (3xx issued; 304 전송완료). */
const NTS_SENT = 304;

interface PopbillAnswer {
  code?: number;
  message?: string;
  ntsConfirmNum?: string;
  ntsconfirmNum?: string;
  stateCode?: number;
  itemKey?: string;
}

class PopbillError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(`팝빌 오류 [${code}] ${message}`);
  }
}

export function popbillTaxInvoices(c: PopbillConfig): TaxInvoiceProvider {
  const serviceId = c.test ? 'POPBILL_TEST' : 'POPBILL';
  let token: { value: string; expires: number } | null = null;

  async function request(
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: PopbillAnswer & Record<string, unknown> }> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(c.timeoutMs) });
    const body = (await res.json().catch(() => ({}))) as PopbillAnswer & Record<string, unknown>;
    return { status: res.status, body };
  }

  /** Linkhub's session token, kept until a minute before it expires. */
  async function sessionToken(): Promise<string> {
    if (token && token.expires - 60_000 > Date.now()) return token.value;
    const path = `/${serviceId}/Token`;
    const body = JSON.stringify({ access_id: c.corpNum, scope: ['member', '110'] });
    const date = new Date().toISOString();
    const digest = createHash('sha256').update(body).digest('base64');
    const signature = createHmac('sha256', Buffer.from(c.secretKey, 'base64'))
      .update(['POST', digest, date, '2.0', path].join('\n'))
      .digest('base64');
    const res = await request(`${c.authUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf8',
        'x-lh-date': date,
        'x-lh-version': '2.0',
        'x-lh-forwarded': '*',
        authorization: `LINKHUB ${c.linkId} ${signature}`,
      },
      body,
    });
    const session = res.body as { session_token?: string; expiration?: string };
    if (res.status !== 200 || !session.session_token)
      throw new PopbillError(
        Number(res.body.code ?? -1),
        String(res.body.message ?? '인증 토큰을 받지 못했습니다'),
        res.status,
      );
    token = {
      value: session.session_token,
      expires: session.expiration ? Date.parse(session.expiration) : Date.now() + 10 * 60_000,
    };
    return token.value;
  }

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown, override?: string) {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await sessionToken()}`,
      'x-pb-version': '1.0',
      accept: 'application/json',
    };
    if (c.userId) headers['x-pb-userid'] = c.userId;
    if (override) headers['x-http-method-override'] = override;
    if (payload !== undefined) headers['content-type'] = 'application/json; charset=utf8';
    return request(`${c.apiUrl}${path}`, {
      method,
      headers,
      ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
    });
  }

  function taxinvoice(doc: TaxInvoiceDocument): Record<string, unknown> {
    const t: Record<string, unknown> = {
      writeDate: doc.writeDate,
      chargeDirection: '정과금',
      issueType: '정발행',
      // Paid in advance from the company's cash: 영수.
      purposeType: '영수',
      taxType: '과세',
      invoicerCorpNum: c.corpNum,
      invoicerMgtKey: doc.mgtKey,
      invoicerCorpName: doc.supplier.corpName,
      invoicerCEOName: doc.supplier.ceoName,
      invoicerAddr: doc.supplier.addr,
      invoicerBizType: doc.supplier.bizType,
      invoicerBizClass: doc.supplier.bizClass,
      invoiceeType: '사업자',
      invoiceeCorpNum: doc.buyer.corpNum,
      invoiceeCorpName: doc.buyer.corpName,
      invoiceeCEOName: doc.buyer.ceoName,
      invoiceeAddr: doc.buyer.addr,
      invoiceeBizType: doc.buyer.bizType,
      invoiceeBizClass: doc.buyer.bizClass,
      invoiceeEmail1: doc.buyer.email,
      supplyCostTotal: String(doc.supply),
      taxTotal: String(doc.tax),
      totalAmount: String(doc.total),
      detailList: doc.items.slice(0, 99).map((item, i) => ({
        serialNum: i + 1,
        purchaseDT: item.date,
        itemName: item.name,
        supplyCost: String(item.supply),
        tax: String(item.tax),
      })),
    };
    if (doc.correctionOf) {
      // 수정 사유 4: 계약의 해제 (환입), against the original's 승인번호.
      t.modifyCode = 4;
      t.orgNTSConfirmNum = doc.originalNtsConfirmNum ?? '';
    }
    return t;
  }

  const stateOf = (b: PopbillAnswer): IssuedInvoice => {
    const nts = b.ntsconfirmNum ?? b.ntsConfirmNum ?? null;
    return { ntsConfirmNum: nts || null, sent: b.stateCode === NTS_SENT };
  };

  return {
    name: 'popbill',
    async issue(doc) {
      const info = await call('GET', `/Taxinvoice/SELL/${encodeURIComponent(doc.mgtKey)}`);
      if (info.status === 200 && info.body.itemKey) return stateOf(info.body);
      if (info.status !== 200 && info.body.code !== NOT_FOUND)
        throw new PopbillError(Number(info.body.code ?? -1), String(info.body.message ?? ''), info.status);
      const issued = await call('POST', '/Taxinvoice', taxinvoice(doc), 'ISSUE');
      if (issued.status === 200 && issued.body.code === 1)
        return { ntsConfirmNum: issued.body.ntsConfirmNum || null, sent: false };
      const error = new PopbillError(Number(issued.body.code ?? -1), String(issued.body.message ?? ''), issued.status);
      // A refusal of the document itself (4xx with Popbill's code) will not pass on a retry.
      if (issued.status >= 400 && issued.status < 500) throw new TaxInvoiceRefused(error.message);
      throw error;
    },
  };
}
