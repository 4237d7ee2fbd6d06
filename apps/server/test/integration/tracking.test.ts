import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { orderEvents, orders, shipments } from '../../src/db/schema.js';
import { jobId } from '../../src/features/jobs/index.js';
import { orderTracking, refreshShipment, takeHint } from '../../src/features/tracking/service.js';
import type { TrackResult, TrackingProvider } from '../../src/features/tracking/provider.js';
import { call, loginAs, rawCall, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { insertOrder, makeProduct } from '../order-helpers.js';

/**
 * Shipping and tracking with the demo provider (docs/requirements.md#shipping-and-tracking): the
 * carrier as a code or a typed name, the waybill's shape, who may read an order's tracking, the
 * simulated parcel reaching 배송완료, and webhook hints that change nothing wrong.
 */
let server: TestServer;
let staff: string;
let gaon: TestCompany;
let other: TestCompany;
let gaonMain: string;
let gaonSub: string;
let otherMain: string;
let productId: number;

async function confirmedOrder(company: TestCompany = gaon): Promise<number> {
  return insertOrder(server, { companyId: company.companyId, memberId: company.main.seq, status: 1, productId });
}

const ship = (seq: number, carrier?: unknown, waybill?: unknown) =>
  call(server, 'POST', 'api/admin/setOrderStatus', { seq, status: 2, carrier, waybill }, staff);

async function shipmentOf(orderId: number) {
  const rows = await server.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return rows;
}

async function registrationJob(shipmentId: number) {
  return queryRows<{ name: string }>(
    server.db,
    sql`select name from pgboss.job where id = ${jobId('tracking.register', `shipment:${shipmentId}`)}`,
  );
}

const tracking = (seq: number, token?: string) => call(server, 'getOrderTracking', { seq }, { token });

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  gaon = await makeCompany(server, '가온', 1);
  other = await makeCompany(server, '나래', 0);
  gaonMain = await loginAs(server, gaon.main.id, gaon.main.pw);
  gaonSub = await loginAs(server, gaon.subs[0]!.id, gaon.subs[0]!.pw);
  otherMain = await loginAs(server, other.main.id, other.main.pw);
  productId = (await makeProduct(server, { tiers: [21_000, 0, 0, 0], salePrice: 21_000 })).id;
});
afterAll(async () => {
  await server?.close();
});

describe('shipping an order', () => {
  it('takes a carrier code and the waybill as pasted; the shipment is tracked and its registration is a job', async () => {
    const seq = await confirmedOrder();
    const res = await ship(seq, 'kr.cjlogistics', '6012-3456-7890');
    expect(res.body.code, res.body.message).toBe(201);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect([order!.status, order!.carrier, order!.waybill]).toEqual([2, 'CJ대한통운', '601234567890']);
    const [s] = await shipmentOf(seq);
    expect([s!.carrierCode, s!.carrierName, s!.waybill, s!.tracked, s!.deliveredAt]).toEqual([
      'kr.cjlogistics',
      'CJ대한통운',
      '601234567890',
      true,
      null,
    ]);
    expect(await registrationJob(s!.id)).toEqual([{ name: 'tracking.register' }]);
  });

  it('maps a carrier name typed as before; keeps an unknown name as typed, untracked and without a job', async () => {
    const typed = await confirmedOrder();
    expect((await ship(typed, '로젠', '123-4567-8901')).body.code).toBe(201);
    const [logen] = await shipmentOf(typed);
    expect([logen!.carrierCode, logen!.carrierName, logen!.waybill, logen!.tracked]).toEqual([
      'kr.logen',
      '로젠택배',
      '12345678901',
      true,
    ]);

    const unknown = await confirmedOrder();
    expect((await ship(unknown, '동네화물', 'DH-0042')).body.code).toBe(201);
    const [local] = await shipmentOf(unknown);
    expect([local!.carrierCode, local!.carrierName, local!.waybill, local!.tracked]).toEqual([
      null,
      '동네화물',
      'DH-0042',
      false,
    ]);
    expect(await registrationJob(local!.id)).toEqual([]);
    const read = await tracking(unknown, gaonMain);
    expect(read.body.results).toMatchObject({ carrier: null, carrierName: '동네화물', link: null, events: [] });

    const quick = await confirmedOrder();
    expect((await ship(quick, 'quick', '')).body.code).toBe(201);
    expect((await tracking(quick, gaonMain)).body.results).toMatchObject({
      carrier: 'quick',
      carrierName: '퀵',
      waybill: '',
      link: null,
      tracked: false,
      events: [],
    });
  });

  it('refuses a waybill of the wrong shape, and bad input, with a Korean message and nothing changed', async () => {
    const seq = await confirmedOrder();
    const wrong = await ship(seq, 'kr.cjlogistics', '12345');
    expect([wrong.status, wrong.body.message, wrong.body.field]).toEqual([
      400,
      'CJ대한통운 송장번호는 10자리 또는 12자리 숫자입니다. 다시 확인하세요.',
      'waybill',
    ]);
    expect((await ship(seq, '경동택배', '12345678')).body.message).toBe(
      '경동택배 송장번호는 9-16자리 숫자입니다. 다시 확인하세요.',
    );
    expect((await ship(seq, 'direct', '601234567890')).body.field).toBe('waybill');
    const noWaybill = await ship(seq, 'kr.cjlogistics', '');
    expect([noWaybill.body.message, noWaybill.body.field]).toEqual(['송장번호를 입력하세요.', 'waybill']);
    for (const [carrier, waybill] of [
      [12, '601234567890'],
      ['kr.cjlogistics', 601234567890],
      ['가'.repeat(31), '601234567890'],
      ['kr.cjlogistics', '1'.repeat(41)],
    ]) {
      const res = await ship(seq, carrier, waybill);
      expect(res.status, JSON.stringify([carrier, waybill])).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    // A carrier that is no text is told so, not that it is too long; 31 characters are too long.
    for (const [carrier, message] of [
      [123, '택배사를 글자로 입력하세요.'],
      ['가'.repeat(31), '택배사는 30자 이내로 입력하세요.'],
    ] as const) {
      const res = await ship(seq, carrier, '123456789012');
      expect([res.status, res.body.message, res.body.field]).toEqual([400, message, 'carrier']);
    }
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect([order!.status, order!.carrier, order!.waybill, order!.shippedAt]).toEqual([1, '', '', null]);
    expect(await shipmentOf(seq)).toEqual([]);
    const events = await server.db.select().from(orderEvents).where(eq(orderEvents.orderId, seq));
    expect(events).toEqual([]);
  });

  it('ships an order once: the same request again is refused and leaves one shipment', async () => {
    const seq = await confirmedOrder();
    const [first, second] = await Promise.all([
      ship(seq, 'kr.hanjin', '420012345678'),
      ship(seq, 'kr.hanjin', '420012345679'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const rows = await shipmentOf(seq);
    expect(rows).toHaveLength(1);
  });
});

describe('api/getOrderTracking', () => {
  it("answers the order's company (main and sub) and staff; another company and visitors are refused", async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.epost', '6071234567890');
    const expected = {
      carrier: 'kr.epost',
      carrierName: '우체국택배',
      waybill: '6071234567890',
      link: 'https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=6071234567890',
      tracked: true,
      deliveredAt: null,
    };
    for (const token of [gaonMain, gaonSub, staff]) {
      const res = await tracking(seq, token);
      expect(res.status).toBe(200);
      expect(res.body.results).toMatchObject(expected);
    }
    const foreign = await tracking(seq, otherMain);
    expect([foreign.status, foreign.body.message]).toEqual([404, '주문을 찾을 수 없습니다.']);
    expect((await tracking(seq)).status).toBe(401);
    const notShipped = await confirmedOrder();
    expect((await tracking(notShipped, gaonMain)).body.message).toBe('아직 배송 정보가 없는 주문입니다.');
    expect((await call(server, 'POST', 'api/getOrderTracking', { seq: 'abc' }, gaonMain)).status).toBe(400);
    expect((await call(server, 'POST', 'api/getOrderTracking', { seq: 2 ** 40 }, gaonMain)).status).toBe(400);
    expect((await tracking(2_147_483_647, gaonMain)).status).toBe(404);
  });

  it('the demo parcel goes 집화 → 간선 → 배송출발 → 배송완료, one step a minute; delivery is stored, status 2 stays', async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.lotte', '309912345678');
    const fresh = await tracking(seq, gaonMain);
    expect(fresh.body.results?.events.map((e) => e.status)).toEqual(['AT_PICKUP']);
    expect(fresh.body.results?.deliveredAt).toBeNull();

    const shippedAt = new Date(Date.now() - 150_000);
    await server.db.update(shipments).set({ shippedAt }).where(eq(shipments.orderId, seq));
    const moving = await tracking(seq, gaonMain);
    expect(moving.body.results?.events.map((e) => e.status)).toEqual(['AT_PICKUP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']);
    expect(moving.body.results?.deliveredAt).toBeNull();

    const earlier = new Date(Date.now() - 200_000);
    await server.db.update(shipments).set({ shippedAt: earlier }).where(eq(shipments.orderId, seq));
    const done = await tracking(seq, gaonSub);
    const deliveredAt = new Date(earlier.getTime() + 180_000).toISOString();
    expect(done.body.results?.events.map((e) => [e.status, e.time])).toEqual([
      ['AT_PICKUP', earlier.toISOString()],
      ['IN_TRANSIT', new Date(earlier.getTime() + 60_000).toISOString()],
      ['OUT_FOR_DELIVERY', new Date(earlier.getTime() + 120_000).toISOString()],
      ['DELIVERED', deliveredAt],
    ]);
    expect(done.body.results?.deliveredAt).toBe(deliveredAt);
    const [s] = await shipmentOf(seq);
    expect([s!.deliveredAt?.toISOString(), s!.lastStatus]).toEqual([deliveredAt, 'DELIVERED']);
    const [order] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.id, seq));
    expect(order!.status).toBe(2);
  });

  it('an order shipped before shipments were kept shows its carrier and waybill, without events', async () => {
    const seq = await insertOrder(server, {
      companyId: gaon.companyId,
      memberId: gaon.main.seq,
      status: 2,
      productId,
      shippedAt: new Date('2026-10-02T01:00:00Z'),
    });
    await server.db.update(orders).set({ carrier: '한진', waybill: '5123-4567-8901' }).where(eq(orders.id, seq));
    expect((await tracking(seq, gaonMain)).body.results).toEqual({
      carrier: 'kr.hanjin',
      carrierName: '한진택배',
      waybill: '512345678901',
      link: 'https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=512345678901',
      tracked: false,
      shippedAt: '2026-10-02T01:00:00.000Z',
      deliveredAt: null,
      events: [],
    });
  });
});

describe('reading a real provider', () => {
  const at = (iso: string) => new Date(iso);
  const inTransit: TrackResult = {
    events: [{ time: '2026-11-20T09:00:00.000Z', status: 'IN_TRANSIT', location: '대전HUB', description: '간선상차' }],
    lastStatus: 'IN_TRANSIT',
    deliveredAt: null,
  };
  const delivered: TrackResult = {
    events: [
      ...inTransit.events,
      { time: '2026-11-21T03:00:00.000Z', status: 'DELIVERED', location: '성수', description: '배송완료' },
    ],
    lastStatus: 'DELIVERED',
    deliveredAt: at('2026-11-21T03:00:00.000Z'),
  };
  /** A real provider's stand-in that answers `answer` and counts what it is asked. */
  function carrierSaying(answer: TrackResult) {
    const asked: string[] = [];
    const provider: TrackingProvider = {
      name: 'trackerdelivery',
      track: (q) => {
        asked.push(q.trackingNumber);
        return Promise.resolve(answer);
      },
      register: () => Promise.resolve(),
    };
    return { provider, asked };
  }

  it('a real provider is asked at the first read, not again for 10 minutes, and again from the 10th minute on', async () => {
    const seq = await confirmedOrder();
    expect((await ship(seq, 'kr.cjlogistics', '601234567833')).body.code).toBe(201);
    const carrier = carrierSaying(inTransit);
    const reader = { staff: false, companyId: gaon.companyId };
    const t0 = at('2026-11-20T10:00:00.000Z');
    const read = (ms: number) => orderTracking(server.db, carrier.provider, reader, seq, new Date(t0.getTime() + ms));
    expect((await read(0)).events).toEqual(inTransit.events);
    expect(carrier.asked).toHaveLength(1);
    expect((await read(10 * 60_000 - 1)).events).toEqual(inTransit.events);
    expect(carrier.asked).toHaveLength(1);
    await read(10 * 60_000);
    expect(carrier.asked).toHaveLength(2);
  });

  it('once its delivery is stored, a read asks the carrier nothing more', async () => {
    const seq = await confirmedOrder();
    expect((await ship(seq, 'kr.cjlogistics', '601234567811')).body.code).toBe(201);
    const [shipped] = await shipmentOf(seq);
    const first = carrierSaying(delivered);
    const stored = await refreshShipment(server.db, first.provider, shipped!, at('2026-11-21T04:00:00.000Z'));
    expect([stored.deliveredAt, stored.lastStatus, first.asked]).toEqual([
      delivered.deliveredAt,
      'DELIVERED',
      ['601234567811'],
    ]);
    const later = carrierSaying(inTransit);
    const again = await refreshShipment(server.db, later.provider, stored, at('2026-11-22T04:00:00.000Z'));
    expect([again.deliveredAt, again.events, later.asked]).toEqual([delivered.deliveredAt, delivered.events, []]);
  });

  it('a read begun before the delivery was stored does not overwrite it with its older answer', async () => {
    const seq = await confirmedOrder();
    expect((await ship(seq, 'kr.cjlogistics', '601234567822')).body.code).toBe(201);
    const [before] = await shipmentOf(seq);
    await refreshShipment(server.db, carrierSaying(delivered).provider, before!, at('2026-11-21T04:00:00.000Z'));
    // `before` is the row as the slower read saw it: not delivered. Its carrier still said 간선 이동.
    const slow = await refreshShipment(
      server.db,
      carrierSaying(inTransit).provider,
      before!,
      at('2026-11-21T04:00:01.000Z'),
    );
    const [row] = await shipmentOf(seq);
    for (const s of [slow, row!])
      expect([s.deliveredAt, s.lastStatus, s.events]).toEqual([delivered.deliveredAt, 'DELIVERED', delivered.events]);
  });

  it("the database refusing what was read is logged (without the row's values) and is no 'provider down': a hint gets 500, a buyer the stored events", async () => {
    const seq = await confirmedOrder();
    expect((await ship(seq, 'kr.cjlogistics', '601234567855')).body.code).toBe(201);
    const hint = { carrierId: 'kr.cjlogistics', trackingNumber: '601234567855' };
    // What no provider adapter hands over any more (its texts are made well-formed): jsonb refuses it.
    const unstorable = carrierSaying({
      events: [{ time: null, status: 'IN_TRANSIT', location: '', description: '간선\ud83d상차' }],
      lastStatus: 'IN_TRANSIT',
      deliveredAt: null,
    });
    const logged: { obj: { err?: unknown; shipmentId?: number }; msg: string }[] = [];
    const log = {
      error: (obj: { err?: unknown; shipmentId?: number }, msg: string) => void logged.push({ obj, msg }),
    };
    const [s] = await shipmentOf(seq);
    const failed = (await takeHint(server.db, unstorable.provider, hint, new Date(), log).catch((e: unknown) => e)) as {
      status?: number;
      message?: string;
    };
    expect([failed.status, failed.message]).toEqual([500, '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.']);
    expect(unstorable.asked).toEqual(['601234567855']);
    expect(logged.map((l) => [l.msg, l.obj.shipmentId])).toEqual([['tracking: storing a read failed', s!.id]]);
    const err = logged[0]!.obj.err as Error;
    expect(err.message).toMatch(/^Failed query: update "shipments"/);
    expect(err.message).not.toContain('간선');

    // A buyer's read shows the stored events (none yet), and the fault is logged too.
    const reader = { staff: false, companyId: gaon.companyId };
    const read = await orderTracking(server.db, unstorable.provider, reader, seq, new Date(), log);
    expect([read.events, read.deliveredAt]).toEqual([[], null]);
    expect(logged.map((l) => [l.msg, l.obj.shipmentId])).toEqual([
      ['tracking: storing a read failed', s!.id],
      ['tracking: storing a read failed', s!.id],
    ]);

    // The provider failing is the 503, and is not logged as a fault of the shop.
    const down: TrackingProvider = {
      name: 'trackerdelivery',
      track: () => Promise.reject(new Error('tracker.delivery 연결 실패: fetch failed')),
      register: () => Promise.resolve(),
    };
    const unanswered = (await takeHint(server.db, down, hint, new Date(), log).catch((e: unknown) => e)) as {
      status?: number;
      message?: string;
    };
    expect([unanswered.status, unanswered.message]).toEqual([
      503,
      '배송 조회 서비스가 응답하지 않습니다. 잠시 후 다시 시도하세요.',
    ]);
    expect(logged).toHaveLength(2);
    const [after] = await shipmentOf(seq);
    expect([after!.events, after!.checkedAt]).toEqual([[], null]);
  });
});

describe('api/trackingWebhook (a hint only, at the keyed address)', () => {
  /** A hint at the address the shop registers (its key in the query), as tracker.delivery sends it. */
  const hint = (body: Record<string, unknown>, key = server.ctx!.config.trackingWebhookKey) =>
    call(server, 'POST', `api/trackingWebhook?key=${encodeURIComponent(key)}`, body);
  const RECEIVED = [200, '배송 정보 변경 알림을 받았습니다.', { received: true }];
  const answerOf = (res: Awaited<ReturnType<typeof hint>>) => [res.status, res.body.message, res.body.results];

  it('re-reads the named waybill from the provider; a forged hint for a fresh parcel delivers nothing', async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.daesin', '3001234567890');
    const res = await hint({ carrierId: 'kr.daesin', trackingNumber: '3001234567890' });
    expect(answerOf(res)).toEqual(RECEIVED);
    const [s] = await shipmentOf(seq);
    expect([s!.lastStatus, s!.deliveredAt, s!.events.length]).toEqual(['AT_PICKUP', null, 1]);
  });

  it('without the key, or with a wrong one, nothing is read: 401 in Korean, the same for any waybill', async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.daesin', '3009876543210');
    const ours = { carrierId: 'kr.daesin', trackingNumber: '3009876543210' };
    const notOurs = { carrierId: 'kr.daesin', trackingNumber: '3000000000001' };
    const key = server.ctx!.config.trackingWebhookKey;
    const before = await shipmentOf(seq);
    for (const body of [ours, notOurs]) {
      for (const res of [
        await call(server, 'trackingWebhook', body),
        await hint(body, ''),
        await hint(body, key.slice(0, -1)),
        await hint(body, `${key}0`),
        await hint(body, key.toUpperCase()),
      ])
        expect([res.status, res.body.message]).toEqual([401, '웹훅 키가 올바르지 않습니다.']);
    }
    // The key is checked before the body is read: a body no hint has gets the same 401 without it.
    const bodies: Record<string, unknown>[] = [
      {},
      { carrierId: 7, trackingNumber: '601234567890' },
      { trackingNumber: '1'.repeat(41) },
    ];
    for (const body of bodies)
      for (const res of [
        await call(server, 'POST', 'api/trackingWebhook', body),
        await hint(body, ''),
        await hint(body, `${key}0`),
      ])
        expect([JSON.stringify(body), res.status, res.body.message, res.body.field]).toEqual([
          JSON.stringify(body),
          401,
          '웹훅 키가 올바르지 않습니다.',
          undefined,
        ]);
    const broken = await rawCall(server, 'POST', 'api/trackingWebhook', {
      body: '{"carrierId": ',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.status, broken.body?.message]).toEqual([401, '웹훅 키가 올바르지 않습니다.']);
    expect(await shipmentOf(seq)).toEqual(before);
    expect(before[0]!.events).toEqual([]);
  });

  it("answers a hint about no waybill of the shop's exactly as one about its own, and a bad body 400; nothing changes", async () => {
    const before = await server.db.select().from(shipments);
    for (const body of [
      { carrierId: 'kr.cjlogistics', trackingNumber: '999999999999' },
      { carrierId: 'kr.fedex', trackingNumber: '601234567890' },
      { carrierId: 'quick', trackingNumber: '1' },
    ])
      expect(answerOf(await hint(body))).toEqual(RECEIVED);
    for (const body of [
      {},
      { carrierId: 7, trackingNumber: '601234567890' },
      { carrierId: 'kr.cjlogistics', trackingNumber: '1'.repeat(41) },
    ]) {
      const res = await hint(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('요청 형식이 올바르지 않습니다.');
    }
    expect(await server.db.select().from(shipments)).toEqual(before);
  });

  it('a hint names a tracked carrier by its code: a name (대신택배) or an untracked carrier (퀵, 직접 배송) reads nothing and uses none of the limit', async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.daesin', '3001112223334');
    for (const carrierId of ['대신택배', 'quick', 'direct']) {
      const answers = [];
      for (let i = 0; i < 31; i++) answers.push(answerOf(await hint({ carrierId, trackingNumber: '3001112223334' })));
      expect([carrierId, answers]).toEqual([carrierId, Array.from({ length: 31 }, () => RECEIVED)]);
    }
    const [before] = await shipmentOf(seq);
    expect([before!.events, before!.deliveredAt, before!.checkedAt]).toEqual([[], null, null]);
    // The carrier's code is read.
    expect(answerOf(await hint({ carrierId: 'kr.daesin', trackingNumber: '3001112223334' }))).toEqual(RECEIVED);
    const [after] = await shipmentOf(seq);
    expect(after!.events).toHaveLength(1);
  });

  it("a flood of hints for one waybill, the shop's or not, is refused after 30 in 10 minutes (429); other waybills unaffected", async () => {
    const seq = await confirmedOrder();
    await ship(seq, 'kr.ilyanglogis', '5566778899');
    for (const trackingNumber of ['5566778899', '5566770000']) {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await hint({ carrierId: 'kr.ilyanglogis', trackingNumber })).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    }
    const otherSeq = await confirmedOrder();
    await ship(otherSeq, 'kr.ilyanglogis', '5566778800');
    expect(answerOf(await hint({ carrierId: 'kr.ilyanglogis', trackingNumber: '5566778800' }))).toEqual(RECEIVED);
    const [s] = await shipmentOf(otherSeq);
    expect(s!.events.length).toBe(1);
  });
});
