import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG, MSG_PROVIDER } from '@partsmall/contract';
import { solapiAuthorization } from '../../src/features/sms/solapi.js';
import { GROUP_IN_USE, solapiGroupClient, solapiLeaseMs } from '../../src/features/sms/solapi-client.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { enqueue, jobId } from '../../src/features/jobs/index.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { solapiStandIn } from '../stand-ins.js';

/**
 * Verification codes through Solapi (SMS_PROVIDER=solapi) against a local stand-in that checks the
 * HMAC-SHA256 header as Solapi documents it: sent, refused, unanswered, and the shop's daily cap.
 */
const API_KEY = 'NCSSTANDINKEY0001';
const API_SECRET = 'standin-secret-0001';
let solapi: Awaited<ReturnType<typeof solapiStandIn>>;
let server: TestServer;

beforeAll(async () => {
  solapi = await solapiStandIn(API_KEY, API_SECRET);
  server = await startTestServer({
    env: {
      SMS_PROVIDER: 'solapi',
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SOLAPI_SENDER: '02-123-4567',
      SOLAPI_API_URL: solapi.url,
      SOLAPI_TIMEOUT_MS: '300',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await solapi?.close();
});
beforeEach(() => solapi.on({ kind: 'normal' }));

const requestCode = (phone: string) => call(server, 'mobileVerification', { phone, authType: 'message' });

describe('Solapi', () => {
  it('signs with HMAC-SHA256 over date + salt, as Solapi documents', () => {
    expect(solapiAuthorization('KEY1', 'secret-abc', '2026-11-22T16:00:00.000Z', 'salt1234567890')).toBe(
      'HMAC-SHA256 apiKey=KEY1, date=2026-11-22T16:00:00.000Z, salt=salt1234567890, signature=895bf2e5463bc9de8da788abf5cd18e0bef0d07f0151bbfbd814021e562df6d0',
    );
  });

  it('a refused text (Solapi error) answers 503 in Korean, and the phone may ask again at once', async () => {
    solapi.on({ kind: 'refuse', status: 400, code: 'ValidationError', message: '수신번호가 올바르지 않습니다.' });
    const refused = await requestCode('01055500001');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(MSG_PROVIDER.smsSendFailed);
    solapi.on({ kind: 'normal' });
    const again = await requestCode('01055500001');
    expect(again.body.code).toBe(200);
    expect(solapi.sent.filter((m) => m.to === '01055500001')).toHaveLength(1);
  });

  it('no answer within the timeout is a failure too, and sends nothing twice', async () => {
    solapi.on({ kind: 'down' });
    const res = await requestCode('01055500002');
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MSG_PROVIDER.smsSendFailed);
    expect(solapi.sent.filter((m) => m.to === '01055500002')).toHaveLength(0);
  });

  it('sends the code from the registered number; the code it sent verifies; no dev outbox', async () => {
    const res = await requestCode('01055500003');
    expect(res.body.code).toBe(200);
    const text = solapi.sent.find((m) => m.to === '01055500003');
    expect(text?.from).toBe('021234567');
    const code = /\[(\d{6})\]/.exec(text!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(server, 'checkAuthCode', {
      phone: '01055500003',
      authCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.message).toBe(MSG.codeWrong);
    const right = await call(server, 'GET', 'api/checkAuthCode', { phone: '01055500003', authCode: code });
    expect(right.body.code).toBe(200);
    expect((await call(server, 'devOutbox', { phone: '01055500003' })).status).toBe(404);
  });
});

describe("the shop's daily cap (SMS_DAILY_CAP)", () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({
      env: {
        SMS_PROVIDER: 'solapi',
        SOLAPI_API_KEY: API_KEY,
        SOLAPI_API_SECRET: API_SECRET,
        SOLAPI_SENDER: '021234567',
        SOLAPI_API_URL: solapi.url,
        SMS_DAILY_CAP: '2',
      },
    });
  });
  afterAll(async () => capped?.close());

  it('the third text of the day (cap 2) is refused and not sent; a failed send does not count', async () => {
    const ask = (phone: string) => call(capped, 'mobileVerification', { phone, authType: 'message' });
    solapi.on({ kind: 'refuse', status: 500, code: 'InternalError', message: '내부 오류' });
    expect((await ask('01077700001')).status).toBe(503);
    solapi.on({ kind: 'normal' });
    expect((await ask('01077700002')).body.code).toBe(200);
    expect((await ask('01077700003')).body.code).toBe(200);
    const over = await ask('01077700004');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(MSG_PROVIDER.smsShopDailyCap);
    expect(solapi.sent.map((m) => m.to).filter((to) => to.startsWith('010777'))).toEqual([
      '01077700002',
      '01077700003',
    ]);
  });
});

/**
 * A job's text (cash credited, restock) carries its effect key as the message id and goes through
 * Solapi's group flow: a crash after Solapi sent it and before the job recorded it sends it once.
 */
describe('Solapi job texts across a crash', () => {
  const requestsSince = (n: number) => solapi.requests.slice(n).map((r) => r.replace(/G4V\d+/, 'G'));

  it('a cash-credited job texts through a group, its effect key as the message id', async () => {
    const shop = await makeCompany(server, '문자그룹', 0);
    const key = `test:${randomUUID()}`;
    await enqueue(
      server.db,
      'sms.cashCredited',
      { paymentId: 1, companyId: shop.companyId, amount: 50_000, balanceAfter: 80_000 },
      { key },
    );
    server.app.jobs.wake('sms.cashCredited');
    const deadline = Date.now() + 15_000;
    const state = async () =>
      (
        await queryRows<{ state: string }>(
          server.db,
          sql`select state::text as state from pgboss.job where id = ${jobId('sms.cashCredited', key)}::uuid`,
        )
      )[0]?.state;
    while ((await state()) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe('completed');
    expect(solapi.sent.filter((m) => m.to === shop.main.phone)).toEqual([
      {
        to: shop.main.phone,
        from: '021234567',
        text: '[파츠몰] 캐시 50,000원이 충전되었습니다. 충전 후 잔액은 80,000원입니다.',
        type: 'SMS',
        customFields: { messageId: `sms.cashCredited:${key}:member:${shop.main.seq}` },
      },
    ]);
  });

  it('sent, answer lost: the retry reads the group and sends nothing', async () => {
    const sms = server.ctx!.sms;
    const messageId = `sms.restock:test:${randomUUID()}:member:1`;
    solapi.cut('send', 'after');
    await expect(sms.send('01055500009', '[파츠몰] 재입고 알림', undefined, messageId)).rejects.toThrow(
      MSG_PROVIDER.smsSendFailed,
    );
    const from = solapi.requests.length;
    await sms.send('01055500009', '[파츠몰] 재입고 알림', undefined, messageId);
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G']);
    expect(solapi.sent.filter((m) => m.to === '01055500009').map((m) => m.customFields?.messageId)).toEqual([
      messageId,
    ]);
  });

  it('a text with characters EUC-KR lacks goes in their plain forms, by a group or alone: Solapi would refuse it whole', async () => {
    const sms = server.ctx!.sms;
    const text = '[파츠몰] 브레이크 패드 – 앞 ❤️ 재입고';
    await sms.send('01055500010', text, undefined, `sms.restock:test:${randomUUID()}:member:1`);
    await sms.send('01055500011', text);
    expect(solapi.sent.filter((m) => ['01055500010', '01055500011'].includes(m.to)).map((m) => m.text)).toEqual([
      '[파츠몰] 브레이크 패드 - 앞 재입고',
      '[파츠몰] 브레이크 패드 - 앞 재입고',
    ]);
  });
});

/**
 * One try at a time per group: a second try of the same message (the queue expired the first while it
 * still ran) must not add the message to the group the first is filling, or one send delivers it twice.
 */
/** The group client as the jobs use it, against the stand-in. */
const client = (timeoutMs: number) =>
  solapiGroupClient(
    { apiKey: API_KEY, apiSecret: API_SECRET, sender: '021234567', apiUrl: solapi.url, timeoutMs },
    server.db,
  );
const message = (to: string) => ({ to, from: '021234567', text: '[파츠몰] 재입고 알림', type: 'SMS' });
/** The calls the stand-in took since the n-th, each group's id written as G. */
const requestsSince = (n: number) => solapi.requests.slice(n).map((r) => r.replace(/G4V\d+/, 'G'));

/** Whether the message's text group is leased now (true), was leased (false) or is free (null). */
const lease = async (messageId: string) =>
  (
    await queryRows<{ held: boolean | null }>(
      server.db,
      sql`select claimed_until > now() as held from solapi_groups where message_id = ${messageId} and channel = 'text'`,
    )
  )[0]?.held;

describe('one try at a time per Solapi group', () => {
  it('two tries started together while the add is held: one adds and sends, the other answers failed; a later try sends nothing', async () => {
    const to = '01055500021';
    const messageId = `sms.restock:test:${randomUUID()}:member:1`;
    const held = solapi.hold('add');
    try {
      const tries = [client(5000), client(5000)].map((c) => c.deliver(messageId, 'text', message(to)));
      // The try holding the group waits in the add; the other finds the group leased and gives up at once.
      expect(await Promise.race(tries)).toEqual({ kind: 'failed', reason: GROUP_IN_USE });
      const deadline = Date.now() + 5000;
      while (held.arrived() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(held.arrived()).toBe(1);
      expect(await lease(messageId)).toBe(true);
      held.release();
      const outcomes = await Promise.all(tries);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['accepted', 'failed']);
    } finally {
      held.release();
    }
    expect(solapi.calls.filter((m) => m.to === to)).toHaveLength(1);
    expect(solapi.sent.filter((m) => m.to === to)).toHaveLength(1);
    // The lease was given back with the send; the job's next try reads the sent group and sends nothing.
    expect(await lease(messageId)).toBe(null);
    const from = solapi.requests.length;
    expect((await client(5000).deliver(messageId, 'text', message(to))).kind).toBe('accepted');
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G']);
    expect(solapi.sent.filter((m) => m.to === to)).toHaveLength(1);
  });

  it("a 5xx answer is a failure the job's retry may mend; any other answer but 2xx is Solapi refusing, by its code", async () => {
    for (const [status, kind] of [
      [500, 'failed'],
      [503, 'failed'],
      [499, 'refused'],
      [400, 'refused'],
      [300, 'refused'],
    ] as const) {
      solapi.on({ kind: 'refuse', status, code: 'StandInError', message: '시험 거절' });
      const outcome = await client(2000).deliver(
        `sms.restock:test:${randomUUID()}:member:1`,
        'text',
        message('01055500029'),
      );
      expect([status, outcome]).toEqual([
        status,
        kind === 'failed' ? { kind, reason: `HTTP ${status}` } : { kind, reason: 'StandInError', detail: '시험 거절' },
      ]);
    }
    expect(solapi.sent.filter((m) => m.to === '01055500029')).toEqual([]);
  });

  it('a lease left by a crashed try holds the group until it ends; then the next try adds and sends once', async () => {
    // Four calls of 300 ms, doubled, plus a second.
    expect(solapiLeaseMs(300)).toBe(3_400);
    expect(solapiLeaseMs(4_000)).toBe(33_000);
    const to = '01055500022';
    const messageId = `sms.restock:test:${randomUUID()}:member:1`;
    solapi.cut('add', 'before');
    expect((await client(300).deliver(messageId, 'text', message(to))).kind).toBe('failed');
    // A try that ends gives its lease back…
    expect(await lease(messageId)).toBe(null);
    // …one that crashed there leaves it for its whole length.
    await server.db.execute(
      sql`update solapi_groups set claimed_until = now() + ${solapiLeaseMs(300)}::int * interval '1 millisecond' where message_id = ${messageId}`,
    );
    let from = solapi.requests.length;
    expect(await client(300).deliver(messageId, 'text', message(to))).toEqual({ kind: 'failed', reason: GROUP_IN_USE });
    expect(requestsSince(from)).toEqual([]);
    await new Promise((r) => setTimeout(r, solapiLeaseMs(300) + 100));
    expect(await lease(messageId)).toBe(false);
    from = solapi.requests.length;
    expect((await client(300).deliver(messageId, 'text', message(to))).kind).toBe('accepted');
    expect(requestsSince(from)).toEqual([
      'GET /messages/v4/groups/G',
      'PUT /messages/v4/groups/G/messages',
      'POST /messages/v4/groups/G/send',
    ]);
    expect(solapi.sent.filter((m) => m.to === to)).toHaveLength(1);
    expect(await lease(messageId)).toBe(null);
  });
});

describe('a try gives back only its own lease', () => {
  it('a try stalled past its lease ends without freeing the lease another try took meanwhile', async () => {
    const to = '01055500023';
    const messageId = `sms.restock:test:${randomUUID()}:member:1`;
    const held = solapi.hold('send');
    let first: ReturnType<ReturnType<typeof client>['deliver']> | undefined;
    try {
      first = client(5000).deliver(messageId, 'text', message(to));
      const deadline = Date.now() + 5000;
      while (held.arrived() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(held.arrived()).toBe(1);
      // The first try's lease ran out while Solapi held its send, and another try leased the group.
      await server.db.execute(
        sql`update solapi_groups set claimed_until = now() + interval '1 minute' where message_id = ${messageId}`,
      );
    } finally {
      held.release();
    }
    expect((await first!).kind).toBe('accepted');
    // The first try's lease is gone; the other try's stays until that try gives it back.
    expect(await lease(messageId)).toBe(true);
    expect(await client(5000).deliver(messageId, 'text', message(to))).toEqual({
      kind: 'failed',
      reason: GROUP_IN_USE,
    });
    expect(solapi.sent.filter((m) => m.to === to)).toHaveLength(1);
  });
});

describe('what Solapi says of the message it is given', () => {
  /** A 알림톡 (type ATA) as the notify jobs send it. */
  const kakao = (to: string) => ({
    to,
    from: '021234567',
    text: '[파츠몰] 주문이 출고되었습니다.',
    type: 'ATA',
    kakaoOptions: { pfId: 'KA01PF-STANDIN', templateId: 'KA01TP-SHIPPED', variables: {}, disableSms: true },
  });
  afterAll(() => solapi.onKakao({ kind: 'normal' }));

  it('a message the add refuses is refused by its own statusCode (not only by errorCount), and the group is not sent', async () => {
    solapi.onKakao({ kind: 'refuse', status: 200, code: '3008', message: '등록되지 않은 템플릿입니다.' });
    const from = solapi.requests.length;
    const outcome = await client(2000).deliver(`notify.send:test:${randomUUID()}`, 'kakao', kakao('01055500031'));
    expect(outcome).toEqual({ kind: 'refused', reason: '3008', detail: '등록되지 않은 템플릿입니다.' });
    expect(requestsSince(from)).toEqual(['POST /messages/v4/groups', 'PUT /messages/v4/groups/G/messages']);
    expect(solapi.sent.filter((m) => m.to === '01055500031')).toEqual([]);
  });

  it('refused as it was added, the answer lost: the next try reads every message of the group refused and sends nothing', async () => {
    solapi.onKakao({ kind: 'refuse', status: 200, code: '3008', message: '등록되지 않은 템플릿입니다.' });
    const messageId = `notify.send:test:${randomUUID()}`;
    solapi.cut('add', 'after');
    expect((await client(300).deliver(messageId, 'kakao', kakao('01055500032'))).kind).toBe('failed');
    const from = solapi.requests.length;
    const outcome = await client(2000).deliver(messageId, 'kakao', kakao('01055500032'));
    // The group holds one message, refused (count.total 1, count.registeredFailed 1).
    expect(outcome).toEqual({
      kind: 'refused',
      reason: 'registeredFailed',
      detail: { total: 1, registeredFailed: 1, registeredSuccess: 0 },
    });
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G']);
    expect(solapi.sent.filter((m) => m.to === '01055500032')).toEqual([]);
  });
});
