/** What a carrier-tracking provider is asked and answers, and the real one's settings (TRACKING_PROVIDER). */
import type { TrackingEvent, TrackingStatus } from '@partsmall/contract';

/**
 * Where the events of a parcel come from (TRACKING_PROVIDER, docs/operations.md#providers): the demo
 * simulates them, tracker.delivery reads them from the carriers and calls the shop's webhook when a
 * waybill changes; 'off' (production without a provider) tracks nothing and the buyer gets the
 * carrier's own page.
 */
export interface TrackQuery {
  /** tracker.delivery's carrier id, the code of the contract's CARRIERS ('kr.cjlogistics'). */
  carrierId: string;
  trackingNumber: string;
  /** When the order was shipped (the demo's parcel starts then). */
  shippedAt: Date;
}

export interface TrackResult {
  /** Oldest first. */
  events: TrackingEvent[];
  /** The status the provider holds for the parcel now (its last event's), or null before any. */
  lastStatus: TrackingStatus | null;
  /** When the carrier reported delivery, or null. */
  deliveredAt: Date | null;
}

export interface TrackingProvider {
  readonly name: 'demo' | 'trackerdelivery' | 'off';
  /** The parcel's events now; null when the provider knows no such waybill (yet). Throws when it cannot answer. */
  track(q: TrackQuery, now: Date): Promise<TrackResult | null>;
  /** Asks the provider to call `callbackUrl` when the waybill changes, until `expiresAt`. Idempotent. */
  register(q: TrackQuery & { callbackUrl: string; expiresAt: Date }): Promise<void>;
}

/**
 * tracker.delivery's GraphQL API (https://apis.tracker.delivery/graphql), authenticated with
 * `Authorization: TRACKQL-API-KEY <clientId>:<clientSecret>`:
 * - `track(carrierId, trackingNumber)`: the parcel's `lastEvent` (which prevails over the order of
 *   `events`: a DELIVERED parcel stays delivered) and its events, oldest first;
 * - `registerTrackWebhook(input: { carrierId, trackingNumber, callbackUrl, expirationTime })`: the
 *   service then POSTs `{ carrierId, trackingNumber }` to the callback when the waybill changes.
 * A GraphQL error whose `extensions.code` is NOT_FOUND means the carrier has no such waybill (yet).
 */
export interface TrackerDeliverySettings {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  timeoutMs: number;
}
