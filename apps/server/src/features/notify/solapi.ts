import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fallbackChannel, type NotifyChannel } from '@partsmall/contract';
import { solapiAuthorization } from '../sms/solapi.js';
import type { Db } from '../../db/client.js';
import type { NotifySolapiSettings } from './config.js';
import { notifyAttempts } from './schema.js';
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

/** What Solapi answered one call of the group flow. */
type Answer =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'refused'; reason: string; detail: unknown }
  | { kind: 'failed'; reason: string };

/**
 * Solapi (solapi.com) through its group flow, HMAC-SHA256 signed as the SMS provider signs, so that
 * a message handed over once is never handed over again (docs/architecture.md#jobs):
 * 1. the message's stored group for this channel is looked up (`notify_attempts`); with none, a
 *    group is created (POST /messages/v4/groups) and its id stored and committed before anything
 *    is added to it;
 * 2. the group is read (GET /messages/v4/groups/{groupId}) unless just created: past PENDING it was
 *    sent by an earlier try, which is taken as accepted and nothing is sent; empty, the message is
 *    added (PUT …/messages); then the group is sent (POST …/send).
 * An event with a template id goes as 알림톡 (type ATA, kakaoOptions with pfId, templateId, the
 * template's variables and disableSms false, so Solapi itself sends the text as SMS/LMS when the
 * phone has no KakaoTalk); when Solapi refuses the 알림톡 as it is added (an unapproved template, a
 * channel problem) or the event has no template, the same text goes as SMS, or LMS beyond 90 bytes,
 * in a group of its own under the same rule. A 5xx or no answer throws: the job retries with
 * back-off. The message id rides along as a custom field, so Solapi's own records name the event
 * and recipient.
 */
export function solapiNotify(settings: NotifySolapiSettings, db: Db, log: FastifyBaseLogger): NotifyProvider {
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/messages/v4/groups`;

  async function request(method: string, path: string, payload?: unknown): Promise<Answer> {
    let status: number;
    let body: Record<string, unknown> = {};
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          authorization: solapiAuthorization(settings.apiKey, settings.apiSecret),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      status = res.status;
      body = ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    } catch (err) {
      return { kind: 'failed', reason: err instanceof Error ? err.name : 'error' };
    }
    if (status >= 500) return { kind: 'failed', reason: `HTTP ${status}` };
    if (status >= 200 && status < 300) return { kind: 'ok', body };
    return {
      kind: 'refused',
      reason: String(body.errorCode ?? `HTTP ${status}`),
      detail: body.errorMessage,
    };
  }

  /** The group this message goes in on this channel: the stored one, or a new one stored first. */
  async function groupOf(messageId: string, channel: string): Promise<{ groupId: string; fresh: boolean } | Outcome> {
    const where = and(eq(notifyAttempts.messageId, messageId), eq(notifyAttempts.channel, channel));
    const [stored] = await db.select({ groupId: notifyAttempts.groupId }).from(notifyAttempts).where(where);
    if (stored) return { groupId: stored.groupId, fresh: false };
    const created = await request('POST', '', {});
    if (created.kind !== 'ok') return created;
    const groupId = String(created.body.groupId ?? '');
    if (!groupId) return { kind: 'failed', reason: 'no groupId' };
    await db.insert(notifyAttempts).values({ messageId, channel, groupId }).onConflictDoNothing();
    // Another try stored its group first: that one is the message's.
    const [kept] = await db.select({ groupId: notifyAttempts.groupId }).from(notifyAttempts).where(where);
    return { groupId: kept!.groupId, fresh: kept!.groupId === groupId };
  }

  /** One message on one channel, exactly once as far as Solapi's group says. */
  async function deliver(messageId: string, channel: string, message: Record<string, unknown>): Promise<Outcome> {
    const group = await groupOf(messageId, channel);
    if ('kind' in group) return group;
    const path = `/${encodeURIComponent(group.groupId)}`;
    let total = 0;
    if (!group.fresh) {
      const read = await request('GET', path);
      if (read.kind !== 'ok') return read.kind === 'failed' ? read : { kind: 'failed', reason: read.reason };
      if (read.body.status !== 'PENDING') return { kind: 'accepted', messageId: group.groupId };
      total = Number((read.body.count as { total?: unknown } | undefined)?.total ?? 0);
    }
    if (total === 0) {
      const added = await request('PUT', `${path}/messages`, { messages: [message] });
      if (added.kind !== 'ok') return added;
      const [failed] = (added.body.failedMessageList ?? []) as Record<string, unknown>[];
      if (failed)
        return { kind: 'refused', reason: String(failed.statusCode ?? 'failed'), detail: failed.statusMessage };
    }
    const sent = await request('POST', `${path}/send`, {});
    if (sent.kind === 'refused') {
      // Refused because another try sent it meanwhile: that is the one send.
      const read = await request('GET', path);
      if (read.kind === 'ok' && read.body.status !== 'PENDING') return { kind: 'accepted', messageId: group.groupId };
    }
    if (sent.kind !== 'ok') return sent;
    return { kind: 'accepted', messageId: group.groupId };
  }

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
          log.info({ phone, event: m.event, groupId: kakao.messageId }, 'solapi 알림톡 accepted');
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
      const text = await deliver(m.messageId, 'text', { ...base, type: channel === 'lms' ? 'LMS' : 'SMS' });
      if (text.kind === 'accepted') {
        log.info({ phone, event: m.event, channel, groupId: text.messageId }, 'solapi text accepted');
        return channel;
      }
      log.warn({ phone, event: m.event, channel, reason: text.reason }, 'solapi text not accepted');
      throw new NotifySendError(
        text.kind === 'failed' ? `솔라피 응답 없음 (${text.reason})` : `솔라피가 문자를 거절했습니다 (${text.reason})`,
      );
    },
  };
}
