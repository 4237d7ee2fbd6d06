import type { TrackingEvent, TrackingStatus } from '@partsmall/contract';
import type { TrackingProvider } from './types.js';

/**
 * The demo provider: every tracked parcel goes 집화 → 간선 → 배송출발 → 배송완료, one step a minute
 * from the moment it was shipped. The events are computed from the shipment time when they are
 * read, so the same parcel reads the same at the same moment, on every process, with no timer.
 */
export const DEMO_STEP_MS = 60_000;

const STEPS: { status: TrackingStatus; location: string; description: string }[] = [
  { status: 'AT_PICKUP', location: '김포 물류센터', description: '택배사가 물건을 받았습니다 (집화).' },
  { status: 'IN_TRANSIT', location: '곤지암 허브', description: '간선 차량으로 이동 중입니다.' },
  { status: 'OUT_FOR_DELIVERY', location: '배송 지점', description: '배송 기사가 배송을 시작했습니다.' },
  { status: 'DELIVERED', location: '받는 분 주소', description: '배송을 완료했습니다.' },
];

export function demoEvents(shippedAt: Date, now: Date): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  STEPS.forEach((step, i) => {
    const at = new Date(shippedAt.getTime() + i * DEMO_STEP_MS);
    if (at.getTime() <= now.getTime()) events.push({ time: at.toISOString(), ...step });
  });
  return events;
}

export const demoTracking: TrackingProvider = {
  name: 'demo',
  track(q, now) {
    const events = demoEvents(q.shippedAt, now);
    const last = events.at(-1);
    return Promise.resolve({
      events,
      lastStatus: last?.status ?? null,
      deliveredAt: last?.status === 'DELIVERED' && last.time ? new Date(last.time) : null,
    });
  },
  register: () => Promise.resolve(),
};
