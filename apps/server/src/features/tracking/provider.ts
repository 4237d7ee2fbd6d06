import type { Config } from '../../config.js';
import { demoTracking } from './demo.js';
import { trackerDelivery } from './trackerdelivery.js';
import type { TrackingProvider } from './types.js';

export type { TrackQuery, TrackResult, TrackingProvider } from './types.js';

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
