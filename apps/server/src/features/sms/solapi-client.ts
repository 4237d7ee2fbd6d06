import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { solapiGroups } from './schema.js';
import type { SolapiSettings } from './types.js';
import { outsideEucKr } from './sms-text.js';

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

/** The reason a text is refused before it is sent: the characters that cannot go. */
export const notEucKrReason = (chars: string[]) =>
  `문자(SMS/LMS)로 보낼 수 없는 글자가 있습니다 (이모지 등): ${chars.join(' ')}`;

/** Group states past PENDING in which Solapi sent nothing: a message there was not delivered. */
const GROUP_NOT_SENT = new Set(['FAILED', 'DELETED']);

/** How one message handed over through a group ended. */
export type SolapiOutcome =
  | { kind: 'accepted'; groupId: string }
  /** Solapi answered and refused the message (a 4xx, a statusCode other than 2000 in the add's resultList, a group FAILED or DELETED). */
  | { kind: 'refused'; reason: string; detail: unknown }
  /**
   * No answer, or a 5xx: may have been sent or not; the job tries again later. `network` marks a call
   * that got no answer at all (fetch threw), its `reason` then '솔라피 응답 시간 초과 (4000ms)' for a
   * timeout, else the error's own English message ('fetch failed'), which the jobs page says in its
   * sentence (docs/operations.md#jobs).
   */
  | { kind: 'failed'; reason: string; network?: true };

type Answer = { kind: 'ok'; body: Record<string, unknown> } | Exclude<SolapiOutcome, { kind: 'accepted' }>;

/** The `failed` reason of a call Solapi did not answer within the provider's timeout (NOTIFY_TIMEOUT_MS, SOLAPI_TIMEOUT_MS). */
const solapiTimedOut = (timeoutMs: number) => `솔라피 응답 시간 초과 (${timeoutMs}ms)`;

/** The `failed` reason of a try that found another try of the same message holding its group. */
export const GROUP_IN_USE = 'GroupInUse';

/** The Solapi calls a try makes while it holds its group's lease: read, add, send, and a read after a refused send. */
const CALLS_UNDER_LEASE = 4;

/**
 * How long a try holds its group (`solapi_groups.claimed_until`). It must outlast the longest deliver
 * under the lease, or a second try could take the group while the first is still adding to it: each
 * call is cut at `timeoutMs`, so that is CALLS_UNDER_LEASE calls, doubled for a process whose timers
 * and event loop run late, plus a second: 33 s with 알림톡's 4 s timeout, 81 s with the texts' 10 s.
 * A try gives its lease back when it ends; only a crashed one leaves it, and the queue retries a
 * crashed try after JOBS_EXPIRE_SECONDS (docs/architecture.md#jobs), by default past the lease.
 */
export const solapiLeaseMs = (timeoutMs: number) => 2 * CALLS_UNDER_LEASE * timeoutMs + 1000;

/**
 * Solapi through its group flow, so that a message handed over once is never handed over again
 * (docs/architecture.md#jobs): `deliver(messageId, channel, message)`
 * 1. looks up the message's stored group for this channel (`solapi_groups`); with none, creates a
 *    group (POST /messages/v4/groups) and stores and commits its id, leased to this try, before
 *    anything is added;
 * 2. a stored group is leased first (one conditional UPDATE: free or its lease ended); held by
 *    another try (e.g. one the queue expired while it still runs), the try answers `failed` and the
 *    job comes back later, to find the group sent;
 * 3. reads the group (GET /messages/v4/groups/{groupId}) unless just created: past PENDING it was
 *    sent by an earlier try, which is taken as accepted and nothing is sent, unless Solapi marks it
 *    FAILED or DELETED (refused: nothing went); empty, the message is added (PUT …/messages;
 *    Solapi answers `errorCount` and `resultList[].statusCode`, 2000 for a message taken, anything
 *    else a refusal); then the group is sent (POST …/send). A text with characters outside EUC-KR
 *    is refused before any call, as Solapi would refuse it (1029);
 * 4. gives the lease back, if it is still its own. No database connection is held during the calls.
 */
export function solapiGroupClient(settings: SolapiSettings, db: Db) {
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/messages/v4/groups`;
  const leaseEnd = sql`now() + ${solapiLeaseMs(settings.timeoutMs)}::int * interval '1 millisecond'`;
  // The lease's end as the database wrote it (text keeps its microseconds): the token giving it back.
  const leaseToken = sql<string>`${solapiGroups.claimedUntil}::text`;

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
      // A call cut at `timeoutMs` (the only signal here) is said in Korean beside '솔라피 응답 없음':
      // fetch's own words for it ('The operation was aborted due to timeout') tell staff nothing.
      if (err instanceof Error && err.name === 'TimeoutError')
        return { kind: 'failed', reason: solapiTimedOut(settings.timeoutMs), network: true };
      return { kind: 'failed', reason: (err instanceof Error && (err.message || err.name)) || 'error', network: true };
    }
    if (status >= 500) return { kind: 'failed', reason: `HTTP ${status}` };
    if (status >= 200 && status < 300) return { kind: 'ok', body };
    return { kind: 'refused', reason: String(body.errorCode ?? `HTTP ${status}`), detail: body.errorMessage };
  }

  type Leased = { groupId: string; fresh: boolean; token: string };

  /** The group this message goes in on this channel, leased to this try: the stored one, or a new one stored first. */
  async function leaseGroup(
    messageId: string,
    channel: string,
  ): Promise<Leased | Exclude<SolapiOutcome, { kind: 'accepted' }>> {
    const where = and(eq(solapiGroups.messageId, messageId), eq(solapiGroups.channel, channel));
    const [stored] = await db.select({ groupId: solapiGroups.groupId }).from(solapiGroups).where(where);
    if (!stored) {
      const created = await request('POST', '', {});
      if (created.kind !== 'ok') return created;
      const groupId = String(created.body.groupId ?? '');
      if (!groupId) return { kind: 'failed', reason: 'no groupId' };
      // Stored with its lease in one statement: no other try can use the group before this one.
      const [mine] = await db
        .insert(solapiGroups)
        .values({ messageId, channel, groupId, claimedUntil: leaseEnd })
        .onConflictDoNothing()
        .returning({ token: leaseToken });
      if (mine) return { groupId, fresh: true, token: mine.token };
      // Another try stored its group first: that one is the message's, and goes by its lease.
    }
    const [leased] = await db
      .update(solapiGroups)
      .set({ claimedUntil: leaseEnd })
      .where(and(where, or(isNull(solapiGroups.claimedUntil), lt(solapiGroups.claimedUntil, sql`now()`))))
      .returning({ groupId: solapiGroups.groupId, token: leaseToken });
    if (!leased) return { kind: 'failed', reason: GROUP_IN_USE };
    return { ...leased, fresh: false };
  }

  /** One message on one channel, exactly once as far as Solapi's group says. */
  async function deliver(messageId: string, channel: string, message: Record<string, unknown>): Promise<SolapiOutcome> {
    if (message.type === 'SMS' || message.type === 'LMS') {
      const bad = outsideEucKr(String(message.text ?? ''));
      if (bad.length > 0) return { kind: 'refused', reason: notEucKrReason(bad), detail: '1029' };
    }
    const group = await leaseGroup(messageId, channel);
    if ('kind' in group) return group;
    try {
      return await deliverLeased(group, message);
    } finally {
      // Only this try's own lease: one that ran out may already be another try's. A lease not given
      // back (the database unreachable, a crash) ends by itself.
      await db
        .update(solapiGroups)
        .set({ claimedUntil: null })
        .where(
          and(
            eq(solapiGroups.messageId, messageId),
            eq(solapiGroups.channel, channel),
            eq(solapiGroups.claimedUntil, sql`${group.token}::timestamptz`),
          ),
        )
        .catch(() => undefined);
    }
  }

  async function deliverLeased(group: Leased, message: Record<string, unknown>): Promise<SolapiOutcome> {
    const path = `/${encodeURIComponent(group.groupId)}`;
    const accepted: SolapiOutcome = { kind: 'accepted', groupId: group.groupId };
    /** A group past PENDING: sent, unless Solapi failed or deleted it. */
    const sentOrNot = (g: Record<string, unknown>): SolapiOutcome =>
      typeof g.status === 'string' && GROUP_NOT_SENT.has(g.status)
        ? { kind: 'refused', reason: `Group${g.status}`, detail: g.status }
        : accepted;
    let total = 0;
    if (!group.fresh) {
      const read = await request('GET', path);
      if (read.kind === 'failed') return read;
      if (read.kind !== 'ok') return { kind: 'failed', reason: read.reason };
      if (read.body.status !== 'PENDING') return sentOrNot(read.body);
      const count = (read.body.count ?? {}) as { total?: unknown; registeredFailed?: unknown };
      // Added by an earlier try and refused then: refused now too (nothing of it can be sent).
      if (Number(count.total ?? 0) > 0 && Number(count.registeredFailed ?? 0) >= Number(count.total))
        return { kind: 'refused', reason: 'registeredFailed', detail: read.body.count };
      total = Number(count.total ?? 0);
    }
    if (total === 0) {
      // Solapi answers the add with `errorCount` and a `resultList` entry per message, whose
      // statusCode is 2000 when the message was taken (solapi SDK: AddMessageResponse).
      const added = await request('PUT', `${path}/messages`, { messages: [message] });
      if (added.kind !== 'ok') return added;
      const results = Array.isArray(added.body.resultList) ? (added.body.resultList as Record<string, unknown>[]) : [];
      const refused = results.find((r) => String(r.statusCode) !== '2000');
      if (refused)
        return { kind: 'refused', reason: String(refused.statusCode ?? 'failed'), detail: refused.statusMessage };
      if (Number(added.body.errorCount ?? 0) > 0 || results.length === 0)
        return { kind: 'refused', reason: 'errorCount', detail: added.body.errorCount };
    }
    const sent = await request('POST', `${path}/send`, {});
    if (sent.kind === 'refused') {
      // Refused because another try sent it meanwhile: that is the one send.
      const read = await request('GET', path);
      if (read.kind === 'ok' && read.body.status !== 'PENDING') return sentOrNot(read.body);
    }
    if (sent.kind !== 'ok') return sent;
    return sentOrNot(sent.body);
  }

  return { deliver };
}
