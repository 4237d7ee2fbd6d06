import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayConfirmation } from '@partsmall/contract';
import type { PaymentGateway } from './gateway.js';
import type { VirtualAccountProvider } from './types.js';

export const SANDBOX_PAGE_PREFIX = '/payCenter/sandbox';

/** The text a confirmation's signature covers. */
export function confirmationText(c: { paymentId: string; amount: number; status: string }): string {
  return `${c.paymentId}:${c.amount}:${c.status}`;
}

export function signConfirmation(secret: string, c: { paymentId: string; amount: number; status: string }): string {
  return createHmac('sha256', secret).update(confirmationText(c)).digest('hex');
}

export interface SandboxGateway extends PaymentGateway {
  /** Its transfers' virtual accounts take a deposit for VIRTUAL_ACCOUNT_HOURS from the start. */
  readonly transferHours: number;
  /** Signs a confirmation the way the sandbox's own page sends it. */
  sign(c: { paymentId: string; amount: number; status: 'paid' | 'declined' }): string;
  /** The key a payment's page link carries: only who was handed the link can open the page and press its buttons. */
  pageKey(paymentId: string): string;
  /** True when `key` is the page key of the payment. */
  checkPageKey(paymentId: string, key: unknown): boolean;
}

/**
 * The built-in gateway that works offline: its payment page is served by this server at
 * PUBLIC_URL/payCenter/sandbox/{paymentId}?key={page key} (never at the address a request named);
 * its buttons confirm through the same handler a real gateway's callback reaches, signed with
 * HMAC-SHA256 and the sandbox secret.
 */
export function createSandboxGateway(secret: string, site: { readonly publicUrl: string }): SandboxGateway {
  const sign: SandboxGateway['sign'] = (c) => signConfirmation(secret, c);
  const pageKey = (paymentId: string) => createHmac('sha256', secret).update(`page:${paymentId}`).digest('base64url');
  return {
    name: 'sandbox',
    async start(order) {
      const paymentId = `sbx_${randomBytes(16).toString('hex')}`;
      return {
        paymentId,
        onlineUrl: `${order.base ?? site.publicUrl}${SANDBOX_PAGE_PREFIX}/${paymentId}?key=${pageKey(paymentId)}`,
      };
    },
    verify(c: GatewayConfirmation) {
      return sameText(sign(c), /^[0-9a-f]+$/i.test(c.signature) ? c.signature.toLowerCase() : '');
    },
    sign,
    pageKey,
    checkPageKey: (paymentId, key) => typeof key === 'string' && sameText(pageKey(paymentId), key),
    transferHours: VIRTUAL_ACCOUNT_HOURS,
  };
}

/** Constant-time comparison of two strings. */
function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** How long the sandbox's virtual account waits for the deposit (the time the Toss window asks for, too). */
export const VIRTUAL_ACCOUNT_HOURS = 72;

/** When the sandbox's virtual account of a transfer started at `createdAt` stops taking a deposit. */
export const transferDue = (createdAt: Date) => new Date(createdAt.getTime() + VIRTUAL_ACCOUNT_HOURS * 3_600_000);

/**
 * True when a sandbox transfer's account is past its due time at `now` (docs/requirements.md#payments):
 * its deposit is refused and the payment declined. At the due time itself it still takes one.
 */
export const transferLapsed = (p: { pgcode: string; createdAt: Date }, now: Date) =>
  p.pgcode === 'banktransfer' && now.getTime() > transferDue(p.createdAt).getTime();

/** True when a sandbox transfer was declined after its due time: its account lapsed unpaid. */
export const lapsedUnpaid = (p: { status: string; pgcode: string; createdAt: Date; declinedAt: Date | null }) =>
  p.status === 'declined' && p.declinedAt !== null && transferLapsed(p, p.declinedAt);

/**
 * Bank and account of the sandbox's virtual account for a payment: fixed per payment id. Its 예금주
 * is the shop's name in its settings (mall's shopAccountHolder), as at Toss.
 */
export function virtualAccount(paymentId: string): { bank: string; account: string } {
  const digest = createHmac('sha256', 'vaccount').update(paymentId).digest();
  const banks = ['신한은행', '국민은행', '우리은행', '하나은행', '농협은행'];
  const digits = Array.from(digest.subarray(0, 12), (b) => String(b % 10)).join('');
  return {
    bank: banks[digest[12]! % banks.length]!,
    account: `${digits.slice(0, 3)}-${digits.slice(3, 9)}-${digits.slice(9, 12)}`,
  };
}

export interface SandboxVirtualAccounts extends VirtualAccountProvider {
  /** The key of an account's demo bank page (`/payCenter/sandbox/account/{orderId}?key=`). */
  pageKey(orderId: string): string;
  checkPageKey(orderId: string, key: unknown): boolean;
}

/**
 * The sandbox's virtual accounts for statements: issued at once, fixed per orderId, with a secret
 * derived from the sandbox secret. The demo bank page (payments/sandbox-routes.ts) plays the depositor and
 * sends the deposit callback a real bank would (docs/requirements.md#credit-deposits).
 */
export function sandboxVirtualAccounts(secret: string): SandboxVirtualAccounts {
  const pageKey = (orderId: string) => createHmac('sha256', secret).update(`va-page:${orderId}`).digest('base64url');
  return {
    name: 'sandbox',
    async issue(request) {
      const account = virtualAccount(request.orderId);
      return {
        kind: 'issued',
        account: {
          bank: account.bank,
          accountNumber: account.account,
          holder: request.holder.slice(0, 100),
          dueAt: request.due,
          secret: `sbx_${createHmac('sha256', secret).update(`va-secret:${request.orderId}`).digest('hex').slice(0, 40)}`,
          paymentKey: null,
        },
      };
    },
    pageKey,
    checkPageKey: (orderId, key) => typeof key === 'string' && sameText(pageKey(orderId), key),
  };
}
