import {
  TRACKING_STATUSES,
  cutText,
  wellFormedText,
  type TrackingEvent,
  type TrackingStatus,
} from '@partsmall/contract';
import type { TrackerDeliverySettings, TrackResult, TrackingProvider } from './types.js';

export type { TrackerDeliverySettings } from './types.js';

const TRACK = `query Track($carrierId: ID!, $trackingNumber: String!) {
  track(carrierId: $carrierId, trackingNumber: $trackingNumber) {
    lastEvent { time status { code } }
    events(last: 100) {
      edges { node { time status { code name } location { name } description } }
    }
  }
}`;

const REGISTER = `mutation RegisterTrackWebhook($input: RegisterTrackWebhookInput!) {
  registerTrackWebhook(input: $input)
}`;

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

interface EventNode {
  time?: string | null;
  status?: { code?: string | null; name?: string | null } | null;
  location?: { name?: string | null } | null;
  description?: string | null;
}
interface TrackData {
  track: {
    lastEvent?: { time?: string | null; status?: { code?: string | null } | null } | null;
    events?: { edges?: ({ node?: EventNode | null } | null)[] | null } | null;
  } | null;
}

export class TrackerDeliveryError extends Error {
  override readonly name = 'TrackerDeliveryError';
}

const statusOf = (code: string | null | undefined): TrackingStatus =>
  TRACKING_STATUSES.includes(code as TrackingStatus) ? (code as TrackingStatus) : 'UNKNOWN';

/** A time the shop can store: ISO with its offset, or null when absent or not a time. */
function instant(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/**
 * A carrier's text as the shop can store it (docs/requirements.md#shipping-and-tracking): half of a
 * surrogate pair becomes U+FFFD and a control character a space (PostgreSQL's jsonb refuses the one
 * and NUL), then it is cut at `n` UTF-16 units by whole characters, an emoji across the cut left
 * out. Carriers' texts are short; a hostile or broken answer must not fill the database.
 */
function clip(s: string | null | undefined, n: number): string {
  const text = wellFormedText(s ?? '').replace(/\p{Cc}/gu, ' ');
  return cutText(text, n);
}

export function toTrackResult(data: TrackData['track'], now: Date): TrackResult | null {
  if (!data) return null;
  const events: TrackingEvent[] = (data.events?.edges ?? [])
    .map((e) => e?.node)
    .filter((n): n is EventNode => Boolean(n))
    .slice(-100)
    .map((n) => ({
      time: instant(n.time),
      status: statusOf(n.status?.code),
      location: clip(n.location?.name, 100),
      description: clip(n.description || n.status?.name, 300),
    }));
  const last = data.lastEvent;
  const lastStatus = last?.status?.code ? statusOf(last.status.code) : (events.at(-1)?.status ?? null);
  const delivered = lastStatus === 'DELIVERED';
  const deliveredTime = instant(last?.time) ?? [...events].reverse().find((e) => e.status === 'DELIVERED')?.time;
  return { events, lastStatus, deliveredAt: delivered ? new Date(deliveredTime ?? now.toISOString()) : null };
}

export function trackerDelivery(c: TrackerDeliverySettings): TrackingProvider {
  async function post<T>(query: string, variables: Record<string, unknown>): Promise<GraphqlAnswer<T>> {
    let res: Response;
    try {
      res = await fetch(c.apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `TRACKQL-API-KEY ${c.clientId}:${c.clientSecret}`,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
    } catch (e) {
      throw new TrackerDeliveryError(`tracker.delivery 연결 실패: ${e instanceof Error ? e.message : String(e)}`);
    }
    const body = (await res.json().catch(() => null)) as GraphqlAnswer<T> | null;
    if (!body || typeof body !== 'object')
      throw new TrackerDeliveryError(`tracker.delivery 응답 오류 (HTTP ${res.status})`);
    if (!res.ok && !body.errors?.length)
      throw new TrackerDeliveryError(`tracker.delivery 응답 오류 (HTTP ${res.status})`);
    return body;
  }

  const failure = (errors: GraphqlAnswer<unknown>['errors']) =>
    new TrackerDeliveryError(
      `tracker.delivery 오류: ${clip(
        (errors ?? []).map((e) => `[${e.extensions?.code ?? '?'}] ${e.message ?? ''}`).join('; '),
        300,
      )}`,
    );

  return {
    name: 'trackerdelivery',
    async track(q, now) {
      const answer = await post<TrackData>(TRACK, { carrierId: q.carrierId, trackingNumber: q.trackingNumber });
      if (answer.errors?.length) {
        if (answer.errors.every((e) => e.extensions?.code === 'NOT_FOUND')) return null;
        throw failure(answer.errors);
      }
      return toTrackResult(answer.data?.track ?? null, now);
    },
    async register(q) {
      const answer = await post<{ registerTrackWebhook: boolean }>(REGISTER, {
        input: {
          carrierId: q.carrierId,
          trackingNumber: q.trackingNumber,
          callbackUrl: q.callbackUrl,
          expirationTime: q.expiresAt.toISOString(),
        },
      });
      if (answer.errors?.length || answer.data?.registerTrackWebhook !== true) throw failure(answer.errors);
    },
  };
}
