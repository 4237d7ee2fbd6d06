import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

/** TRACKING_PROVIDER (docs/operations.md#providers): demo only when named in production; tracker.delivery needs its keys. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.kr',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ALLOW_CONSOLE_SMS: 'true',
};

describe('tracking provider configuration', () => {
  it('demo mode simulates parcels; production tracks nothing unless a provider is named', () => {
    expect(loadConfig({}).trackingProvider).toBe('demo');
    expect(loadConfig(production).trackingProvider).toBe('off');
    expect(loadConfig({ ...production, TRACKING_PROVIDER: 'demo' }).trackingProvider).toBe('demo');
  });

  it('tracker.delivery takes its client id and secret, at its public address unless told another', () => {
    const c = loadConfig({
      ...production,
      TRACKING_PROVIDER: 'trackerdelivery',
      TRACKER_DELIVERY_CLIENT_ID: 'client-7',
      TRACKER_DELIVERY_CLIENT_SECRET: 'secret-7',
    });
    expect(c.trackingProvider).toBe('trackerdelivery');
    expect(c.trackerDelivery).toEqual({
      clientId: 'client-7',
      clientSecret: 'secret-7',
      apiUrl: 'https://apis.tracker.delivery/graphql',
      timeoutMs: 4_000,
    });
  });

  it('refuses to start without the keys, or with a provider it does not know', () => {
    expect(() => loadConfig({ TRACKING_PROVIDER: 'trackerdelivery', TRACKER_DELIVERY_CLIENT_ID: 'c' })).toThrow(
      'TRACKING_PROVIDER=trackerdelivery 에는 TRACKER_DELIVERY_CLIENT_SECRET 이(가) 필요합니다',
    );
    expect(() => loadConfig({ TRACKING_PROVIDER: 'sweettracker' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRACKING_PROVIDER: 'sweettracker' })).toThrow(
      'TRACKING_PROVIDER=sweettracker 은(는) 지원하지 않습니다 (demo 또는 trackerdelivery).',
    );
  });
});
