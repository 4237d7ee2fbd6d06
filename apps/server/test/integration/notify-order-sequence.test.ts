import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.js';
import { enqueue, jobId, jobSettings, runHandler, startJobs, type JobRunner } from '../../src/features/jobs/index.js';
import type { NotifyProvider } from '../../src/features/notify/index.js';
import { call, fastJobs, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { COURIER, fund, insertOrder, makeProduct, placeOrder } from '../order-helpers.js';

/**
 * The 알림톡 of one order reach each phone in the order their events happened
 * (docs/requirements.md#notifications): a message whose order has an earlier message still to send
 * waits for it, whether that one is slow, taken later, or died mid-try and is retried; each goes
 * once, the waits are not failed tries, and other orders' messages do not wait. A staff 출고취소 of a
 * paid order tells the buyer; the buyer's own cancel does not.
 *
 * The server's own workers are stopped; these tests run two of the shop's job runners (two server
 * processes) with a provider that records each message handed to it and can hold one on its way (a
 * slow provider, a dead process). A runner's worker takes its next batch when the last one ended, so a
 * held try leaves the jobs written after it to the other runner.
 */
const FAST = fastJobs(1);

let server: TestServer;
let staff: string;
let runners: JobRunner[] = [];

interface Sent {
  to: string;
  event: string;
  orderNo: string;
  text: string;
}
const sent: Sent[] = [];
/** The first try of a message (`event:orderNo:phone`) waits here before it is handed over. */
const holds = new Map<string, () => Promise<void>>();

const provider: NotifyProvider = {
  name: 'recording',
  async send(m) {
    const orderNo = m.variables['#{orderNo}'] ?? '';
    const key = `${m.event}:${orderNo}:${m.to}`;
    const held = holds.get(key);
    holds.delete(key);
    if (held) await held();
    sent.push({ to: m.to, event: m.event, orderNo, text: m.text });
    return 'alimtalk';
  },
};

/** Holds the first try of one message: `reached` once the provider has it, `release` lets it go (or fails it). */
function hold(event: string, orderNo: number, phone: string) {
  let arrive!: () => void;
  let release!: (err?: Error) => void;
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve, reject) => (release = (err) => (err ? reject(err) : resolve())));
  holds.set(`${event}:${orderNo}:${phone}`, () => {
    arrive();
    return released;
  });
  return { reached, release };
}

/** The events told to `phone` about order `seq`, in the order the provider was handed them. */
const told = (phone: string, seq: number) =>
  sent.filter((s) => s.to === phone && s.orderNo === String(seq)).map((s) => s.event);

const jobRow = async (key: string) =>
  (
    await queryRows<{ state: string; putOff: boolean; retryCount: number }>(
      server.db,
      sql`select state::text as state, start_after > created_on as "putOff", retry_count as "retryCount"
        from pgboss.job where name = 'notify.send' and id = ${jobId('notify.send', key)}::uuid`,
    )
  )[0];
/** A try of the job has ended: it is done, or it was put off to a later start. */
const triedOnce = async (key: string) => {
  const row = await jobRow(key);
  return row?.state === 'completed' || (row?.putOff === true && row.state !== 'active');
};
const done = (key: string) => until(`${key} done`, async () => (await jobRow(key))?.state === 'completed');

/** The notify key of the order's move to `to` (its status event's). */
async function moveKey(seq: number, to: number): Promise<string> {
  const [event] = await queryRows<{ id: number }>(
    server.db,
    sql`select id from order_events where order_id = ${seq} and to_status = ${to} order by id desc limit 1`,
  );
  return `order:${seq}:event:${event!.id}`;
}

const move = async (seq: number, to: number, more: Record<string, string> = {}) => {
  const res = await call(server, 'POST', 'api/admin/setOrderStatus', { seq, status: to, ...more }, staff);
  expect(res.body.code).toBe(201);
  return moveKey(seq, to);
};
/** A shipment of its own per order: a waybill already on another company's order is refused. */
const ship = (seq: number) => ({ carrier: 'CJ대한통운', waybill: `7${String(seq).padStart(11, '0')}` });

const startRunner = () =>
  startJobs(server.db, { sms: server.ctx!.sms, log: server.app.log, notify: provider }, jobSettings(FAST));
/** The two runners, started on first use. */
async function running(): Promise<JobRunner[]> {
  if (runners.length === 0) runners = [await startRunner(), await startRunner()];
  return runners;
}

/** A company with a main account and one sub-account, funded, and a product it buys. */
async function buyer(label: string) {
  const shop = await makeCompany(server, label, 1);
  await fund(server, shop.companyId, 200_000);
  const token = await loginAs(server, shop.main.id, shop.main.pw);
  const product = await makeProduct(server, { tiers: [6000, 6000, 6000, 6000], salePrice: 6000 });
  const order = async () => {
    const paid = await placeOrder(server, token, [{ productId: product.id, qty: 2 }], { shippingInfo: COURIER });
    expect(paid.body.code).toBe(201);
    return paid.body.results!.orderSeq as number;
  };
  return { shop, token, order, phones: [shop.main.phone, shop.subs[0]!.phone] };
}

beforeAll(async () => {
  server = await startTestServer({ env: FAST });
  await server.app.jobs.stop();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  await server?.close();
});

describe("one order's messages in the order of its events", () => {
  it("the shipped job taken first sends nothing; the order's three messages then go in order", async () => {
    const { order, phones } = await buyer('먼저잡힘');
    const seq = await order();
    await move(seq, 1);
    const shipped = await move(seq, 2, ship(seq));
    // Another process takes the shipped job before the others have run.
    const [job] = await queryRows<{ id: string; data: object; singletonKey: string; retryCount: number }>(
      server.db,
      sql`update pgboss.job set state = 'active', started_on = now() where name = 'notify.send'
            and id = ${jobId('notify.send', shipped)}::uuid
          returning id, data, singleton_key as "singletonKey", retry_count as "retryCount"`,
    );
    const deps = { db: server.db, sms: server.ctx!.sms, log: server.app.log, notify: provider };
    // Put off (NotYet), not failed: the order's earlier messages are still to send.
    const outcome = await runHandler('notify.send', job!, deps).then(
      () => 'sent',
      (e: unknown) => (e instanceof Error ? e.name : 'thrown'),
    );
    expect(outcome).toBe('NotYet');
    expect(phones.map((p) => told(p, seq))).toEqual([[], []]);
    // Its try put back as a waiting job (what a runner does with a try put off), the runners start.
    await server.db.execute(
      sql`update pgboss.job set state = 'created', started_on = null where name = 'notify.send' and id = ${job!.id}::uuid`,
    );
    await running();
    await done(shipped);
    const inOrder = ['orderPaid', 'shipmentConfirmed', 'shipped'];
    expect(phones.map((p) => told(p, seq))).toEqual([inOrder, inOrder]);
  });

  it("a shipped message waits while the order's 출고 확정 is still being sent; another order's do not wait", async () => {
    await running();
    const { order, phones, shop } = await buyer('느린발송');
    const slowSeq = await order();
    const otherSeq = await order();
    await done(`order:${slowSeq}:paid`);
    await done(`order:${otherSeq}:paid`);
    const slow = hold('shipmentConfirmed', slowSeq, shop.main.phone);
    await move(slowSeq, 1);
    await slow.reached;
    const shipped = await move(slowSeq, 2, ship(slowSeq));
    await move(otherSeq, 1);
    // The other order's message reaches both phones while this order's first one is held.
    await until('the other order confirmed', async () =>
      phones.every((p) => told(p, otherSeq).includes('shipmentConfirmed')),
    );
    await until('a try of the shipped job', () => triedOnce(shipped));
    slow.release();
    await done(shipped);
    const inOrder = ['orderPaid', 'shipmentConfirmed', 'shipped'];
    expect(phones.map((p) => told(p, slowSeq))).toEqual([inOrder, inOrder]);
  });

  it('a 출고 확정 try that died after one account: its retry reaches the other before the shipped message, each once', async () => {
    const [jobs] = await running();
    const { order, phones, shop } = await buyer('죽은시도');
    const seq = await order();
    await done(`order:${seq}:paid`);
    // The try reaches the main account, then hangs at the sub-account's message: its process died.
    const dead = hold('shipmentConfirmed', seq, shop.subs[0]!.phone);
    const confirmed = await move(seq, 1);
    await dead.reached;
    const shipped = await move(seq, 2, ship(seq));
    await until('a try of the shipped job', () => triedOnce(shipped));
    // The dead try expires (pg-boss's maintenance after expireIn): its job is retried.
    await server.db.execute(
      sql`update pgboss.job set started_on = now() - interval '1 hour'
          where name = 'notify.send' and id = ${jobId('notify.send', confirmed)}::uuid`,
    );
    await jobs!.boss.expire();
    await done(shipped);
    dead.release(new Error('the process is gone'));
    const inOrder = ['orderPaid', 'shipmentConfirmed', 'shipped'];
    expect(phones.map((p) => told(p, seq))).toEqual([inOrder, inOrder]);
    // Its waits were no failed tries (one retry allowed here): one try, as 발송 작업 counts.
    expect((await jobRow(shipped))?.retryCount).toBe(0);
  });
});

describe('a try put off', () => {
  it('on a retry keeps the count of real tries: waiting is not failing', async () => {
    await running();
    const shop = await makeCompany(server, '미룬시도', 0);
    const data = {
      event: 'chatReply' as const,
      companyId: shop.companyId,
      memberId: shop.main.seq,
      values: { preview: '확인했습니다' },
    };
    // The job it follows, written to run in an hour: waiting all along.
    const first = await enqueue(server.db, 'notify.send', data, {
      key: 'put-off:first',
      startAfter: new Date(Date.now() + 3600_000),
    });
    const later = new Date(Date.now() + 3600_000);
    const second = await enqueue(
      server.db,
      'notify.send',
      { ...data, after: ['put-off:first'] },
      { key: 'put-off:second', startAfter: later },
    );
    // Its first try failed: it waits for its retry, as pg-boss leaves it (one try counted by started_on).
    await server.db.execute(
      sql`update pgboss.job set state = 'retry', started_on = now() - interval '1 minute', start_after = now()
          where name = 'notify.send' and id = ${second}::uuid`,
    );
    const row = async () =>
      (
        await queryRows<{ state: string; retryCount: number; started: boolean; due: boolean }>(
          server.db,
          sql`select state::text as state, retry_count as "retryCount", started_on is not null as started,
                start_after <= now() as due
              from pgboss.job where name = 'notify.send' and id = ${second}::uuid`,
        )
      )[0]!;
    // Taken (its retry counted by pg-boss), put off: back to waiting for its retry, the count given back.
    await until('its retry put off', async () => {
      const r = await row();
      return r.state === 'retry' && !r.due;
    });
    expect(await row()).toMatchObject({ state: 'retry', retryCount: 0, started: true });
    expect(sent.filter((s) => s.to === shop.main.phone)).toEqual([]);
    // The job it follows is cancelled by staff: it no longer holds it, and its retry sends (two tries in all).
    await server.db.execute(
      sql`update pgboss.job set state = 'cancelled' where name = 'notify.send' and id = ${first}::uuid`,
    );
    await done('put-off:second');
    expect(await row()).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(sent.filter((s) => s.to === shop.main.phone).map((s) => s.event)).toEqual(['chatReply']);
  });
});

describe('a cancel of a paid order before shipment', () => {
  let shop: TestCompany;
  let token: string;
  let productId: number;
  beforeAll(async () => {
    await running();
    ({ shop, token } = await buyer('출고취소'));
    productId = (await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000 })).id;
  });

  it('made by staff (출고취소) tells the buyer what was refunded, worded for a cancel before shipment', async () => {
    const seq = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId,
      totalAmount: 12_000,
      shipping: 6000,
    });
    await done(await move(seq, 3));
    const text = `[파츠몰] 주문이 출고 전에 취소되었습니다.\n\n주문번호: ${seq}\n환불금액: 18,000원\n\n환불금액은 캐시로 돌려 드렸습니다. 불편을 드려 죄송합니다.`;
    const toMain = sent.filter((s) => s.to === shop.main.phone && s.orderNo === String(seq));
    expect(toMain.map((s) => [s.event, s.text])).toEqual([['sellerCancelled', text]]);
    expect(told(shop.subs[0]!.phone, seq)).toEqual(['sellerCancelled']);
  });

  it('made by the buyer writes no message (the paid one only)', async () => {
    const paid = await placeOrder(server, token, [{ productId, qty: 1 }]);
    const seq = paid.body.results!.orderSeq as number;
    expect((await call(server, 'cancelMallOrder', { seq }, { token })).status).toBe(200);
    const keys = await queryRows<{ key: string }>(
      server.db,
      sql`select singleton_key as key from pgboss.job where name = 'notify.send' and singleton_key like ${`order:${seq}:%`}`,
    );
    expect(keys.map((k) => k.key)).toEqual([`order:${seq}:paid`]);
  });
});
