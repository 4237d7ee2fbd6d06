import type { FastifyBaseLogger } from 'fastify';
import { fallbackChannel, type NotifyChannel } from '@partsmall/contract';
import { GROUP_IN_USE, smsText, solapiGroupClient, type SolapiOutcome } from '../sms/index.js';
import type { Db } from '../../db/client.js';
import type { NotifySolapiSettings } from './config.js';
import { maskPhone, type NotifyMessage, type NotifyProvider } from './types.js';

type SolapiFailure = Extract<SolapiOutcome, { kind: 'failed' }>;

/** Thrown when a message could not be handed to Solapi: the job is retried, then parked. */
export class NotifySendError extends Error {
  override readonly name = 'NotifySendError';
}

/**
 * A try's error that Solapi did not answer, or that another try of the same message is handing it
 * over. A call cut at the timeout says so ('솔라피 응답 시간 초과 (4000ms)', solapi-client.ts); one that
 * got no answer at all keeps its error's own English ('fetch failed'), which the jobs page says as
 * '작업 중 오류가 발생했습니다. (fetch failed)' (docs/operations.md#jobs).
 */
const unanswered = (out: SolapiFailure) => {
  if (out.network) return out.reason;
  return out.reason === GROUP_IN_USE ? `다른 시도가 보내는 중 (${out.reason})` : `솔라피 응답 없음 (${out.reason})`;
};

/**
 * Solapi (solapi.com) through its group flow (`sms/solapi-client.ts`), HMAC-SHA256 signed as the
 * SMS provider signs, so that a message handed over once is never handed over again, even across a
 * crash (docs/architecture.md#jobs). An event with a template id goes as 알림톡 (type ATA,
 * kakaoOptions with pfId, templateId, the template's variables and disableSms false, so Solapi
 * itself sends the text as SMS/LMS when the phone has no KakaoTalk); when Solapi refuses the 알림톡
 * as it is added (an unapproved template, a channel problem) or the event has no template, the same
 * text goes as SMS, or LMS beyond 90 bytes, in a group of its own under the same rule, put in what
 * EUC-KR carries first (`smsText`: a character it lacks in its plain form or left out). A 5xx or no
 * answer throws: the job retries with back-off. The message id rides along as a custom field, so
 * Solapi's own records name the event and recipient.
 */
export function solapiNotify(settings: NotifySolapiSettings, db: Db, log: FastifyBaseLogger): NotifyProvider {
  const { deliver } = solapiGroupClient(settings, db);

  return {
    name: 'solapi',
    async send(m: NotifyMessage): Promise<NotifyChannel> {
      const phone = maskPhone(m.to);
      const base = { to: m.to, from: settings.sender, text: m.text, customFields: { messageId: m.messageId } };
      const templateId = settings.templates[m.event];
      if (templateId) {
        const kakao = await deliver(m.messageId, 'alimtalk', {
          ...base,
          type: 'ATA',
          kakaoOptions: { pfId: settings.pfId, templateId, variables: m.variables, disableSms: false },
        });
        if (kakao.kind === 'accepted') {
          log.info({ phone, event: m.event, groupId: kakao.groupId }, 'solapi 알림톡 accepted');
          return 'alimtalk';
        }
        if (kakao.kind === 'failed') {
          log.warn({ phone, event: m.event, reason: kakao.reason }, 'solapi 알림톡 unanswered');
          throw new NotifySendError(unanswered(kakao));
        }
        log.warn(
          { phone, event: m.event, reason: kakao.reason, detail: kakao.detail },
          'solapi refused the 알림톡; sending it as a text',
        );
      }
      // The text in what EUC-KR carries (a staff note's emoji left out, its '–' as '-'): Solapi would
      // refuse it whole, on every retry. Its length then decides SMS or LMS.
      const body = smsText(m.text);
      const channel = fallbackChannel(body);
      const text = await deliver(m.messageId, 'text', {
        ...base,
        text: body,
        type: channel === 'lms' ? 'LMS' : 'SMS',
      });
      if (text.kind === 'accepted') {
        log.info({ phone, event: m.event, channel, groupId: text.groupId }, 'solapi text accepted');
        return channel;
      }
      log.warn({ phone, event: m.event, channel, reason: text.reason }, 'solapi text not accepted');
      throw new NotifySendError(
        text.kind === 'failed' ? unanswered(text) : `솔라피가 문자를 거절했습니다 (${text.reason})`,
      );
    },
  };
}
