import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SEOUL_OFFSET_MS, type GatewayConfirmation } from '@partsmall/contract';
import type { PaymentGateway } from './gateway.js';
import { confirmationText } from './sandbox.js';
import type { TossSettings, VirtualAccountIssue, VirtualAccountProvider, VirtualAccountRequest } from './types.js';

export type { TossSettings };

export const TOSS_PAGE_PREFIX = '/payCenter/toss';

/** The part of Toss's Payment object the shop reads. */
export interface TossPayment {
  paymentKey: string;
  orderId: string;
  /** READY, IN_PROGRESS, WAITING_FOR_DEPOSIT, DONE, CANCELED, PARTIAL_CANCELED, ABORTED, EXPIRED. */
  status: string;
  totalAmount: number;
  method?: string | null;
  /** The virtual account's deposit secret; a deposit callback carries the same value. */
  secret?: string | null;
  virtualAccount?: {
    accountNumber?: string;
    bankCode?: string;
    bank?: string;
    customerName?: string;
    dueDate?: string;
  } | null;
}

/** What a call to the Toss API gave: the payment, Toss's refusal (code and Korean message), or no answer. */
export type TossResult =
  | { kind: 'payment'; payment: TossPayment }
  | { kind: 'refused'; status: number; code: string; message: string }
  | { kind: 'unanswered'; reason: string };

/** A whole payment cancelled at Toss, or cancelled there before (`ALREADY_CANCELED_PAYMENT`): done. */
export const cancelDone = (r: TossResult) =>
  (r.kind === 'payment' && r.payment.status === 'CANCELED') ||
  (r.kind === 'refused' && r.code === 'ALREADY_CANCELED_PAYMENT');

/** What a cancel that was not done came to, for the log line or the job's error. */
export const cancelOutcome = (r: TossResult) =>
  r.kind === 'refused' ? r.code : r.kind === 'unanswered' ? r.reason : r.payment.status;

/**
 * Toss's answer to a request whose Idempotency-Key is still being processed by an earlier one (409
 * IDEMPOTENT_REQUEST_PROCESSING): not a refusal, the first request's outcome is still to come.
 */
export const keyStillProcessing = (r: TossResult) =>
  r.kind === 'refused' && (r.status === 409 || r.code === 'IDEMPOTENT_REQUEST_PROCESSING');

/** Which of our payment states a Toss status settles to; undefined = not settled yet. */
export function settledStatus(tossStatus: string): 'paid' | 'declined' | undefined {
  if (tossStatus === 'DONE') return 'paid';
  if (['CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED'].includes(tossStatus)) return 'declined';
  return undefined;
}

/** How long a virtual account Toss issues for a top-up stays open (the window asks for it). */
export const TOSS_VIRTUAL_ACCOUNT_HOURS = 72;

/** Korean names of the banks Toss answers by code (virtual accounts). */
const BANKS: Record<string, string> = {
  '02': 'KDB산업은행',
  '03': 'IBK기업은행',
  '04': 'KB국민은행',
  '07': 'Sh수협은행',
  '11': 'NH농협은행',
  '20': '우리은행',
  '23': 'SC제일은행',
  '27': '씨티은행',
  '31': 'iM뱅크(대구)',
  '32': '부산은행',
  '34': '광주은행',
  '35': '제주은행',
  '37': '전북은행',
  '39': '경남은행',
  '45': '새마을금고',
  '48': '신협',
  '71': '우체국예금보험',
  '81': '하나은행',
  '88': '신한은행',
  '89': '케이뱅크',
  '90': '카카오뱅크',
  '92': '토스뱅크',
};
export const bankName = (code: string | undefined) => (code ? (BANKS[code] ?? code) : '');

export interface TossGateway extends PaymentGateway {
  readonly settings: TossSettings;
  /** POST /v1/payments/confirm: approves the payment the buyer authorised in the window. */
  confirm(paymentKey: string, orderId: string, amount: number): Promise<TossResult>;
  /** GET /v1/payments/{paymentKey}: the payment as Toss holds it now. */
  fetchByKey(paymentKey: string): Promise<TossResult>;
  /** GET /v1/payments/orders/{orderId}. */
  fetchByOrder(orderId: string): Promise<TossResult>;
  /**
   * POST /v1/payments/{paymentKey}/cancel: the whole payment cancelled. A card payment is refunded to
   * the card; a virtual account not paid into yet closes and takes no deposit. One paid into needs the
   * depositor's refund account, which the shop does not know: Toss refuses it without one.
   */
  cancel(paymentKey: string, reason: string): Promise<TossResult>;
  /** POST /v1/virtual-accounts: a statement's own account (docs/requirements.md#credit-deposits). */
  issueVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccountIssue>;
  /**
   * Signs a confirmation this process built from a payment it fetched from the Toss API itself, so
   * that the shared confirmation path (which accepts only signed confirmations) takes it. The key is
   * random per process and never leaves it: nobody outside can produce a Toss confirmation.
   */
  vouch(c: { paymentId: string; amount: number; status: 'paid' | 'declined' }): string;
}

/**
 * Toss Payments (payment window SDK v2 in the browser, Core API on the server). The shop's order id
 * (`tsp_…`) is the payment's gateway id; Toss's paymentKey is learnt from the window's success
 * redirect or from a webhook, and every state the shop applies is read from the Toss API with the
 * secret key (Basic auth), never from what a browser or a webhook body claims.
 */
export function createTossGateway(settings: TossSettings, site: { readonly publicUrl: string }): TossGateway {
  const vouchKey = randomBytes(32);
  const auth = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;
  const base = settings.apiUrl.replace(/\/+$/, '');

  async function callApi(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<TossResult> {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      return { kind: 'unanswered', reason: err instanceof Error ? err.name : 'error' };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'unanswered', reason: `HTTP ${res.status} without JSON` };
    }
    const o = (json ?? {}) as Record<string, unknown>;
    if (
      res.ok &&
      typeof o.paymentKey === 'string' &&
      typeof o.orderId === 'string' &&
      typeof o.status === 'string' &&
      typeof o.totalAmount === 'number'
    ) {
      return { kind: 'payment', payment: o as unknown as TossPayment };
    }
    // 5xx (FAILED_INTERNAL_SYSTEM_PROCESSING, PROVIDER_ERROR...) may have happened or not: unanswered.
    if (res.status >= 500 || typeof o.code !== 'string')
      return { kind: 'unanswered', reason: `HTTP ${res.status} ${String(o.code ?? '')}`.trim() };
    return {
      kind: 'refused',
      status: res.status,
      code: o.code,
      message: typeof o.message === 'string' ? o.message : '',
    };
  }

  const vouch: TossGateway['vouch'] = (c) => createHmac('sha256', vouchKey).update(confirmationText(c)).digest('hex');
  return {
    name: 'toss',
    settings,
    async start(order) {
      // Toss: 6-64 characters of letters, digits, - and _.
      const paymentId = `tsp_${randomBytes(16).toString('hex')}`;
      return {
        paymentId,
        onlineUrl: `${order.base ?? site.publicUrl}${TOSS_PAGE_PREFIX}/${paymentId}?key=${pageKey(vouchKeyForPages(settings), paymentId)}`,
      };
    },
    verify(c: GatewayConfirmation) {
      const a = Buffer.from(vouch(c));
      const b = Buffer.from(/^[0-9a-f]+$/i.test(c.signature) ? c.signature.toLowerCase() : '');
      return a.length === b.length && timingSafeEqual(a, b);
    },
    vouch,
    // Keyed by the paymentKey, not the order: Toss answers a key's first answer again for 15 days
    // (key, URL and method, whatever the body), and a window reopened after a refused card gets a
    // new paymentKey for the same order, which must be confirmed for itself. A confirm repeated after
    // a timeout is still answered as the first.
    confirm: (paymentKey, orderId, amount) =>
      callApi('POST', '/v1/payments/confirm', { paymentKey, orderId, amount }, `confirm-${paymentKey}`),
    fetchByKey: (paymentKey) => callApi('GET', `/v1/payments/${encodeURIComponent(paymentKey)}`),
    // Keyed by the paymentKey: a cancel repeated after a timeout is answered as the first, never twice.
    cancel: (paymentKey, reason) =>
      callApi(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
        { cancelReason: reason },
        `cancel-${paymentKey}`,
      ),
    fetchByOrder: (orderId) => callApi('GET', `/v1/payments/orders/${encodeURIComponent(orderId)}`),
    async issueVirtualAccount(request) {
      const body = {
        amount: request.amount,
        orderId: request.orderId,
        orderName: request.orderName.slice(0, 100),
        customerName: request.customerName.slice(0, 100),
        bank: settings.virtualAccountBank,
        // Toss keeps an account open at most 30 days from its issue.
        dueDate: tossDueDate(request.due),
        // The deposit callback comes to the one webhook, whatever the developer centre holds.
        virtualAccountCallbackUrl: `${site.publicUrl}${TOSS_PAGE_PREFIX}/webhook`,
        // Every line of the statement is on its 세금계산서: no 현금영수증 for the same supply.
        cashReceipt: { type: '미발행' },
      };
      // Keyed by our orderId: a retry after a timeout is answered with the first issue, never a second account.
      let result = await callApi('POST', '/v1/virtual-accounts', body, `va-${request.orderId}`);
      // Issued before and the key's answer forgotten (Toss keeps it 15 days): read the account back.
      if (result.kind === 'refused' && ['DUPLICATED_ORDER_ID', 'ALREADY_PROCESSED_PAYMENT'].includes(result.code))
        result = await callApi('GET', `/v1/payments/orders/${encodeURIComponent(request.orderId)}`);
      // The same orderId asked twice at once (a double click, the click beside the close's job): Toss is
      // still issuing the first and answers 409. Not a refusal: the first opens the account, a later try
      // reads it (docs/requirements.md#credit-deposits).
      if (result.kind === 'refused' && keyStillProcessing(result))
        return { kind: 'unanswered', reason: result.code, inFlight: true };
      return issuedAccount(result, request);
    },
  };
}

/** A Seoul wall-clock time, as Toss writes its own dates: 2026-04-30T23:59:59+09:00. */
function tossDueDate(due: Date): string {
  const seoul = new Date(due.getTime() + SEOUL_OFFSET_MS).toISOString().slice(0, 19);
  return `${seoul}+09:00`;
}

/** What an issue answered, as the shop stores it: only an open account of the asked order and amount. */
function issuedAccount(result: TossResult, request: VirtualAccountRequest): VirtualAccountIssue {
  if (result.kind === 'unanswered') return result;
  if (result.kind === 'refused') return { kind: 'refused', code: result.code, message: result.message };
  const p = result.payment;
  const v = p.virtualAccount;
  if (
    p.orderId !== request.orderId ||
    p.totalAmount !== request.amount ||
    !['WAITING_FOR_DEPOSIT', 'DONE'].includes(p.status) ||
    !v?.accountNumber ||
    !p.secret
  )
    return { kind: 'refused', code: 'UNEXPECTED_ANSWER', message: `Toss answered ${p.status} without an open account` };
  const due = Date.parse(v.dueDate ?? '');
  return {
    kind: 'issued',
    account: {
      bank: v.bank ?? bankName(v.bankCode),
      accountNumber: v.accountNumber.slice(0, 40),
      // Toss's customerName is the buyer who had it issued; the depositor pays the shop.
      holder: request.holder.slice(0, 100),
      dueAt: Number.isNaN(due) ? request.due : new Date(due),
      secret: p.secret,
      paymentKey: p.paymentKey,
    },
  };
}

/** Statements' virtual accounts at Toss (PAYMENT_PROVIDER=toss). */
export function tossVirtualAccounts(gateway: TossGateway): VirtualAccountProvider {
  return { name: 'toss', issue: (request) => gateway.issueVirtualAccount(request) };
}

/**
 * The window page's link key: derived from the secret key so that every process of the shop
 * accepts the links of the others, and only who was handed the link can open the window.
 */
function vouchKeyForPages(settings: TossSettings): string {
  return createHmac('sha256', settings.secretKey).update('partsmall:toss-page').digest('hex');
}

function pageKey(key: string, paymentId: string): string {
  return createHmac('sha256', key).update(`page:${paymentId}`).digest('base64url');
}

export function checkTossPageKey(settings: TossSettings, paymentId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(pageKey(vouchKeyForPages(settings), paymentId));
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
