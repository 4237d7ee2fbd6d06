/**
 * The deposits feature's types other modules name (docs/architecture.md#boundaries): what a payment
 * provider implements to issue statements' virtual accounts. They live here, not in payments, so
 * that deposits names no part of the payments feature, which calls deposits.
 */

/** A virtual account to issue for one statement (docs/requirements.md#credit-deposits). */
export interface VirtualAccountRequest {
  /** Our id of the account, sent as Toss's orderId (6-64 of letters, digits, - and _); the same on every try. */
  orderId: string;
  amount: number;
  /** What the buyer's bank app shows: '2026년 3월 거래대금'. */
  orderName: string;
  /** The buyer the account is issued for (Toss's customerName): the company that pays. */
  customerName: string;
  /** The 예금주 the depositor sees: the shop, who is paid (docs/requirements.md#credit-deposits). */
  holder: string;
  /** The last moment a deposit is taken (the statement's due date). */
  due: Date;
}

/** An issued account: where to pay, until when, and the secret its deposit callbacks carry. */
export interface IssuedVirtualAccount {
  bank: string;
  accountNumber: string;
  holder: string;
  dueAt: Date;
  /** Compared (in constant time) with the `secret` of every deposit callback of this account. */
  secret: string;
  /** Toss's paymentKey of the account (null for the sandbox). */
  paymentKey: string | null;
}

export type VirtualAccountIssue =
  | { kind: 'issued'; account: IssuedVirtualAccount }
  | { kind: 'refused'; code: string; message: string }
  /** `inFlight`: another ask of the same orderId is still being answered; its outcome is still to come. */
  | { kind: 'unanswered'; reason: string; inFlight?: boolean };

/**
 * Who issues statements' virtual accounts: the payment provider PAYMENT_PROVIDER names (Toss, or
 * the sandbox, whose bank is simulated by a demo page). Issuing the same orderId again answers the
 * account issued the first time.
 */
export interface VirtualAccountProvider {
  readonly name: 'sandbox' | 'toss';
  issue(request: VirtualAccountRequest): Promise<VirtualAccountIssue>;
  /**
   * Closes at the provider the account of a bank-transfer payment (its orderId) that nobody may pay
   * into any more (its company withdrew): 'closed' (now or before), 'none' (no account was issued or
   * it is no longer open), 'paid' (money already came in). Throws when the provider did not answer or
   * refused, so the job retries. Absent: the provider's accounts need no closing (the sandbox's take
   * no deposit once their payment is declined).
   */
  closeTransfer?(orderId: string, reason: string): Promise<'closed' | 'none' | 'paid'>;
}
