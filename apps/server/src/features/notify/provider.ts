import type { FastifyBaseLogger } from 'fastify';
import type { NotifyChannel, NotifySettingEvent } from '@partsmall/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { smsOutbox } from '../../db/schema.js';
import { solapiNotify } from './solapi.js';

/** One notification to one phone, rendered from its template (packages/contract notify-templates.ts). */
export interface NotifyMessage {
  to: string;
  event: NotifySettingEvent;
  text: string;
  /** As Solapi's kakaoOptions.variables takes them: { '#{orderNo}': '42' }. */
  variables: Record<string, string>;
  /** The job's effect key (event, its cause and the recipient): the same on every try. */
  messageId: string;
}

/**
 * Sends 알림톡, falling back to SMS/LMS; answers the channel that carried the message. Throws when
 * it could not be handed over (the job is then retried with back-off and parked after the last try).
 */
export interface NotifyProvider {
  readonly name: string;
  send(message: NotifyMessage): Promise<NotifyChannel>;
}

export const maskPhone = (phone: string) => phone.slice(0, 3) + '****' + phone.slice(-4);

/**
 * Demo provider: writes the message to the dev outbox (GET /dev/outbox shows it with its channel
 * and event) and to the log with the phone masked. A message id already written is not written
 * again, so even a crash between the send and the job's record sends once here.
 */
export function consoleNotify(db: Db, log: FastifyBaseLogger): NotifyProvider {
  return {
    name: 'console',
    async send(m) {
      await db
        .insert(smsOutbox)
        .values({ phone: m.to, text: m.text, code: null, channel: 'alimtalk', event: m.event, messageId: m.messageId })
        .onConflictDoNothing();
      log.info({ phone: maskPhone(m.to), event: m.event, channel: 'alimtalk' }, `[알림톡 console] ${m.text}`);
      return 'alimtalk';
    },
  };
}

/** Production without a provider: nothing is sent, the job parks with this reason (docs/operations.md#providers). */
export function offNotify(): NotifyProvider {
  return {
    name: 'off',
    send: () =>
      Promise.reject(
        new Error('알림톡 발송 수단이 없습니다 (NOTIFY_PROVIDER=solapi, 또는 ALLOW_CONSOLE_NOTIFY=true 로 console).'),
      ),
  };
}

/** The provider NOTIFY_PROVIDER names. */
export function notifyFromConfig(config: Config, db: Db, log: FastifyBaseLogger): NotifyProvider {
  const { provider, solapi } = config.notify;
  if (provider === 'solapi' && solapi) return solapiNotify(solapi, log);
  if (provider === 'console') return consoleNotify(db, log);
  return offNotify();
}
