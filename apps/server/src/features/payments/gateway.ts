import type { GatewayConfirmation, PgCode } from '@partsmall/contract';

/** What the shop asks a gateway to collect. */
export interface PaymentOrder {
  pgcode: PgCode;
  amount: number;
  productName: string;
  buyerName: string;
  /** Scheme, host and port the payment window opens at; the gateway's configured address when absent. */
  base?: string;
}

/** The gateway's answer when a payment starts. */
export interface StartedPayment {
  /** The gateway's own id of the payment; stored UNIQUE, and every confirmation names it. */
  paymentId: string;
  /** The page the buyer opens in the 600x400 popup. */
  onlineUrl: string;
}

/**
 * A payment gateway (docs/architecture.md#the-money-path). The shop starts a payment, the buyer pays on the gateway's page,
 * and the gateway confirms the result to POST /payCenter/callback; the shop trusts a confirmation
 * only when `verify` accepts it, and credits only the amount it stored when the payment started.
 */
export interface PaymentGateway {
  readonly name: string;
  start(order: PaymentOrder): Promise<StartedPayment>;
  /** True when the confirmation really comes from this gateway (its signature checks out). */
  verify(confirmation: GatewayConfirmation): boolean;
  /**
   * Hours a bank transfer's virtual account takes a deposit for, counted from the payment's start,
   * when the shop keeps that time itself (the sandbox's); unset when the gateway tells (Toss's
   * EXPIRED) or staff vouch for the deposit (docs/requirements.md#payments).
   */
  readonly transferHours?: number;
}

/**
 * The origin of the shop page that asked for a payment window (its Origin header), when it is a
 * plain http(s) origin. Used only while PUBLIC_URL is unset (demo mode): the shop browsed at
 * http://192.0.2.7:3000 then opens its payment window there, not at localhost. What a caller names
 * here only shapes the link handed back to that same caller.
 */
export function pageOrigin(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const url = new URL(header);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === header ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
