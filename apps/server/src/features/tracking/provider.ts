import type { TrackingEvent, TrackingStatus } from '@partsmall/contract';
import type { Config } from '../../config.js';
import { demoTracking } from './demo.js';
import { trackerDelivery } from './trackerdelivery.js';

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

const offProvider: TrackingProvider = {
  name: 'off',
  track: () => Promise.resolve(null),
  register: () => Promise.resolve(),
};

export function trackingFromConfig(config: Config): TrackingProvider {
  if (config.trackingProvider === 'trackerdelivery' && config.trackerDelivery)
    return trackerDelivery(config.trackerDelivery);
  if (config.trackingProvider === 'demo') return demoTracking;
  return offProvider;
}
