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

export type {
  IssuedVirtualAccount,
  VirtualAccountIssue,
  VirtualAccountProvider,
  VirtualAccountRequest,
} from '../deposits/types.js';
