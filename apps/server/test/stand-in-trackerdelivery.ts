import { json, listen } from './stand-ins.js';

/** The tracker.delivery stand-in (the other providers' are in stand-ins.ts, which this one shares helpers with). */
/** One event as tracker.delivery's TrackEvent has it (time RFC 3339 with the carrier's offset). */
export interface TrackerEventNode {
  time: string | null;
  status: { code: string; name: string | null };
  location: { name: string | null } | null;
  description: string | null;
}

/**
 * tracker.delivery stand-in, as its documentation says: one GraphQL endpoint (POST, JSON
 * `{ query, variables }`), `Authorization: TRACKQL-API-KEY <clientId>:<clientSecret>`;
 * `track(carrierId, trackingNumber)` answers `{ lastEvent, events { edges { node } } }` or a
 * NOT_FOUND error; `registerTrackWebhook(input)` answers true and keeps the registration. `hint`
 * plays the webhook system: a POST of `{ carrierId, trackingNumber }` to the registered callback.
 */
export async function trackerDeliveryStandIn(clientId: string, clientSecret: string) {
  const parcels = new Map<string, { events: TrackerEventNode[]; lastEvent?: TrackerEventNode }>();
  const registrations: { carrierId: string; trackingNumber: string; callbackUrl: string; expirationTime: string }[] =
    [];
  const calls = { track: 0, register: 0, unauthorised: 0 };
  let behaviour: 'normal' | 'down' | 'error' = 'normal';
  const key = (carrierId: string, number: string) => `${carrierId}:${number}`;
  const standIn = await listen((req, body, res) => {
    if (behaviour === 'down') {
      res.socket?.destroy();
      return;
    }
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/graphql')
      return json(res, 404, { errors: [{ message: 'Not Found' }] });
    if (req.headers.authorization !== `TRACKQL-API-KEY ${clientId}:${clientSecret}`) {
      calls.unauthorised += 1;
      return json(res, 401, { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    if (behaviour === 'error')
      return json(res, 200, { data: null, errors: [{ message: 'Internal error', extensions: { code: 'INTERNAL' } }] });
    let parsed: { query?: string; variables?: Record<string, unknown> };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return json(res, 400, { errors: [{ message: 'Bad JSON', extensions: { code: 'BAD_REQUEST' } }] });
    }
    const query = parsed.query ?? '';
    const vars = parsed.variables ?? {};
    if (/registerTrackWebhook\s*\(/.test(query)) {
      calls.register += 1;
      const input = vars.input as Record<string, string> | undefined;
      if (
        !input?.carrierId ||
        !input.trackingNumber ||
        !input.callbackUrl ||
        Number.isNaN(Date.parse(input.expirationTime ?? ''))
      )
        return json(res, 200, {
          data: null,
          errors: [{ message: 'Invalid input', extensions: { code: 'BAD_REQUEST' } }],
        });
      registrations.push({
        carrierId: input.carrierId,
        trackingNumber: input.trackingNumber,
        callbackUrl: input.callbackUrl,
        expirationTime: input.expirationTime!,
      });
      return json(res, 200, { data: { registerTrackWebhook: true } });
    }
    if (/\btrack\s*\(/.test(query)) {
      calls.track += 1;
      const parcel = parcels.get(key(String(vars.carrierId), String(vars.trackingNumber)));
      if (!parcel)
        return json(res, 200, {
          data: { track: null },
          errors: [{ message: 'Not Found', extensions: { code: 'NOT_FOUND' } }],
        });
      return json(res, 200, {
        data: {
          track: {
            lastEvent: parcel.lastEvent ?? parcel.events.at(-1) ?? null,
            events: {
              edges: parcel.events.map((node, i) => ({ node, cursor: String(i) })),
              pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: '0', endCursor: null },
            },
          },
        },
      });
    }
    return json(res, 200, {
      data: null,
      errors: [{ message: 'Unknown operation', extensions: { code: 'BAD_REQUEST' } }],
    });
  });
  return {
    ...standIn,
    url: `${standIn.url}/graphql`,
    parcels,
    registrations,
    calls,
    setBehaviour(b: 'normal' | 'down' | 'error') {
      behaviour = b;
    },
    /** The carrier's events for a waybill (oldest first); `lastEvent` when it differs from the last. */
    setParcel(carrierId: string, trackingNumber: string, events: TrackerEventNode[], lastEvent?: TrackerEventNode) {
      parcels.set(key(carrierId, trackingNumber), { events, ...(lastEvent ? { lastEvent } : {}) });
    },
    /** What the webhook system sends when a registered waybill changes. */
    async hint(carrierId: string, trackingNumber: string) {
      const r = registrations.findLast((x) => x.carrierId === carrierId && x.trackingNumber === trackingNumber);
      if (!r) throw new Error('no webhook registered for this waybill');
      const res = await fetch(r.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carrierId, trackingNumber }),
      });
      return { status: res.status, body: (await res.json()) as { code: number; message: string } };
    },
  };
}
