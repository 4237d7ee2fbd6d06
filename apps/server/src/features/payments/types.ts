/** The payments feature's types other modules name (docs/architecture.md#boundaries). */

export interface TossSettings {
  clientKey: string;
  secretKey: string;
  /** https://api.tosspayments.com in production; a local stand-in in tests. */
  apiUrl: string;
  /** The payment window SDK the browser loads. */
  sdkUrl: string;
  /** How long one call to the Toss API may take before it counts as unanswered. */
  timeoutMs: number;
  /** Toss's code of the bank statements' virtual accounts are opened at (TOSS_VIRTUAL_ACCOUNT_BANK, '88' 신한은행). */
  virtualAccountBank: string;
}

/** A virtual account to issue for one statement (docs/requirements.md#credit-deposits). */
export interface VirtualAccountRequest {
  /** Our id of the account, sent as Toss's orderId (6-64 of letters, digits, - and _); the same on every try. */
  orderId: string;
  amount: number;
  /** What the buyer's bank app shows: '2026년 3월 거래대금'. */
  orderName: string;
  /** The account holder's name the depositor sees (the company). */
  customerName: string;
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
  | { kind: 'unanswered'; reason: string };

/**
 * Who issues statements' virtual accounts: the payment provider PAYMENT_PROVIDER names (Toss, or
 * the sandbox, whose bank is simulated by a demo page). Issuing the same orderId again answers the
 * account issued the first time.
 */
export interface VirtualAccountProvider {
  readonly name: 'sandbox' | 'toss';
  issue(request: VirtualAccountRequest): Promise<VirtualAccountIssue>;
}
