import type { FastifyBaseLogger } from 'fastify';
import { fallbackChannel, type NotifyChannel } from '@partsmall/contract';
import { solapiAuthorization } from '../sms/index.js';
import type { NotifySolapiSettings } from './config.js';
import { maskPhone, type NotifyMessage, type NotifyProvider } from './types.js';

type Outcome =
  | { kind: 'accepted'; messageId: unknown }
  /** Solapi answered and refused the message (a 4xx, or a status other than 2000 '정상 접수'). */
  | { kind: 'refused'; reason: string; detail: unknown }
  /** No answer, or a 5xx: may have been sent or not; the job tries again later. */
  | { kind: 'failed'; reason: string };

/** Thrown when a message could not be handed to Solapi: the job is retried, then parked. */
export class NotifySendError extends Error {
  override readonly name = 'NotifySendError';
}

/**
 * Solapi (solapi.com) POST /messages/v4/send, one message per call, HMAC-SHA256 signed as the SMS
 * provider signs. An event with a template id goes as 알림톡 (type ATA, kakaoOptions with pfId,
 * templateId, the template's variables and disableSms false, so Solapi itself sends the text as
 * SMS/LMS when the phone has no KakaoTalk); when Solapi refuses the 알림톡 (an unapproved template,
 * a channel problem) or the event has no template, the same text goes as SMS, or LMS beyond 90
 * bytes. A 5xx or no answer throws: the job retries with back-off. The message id rides along as a
 * custom field, so Solapi's own records name the event and recipient.
 */
export function solapiNotify(settings: NotifySolapiSettings, log: FastifyBaseLogger): NotifyProvider {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/messages/v4/send`;

  async function post(message: Record<string, unknown>): Promise<Outcome> {
    let status: number;
    let body: Record<string, unknown> = {};
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: solapiAuthorization(settings.apiKey, settings.apiSecret),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = res.status;
      body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.name : 'error' };
    }
    if (status >= 500) return { kind: 'failed', reason: `HTTP ${status}` };
    if (status >= 200 && status < 300 && (body.statusCode === undefined || body.statusCode === '2000'))
      return { kind: 'accepted', messageId: body.messageId };
    return {
      kind: 'refused',
      reason: String(body.errorCode ?? body.statusCode ?? `HTTP ${status}`),
      detail: body.errorMessage ?? body.statusMessage,
    };
  }

  return {
    name: 'solapi',
    async send(m: NotifyMessage): Promise<NotifyChannel> {
      const phone = maskPhone(m.to);
      const base = { to: m.to, from: settings.sender, text: m.text, customFields: { messageId: m.messageId } };
      const templateId = settings.templates[m.event];
      if (templateId) {
        const kakao = await post({
          ...base,
          type: 'ATA',
          kakaoOptions: { pfId: settings.pfId, templateId, variables: m.variables, disableSms: false },
        });
        if (kakao.kind === 'accepted') {
          log.info({ phone, event: m.event, messageId: kakao.messageId }, 'solapi 알림톡 accepted');
          return 'alimtalk';
        }
        if (kakao.kind === 'failed') {
          log.warn({ phone, event: m.event, reason: kakao.reason }, 'solapi 알림톡 unanswered');
          throw new NotifySendError(`솔라피 응답 없음 (${kakao.reason})`);
        }
        log.warn(
          { phone, event: m.event, reason: kakao.reason, detail: kakao.detail },
          'solapi refused the 알림톡; sending it as a text',
        );
      }
      const channel = fallbackChannel(m.text);
      const text = await post({ ...base, type: channel === 'lms' ? 'LMS' : 'SMS' });
      if (text.kind === 'accepted') {
        log.info({ phone, event: m.event, channel, messageId: text.messageId }, 'solapi text accepted');
        return channel;
      }
      log.warn({ phone, event: m.event, channel, reason: text.reason }, 'solapi text not accepted');
      throw new NotifySendError(
        text.kind === 'failed' ? `솔라피 응답 없음 (${text.reason})` : `솔라피가 문자를 거절했습니다 (${text.reason})`,
      );
    },
  };
}
