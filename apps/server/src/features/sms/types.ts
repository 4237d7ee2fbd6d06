import type { FastifyBaseLogger } from 'fastify';

/** What sends the shop's texts, and the settings of the real one (SMS_PROVIDER). */

/** Sends text messages; a real provider replaces the console one through SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  /** Whether messages can be read back from the dev outbox. */
  readonly hasOutbox: boolean;
  /**
   * `messageId` (a job's effect key, the same on every try) lets a provider that can ask whether
   * it already sent it send it once across crashes; verification codes go without. `log`: the
   * request's logger when a request sends (a verification code), so the provider's line carries
   * the request's id; the app's logger otherwise.
   */
  send(phone: string, text: string, code?: string, messageId?: string, log?: FastifyBaseLogger): Promise<void>;
  /** Codes the whole shop may send per Asia/Seoul day (a bill ceiling); 0 or unset = none. */
  readonly dailyCap?: number;
}

export interface SolapiSettings {
  apiKey: string;
  apiSecret: string;
  /** The sender number registered (and approved) at Solapi, digits only. */
  sender: string;
  /** https://api.solapi.com in production; a local stand-in in tests. */
  apiUrl: string;
  timeoutMs: number;
}
