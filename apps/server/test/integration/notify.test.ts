import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, NOTIFY_SETTING_EVENTS, ORDER_STATUS, type ChatMessage } from '@partsmall/contract';
import { queryRows, type Db } from '../../src/db/client.js';
import { companies, orders, payments, smsOutbox } from '../../src/db/schema.js';
import { jobId, runHandler } from '../../src/features/jobs/index.js';
import { moveOrder } from '../../src/features/orders/service.js';
import { notifySettings } from '../../src/features/notify/schema.js';
import { call, fastJobs, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { ack, clientId, openChat, tokenFor } from '../chat-helpers.js';
import { png } from '../chat-images.js';
import { makeCompany, type TestCompany } from '../member-helpers.js';
import { saveWithNewPhone } from '../notify-helpers.js';
import { fund, insertOrder, makeProduct, placeOrder, seoulToday, COURIER } from '../order-helpers.js';
import { DomainEvents, NO_SUBSCRIBERS } from '../../src/shared/events.js';
import { chatReplyNotices } from '../../src/features/notify/chat-reply.js';
import { claimReplyNotice } from '../../src/features/chat/index.js';

/**
 * 알림톡 (docs/requirements.md#notifications) with the console provider on PostgreSQL: each event reaches each account its
 * settings name once, at the dev outbox; a notification is written in its change's transaction and
 * rolls back with it; '알림 설정' is each account's own (main = company default, sub = its own).
 */
const SECRET = 'notify-test-secret';
const FAST = {
  PAYMENT_SANDBOX_SECRET: SECRET,
  ...fastJobs(1),
};

let server: TestServer;
let staff: string;

/** The notifications the console provider wrote for a phone, oldest first. */
const notices = async (db: Db, phone: string) =>
  db
    .select({ event: smsOutbox.event, channel: smsOutbox.channel, text: smsOutbox.text })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), isNotNull(smsOutbox.event)))
    .orderBy(smsOutbox.id);
const eventsAt = async (db: Db, phone: string) => (await notices(db, phone)).map((n) => n.event);
const jobState = async (name: string, key: string) =>
  (
    await queryRows<{ state: string }>(
      server.db,
      sql`select state::text as state from pgboss.job where name = ${name} and id = ${jobId(name, key)}::uuid`,
    )
  )[0]?.state ?? null;
const doneJob = (name: string, key: string) =>
  until(`${name} ${key} done`, async () => (await jobState(name, key)) === 'completed');

beforeAll(async () => {
  server = await startTestServer({ env: FAST });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  await server?.close();
});

/** The conversation of a company's main account, as the chat makes it. */
async function conversationFor(shop: TestCompany): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    server.db,
    sql`insert into chat_conversations (customer_id) values (${shop.main.seq}) returning id`,
  );
  return row!.id;
}

/** Tells the chat-reply notices that staff answered the company's main account, stored at `at`. */
const answerTo = (bus: DomainEvents, shop: TestCompany, conversationId: number) => (sendMessage: string, at: Date) =>
  bus.publish({
    type: 'messageStored',
    message: { sendSide: 'admin', targetUser: shop.main.seq, type: 'text', sendMessage } as ChatMessage,
    conversationId,
    storedAt: at,
    delivered: true,
  });

describe('each event reaches each account once', () => {
  let shop: TestCompany;
  let main: string;
  let orderSeq: number;
  beforeAll(async () => {
    shop = await makeCompany(server, '알림상사', 1);
    main = await loginAs(server, shop.main.id, shop.main.pw);
  });

  it('order paid: the main and the sub-account get 알림톡 with the order, items and amount', async () => {
    const p = await makeProduct(server, {
      tiers: [7000, 7000, 7000, 7000],
      salePrice: 9000,
      name: '브레이크 패드 세트',
    });
    await fund(server, shop.companyId, 100_000);
    const paid = await placeOrder(server, main, [{ productId: p.id, qty: 2 }], { shippingInfo: COURIER });
    expect(paid.body.code).toBe(201);
    orderSeq = paid.body.results!.orderSeq;
    await doneJob('notify.send', `order:${orderSeq}:paid`);
    const [toMain] = await notices(server.db, shop.main.phone);
    expect(toMain!.event).toBe('orderPaid');
    expect(toMain!.channel).toBe('alimtalk');
    expect(toMain!.text).toContain(`주문번호: ${orderSeq}\n상품: 브레이크 패드 세트\n결제금액: 20,000원`);
    expect(await eventsAt(server.db, shop.subs[0]!.phone)).toEqual(['orderPaid']);
  });

  it('a product name with an emoji across its 40th character is paid and told, cut before the emoji', async () => {
    const own = await makeCompany(server, '이모지상사', 0);
    const p = await makeProduct(server, {
      tiers: [8100, 8100, 8100, 8100],
      salePrice: 9100,
      name: `${'A'.repeat(39)}😀 필터`,
    });
    await fund(server, own.companyId, 50_000);
    const token = await loginAs(server, own.main.id, own.main.pw);
    const paid = await placeOrder(server, token, [{ productId: p.id, qty: 1 }], { shippingInfo: COURIER });
    expect([paid.status, paid.body.code]).toEqual([200, 201]);
    await doneJob('notify.send', `order:${paid.body.results!.orderSeq}:paid`);
    const [told] = await notices(server.db, own.main.phone);
    expect(told!.text).toContain(`상품: ${'A'.repeat(39)}…\n결제금액: 14,100원`);
  });

  it('shipment confirmed, shipped (carrier, waybill, link), each told once even when the request is repeated', async () => {
    const confirm = await call(server, 'POST', 'api/admin/setOrderStatus', { seq: orderSeq, status: 1 }, staff);
    expect(confirm.body.code).toBe(201);
    const ship = { seq: orderSeq, status: 2, carrier: 'CJ대한통운', waybill: '6012-3456-7890' };
    expect((await call(server, 'POST', 'api/admin/setOrderStatus', ship, staff)).body.code).toBe(201);
    // The same move again is refused (2 → 2) and tells nothing.
    expect((await call(server, 'POST', 'api/admin/setOrderStatus', ship, staff)).status).toBe(409);
    await until('shipped notice', async () => (await eventsAt(server.db, shop.main.phone)).includes('shipped'));
    await new Promise((r) => setTimeout(r, 1200));
    expect((await eventsAt(server.db, shop.main.phone)).sort()).toEqual(['orderPaid', 'shipmentConfirmed', 'shipped']);
    expect((await eventsAt(server.db, shop.subs[0]!.phone)).sort()).toEqual([
      'orderPaid',
      'shipmentConfirmed',
      'shipped',
    ]);
    const shipped = (await notices(server.db, shop.main.phone)).find((n) => n.event === 'shipped')!;
    expect(shipped.text).toContain('택배사: CJ대한통운\n운송장번호: 601234567890\n배송조회: http');
  });

  it("shipped with a carrier of no list: the 알림톡's waybill is the one the order shows, as typed", async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000 });
    const own = await makeCompany(server, '해외배송', 0);
    const seq = await insertOrder(server, {
      companyId: own.companyId,
      memberId: own.main.seq,
      status: 1,
      productId: p.id,
    });
    const ship = { seq, status: 2, carrier: 'DHL', waybill: 'JD-0146 0001 234' };
    expect((await call(server, 'POST', 'api/admin/setOrderStatus', ship, staff)).body.code).toBe(201);
    const [order] = await server.db.select().from(orders).where(eq(orders.id, seq));
    expect([order!.carrier, order!.waybill]).toEqual(['DHL', 'JD-0146 0001 234']);
    await until('shipped notice', async () => (await eventsAt(server.db, own.main.phone)).includes('shipped'));
    const shipped = (await notices(server.db, own.main.phone)).find((n) => n.event === 'shipped')!;
    expect(shipped.text).toContain(
      `주문번호: ${seq}\n택배사: DHL\n운송장번호: JD-0146 0001 234\n배송조회: 쇼핑몰 주문 내역에서 확인하세요.`,
    );
  });

  it('seller cancel tells the refund; return on hold and approved tell the note', async () => {
    const p = await makeProduct(server, { tiers: [5000, 5000, 5000, 5000], salePrice: 5000 });
    const cancelled = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
      totalAmount: 12_000,
      shipping: 6000,
    });
    await call(server, 'POST', 'api/admin/setOrderStatus', { seq: cancelled, status: 8 }, staff);
    const returned = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 4,
      productId: p.id,
      totalAmount: 30_000,
      shipping: 0,
      shippedAt: new Date(),
      returnReason: 0,
    });
    const hold = { seq: returned, status: 6, note: '상자 훼손 사진을 보내 주세요' };
    expect((await call(server, 'POST', 'api/admin/setOrderStatus', hold, staff)).body.code).toBe(201);
    expect(
      (await call(server, 'POST', 'api/admin/setOrderStatus', { seq: returned, status: 5 }, staff)).body.code,
    ).toBe(201);
    // Three jobs, run side by side: their messages may be written in any order.
    const wanted = ['returnApproved', 'returnOnHold', 'sellerCancelled'];
    const lines = async () =>
      (await notices(server.db, shop.main.phone))
        .filter((n) => wanted.includes(n.event!))
        .map((n) => [n.event, n.text.split('\n')[3]])
        .sort();
    await until('the three notices', async () => (await lines()).length >= 3);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await lines()).toEqual([
      ['returnApproved', '안내: 환불금액 30,000원을 캐시로 돌려 드렸습니다.'],
      ['returnOnHold', '사유: 상자 훼손 사진을 보내 주세요'],
      ['sellerCancelled', '환불금액: 18,000원'],
    ]);
  });

  it("a return approved with staff's note tells that note instead of the refund line", async () => {
    const p = await makeProduct(server, { tiers: [7000, 7000, 7000, 7000], salePrice: 7000 });
    const returned = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 4,
      productId: p.id,
      totalAmount: 21_000,
      shipping: 0,
      shippedAt: new Date(),
      returnReason: 0,
    });
    const approve = { seq: returned, status: 5, note: '  회수 기사가 내일 방문합니다  ' };
    expect((await call(server, 'POST', 'api/admin/setOrderStatus', approve, staff)).body.code).toBe(201);
    const approvedNotes = async () =>
      (await notices(server.db, shop.main.phone))
        .filter((n) => n.event === 'returnApproved' && n.text.split('\n')[2] === `주문번호: ${returned}`)
        .map((n) => n.text.split('\n')[3]);
    await until('the approval notice', async () => (await approvedNotes()).length > 0);
    expect(await approvedNotes()).toEqual(['안내: 회수 기사가 내일 방문합니다']);
  });

  it('cash credited and a bank transfer waiting reach the main account only', async () => {
    const transfer = await call<{ paymentId: string }>(
      server,
      'POST',
      'payCenter/showCashPaymentWinow',
      { pgcode: 'banktransfer', amount: 30_000 },
      main,
    );
    expect(transfer.body.code).toBe(200);
    const card = await call<{ paymentId: string }>(
      server,
      'POST',
      'payCenter/showCashPaymentWinow',
      { pgcode: 'creditcard', amount: 40_000 },
      main,
    );
    const paymentId = card.body.results!.paymentId;
    const signature = createHmac('sha256', SECRET).update(`${paymentId}:40000:paid`).digest('hex');
    const done = await call(server, 'POST', 'payCenter/callback', {
      paymentId,
      amount: 40_000,
      status: 'paid',
      signature,
    });
    expect(done.status).toBe(200);
    await until('credited', async () => (await eventsAt(server.db, shop.main.phone)).includes('cashCredited'));
    await until('transfer', async () => (await eventsAt(server.db, shop.main.phone)).includes('bankTransferWaiting'));
    const list = await notices(server.db, shop.main.phone);
    // One 입금 대기 notice: the transfer's; a card has no account to wait on.
    const waiting = list.filter((n) => n.event === 'bankTransferWaiting');
    expect(waiting.map((n) => n.text.match(/입금금액: [\d,]+원/)?.[0])).toEqual(['입금금액: 30,000원']);
    // Due 72 hours after the transfer was asked for, in Seoul time.
    const [asked] = await server.db
      .select({ createdAt: payments.createdAt })
      .from(payments)
      .where(eq(payments.gatewayId, transfer.body.results!.paymentId));
    const due = new Date(asked!.createdAt.getTime() + 72 * 3600_000 + 9 * 3600_000).toISOString();
    const dueText = `${due.slice(0, 10).replaceAll('-', '.')} ${due.slice(11, 16)}`;
    expect(waiting[0]!.text).toMatch(
      new RegExp(`은행: \\S+은행\\n계좌번호: \\d{3}-\\d{6}-\\d{3}\\n입금금액: 30,000원\\n입금기한: ${dueText}\\n`),
    );
    // The credit tells the amount and the balance after it (nothing else moved the cash since).
    const [after] = await server.db
      .select({ point: companies.point })
      .from(companies)
      .where(eq(companies.id, shop.companyId));
    const credited = list.find((n) => n.event === 'cashCredited')!.text;
    expect(credited).toContain(`충전금액: 40,000원\n충전 후 잔액: ${after!.point.toLocaleString('ko-KR')}원\n`);
    expect(after!.point).toBeGreaterThanOrEqual(40_000);
    const subEvents = await eventsAt(server.db, shop.subs[0]!.phone);
    expect(subEvents.filter((e) => e === 'cashCredited' || e === 'bankTransferWaiting')).toEqual([]);
  });

  it('licence ending in 3 days: one notice per company and end date, however often the scan runs', async () => {
    const day = seoulToday();
    const end = new Date(`${day}T00:00:00+09:00`);
    end.setUTCDate(end.getUTCDate() + 3);
    end.setUTCHours(end.getUTCHours() + 12);
    await server.db.update(companies).set({ licenseEnd: end }).where(eq(companies.id, shop.companyId));
    const deps = { db: server.db, sms: server.ctx!.sms, log: server.app.log };
    const scan = { id: randomUUID(), data: { day }, singletonKey: `test:${day}`, retryCount: 0 };
    await runHandler('notify.licenceScan', scan, deps);
    await runHandler('notify.licenceScan', { ...scan, id: randomUUID() }, deps);
    await doneJob('notify.send', `licence:${shop.companyId}:${end.toISOString()}`);
    await new Promise((r) => setTimeout(r, 1200));
    const ending = (await notices(server.db, shop.main.phone)).filter((n) => n.event === 'licenceEnding');
    expect(ending).toHaveLength(1);
    expect(ending[0]!.text).toContain('만료일: ');
  });

  it('a staff chat answer to a customer with no chat open: one notice per conversation per 10 minutes', async () => {
    const [staffRow] = await queryRows<{ id: number }>(
      server.db,
      sql`select id from members where login_id = 'staff@partsmall.kr'`,
    );
    const socket = await openChat(server, await tokenFor(server, staffRow!.id));
    try {
      for (const text of ['오늘 출고됩니다. 운송장은 곧 알려 드릴게요.', '추가 문의 있으시면 말씀 주세요.']) {
        const sent = await ack(socket, 'adminMessage', {
          sendMessage: text,
          clientMessageId: clientId(),
          targetUser: shop.subs[0]!.seq,
        });
        expect(sent.code).toBe(201);
      }
      await until('chat notice', async () => (await eventsAt(server.db, shop.subs[0]!.phone)).includes('chatReply'));
      await new Promise((r) => setTimeout(r, 1200));
      const chat = (await notices(server.db, shop.subs[0]!.phone)).filter((n) => n.event === 'chatReply');
      expect(chat.map((n) => n.text.split('\n')[2])).toEqual(['오늘 출고됩니다. 운송장은 곧 알려 드릴게요.']);
      // The main account is not the one the answer was for.
      expect(await eventsAt(server.db, shop.main.phone)).not.toContain('chatReply');
    } finally {
      socket.disconnect();
    }
  });
});

describe('the chat reply notice follows every staff answer stored', () => {
  it('a staff photo uploaded over HTTP to a customer with no chat open: one notice saying (사진), none for the next in the window', async () => {
    const shop = await makeCompany(server, '사진상사', 0);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append('imgFiles', new Blob([await png()], { type: 'image/png' }), name);
      const res = await fetch(`${server.base}/uploadChatFiles`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}`, targetuser: String(shop.main.seq) },
        body: form,
      });
      expect([res.status, ((await res.json()) as { code: number }).code]).toEqual([200, 201]);
    };
    await upload('견적서.png');
    await until('photo notice', async () => (await eventsAt(server.db, shop.main.phone)).includes('chatReply'));
    await upload('부품사진.png');
    await new Promise((r) => setTimeout(r, 1200));
    const chat = (await notices(server.db, shop.main.phone)).filter((n) => n.event === 'chatReply');
    expect(chat.map((n) => n.text.split('\n')[2])).toEqual(['(사진)']);
  });

  it('two answers told at once, the first one slower to check: the notice carries the first', async () => {
    const shop = await makeCompany(server, '순서상사', 0);
    const bus = new DomainEvents(server.app.log);
    let checks = 0;
    // Whether the customer is online: the first answer's check is the slow one.
    const online = async () => {
      if (checks++ === 0) await new Promise((r) => setTimeout(r, 300));
      return false;
    };
    const stop = chatReplyNotices(bus, server.db, { customerOnline: online, claimReplyNotice }, server.app.log);
    const answer = answerTo(bus, shop, await conversationFor(shop));
    try {
      await Promise.all([answer('첫 답변입니다.', new Date()), answer('두 번째 답변입니다.', new Date())]);
    } finally {
      stop();
    }
    await until('chat notice', async () => (await eventsAt(server.db, shop.main.phone)).includes('chatReply'));
    await new Promise((r) => setTimeout(r, 1200));
    const chat = (await notices(server.db, shop.main.phone)).filter((n) => n.event === 'chatReply');
    expect(chat.map((n) => n.text.split('\n')[2])).toEqual(['첫 답변입니다.']);
  });

  it('at most one notice in any 10 minutes of a conversation, counted from the last notice, not by clock windows', async () => {
    const shop = await makeCompany(server, '창구상사', 0);
    const bus = new DomainEvents(server.app.log);
    const stop = chatReplyNotices(
      bus,
      server.db,
      { customerOnline: async () => false, claimReplyNotice },
      server.app.log,
    );
    const answer = answerTo(bus, shop, await conversationFor(shop));
    // 07:59:57 and 08:00:03 fall in two clock windows of 10 minutes, 6 seconds apart: one notice.
    const first = Date.UTC(2026, 11, 6, 7, 59, 57);
    try {
      await answer('첫 답변', new Date(first));
      await answer('6초 뒤 답변', new Date(first + 6000));
      await answer('10분에서 1초 모자란 답변', new Date(first + 599_999));
      await answer('10분 뒤 답변', new Date(first + 600_000));
    } finally {
      stop();
    }
    await until(
      'two chat notices',
      async () => (await notices(server.db, shop.main.phone)).filter((n) => n.event === 'chatReply').length >= 2,
    );
    await new Promise((r) => setTimeout(r, 1200));
    // The two notices are sent by jobs of their own, in either order.
    const chat = (await notices(server.db, shop.main.phone)).filter((n) => n.event === 'chatReply');
    expect(chat.map((n) => n.text.split('\n')[2]).sort()).toEqual(['10분 뒤 답변', '첫 답변']);
  });

  it('a staff answer to a customer with the chat open sends no notice', async () => {
    const shop = await makeCompany(server, '접속상사', 0);
    const [staffRow] = await queryRows<{ id: number }>(
      server.db,
      sql`select id from members where login_id = 'staff@partsmall.kr'`,
    );
    const customer = await openChat(server, await tokenFor(server, shop.main.seq));
    const socket = await openChat(server, await tokenFor(server, staffRow!.id));
    try {
      const sent = await ack(socket, 'adminMessage', {
        sendMessage: '확인했습니다.',
        clientMessageId: clientId(),
        targetUser: shop.main.seq,
      });
      expect(sent.code).toBe(201);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await eventsAt(server.db, shop.main.phone)).not.toContain('chatReply');
    } finally {
      socket.disconnect();
      customer.disconnect();
    }
  });
});

describe('a notification is part of its change', () => {
  it('a move that fails after its notification was written leaves neither the move nor the job', async () => {
    const shop = await makeCompany(server, '롤백상사', 0);
    const p = await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 4000 });
    const seq = await insertOrder(server, {
      companyId: shop.companyId,
      memberId: shop.main.seq,
      status: 0,
      productId: p.id,
    });
    const failing = moveOrder(server.db, NO_SUBSCRIBERS, {
      seq,
      status: ORDER_STATUS.shipmentConfirmed,
      companyId: null,
      actor: 'staff',
      memberId: shop.main.seq,
      onMoved: () => Promise.reject(new Error('감사 기록 실패')),
    });
    await expect(failing).rejects.toThrow('감사 기록 실패');
    const [order] = await server.db.select({ status: orders.status }).from(orders).where(eq(orders.id, seq));
    expect(order!.status).toBe(0);
    const jobs = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from pgboss.job where name = 'notify.send' and singleton_key like ${`order:${seq}:%`}`,
    );
    expect(jobs[0]!.n).toBe(0);
    // The same move committed: the order moved and its job is there.
    await moveOrder(server.db, NO_SUBSCRIBERS, {
      seq,
      status: 1,
      companyId: null,
      actor: 'staff',
      memberId: shop.main.seq,
    });
    const written = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from pgboss.job where name = 'notify.send' and singleton_key like ${`order:${seq}:%`}`,
    );
    expect(written[0]!.n).toBe(1);
  });
});

describe("'알림 설정'", () => {
  it('main sets the company default; a sub-account follows it until it saves its own; others are untouched', async () => {
    const shop = await makeCompany(server, '설정상사', 1);
    const other = await makeCompany(server, '남의상사', 0);
    const [main, sub, outsider] = await Promise.all([
      loginAs(server, shop.main.id, shop.main.pw),
      loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw),
      loginAs(server, other.main.id, other.main.pw),
    ]);
    const fresh = await call(server, 'getNotifySettings', undefined, { token: main });
    expect(fresh.body.results).toEqual({
      scope: 'company',
      events: [...NOTIFY_SETTING_EVENTS],
      phone: null,
      accountPhone: shop.main.phone,
      choices: [...NOTIFY_SETTING_EVENTS],
      companyEvents: [...NOTIFY_SETTING_EVENTS],
    });
    const saved = await saveWithNewPhone(server, main, {
      events: ['shipped', 'orderPaid', 'cashCredited'],
      phone: '01098765432',
    });
    expect([saved.body.message, saved.body.results!.events, saved.body.results!.phone]).toEqual([
      '알림 설정을 저장했습니다.',
      ['orderPaid', 'shipped', 'cashCredited'],
      '01098765432',
    ]);
    const subView = await call(server, 'getNotifySettings', undefined, { token: sub });
    expect(subView.body.results).toMatchObject({
      scope: 'default',
      events: ['orderPaid', 'shipped'],
      phone: null,
      accountPhone: shop.subs[0]!.phone,
      companyEvents: ['orderPaid', 'shipped'],
    });
    expect(subView.body.results!.choices).not.toContain('cashCredited');
    const own = await call(server, 'setNotifySettings', { events: ['chatReply', 'cashCredited'] }, { token: sub });
    expect(own.body.results).toMatchObject({ scope: 'own', events: ['chatReply'] });
    // The main account's (company) settings did not change, nor the other company's.
    expect((await call(server, 'getNotifySettings', undefined, { token: main })).body.results!.events).toEqual([
      'orderPaid',
      'shipped',
      'cashCredited',
    ]);
    expect((await call(server, 'getNotifySettings', undefined, { token: outsider })).body.results!.events).toEqual([
      ...NOTIFY_SETTING_EVENTS,
    ]);
    const back = await call(server, 'setNotifySettings', { events: [], followCompany: true }, { token: sub });
    expect(back.body.results).toMatchObject({ scope: 'default', events: ['orderPaid', 'shipped'] });

    // An order paid now goes to the main account's chosen phone and to the sub-account's own.
    const p = await makeProduct(server, { tiers: [3000, 3000, 3000, 3000], salePrice: 3000 });
    await fund(server, shop.companyId, 10_000);
    const paid = await placeOrder(server, main, [{ productId: p.id, qty: 1 }], { shippingInfo: COURIER });
    await doneJob('notify.send', `order:${paid.body.results!.orderSeq}:paid`);
    expect(await eventsAt(server.db, '01098765432')).toEqual(['orderPaid']);
    expect(await eventsAt(server.db, shop.main.phone)).toEqual([]);
    expect(await eventsAt(server.db, shop.subs[0]!.phone)).toEqual(['orderPaid']);
  });

  it("events saved without a phone of their own hold all the same: they reach the account's phone, the others none", async () => {
    const shop = await makeCompany(server, '번호없는상사', 1);
    const [main, sub] = await Promise.all([
      loginAs(server, shop.main.id, shop.main.pw),
      loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw),
    ]);
    const company = await call(server, 'setNotifySettings', { events: ['shipped'] }, { token: main });
    expect(company.body.results).toMatchObject({ scope: 'company', events: ['shipped'], phone: null });
    const own = await call(server, 'setNotifySettings', { events: ['orderPaid'] }, { token: sub });
    expect(own.body.results).toMatchObject({ scope: 'own', events: ['orderPaid'], phone: null });

    const p = await makeProduct(server, { tiers: [4000, 4000, 4000, 4000], salePrice: 4000 });
    await fund(server, shop.companyId, 10_000);
    const paid = await placeOrder(server, sub, [{ productId: p.id, qty: 1 }], { shippingInfo: COURIER });
    await doneJob('notify.send', `order:${paid.body.results!.orderSeq}:paid`);
    expect(await eventsAt(server.db, shop.subs[0]!.phone)).toEqual(['orderPaid']);
    expect(await eventsAt(server.db, shop.main.phone)).toEqual([]);
  });

  it("a withdrawal takes the account's settings (and the phone in them) with it", async () => {
    const shop = await makeCompany(server, '탈퇴상사', 1);
    const sub = await loginAs(server, shop.subs[0]!.id, shop.subs[0]!.pw);
    await saveWithNewPhone(server, sub, { events: ['shipped'], phone: '01044443333' });
    const rows = () => server.db.select().from(notifySettings).where(eq(notifySettings.companyId, shop.companyId));
    expect((await rows()).map((r) => r.phone)).toEqual(['01044443333']);
    const agreed = { agree1: true, agree2: true, agree3: true, agree4: true, userName: shop.subs[0]!.name };
    expect((await call(server, 'POST', 'api/WithdrawMember', agreed, sub)).status).toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('refuses visitors, staff and bad input in Korean, changing nothing', async () => {
    const shop = await makeCompany(server, '거절상사', 0);
    const main = await loginAs(server, shop.main.id, shop.main.pw);
    expect((await call(server, 'getNotifySettings', undefined)).status).toBe(401);
    expect((await call(server, 'getNotifySettings', undefined, { token: staff })).status).toBe(403);
    for (const body of [
      { events: ['nope'] },
      { events: 'orderPaid' },
      { events: ['shipped'], phone: '0212345678' },
      { events: ['shipped'], phone: 12 },
      { events: Array.from({ length: 5000 }, () => 'shipped') },
      { events: ['shipped'], followCompany: 'yes' },
    ]) {
      const res = await call(server, 'POST', 'api/setNotifySettings', body, main);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toMatch(/[가-힣]/);
    }
    for (const followCompany of ['yes', 1, null]) {
      const res = await call(server, 'POST', 'api/setNotifySettings', { events: [], followCompany }, main);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("'회사 기본값 따르기'는 예 또는 아니오로 선택하세요.");
    }
    const after = await call(server, 'getNotifySettings', undefined, { token: main });
    expect(after.body.results!.events).toEqual([...NOTIFY_SETTING_EVENTS]);
    expect(MSG.badRequest).toMatch(/[가-힣]/);
  });
});
