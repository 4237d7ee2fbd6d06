import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { solapiSms } from './solapi.js';
import { smsOutbox } from './schema.js';
import type { SmsProvider } from './types.js';

export type { SmsProvider } from './types.js';

/** The provider SMS_PROVIDER names, with the shop's daily cap. */
export function smsFromConfig(config: Config, db: Db, log: FastifyBaseLogger): SmsProvider {
  const provider =
    config.smsProvider === 'solapi' && config.solapi ? solapiSms(config.solapi, db, log) : consoleSms(db, log);
  return { ...provider, send: provider.send, dailyCap: config.smsDailyCap };
}

/** Default provider: writes the message to the log and to the dev outbox table. */
export function consoleSms(db: Db, appLog: FastifyBaseLogger): SmsProvider {
  return {
    name: 'console',
    hasOutbox: true,
    async send(phone, text, code, _messageId, log = appLog) {
      await db.insert(smsOutbox).values({ phone, text, code: code ?? null });
      log.info({ phone: phone.slice(0, 3) + '****' + phone.slice(-4) }, `[SMS console] ${text}`);
    },
  };
}

export async function readOutbox(db: Db, phone: string) {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(50);
  return rows.map((r) => ({
    phone: r.phone,
    text: r.text,
    code: r.code,
    channel: r.channel,
    event: r.event,
    created: r.createdAt.toISOString(),
  }));
}
