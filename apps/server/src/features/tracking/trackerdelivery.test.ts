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
