import { createHash, createHmac } from 'node:crypto';
import { seoulDay } from '@partsmall/contract';
import type { PopbillConfig } from '../../config.js';
import { TaxInvoiceRefused, type IssuedInvoice, type TaxInvoiceDocument, type TaxInvoiceProvider } from './types.js';

/**
 * Popbill's 전자세금계산서 API (TaxinvoiceService) over its REST interface, as its Node SDK (`popbill`,
 * with Linkhub's `linkhub` for the token) calls it:
 * - a Linkhub session token, `POST {auth}/{ServiceID}/Token`, signed as `linkhubTokenRequest` shows;
 * - `GET /Taxinvoice/SELL/{mgtKey}` (getInfo): the document of the key, or code -11000005 when none;
 * - `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE` (registIssue): write and issue at once;
 * - `POST /Taxinvoice/SELL` with a list of keys (getInfos): the states, read until 국세청 전송.
 * The mgtKey is derived from the order, the company-month or the refund, with the installation's
 * prefix (POPBILL_MGTKEY_PREFIX) in front, so a retried job first asks for its key and issues nothing
 * twice, and a document another installation wrote under the same 사업자번호 is never taken for ours.
 * A small client of our own: the SDK has no setting for another API address, which the tests need to
 * point it at a local stand-in (its token code is run against ours in the tests).
 */

const NOT_FOUND = -11000005;
/**
 * A token Popbill refuses (expired early, revoked, used from another address) is answered HTTP 401.
 * Popbill's and Linkhub's SDKs keep no list of token error codes to key on (they only ask again for a
 * token past its expiration), so the status is what is keyed on: the token is dropped and asked for
 * again, and a refusal that stays is retried by the job, never taken for a refusal of the document
 * (docs/operations.md#tax-invoices-console-and-popbill).
 */
const TOKEN_REFUSED = 401;
/** stateCode (docs: 300 발행완료, 301-303 전송 전/대기/중, 304 전송성공, 305 전송실패, 600 발행취소). */
const STATE = { sent: 304, rejected: 305, cancelled: 600 } as const;
/** The most 품목 lines Popbill takes on one invoice (detailList). */
export const POPBILL_MAX_LINES = 99;
/** Linkhub's API version, signed and sent as x-lh-version. */
const LINKHUB_VERSION = '2.0';

interface PopbillAnswer {
  code?: number;
  message?: string;
  ntsConfirmNum?: string;
  ntsconfirmNum?: string;
  stateCode?: number;
  itemKey?: string;
  invoicerMgtKey?: string;
  supplyCostTotal?: string;
  taxTotal?: string;
  invoiceeCorpNum?: string;
  ntssendErrCode?: string;
  stateMemo?: string;
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

/**
 * The token request exactly as Linkhub's SDK builds it (linkhub TokenBuilder.newToken): the body
 * `{"access_id":…,"scope":[…]}`, and the HMAC-SHA256 (key: the base64-decoded secret) of
 * `POST \n <sha256 of the body, base64> \n <x-lh-date> \n [<x-lh-forwarded> \n] 2.0 \n /{ServiceID}/Token`
 * as `Authorization: LINKHUB {linkId} {signature}`. The forwarded value is signed whenever it is
 * sent: the SDK sends `*` (a token usable from any address) only when IP restriction is off.
 */
export function linkhubTokenRequest(o: {
  linkId: string;
  secretKey: string;
  serviceId: string;
  accessId: string;
  scope: string[];
  forwarded: string | null;
  date: string;
}): { path: string; body: string; headers: Record<string, string> } {
  const path = `/${o.serviceId}/Token`;
  const body = JSON.stringify({ access_id: o.accessId, scope: o.scope });
  const digest = createHash('sha256').update(body).digest('base64');
  const target = ['POST', digest, o.date, ...(o.forwarded ? [o.forwarded] : []), LINKHUB_VERSION, path].join('\n');
  const signature = createHmac('sha256', Buffer.from(o.secretKey, 'base64')).update(target).digest('base64');
  return {
    path,
    body,
    headers: {
      'content-type': 'application/json',
      'x-lh-date': o.date,
      'x-lh-version': LINKHUB_VERSION,
      ...(o.forwarded ? { 'x-lh-forwarded': o.forwarded } : {}),
      authorization: `LINKHUB ${o.linkId} ${signature}`,
    },
  };
}

/**
 * Whether an invoice of this 작성일자 is past its issuing deadline (the 10th of the next month):
 * Popbill then issues it only with forceIssue (지연발행; the late-issue penalty is the shop's).
 */
export function pastIssueDeadline(writeDate: string, now = new Date()): boolean {
  const y = Number(writeDate.slice(0, 4));
  const m = Number(writeDate.slice(4, 6));
  const deadline = `${m === 12 ? y + 1 : y}${String(m === 12 ? 1 : m + 1).padStart(2, '0')}10`;
  return seoulDay(now).replace(/-/g, '') > deadline;
}

/**
 * The 품목 lines as Popbill takes them: at most 99. Beyond that the 99th line stands for the rest
 * ('주문 N건 외'), its amounts their sum, so the lines still add up to the invoice's totals and nothing
 * is dropped (docs/requirements.md#tax-invoices).
 */
export function popbillLines(items: TaxInvoiceDocument['items']): TaxInvoiceDocument['items'] {
  if (items.length <= POPBILL_MAX_LINES) return items;
  const kept = items.slice(0, POPBILL_MAX_LINES - 1);
  const rest = items.slice(POPBILL_MAX_LINES - 1);
  const sum = (k: 'supply' | 'tax' | 'total') => rest.reduce((s, i) => s + i[k], 0);
  return [
    ...kept,
    {
      name: `그 밖의 주문 ${rest.length}건`,
      supply: sum('supply'),
      tax: sum('tax'),
      total: sum('total'),
      date: rest[0]!.date,
    },
  ];
}

/** The Popbill key of a document: the installation's prefix and the shop's key. */
export const popbillMgtKey = (c: Pick<PopbillConfig, 'mgtKeyPrefix'>, mgtKey: string) => `${c.mgtKeyPrefix}${mgtKey}`;

type PopbillResponse = { status: number; body: PopbillAnswer & Record<string, unknown> };

/** One call of Popbill's API: method, path, JSON payload, X-HTTP-Method-Override and its own timeout. */
type PopbillCall = (
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
  override?: string,
  timeoutMs?: number,
) => Promise<PopbillResponse>;

/** One HTTP exchange with Linkhub or Popbill: the status and the JSON answer ({} when none). */
async function popbillFetch(url: string, init: RequestInit, timeoutMs: number): Promise<PopbillResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    // No answer: it may have been done or not; the job's retry reads the key back first.
    throw new Error(
      `팝빌 응답 없음 (${err instanceof Error ? err.name : 'error'}): 다시 시도할 때 발행 여부를 먼저 확인합니다.`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as PopbillAnswer & Record<string, unknown>;
  return { status: res.status, body };
}

/** Linkhub's session token, kept until a minute before it expires (or until Popbill refuses it and drops it). */
function linkhubSession(c: PopbillConfig): { token(): Promise<string>; drop(): void } {
  const serviceId = c.test ? 'POPBILL_TEST' : 'POPBILL';
  let token: { value: string; expires: number } | null = null;
  return {
    async token() {
      if (token && token.expires - 60_000 > Date.now()) return token.value;
      const req = linkhubTokenRequest({
        linkId: c.linkId,
        secretKey: c.secretKey,
        serviceId,
        accessId: c.corpNum,
        scope: ['member', '110'],
        forwarded: c.ipRestrict ? null : '*',
        date: new Date().toISOString(),
      });
      const res = await popbillFetch(
        `${c.authUrl}${req.path}`,
        { method: 'POST', headers: req.headers, body: req.body },
        c.timeoutMs,
      );
      const session = res.body as { session_token?: string; expiration?: string };
      if (res.status !== 200 || !session.session_token)
        throw new PopbillError(
          Number(res.body.code ?? -1),
          String(res.body.message ?? '인증 토큰을 받지 못했습니다'),
          res.status,
        );
      const expires = session.expiration ? Date.parse(session.expiration) : NaN;
      token = { value: session.session_token, expires: Number.isNaN(expires) ? Date.now() + 10 * 60_000 : expires };
      return token.value;
    },
    drop() {
      token = null;
    },
  };
}

/**
 * Popbill's API with the session token: one call, and a token Popbill refuses (TOKEN_REFUSED) is
 * dropped and asked for again once; refused again, it is dropped too, so the next try asks anew.
 */
function popbillApi(c: PopbillConfig): PopbillCall {
  const session = linkhubSession(c);

  const callOnce: PopbillCall = async (method, path, payload, override, timeoutMs) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await session.token()}`,
      'x-pb-version': '1.0',
      accept: 'application/json',
    };
    if (c.userId) headers['x-pb-userid'] = c.userId;
    if (override) headers['x-http-method-override'] = override;
    if (payload !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
    return popbillFetch(
      `${c.apiUrl}${path}`,
      { method, headers, ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}) },
      timeoutMs ?? c.timeoutMs,
    );
  };

  return async (method, path, payload, override, timeoutMs) => {
    const first = await callOnce(method, path, payload, override, timeoutMs);
    if (first.status !== TOKEN_REFUSED) return first;
    session.drop();
    const second = await callOnce(method, path, payload, override, timeoutMs);
    if (second.status === TOKEN_REFUSED) session.drop();
    return second;
  };
}

/** The document as Popbill's Taxinvoice takes it (registIssue's body). */
function popbillTaxinvoice(c: PopbillConfig, doc: TaxInvoiceDocument): Record<string, unknown> {
  const t: Record<string, unknown> = {
    writeDate: doc.writeDate,
    chargeDirection: '정과금',
    issueType: '정발행',
    purposeType: doc.purpose,
    taxType: '과세',
    invoicerCorpNum: c.corpNum,
    invoicerMgtKey: popbillMgtKey(c, doc.mgtKey),
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
    detailList: popbillLines(doc.items).map((item, i) => ({
      serialNum: i + 1,
      purchaseDT: item.date,
      itemName: item.name,
      supplyCost: String(item.supply),
      tax: String(item.tax),
    })),
  };
  if (doc.correctionOf) {
    // 수정세금계산서: the reason's code and the original's 승인번호; for 환입 and 계약의 해제 the
    // 비고 carries the original's 작성일자, as the law asks.
    t.modifyCode = doc.modifyCode ?? 4;
    t.orgNTSConfirmNum = doc.originalNtsConfirmNum ?? '';
    if (doc.originalWriteDate) t.remark1 = `당초 작성일자 ${doc.originalWriteDate}`;
  }
  // Past the 10th of the next month Popbill refuses the issue unless told it is late (지연발행).
  if (pastIssueDeadline(doc.writeDate)) t.forceIssue = true;
  return t;
}

/** A document's state as Popbill answers it (getInfo, getInfos). */
function popbillState(b: PopbillAnswer): IssuedInvoice {
  const nts = b.ntsconfirmNum ?? b.ntsConfirmNum ?? null;
  return {
    ntsConfirmNum: nts || null,
    sent: b.stateCode === STATE.sent,
    ...(b.stateCode === STATE.rejected
      ? { rejected: `국세청 전송 실패 (${b.ntssendErrCode || b.stateMemo || '사유 미상'})` }
      : {}),
  };
}

/** A document Popbill holds under our key: ours only if issued with the same buyer and totals. */
function acceptedInvoice(c: PopbillConfig, found: PopbillAnswer, doc: TaxInvoiceDocument): IssuedInvoice {
  const state = Number(found.stateCode ?? 0);
  if (state === STATE.cancelled)
    throw new TaxInvoiceRefused(`팝빌에서 발행취소된 문서번호입니다 (${popbillMgtKey(c, doc.mgtKey)}).`);
  if (state < 300 || state >= 400)
    throw new TaxInvoiceRefused(`팝빌의 같은 문서번호 문서가 발행 상태가 아닙니다 (상태 ${state}).`);
  const same =
    (found.supplyCostTotal === undefined || Number(found.supplyCostTotal) === doc.supply) &&
    (found.taxTotal === undefined || Number(found.taxTotal) === doc.tax) &&
    (!found.invoiceeCorpNum || found.invoiceeCorpNum === doc.buyer.corpNum);
  if (!same)
    throw new TaxInvoiceRefused(
      `팝빌에 같은 문서번호(${popbillMgtKey(c, doc.mgtKey)})로 금액이나 공급받는자가 다른 세금계산서가 있습니다.`,
    );
  return popbillState(found);
}

/** getInfo's path: the document under our key. */
const infoPath = (c: PopbillConfig, doc: TaxInvoiceDocument) =>
  `/Taxinvoice/SELL/${encodeURIComponent(popbillMgtKey(c, doc.mgtKey))}`;

/** Issues the document under its key, unless Popbill already holds it (then that one's state). */
async function issueInvoice(c: PopbillConfig, call: PopbillCall, doc: TaxInvoiceDocument): Promise<IssuedInvoice> {
  if (popbillMgtKey(c, doc.mgtKey).length > 24)
    throw new TaxInvoiceRefused(`팝빌 문서번호가 24자를 넘습니다 (${popbillMgtKey(c, doc.mgtKey)}).`);
  const info = await call('GET', infoPath(c, doc));
  if (info.status === 200 && info.body.itemKey) return acceptedInvoice(c, info.body, doc);
  if (info.status !== 200 && info.body.code !== NOT_FOUND)
    throw new PopbillError(Number(info.body.code ?? -1), String(info.body.message ?? ''), info.status);
  const issued = await call('POST', '/Taxinvoice', popbillTaxinvoice(c, doc), 'ISSUE', c.issueTimeoutMs);
  if (issued.status === 200 && issued.body.code === 1)
    return { ntsConfirmNum: issued.body.ntsConfirmNum || null, sent: false };
  const error = new PopbillError(Number(issued.body.code ?? -1), String(issued.body.message ?? ''), issued.status);
  // The token refused, even a new one: nothing was written; the job tries again later.
  if (issued.status === TOKEN_REFUSED) throw error;
  if (issued.status >= 400 && issued.status < 500) {
    // Refused: perhaps because the key is taken, by an earlier try whose answer was lost (or
    // that ran alongside). Then the document under the key must be this one.
    const again = await call('GET', infoPath(c, doc));
    if (again.status === 200 && again.body.itemKey) return acceptedInvoice(c, again.body, doc);
  }
  // A refusal of the document itself (4xx with Popbill's code) will not pass on a retry.
  if (issued.status >= 400 && issued.status < 500) throw new TaxInvoiceRefused(error.message);
  throw error;
}

/** The documents' states by our keys (getInfos), the ones Popbill holds. */
async function invoiceStates(
  c: PopbillConfig,
  call: PopbillCall,
  mgtKeys: string[],
): Promise<Map<string, IssuedInvoice>> {
  const out = new Map<string, IssuedInvoice>();
  // getInfos takes up to 1,000 keys a call.
  for (let i = 0; i < mgtKeys.length; i += 1000) {
    const keys = mgtKeys.slice(i, i + 1000);
    const res = await call(
      'POST',
      '/Taxinvoice/SELL',
      keys.map((k) => popbillMgtKey(c, k)),
    );
    if (res.status !== 200 || !Array.isArray(res.body))
      throw new PopbillError(Number(res.body.code ?? -1), String(res.body.message ?? ''), res.status);
    for (const info of res.body as PopbillAnswer[]) {
      const key = keys.find((k) => popbillMgtKey(c, k) === info.invoicerMgtKey);
      if (key && info.itemKey) out.set(key, popbillState(info));
    }
  }
  return out;
}

export function popbillTaxInvoices(c: PopbillConfig): TaxInvoiceProvider {
  const call = popbillApi(c);
  return {
    name: 'popbill',
    issue: (doc) => issueInvoice(c, call, doc),
    states: (mgtKeys) => invoiceStates(c, call, mgtKeys),
  };
}
