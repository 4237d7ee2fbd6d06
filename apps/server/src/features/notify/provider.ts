import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { writeOutbox } from '../sms/repository.js';
import { solapiNotify } from './solapi.js';
import { maskPhone, type NotifyProvider } from './types.js';

export { maskPhone, type NotifyMessage, type NotifyProvider } from './types.js';

/**
 * Demo provider: writes the message to the dev outbox (GET /dev/outbox shows it with its channel
 * and event) and to the log with the phone masked. A message id already written is not written
 * again, so even a crash between the send and the job's record sends once here.
 */
export function consoleNotify(db: Db, log: FastifyBaseLogger): NotifyProvider {
  return {
    name: 'console',
    async send(m) {
      await writeOutbox(db, {
        phone: m.to,
        text: m.text,
        code: null,
        channel: 'alimtalk',
        event: m.event,
        messageId: m.messageId,
      });
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
  if (provider === 'solapi' && solapi) return solapiNotify(solapi, db, log);
  if (provider === 'console') return consoleNotify(db, log);
  return offNotify();
}
