import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MSG_PROVIDER } from '@partsmall/contract';
import { AppError } from '../../shared/http.js';
import type { SmsProvider, SolapiSettings } from './types.js';

export type { SolapiSettings } from './types.js';

/**
 * Solapi's HMAC-SHA256 header: `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`, the signature
 * being the hex HMAC-SHA256 of date + salt with the API secret. Solapi refuses a date more than 15
 * minutes off and a salt it has seen, so each request gets its own.
 */
export function solapiAuthorization(
  apiKey: string,
  apiSecret: string,
  date = new Date().toISOString(),
  salt = randomBytes(16).toString('hex'),
): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/** Thrown when a text could not be handed to Solapi: the caller answers 503 and nothing is counted. */
export class SmsSendError extends AppError {
  constructor(readonly reason: string) {
    super(503, MSG_PROVIDER.smsSendFailed);
  }
}

/**
 * Solapi (solapi.com), POST /messages/v4/send with one message. A 2xx answer whose statusCode is
 * 2000 ('정상 접수') counts as sent; Solapi's refusals (`{ errorCode, errorMessage }`), a 5xx or no
 * answer within the timeout throw SmsSendError. The phone number is never logged in full.
 */
export function solapiSms(settings: SolapiSettings, log: FastifyBaseLogger): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/messages/v4/send`;
  return {
    name: 'solapi',
    hasOutbox: false,
    async send(phone, text) {
      const masked = phone.slice(0, 3) + '****' + phone.slice(-4);
      let status: number;
      let body: Record<string, unknown> = {};
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: solapiAuthorization(settings.apiKey, settings.apiSecret),
            'content-type': 'application/json',
          },
          body: JSON.stringify({ message: { to: phone, from: settings.sender, text } }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        status = res.status;
        body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
      } catch (err) {
        const reason = err instanceof Error ? err.name : 'error';
        log.warn({ phone: masked, reason }, 'solapi send unanswered');
        throw new SmsSendError(reason);
      }
      if (status >= 200 && status < 300 && (body.statusCode === undefined || body.statusCode === '2000')) {
        log.info({ phone: masked, messageId: body.messageId }, 'solapi text accepted');
        return;
      }
      const reason = String(body.errorCode ?? body.statusCode ?? `HTTP ${status}`);
      log.warn({ phone: masked, reason, detail: body.errorMessage ?? body.statusMessage }, 'solapi refused the text');
      throw new SmsSendError(reason);
    },
  };
}
