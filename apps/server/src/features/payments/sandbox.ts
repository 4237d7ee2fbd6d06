import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayConfirmation } from '@partsmall/contract';
import type { PaymentGateway } from './gateway.js';

export const SANDBOX_PAGE_PREFIX = '/payCenter/sandbox';

/** The text a confirmation's signature covers. */
export function confirmationText(c: { paymentId: string; amount: number; status: string }): string {
  return `${c.paymentId}:${c.amount}:${c.status}`;
}

export function signConfirmation(secret: string, c: { paymentId: string; amount: number; status: string }): string {
  return createHmac('sha256', secret).update(confirmationText(c)).digest('hex');
}

export interface SandboxGateway extends PaymentGateway {
  /** Signs a confirmation the way the sandbox's own page sends it. */
  sign(c: { paymentId: string; amount: number; status: 'paid' | 'declined' }): string;
}

/**
 * The built-in gateway that works offline: its payment page is served by this server
 * (GET /payCenter/sandbox/{paymentId}); its buttons confirm through the same handler a real
 * gateway's callback reaches, signed with HMAC-SHA256 and the sandbox secret.
 */
export function createSandboxGateway(secret: string): SandboxGateway {
  const sign: SandboxGateway['sign'] = (c) => signConfirmation(secret, c);
  return {
    name: 'sandbox',
    async start(order) {
      const paymentId = `sbx_${randomBytes(16).toString('hex')}`;
      return { paymentId, onlineUrl: `${order.origin}${SANDBOX_PAGE_PREFIX}/${paymentId}` };
    },
    verify(c: GatewayConfirmation) {
      const expected = Buffer.from(sign(c), 'hex');
      const given = Buffer.from(/^[0-9a-f]+$/i.test(c.signature) ? c.signature : '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    sign,
  };
}

/** Bank and account of the sandbox's virtual account for a payment: fixed per payment id. */
export function virtualAccount(paymentId: string): { bank: string; account: string; holder: string } {
  const digest = createHmac('sha256', 'vaccount').update(paymentId).digest();
  const banks = ['신한은행', '국민은행', '우리은행', '하나은행', '농협은행'];
  const digits = Array.from(digest.subarray(0, 12), (b) => String(b % 10)).join('');
  return {
    bank: banks[digest[12]! % banks.length]!,
    account: `${digits.slice(0, 3)}-${digits.slice(3, 9)}-${digits.slice(9, 12)}`,
    holder: '(주)파츠몰코리아',
  };
}
