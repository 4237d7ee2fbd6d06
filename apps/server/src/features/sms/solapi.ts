import type { FastifyBaseLogger } from 'fastify';
import { MSG_PROVIDER, fallbackChannel } from '@partsmall/contract';
import { AppError } from '../../shared/http.js';
import type { Db } from '../../db/client.js';
import { solapiAuthorization, solapiGroupClient } from './solapi-client.js';
import { smsText } from './sms-text.js';
import type { SmsProvider, SolapiSettings } from './types.js';

export type { SolapiSettings } from './types.js';
export { solapiAuthorization } from './solapi-client.js';

/** Thrown when a text could not be handed to Solapi: the caller answers 503 and nothing is counted. */
export class SmsSendError extends AppError {
  constructor(readonly reason: string) {
    super(503, MSG_PROVIDER.smsSendFailed);
  }
}

/**
 * Solapi (solapi.com), POST /messages/v4/send with one message. A 2xx answer whose statusCode is
 * 2000 ('정상 접수') counts as sent; Solapi's refusals (`{ errorCode, errorMessage }`), a 5xx or no
 * answer within the timeout throw SmsSendError. The phone number is never logged in full. A text
 * with a message id (a job's effect key: restock, cash credited) goes through Solapi's group flow
 * instead (solapi-client.ts), so a retry after a crash does not send it twice. Every text goes in
 * what EUC-KR carries (`smsText`).
 */
export function solapiSms(settings: SolapiSettings, db: Db, appLog: FastifyBaseLogger): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/messages/v4/send`;
  const groups = solapiGroupClient(settings, db);
  return {
    name: 'solapi',
    hasOutbox: false,
    async send(phone, written, _code, messageId, requestLog) {
      const log = requestLog ?? appLog;
      // What EUC-KR cannot carry is put in its plain form or left out: Solapi would refuse the whole text.
      const text = smsText(written);
      const masked = phone.slice(0, 3) + '****' + phone.slice(-4);
      if (messageId) {
        const type = fallbackChannel(text) === 'lms' ? 'LMS' : 'SMS';
        const customFields = { messageId };
        const out = await groups.deliver(messageId, 'text', {
          to: phone,
          from: settings.sender,
          text,
          type,
          customFields,
        });
        if (out.kind === 'accepted') {
          log.info({ phone: masked, groupId: out.groupId }, 'solapi text accepted');
          return;
        }
        log.warn({ phone: masked, reason: out.reason }, 'solapi text not accepted');
        throw new SmsSendError(out.reason);
      }
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
