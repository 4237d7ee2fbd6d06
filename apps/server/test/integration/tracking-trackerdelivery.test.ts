import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { orders, sentEffects, shipments } from '../../src/db/schema.js';
import { jobId, runHandler } from '../../src/features/jobs/index.js';
import { trackerDelivery } from '../../src/features/tracking/index.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';
import { trackerDeliveryStandIn, type TrackerEventNode } from '../stand-in-trackerdelivery.js';

/**
 * TRACKING_PROVIDER=trackerdelivery against a local stand-in answering as tracker.delivery's
 * documentation says (docs/requirements.md#shipping-and-tracking): the webhook registered once per
 * shipped waybill, a hint re-read from the provider, delivery stored with the carrier's time, and
 * forged, replayed or unanswerable hints changing nothing.
 */
let server: TestServer;
let standIn: Awaited<ReturnType<typeof trackerDeliveryStandIn>>;
let staff: string;
let buyer: string;
let company: TestCompany;
let productId: number;

const node = (time: string, code: string, name: string, location: string, description: string): TrackerEventNode => ({
  time,
  status: { code, name },
  location: { name: location },
  description,
});
const PICKUP = node('2026-11-24T18:20:00+09:00', 'AT_PICKUP', '집화처리', '서울성수', '집화처리되었습니다.');
const HUB = node('2026-11-24T23:41:00+09:00', 'IN_TRANSIT', '간선상차', '곤지암Hub', '간선 상차');
const OUT = node(
  '2026-11-25T08:02:00+09:00',
  'OUT_FOR_DELIVERY',
  '배송출발',
  '부산해운대',
  '배송출발 (기사 010-****-1234)',
);
const DONE = node(
  '2026-11-25T14:37:00+09:00',
  'DELIVERED',
  '배달완료',
  '부산해운대',
  '고객님의 상품이 배달완료 되었습니다.',
);

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function shippedOrder(carrier: string, waybill: string): Promise<number> {
  const seq = await insertOrder(server, {
    companyId: company.companyId,
    memberId: company.main.seq,
    status: 1,
    productId,
  });
  const res = await call(server, 'adminSetOrderStatus', { seq, status: 2, carrier, waybill }, { token: staff });
  expect(res.body.code, res.body.message).toBe(201);
  return seq;
}

/**
 * The key of the callback address, as the shop derives it from the client secret (docs/security.md#webhooks):
 * HMAC-SHA256 keyed by the secret over 'partsmall tracking webhook', in hex.
 */
const WEBHOOK_KEY = createHmac('sha256', 'secret-42').update('partsmall tracking webhook').digest('hex');
/** A hint at the registered address, as tracker.delivery sends it. */
const hintAt = (body: { carrierId: string; trackingNumber: string }) =>
  call(server, 'POST', `api/trackingWebhook?key=${WEBHOOK_KEY}`, body);

const shipmentOf = async (seq: number) =>
  (await server.db.select().from(shipments).where(eq(shipments.orderId, seq)))[0]!;

beforeAll(async () => {
  standIn = await trackerDeliveryStandIn('client-42', 'secret-42');
  server = await startTestServer({
    env: {
      TRACKING_PROVIDER: 'trackerdelivery',
      TRACKER_DELIVERY_CLIENT_ID: 'client-42',
      TRACKER_DELIVERY_CLIENT_SECRET: 'secret-42',
      TRACKER_DELIVERY_API_URL: standIn.url,
      TRACKER_DELIVERY_TIMEOUT_MS: '1500',
    },
  });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  company = await makeCompany(server, '다온', 0);
  buyer = await loginAs(server, company.main.id, company.main.pw);
  productId = (await makeProduct(server, { tiers: [33_000, 0, 0, 0], salePrice: 33_000 })).id;
});
afterAll(async () => {
  await server?.close();
  await standIn?.close();
});

describe('tracker.delivery', () => {
  it("registers the waybill's webhook once, with the shop's callback and 48 hours to live", async () => {
    const seq = await shippedOrder('kr.cjlogistics', '6012-3456-7001');
    const regs = await until(
      async () => standIn.registrations.filter((r) => r.trackingNumber === '601234567001'),
      (r) => r.length > 0,
    );
    expect(regs).toHaveLength(1);
    expect(regs[0]).toMatchObject({
      carrierId: 'kr.cjlogistics',
      callbackUrl: `${server.base}/api/trackingWebhook?key=${WEBHOOK_KEY}`,
    });
    const ttl = Date.parse(regs[0]!.expirationTime) - Date.now();
    expect(ttl).toBeGreaterThan(47 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(48 * 3600_000);
    const s = await shipmentOf(seq);
    // The stand-in records the call as it arrives; the job writes its sent mark after the answer.
    const key = `tracking.register:shipment:${s.id}:webhook`;
    const effects = await until(
      () => server.db.select().from(sentEffects).where(eq(sentEffects.job, 'tracking.register')),
      (rows) => rows.some((e) => e.key === key),
    );
    expect(effects.map((e) => e.key)).toContain(key);
    expect(standIn.calls.unauthorised).toBe(0);
  });

  it('a hint makes the server read the track back; the buyer then sees the stored events', async () => {
    const seq = await shippedOrder('kr.cjlogistics', '601234567002');
    // Before the carrier knows the waybill: no events, nothing delivered.
    const empty = await call(server, 'getOrderTracking', { seq }, { token: buyer });
    expect(empty.body.results).toMatchObject({ events: [], deliveredAt: null, tracked: true });

    standIn.setParcel('kr.cjlogistics', '601234567002', [PICKUP, HUB]);
    const reads = standIn.calls.track;
    // The stand-in calls back the URL the registration job gave it, as tracker.delivery does.
    await until(
      async () => standIn.registrations.some((r) => r.trackingNumber === '601234567002'),
      (v) => v,
    );
    const hint = await standIn.hint('kr.cjlogistics', '601234567002');
    expect([hint.status, hint.body.message]).toEqual([200, '배송 정보 변경 알림을 받았습니다.']);
    expect(standIn.calls.track).toBe(reads + 1);
    const read = await call(server, 'getOrderTracking', { seq }, { token: buyer });
    // Read from the store: the provider was not asked again.
    expect(standIn.calls.track).toBe(reads + 1);
    expect(read.body.results?.events).toEqual([
      {
        time: '2026-11-24T09:20:00.000Z',
        status: 'AT_PICKUP',
        location: '서울성수',
        description: '집화처리되었습니다.',
      },
      { time: '2026-11-24T14:41:00.000Z', status: 'IN_TRANSIT', location: '곤지암Hub', description: '간선 상차' },
    ]);
    expect(read.body.results?.deliveredAt).toBeNull();

    standIn.setParcel('kr.cjlogistics', '601234567002', [PICKUP, HUB, OUT, DONE]);
    await hintAt({ carrierId: 'kr.cjlogistics', trackingNumber: '6012-3456-7002' });
    const delivered = await call(server, 'getOrderTracking', { seq }, { token: buyer });
    expect(delivered.body.results?.deliveredAt).toBe('2026-11-25T05:37:00.000Z');
    expect(delivered.body.results?.events.map((e) => e.status)).toEqual([
      'AT_PICKUP',
      'IN_TRANSIT',
      'OUT_FOR_DELIVERY',
      'DELIVERED',
    ]);
    const [order] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.id, seq));
    expect(order!.status).toBe(2);

    // Replayed after delivery, with the carrier now showing a stray event: delivery stays, no read.
    standIn.setParcel('kr.cjlogistics', '601234567002', [PICKUP, HUB, OUT, DONE, OUT], DONE);
    const before = standIn.calls.track;
    const replay = await hintAt({
      carrierId: 'kr.cjlogistics',
      trackingNumber: '601234567002',
    });
    expect([replay.status, replay.body.results]).toEqual([200, { received: true }]);
    expect(standIn.calls.track).toBe(before);
    expect((await shipmentOf(seq)).deliveredAt?.toISOString()).toBe('2026-11-25T05:37:00.000Z');
  });

  it("believes the carrier's lastEvent: DELIVERED prevails over an event listed after it", async () => {
    const seq = await shippedOrder('kr.hanjin', '420099990001');
    standIn.setParcel('kr.hanjin', '420099990001', [PICKUP, DONE, OUT], DONE);
    await hintAt({ carrierId: 'kr.hanjin', trackingNumber: '420099990001' });
    const s = await shipmentOf(seq);
    expect([s.lastStatus, s.deliveredAt?.toISOString()]).toEqual(['DELIVERED', '2026-11-25T05:37:00.000Z']);
  });

  it('a forged hint changes nothing: the carrier says what it says', async () => {
    const seq = await shippedOrder('kr.logen', '30012345678');
    standIn.setParcel('kr.logen', '30012345678', [PICKUP]);
    const forged = await hintAt({ carrierId: 'kr.logen', trackingNumber: '30012345678' });
    expect(forged.body.results).toEqual({ received: true });
    const s = await shipmentOf(seq);
    expect([s.lastStatus, s.deliveredAt, s.events.length]).toEqual(['AT_PICKUP', null, 1]);
  });

  it('a description cut at 300 units never halves an emoji: the hint is taken and delivery stored (298 and 299 before it)', async () => {
    for (const [waybill, before, stored] of [
      ['111122223333', 299, '가'.repeat(299)],
      ['111122223334', 298, `${'가'.repeat(298)}😀`],
    ] as const) {
      const seq = await shippedOrder('kr.hanjin', waybill);
      const delivered = { ...DONE, description: `${'가'.repeat(before)}😀` };
      standIn.setParcel('kr.hanjin', waybill, [PICKUP, delivered]);
      const res = await hintAt({ carrierId: 'kr.hanjin', trackingNumber: waybill });
      expect([res.status, res.body.message]).toEqual([200, '배송 정보 변경 알림을 받았습니다.']);
      const s = await shipmentOf(seq);
      expect([s.lastStatus, s.deliveredAt?.toISOString(), s.events.at(-1)?.description]).toEqual([
        'DELIVERED',
        '2026-11-25T05:37:00.000Z',
        stored,
      ]);
      const read = await call(server, 'getOrderTracking', { seq }, { token: buyer });
      expect(read.body.results?.events.at(-1)?.description).toBe(stored);
    }
  });

  it('half an emoji from the provider (a lone surrogate) is stored as U+FFFD: the hint is taken', async () => {
    const seq = await shippedOrder('kr.hanjin', '111122223335');
    standIn.setParcel('kr.hanjin', '111122223335', [
      { ...PICKUP, location: { name: '서울\ud83d성수' } },
      { ...DONE, description: '배달완료\ude00' },
    ]);
    const res = await hintAt({ carrierId: 'kr.hanjin', trackingNumber: '111122223335' });
    expect([res.status, res.body.message]).toEqual([200, '배송 정보 변경 알림을 받았습니다.']);
    const s = await shipmentOf(seq);
    expect([s.deliveredAt?.toISOString(), s.events.map((e) => [e.location, e.description])]).toEqual([
      '2026-11-25T05:37:00.000Z',
      [
        ['서울\ufffd성수', '집화처리되었습니다.'],
        ['부산해운대', '배달완료\ufffd'],
      ],
    ]);
  });

  it('provider down or answering errors: the hint gets a Korean 503, stored events stay, the buyer still reads', async () => {
    const seq = await shippedOrder('kr.epost', '6071234500001');
    standIn.setParcel('kr.epost', '6071234500001', [PICKUP]);
    await hintAt({ carrierId: 'kr.epost', trackingNumber: '6071234500001' });
    const stored = (await shipmentOf(seq)).events;
    standIn.setParcel('kr.epost', '6071234500001', [PICKUP, HUB]);
    for (const behaviour of ['down', 'error'] as const) {
      standIn.setBehaviour(behaviour);
      const res = await hintAt({ carrierId: 'kr.epost', trackingNumber: '6071234500001' });
      expect([res.status, res.body.message]).toEqual([
        503,
        '배송 조회 서비스가 응답하지 않습니다. 잠시 후 다시 시도하세요.',
      ]);
      await server.db.update(shipments).set({ checkedAt: null }).where(eq(shipments.orderId, seq));
      const read = await call(server, 'getOrderTracking', { seq }, { token: buyer });
      expect([read.status, read.body.results?.events]).toEqual([200, stored]);
    }
    standIn.setBehaviour('normal');
    expect((await shipmentOf(seq)).events).toEqual(stored);
  });
});

describe('webhook renewal', () => {
  const HOUR = 3600_000;
  /** The renewal the register job of `round - 1` wrote, as the queue holds it (null: none written). */
  async function renewal(shipmentId: number, round: number) {
    const key = `shipment:${shipmentId}:round:${round}`;
    const [row] = await queryRows<{ state: string; start_after: Date | string; data: unknown }>(
      server.db,
      sql`select state::text as state, start_after, data from pgboss.job
          where name = 'tracking.register' and id = ${jobId('tracking.register', key)}::uuid`,
    );
    return row ? { key, state: row.state, startAfter: new Date(row.start_after), data: row.data } : null;
  }
  /** Runs a renewal now, as the worker would once its time has come. */
  async function runRenewal(r: { key: string; data: unknown }) {
    const tracking = trackerDelivery({
      clientId: 'client-42',
      clientSecret: 'secret-42',
      apiUrl: standIn.url,
      timeoutMs: 1500,
    });
    await runHandler(
      'tracking.register',
      { id: jobId('tracking.register', r.key), data: r.data as object, singletonKey: r.key, retryCount: 0 },
      {
        db: server.db,
        sms: server.ctx!.sms,
        log: server.app.log,
        tracking,
        publicUrl: () => server.base,
        trackingWebhookKey: server.ctx!.config.trackingWebhookKey,
      },
    );
  }
  const registered = (waybill: string) => standIn.registrations.filter((r) => r.trackingNumber === waybill);

  it('a moving parcel is registered again 6 hours before its webhook expires, and no more once delivered', async () => {
    const seq = await shippedOrder('kr.cjlogistics', '601234567101');
    const [first] = await until(
      async () => registered('601234567101'),
      (r) => r.length > 0,
    );
    const s = await shipmentOf(seq);
    const expires1 = Date.parse(first!.expirationTime);
    const r1 = await until(
      () => renewal(s.id, 1),
      (r) => r !== null,
    );
    expect(r1).toMatchObject({ state: 'created', data: { shipmentId: s.id, round: 1 } });
    expect(r1!.startAfter.getTime()).toBeLessThan(expires1);
    expect(r1!.startAfter.getTime()).toBeGreaterThanOrEqual(expires1 - 6 * HOUR - 1000);
    expect(r1!.startAfter.getTime()).toBeLessThanOrEqual(expires1 - 6 * HOUR + 1000);

    // Its time come, the parcel still moving: read back, registered for 48 hours more, the next renewal written.
    standIn.setParcel('kr.cjlogistics', '601234567101', [PICKUP, HUB]);
    const reads = standIn.calls.track;
    await runRenewal(r1!);
    expect(standIn.calls.track).toBe(reads + 1);
    const regs = registered('601234567101');
    expect(regs).toHaveLength(2);
    expect(regs[1]).toMatchObject({
      carrierId: 'kr.cjlogistics',
      callbackUrl: `${server.base}/api/trackingWebhook?key=${WEBHOOK_KEY}`,
    });
    const ttl = Date.parse(regs[1]!.expirationTime) - Date.now();
    expect(ttl).toBeGreaterThan(47 * HOUR);
    expect(ttl).toBeLessThanOrEqual(48 * HOUR);
    const r2 = await renewal(s.id, 2);
    expect(r2).toMatchObject({ state: 'created', data: { shipmentId: s.id, round: 2 } });
    // The same round run again (a retry) registers nothing more.
    await runRenewal(r1!);
    expect(registered('601234567101')).toHaveLength(2);

    // Delivered meanwhile, its hint lost: the renewal reads 배송완료, registers nothing, writes no next one.
    standIn.setParcel('kr.cjlogistics', '601234567101', [PICKUP, HUB, OUT, DONE]);
    await runRenewal(r2!);
    expect(registered('601234567101')).toHaveLength(2);
    expect((await shipmentOf(seq)).deliveredAt?.toISOString()).toBe('2026-11-25T05:37:00.000Z');
    expect(await renewal(s.id, 3)).toBeNull();
  });

  it('stops 30 days after shipping: the last registration ends at that cap, and none is made after it', async () => {
    const seq = await shippedOrder('kr.cjlogistics', '601234567102');
    await until(
      async () => registered('601234567102'),
      (r) => r.length > 0,
    );
    const s = await shipmentOf(seq);
    const r1 = await until(
      () => renewal(s.id, 1),
      (r) => r !== null,
    );
    standIn.setParcel('kr.cjlogistics', '601234567102', [PICKUP, HUB]);

    // 29 days after shipping: one day is left, so the webhook lives one day and no renewal follows.
    const shippedAt = new Date(Date.now() - 29 * 24 * HOUR);
    await server.db.update(shipments).set({ shippedAt }).where(eq(shipments.id, s.id));
    await runRenewal(r1!);
    const regs = registered('601234567102');
    expect(regs).toHaveLength(2);
    expect(Date.parse(regs[1]!.expirationTime)).toBe(shippedAt.getTime() + 30 * 24 * HOUR);
    expect(await renewal(s.id, 2)).toBeNull();

    // A renewal that runs after the cap (written before, or retried late) registers nothing.
    await server.db
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 30 * 24 * HOUR - 60_000) })
      .where(eq(shipments.id, s.id));
    const reads = standIn.calls.track;
    await runRenewal({ key: `shipment:${s.id}:round:2`, data: { shipmentId: s.id, round: 2 } });
    expect(registered('601234567102')).toHaveLength(2);
    expect(standIn.calls.track).toBe(reads);
    expect(await renewal(s.id, 3)).toBeNull();
  });
});
