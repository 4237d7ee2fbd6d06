import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { solapiGroups } from './schema.js';
import type { SolapiSettings } from './types.js';

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

/** How one message handed over through a group ended. */
export type SolapiOutcome =
  | { kind: 'accepted'; groupId: string }
  /** Solapi answered and refused the message (a 4xx, or the message in the group's failedMessageList). */
  | { kind: 'refused'; reason: string; detail: unknown }
  /** No answer, or a 5xx: may have been sent or not; the job tries again later. */
  | { kind: 'failed'; reason: string };

type Answer = { kind: 'ok'; body: Record<string, unknown> } | Exclude<SolapiOutcome, { kind: 'accepted' }>;

/**
 * Solapi through its group flow, so that a message handed over once is never handed over again
 * (docs/architecture.md#jobs): `deliver(messageId, channel, message)`
 * 1. looks up the message's stored group for this channel (`solapi_groups`); with none, creates a
 *    group (POST /messages/v4/groups) and stores and commits its id before anything is added;
 * 2. reads the group (GET /messages/v4/groups/{groupId}) unless just created: past PENDING it was
 *    sent by an earlier try, which is taken as accepted and nothing is sent; empty, the message is
 *    added (PUT …/messages; a refused message comes back in `failedMessageList`); then the group is
 *    sent (POST …/send).
 */
export function solapiGroupClient(settings: SolapiSettings, db: Db) {
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
    return { kind: 'refused', reason: String(body.errorCode ?? `HTTP ${status}`), detail: body.errorMessage };
  }

  /** The group this message goes in on this channel: the stored one, or a new one stored first. */
  async function groupOf(
    messageId: string,
    channel: string,
  ): Promise<{ groupId: string; fresh: boolean } | Exclude<SolapiOutcome, { kind: 'accepted' }>> {
    const where = and(eq(solapiGroups.messageId, messageId), eq(solapiGroups.channel, channel));
    const [stored] = await db.select({ groupId: solapiGroups.groupId }).from(solapiGroups).where(where);
    if (stored) return { groupId: stored.groupId, fresh: false };
    const created = await request('POST', '', {});
    if (created.kind !== 'ok') return created;
    const groupId = String(created.body.groupId ?? '');
    if (!groupId) return { kind: 'failed', reason: 'no groupId' };
    await db.insert(solapiGroups).values({ messageId, channel, groupId }).onConflictDoNothing();
    // Another try stored its group first: that one is the message's.
    const [kept] = await db.select({ groupId: solapiGroups.groupId }).from(solapiGroups).where(where);
    return { groupId: kept!.groupId, fresh: kept!.groupId === groupId };
  }

  /** One message on one channel, exactly once as far as Solapi's group says. */
  async function deliver(messageId: string, channel: string, message: Record<string, unknown>): Promise<SolapiOutcome> {
    const group = await groupOf(messageId, channel);
    if ('kind' in group) return group;
    const path = `/${encodeURIComponent(group.groupId)}`;
    const accepted: SolapiOutcome = { kind: 'accepted', groupId: group.groupId };
    let total = 0;
    if (!group.fresh) {
      const read = await request('GET', path);
      if (read.kind !== 'ok') return { kind: 'failed', reason: read.reason };
      if (read.body.status !== 'PENDING') return accepted;
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
      if (read.kind === 'ok' && read.body.status !== 'PENDING') return accepted;
    }
    if (sent.kind !== 'ok') return sent;
    return accepted;
  }

  return { deliver };
}
