import { describe, expect, it } from 'vitest';
import { toTrackResult } from './trackerdelivery.js';

const now = new Date('2026-11-26T03:00:00Z');

describe("tracker.delivery's track answer", () => {
  it('keeps the events oldest first, times in UTC, an unknown status as UNKNOWN, long texts clipped', () => {
    const result = toTrackResult(
      {
        lastEvent: { time: '2026-11-25T08:02:00+09:00', status: { code: 'OUT_FOR_DELIVERY' } },
        events: {
          edges: [
            { node: { time: '2026-11-24T18:20:00+09:00', status: { code: 'AT_PICKUP', name: '집화처리' } } },
            null,
            {
              node: {
                time: 'not a time',
                status: { code: 'TELEPORTED', name: '순간이동' },
                location: { name: '가'.repeat(150) },
                description: null,
              },
            },
          ],
        },
      },
      now,
    );
    expect(result).toEqual({
      events: [
        { time: '2026-11-24T09:20:00.000Z', status: 'AT_PICKUP', location: '', description: '집화처리' },
        { time: null, status: 'UNKNOWN', location: '가'.repeat(100), description: '순간이동' },
      ],
      lastStatus: 'OUT_FOR_DELIVERY',
      deliveredAt: null,
    });
  });

  it("takes delivery from lastEvent with the carrier's time, or now when it gave none", () => {
    const delivered = toTrackResult(
      { lastEvent: { time: '2026-11-25T14:37:00+09:00', status: { code: 'DELIVERED' } }, events: { edges: [] } },
      now,
    );
    expect([delivered?.lastStatus, delivered?.deliveredAt?.toISOString()]).toEqual([
      'DELIVERED',
      '2026-11-25T05:37:00.000Z',
    ]);
    const noTime = toTrackResult({ lastEvent: { time: null, status: { code: 'DELIVERED' } } }, now);
    expect(noTime?.deliveredAt?.toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(toTrackResult(null, now)).toBeNull();
  });
});

describe("tracker.delivery's texts as the shop stores them (docs/requirements.md#shipping-and-tracking)", () => {
  const one = (node: { location?: string | null; description?: string | null; name?: string | null }) =>
    toTrackResult(
      {
        events: {
          edges: [
            {
              node: {
                time: '2026-11-25T14:37:00+09:00',
                status: { code: 'DELIVERED', name: node.name ?? '배달완료' },
                location: { name: node.location ?? '부산' },
                description: node.description ?? null,
              },
            },
          ],
        },
      },
      now,
    )!.events[0]!;

  it('a description of 300 units keeps its emoji; one of 301 leaves the emoji out whole, never half', () => {
    expect(one({ description: `${'가'.repeat(298)}😀` }).description).toBe(`${'가'.repeat(298)}😀`);
    expect(one({ description: `${'가'.repeat(299)}😀` }).description).toBe('가'.repeat(299));
    expect(one({ description: '가'.repeat(301) }).description).toBe('가'.repeat(300));
  });

  it('a place of 100 units keeps its emoji; one of 101 leaves the emoji out whole', () => {
    expect(one({ location: `${'가'.repeat(98)}🚚` }).location).toBe(`${'가'.repeat(98)}🚚`);
    expect(one({ location: `${'가'.repeat(99)}🚚` }).location).toBe('가'.repeat(99));
  });

  it("half an emoji from the provider becomes U+FFFD, and a control character a space: what PostgreSQL's jsonb can hold", () => {
    expect(one({ description: '배달\ud83d완료' }).description).toBe('배달\ufffd완료');
    expect(one({ description: '배달완료\ude00' }).description).toBe('배달완료\ufffd');
    expect(one({ location: '부산\u0000해운대' }).location).toBe('부산 해운대');
    expect(one({ name: '배달\ud83d' }).description).toBe('배달\ufffd');
    // A whole emoji is kept as it is.
    expect(one({ description: '배달완료 😀' }).description).toBe('배달완료 😀');
  });
});
