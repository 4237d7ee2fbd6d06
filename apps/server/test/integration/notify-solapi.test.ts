import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG_JOBS, type JobRow } from '@partsmall/contract';
import { queryRows } from '../../src/db/client.js';
import { enqueue, jobId } from '../../src/features/jobs/index.js';
import { call, fastJobs, loginAs, startTestServer, until, type TestServer } from '../helpers.js';
import { makeCompany } from '../member-helpers.js';
import { solapiNotify } from '../../src/features/notify/solapi.js';
import { solapiAuthorization } from '../../src/features/sms/solapi.js';
import { solapiStandIn } from '../stand-ins.js';

/**
 * 알림톡 through Solapi (NOTIFY_PROVIDER=solapi) against a local stand-in that answers as Solapi's
 * send API does: the ATA message with kakaoOptions; a refused 알림톡 goes as SMS or LMS; a 5xx or no
 * answer fails the try, the job retries and then parks, and staff's retry sends it once.
 */
const API_KEY = 'NCSNOTIFYKEY0001';
const API_SECRET = 'notify-standin-secret';
let solapi: Awaited<ReturnType<typeof solapiStandIn>>;
let server: TestServer;
let staff: string;

beforeAll(async () => {
  solapi = await solapiStandIn(API_KEY, API_SECRET);
  server = await startTestServer({
    env: {
      NOTIFY_PROVIDER: 'solapi',
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SOLAPI_SENDER: '02-123-4567',
      SOLAPI_API_URL: solapi.url,
      NOTIFY_SOLAPI_PFID: 'KA01PF0000TEST',
      NOTIFY_TEMPLATE_SELLER_CANCELLED: 'KA01TP_CANCEL',
      NOTIFY_TEMPLATE_RETURN_ON_HOLD: 'KA01TP_HOLD',
      NOTIFY_TIMEOUT_MS: '300',
      ...fastJobs(1),
    },
  });
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
});
afterAll(async () => {
  await server?.close();
  await solapi?.close();
});
beforeEach(() => {
  solapi.on({ kind: 'normal' });
  solapi.onKakao({ kind: 'normal' });
});

const state = async (key: string) =>
  (
    await queryRows<{ state: string }>(
      server.db,
      sql`select state::text as state from pgboss.job where name = 'notify.send' and id = ${jobId('notify.send', key)}::uuid`,
    )
  )[0]?.state ?? null;

/** A seller-cancel notification for a company of its own (only its main account). */
async function cancelNotice(refundAmount: number) {
  const shop = await makeCompany(server, '솔라피', 0);
  const key = `test:${randomUUID()}`;
  await enqueue(
    server.db,
    'notify.send',
    { event: 'sellerCancelled', companyId: shop.companyId, values: { orderNo: '7001', refundAmount } },
    { key },
  );
  server.app.jobs.wake('notify.send');
  return { phone: shop.main.phone, key, memberId: shop.main.seq };
}
const sentTo = (phone: string) => solapi.sent.filter((m) => m.to === phone);

/** The parked notify.send job of the key, as the back office's jobs page lists it. */
async function parkedSend(key: string) {
  const list = await call<{ results: JobRow[] }>(
    server,
    'POST',
    'api/admin/jobList',
    { state: 'parked', name: 'notify.send' },
    staff,
  );
  return (list.body.results as unknown as JobRow[]).find((j) => j.key === key)!;
}

describe('Solapi 알림톡', () => {
  it('sends ATA with the channel, template id, variables and disableSms false', async () => {
    const n = await cancelNotice(18_000);
    await until('done', async () => (await state(n.key)) === 'completed');
    const [m] = sentTo(n.phone);
    expect(m).toMatchObject({
      to: n.phone,
      from: '021234567',
      type: 'ATA',
      kakaoOptions: {
        pfId: 'KA01PF0000TEST',
        templateId: 'KA01TP_CANCEL',
        variables: { '#{shop}': '파츠몰', '#{orderNo}': '7001', '#{refundAmount}': '18,000원' },
        disableSms: false,
      },
      customFields: { messageId: `notify.send:${n.key}:member:${n.memberId}` },
    });
    expect(m!.text).toContain('환불금액: 18,000원');
    expect(sentTo(n.phone)).toHaveLength(1);
  });

  it('Kakao refused: the same text goes as LMS (over 90 bytes), once', async () => {
    solapi.onKakao({ kind: 'refuse', status: 400, code: 'InvalidTemplate', message: '템플릿이 승인되지 않았습니다.' });
    const n = await cancelNotice(5_000);
    await until('done', async () => (await state(n.key)) === 'completed');
    expect(sentTo(n.phone).map((m) => m.type)).toEqual(['LMS']);
    expect(solapi.calls.filter((m) => m.to === n.phone).map((m) => m.type)).toEqual(['ATA', 'LMS']);
  });

  it('an event without a template id goes as a text: SMS up to 90 bytes', async () => {
    const shop = await makeCompany(server, '문자', 0);
    const key = `test:${randomUUID()}`;
    await enqueue(
      server.db,
      'notify.send',
      { event: 'chatReply', companyId: shop.companyId, memberId: shop.main.seq, values: { preview: '네' } },
      { key },
    );
    server.app.jobs.wake('notify.send');
    await until('done', async () => (await state(key)) === 'completed');
    // '[파츠몰] 상담 채팅에 답변이 도착했습니다.\n\n네\n\n쇼핑몰에 접속해 확인하세요.' is 74 bytes in EUC-KR.
    expect(solapi.calls.filter((m) => m.to === shop.main.phone).map((m) => m.type)).toEqual(['SMS']);
  });

  it("a staff note with an emoji and an en dash, the 알림톡 refused: the text goes as LMS in EUC-KR's forms, the job done", async () => {
    solapi.onKakao({ kind: 'refuse', status: 400, code: 'InvalidTemplate', message: '템플릿이 승인되지 않았습니다.' });
    const shop = await makeCompany(server, '보류', 0);
    const key = `test:${randomUUID()}`;
    const note = '사진 확인 중입니다 🙏 – 내일 연락드릴게요';
    await enqueue(
      server.db,
      'notify.send',
      { event: 'returnOnHold', companyId: shop.companyId, values: { orderNo: '1', note } },
      { key },
    );
    server.app.jobs.wake('notify.send');
    await until('done', async () => ['completed', 'failed'].includes((await state(key)) ?? ''));
    expect(await state(key)).toBe('completed');
    const calls = solapi.calls.filter((m) => m.to === shop.main.phone);
    // 알림톡 carries the note as written; the text its plain form ('–' as '-', the emoji left out).
    expect(calls.map((m) => m.type)).toEqual(['ATA', 'LMS']);
    expect(calls[0]!.text).toContain(`사유: ${note}`);
    expect(sentTo(shop.main.phone).map((m) => m.text)).toEqual([
      '[파츠몰] 반품 요청이 보류되었습니다.\n\n주문번호: 1\n사유: 사진 확인 중입니다 - 내일 연락드릴게요\n\n자세한 내용은 상담 채팅으로 문의하세요.',
    ]);
  });

  it('a 5xx fails the try: retried, then parked; staff retry sends it exactly once', async () => {
    solapi.on({ kind: 'refuse', status: 503, code: 'ServiceUnavailable', message: '잠시 후 다시 시도하세요.' });
    const creates = () => solapi.requests.filter((r) => r === 'POST /messages/v4/groups').length;
    const before = creates();
    const n = await cancelNotice(9_000);
    await until('parked', async () => (await state(n.key)) === 'failed');
    // Two tries (the first and one retry), each stopped at the group's creation; nothing accepted.
    expect(creates() - before).toBe(2);
    expect(solapi.calls.filter((m) => m.to === n.phone)).toHaveLength(0);
    expect(sentTo(n.phone)).toHaveLength(0);
    const parked = await parkedSend(n.key);
    expect(parked.error).toBe('솔라피 응답 없음 (HTTP 503)');
    // 발송 작업 names the company the message was for.
    expect(parked.companyName).toBe('솔라피상사');
    solapi.on({ kind: 'normal' });
    const retried = await call(server, 'POST', 'api/admin/retryJob', { name: 'notify.send', id: parked.id }, staff);
    expect(retried.body.message).toBe(MSG_JOBS.retried);
    await until('done', async () => (await state(n.key)) === 'completed');
    expect(sentTo(n.phone).map((m) => m.type)).toEqual(['ATA']);
  });

  it('no answer (the connection dropped) is a failed try too; the jobs page says so in its words for the network', async () => {
    solapi.on({ kind: 'down' });
    const n = await cancelNotice(1_000);
    await until('parked', async () => (await state(n.key)) === 'failed');
    expect(sentTo(n.phone)).toHaveLength(0);
    const parked = await parkedSend(n.key);
    // docs/operations.md#jobs: a library's or the network's English, kept, in the shop's sentence.
    expect(parked.error).toBe('작업 중 오류가 발생했습니다. (fetch failed)');
  });

  it('no answer within NOTIFY_TIMEOUT_MS: the jobs page says the time ran out, in Korean', async () => {
    solapi.on({ kind: 'late', afterMs: 1_500 });
    const n = await cancelNotice(2_000);
    await until('parked', async () => (await state(n.key)) === 'failed');
    expect(sentTo(n.phone)).toHaveLength(0);
    const parked = await parkedSend(n.key);
    expect(parked.error).toBe('솔라피 응답 시간 초과 (300ms)');
  });
});

/**
 * A crash anywhere in the group flow: the provider is run as a job's try would run it, cut at one
 * step, and run again as the retry does (the job's effect row never written). Each message reaches
 * Solapi's sent list once.
 */
describe('Solapi 알림톡 across a crash', () => {
  const provider = (timeoutMs = 300) =>
    solapiNotify(
      {
        apiKey: API_KEY,
        apiSecret: API_SECRET,
        sender: '021234567',
        apiUrl: solapi.url,
        timeoutMs,
        pfId: 'KA01PF0000TEST',
        templates: { sellerCancelled: 'KA01TP_CANCEL' },
      },
      server.db,
      server.app.log,
    );
  const message = (to: string) => ({
    to,
    event: 'sellerCancelled' as const,
    text: '[파츠몰] 주문 7001 이 판매자 사정으로 취소되었습니다.',
    variables: { '#{orderNo}': '7001' },
    messageId: `notify.send:test:${randomUUID()}:member:1`,
  });
  /** A cut connection: the try fails with fetch's own English, which the jobs page puts in its sentence. */
  const DROPPED = /^fetch failed$/;
  const requestsSince = (n: number) => solapi.requests.slice(n).map((r) => r.replace(/G4V\d+/, 'G'));

  it('sent, answer lost (a crash after the send, before the effect row): the retry reads the group and sends nothing', async () => {
    const m = message('01077700001');
    solapi.cut('send', 'after');
    await expect(provider().send(m)).rejects.toThrow(DROPPED);
    expect(sentTo(m.to)).toHaveLength(1);
    const from = solapi.requests.length;
    expect(await provider().send(m)).toBe('alimtalk');
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G']);
    expect(sentTo(m.to).map((s) => [s.type, s.customFields?.messageId])).toEqual([['ATA', m.messageId]]);
  });

  it('sent, answer lost, and the retry cannot read the group (refused): no text goes in its place, it waits', async () => {
    const m = message('01077700013');
    solapi.cut('send', 'after');
    await expect(provider().send(m)).rejects.toThrow(DROPPED);
    expect(sentTo(m.to)).toHaveLength(1);
    const from = solapi.requests.length;
    solapi.on({ kind: 'refuse', status: 404, code: 'NotFound', message: '그룹을 찾을 수 없습니다.' });
    try {
      await expect(provider().send(m)).rejects.toThrow('솔라피 응답 없음 (NotFound)');
    } finally {
      solapi.on({ kind: 'normal' });
    }
    // Only the read: a text was neither made nor sent (the 알림톡 may well have gone).
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G']);
    expect(sentTo(m.to).map((s) => s.type)).toEqual(['ATA']);
  });

  it('a try stalled at the send past its lease, and a second try that sent the group meanwhile: one 알림톡, no text', async () => {
    const m = message('01077700014');
    const held = solapi.hold('send');
    let first: Promise<unknown>;
    let second: Promise<unknown>;
    try {
      // Calls may wait 5 s here: the held send must not end in a timeout while the second try runs.
      first = provider(5_000).send(m);
      await until('the first send held', async () => held.arrived() === 1);
      // The first try's lease runs out while Solapi still holds its send (a stalled process).
      await server.db.execute(
        sql`update solapi_groups set claimed_until = now() - interval '1 second' where message_id = ${m.messageId}`,
      );
      second = provider(5_000).send(m);
      await until('the second send held', async () => held.arrived() === 2);
    } finally {
      held.release();
    }
    // One send goes; the other is refused as already sent, reads the group back and takes it as sent.
    expect(await Promise.all([first, second])).toEqual(['alimtalk', 'alimtalk']);
    expect(sentTo(m.to).map((s) => s.type)).toEqual(['ATA']);
  });

  it('the effect row dropped after a whole send: the next run sends nothing', async () => {
    const m = message('01077700002');
    const from = solapi.requests.length;
    expect(await provider().send(m)).toBe('alimtalk');
    // A first send: the group made, the message added, the group sent; nothing read in between.
    expect(requestsSince(from)).toEqual([
      'POST /messages/v4/groups',
      'PUT /messages/v4/groups/G/messages',
      'POST /messages/v4/groups/G/send',
    ]);
    expect(await provider().send(m)).toBe('alimtalk');
    expect(sentTo(m.to)).toHaveLength(1);
  });

  it('a crash after the group was created, before the message was added: the retry adds and sends once', async () => {
    const m = message('01077700003');
    solapi.cut('add', 'before');
    await expect(provider().send(m)).rejects.toThrow(DROPPED);
    expect(sentTo(m.to)).toHaveLength(0);
    const from = solapi.requests.length;
    expect(await provider().send(m)).toBe('alimtalk');
    expect(requestsSince(from)).toEqual([
      'GET /messages/v4/groups/G',
      'PUT /messages/v4/groups/G/messages',
      'POST /messages/v4/groups/G/send',
    ]);
    expect(sentTo(m.to)).toHaveLength(1);
  });

  it('a crash after the message was added, before the send: the retry sends the group once', async () => {
    const m = message('01077700004');
    solapi.cut('send', 'before');
    await expect(provider().send(m)).rejects.toThrow(DROPPED);
    expect(sentTo(m.to)).toHaveLength(0);
    const from = solapi.requests.length;
    expect(await provider().send(m)).toBe('alimtalk');
    expect(requestsSince(from)).toEqual(['GET /messages/v4/groups/G', 'POST /messages/v4/groups/G/send']);
    expect(sentTo(m.to)).toHaveLength(1);
    expect(solapi.calls.filter((c) => c.to === m.to)).toHaveLength(1);
  });

  it('the 알림톡 refused, then a crash after the text was sent: the retry sends neither again', async () => {
    solapi.onKakao({ kind: 'refuse', status: 400, code: 'InvalidTemplate', message: '템플릿이 승인되지 않았습니다.' });
    const m = message('01077700005');
    solapi.cut('send', 'after');
    await expect(provider().send(m)).rejects.toThrow(DROPPED);
    expect(await provider().send(m)).toBe('sms');
    expect(sentTo(m.to).map((s) => s.type)).toEqual(['SMS']);
    // The 알림톡 asked once (the retry reads its group: registered as failed), the text once.
    expect(solapi.calls.filter((c) => c.to === m.to).map((c) => c.type)).toEqual(['ATA', 'SMS']);
  });

  for (const status of ['DELETED', 'FAILED'] as const) {
    it(`a group Solapi marks ${status} before it was sent is not taken as sent: the text goes instead, once`, async () => {
      const m = message(status === 'DELETED' ? '01077700007' : '01077700008');
      solapi.cut('send', 'before');
      await expect(provider().send(m)).rejects.toThrow(DROPPED);
      solapi.setGroupStatus(solapi.groupIds().at(-1)!, status);
      expect(await provider().send(m)).toBe('sms');
      expect(sentTo(m.to).map((s) => s.type)).toEqual(['SMS']);
      // Asked again, nothing more goes.
      expect(await provider().send(m)).toBe('sms');
      expect(sentTo(m.to)).toHaveLength(1);
    });
  }

  it('a text with an emoji goes without it (Solapi would refuse the whole text with 1029)', async () => {
    const m = { ...message('01077700009'), event: 'chatReply' as const, text: '[파츠몰] 답변이 도착했습니다 😀' };
    expect(await provider().send(m)).toBe('sms');
    expect(sentTo(m.to).map((x) => [x.type, x.text])).toEqual([['SMS', '[파츠몰] 답변이 도착했습니다']]);
    // The stand-in, as Solapi, refuses such a text with 1029 when it is added.
    const res = await fetch(`${solapi.url}/messages/v4/groups`, {
      method: 'POST',
      headers: { authorization: solapiAuthorization(API_KEY, API_SECRET), 'content-type': 'application/json' },
      body: '{}',
    });
    const { groupId } = (await res.json()) as { groupId: string };
    const added = await fetch(`${solapi.url}/messages/v4/groups/${groupId}/messages`, {
      method: 'PUT',
      headers: { authorization: solapiAuthorization(API_KEY, API_SECRET), 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ to: m.to, from: '021234567', text: m.text, type: 'SMS' }] }),
    });
    expect(await added.json()).toMatchObject({ errorCount: '1', resultList: [{ statusCode: '1029' }] });
  });

  it('Solapi refusing the calls themselves (400): final, said as a refusal, the text tried once as well', async () => {
    const m = message('01077700011');
    solapi.on({ kind: 'refuse', status: 400, code: 'ValidationError', message: '요청이 올바르지 않습니다.' });
    try {
      await expect(provider().send(m)).rejects.toThrow('솔라피가 문자를 거절했습니다 (ValidationError)');
    } finally {
      solapi.on({ kind: 'normal' });
    }
    expect(sentTo(m.to)).toEqual([]);
  });

  it('a long text (LMS) with an emoji goes without it too; one whose emoji made it long goes as SMS', async () => {
    const long = `[파츠몰] ${'상담 답변이 도착했습니다. '.repeat(8)}`;
    const m = { ...message('01077700012'), event: 'chatReply' as const, text: `${long}😀` };
    expect(await provider().send(m)).toBe('lms');
    // Its space before the emoji goes with it, at the text's end.
    expect(sentTo(m.to).map((x) => [x.type, x.text])).toEqual([['LMS', long.trimEnd()]]);
    // 89 bytes in EUC-KR without its emoji, 91 with it: an LMS only for a character that does not go.
    const short = { ...message('01077700015'), event: 'chatReply' as const, text: `[파츠몰] ${'가'.repeat(40)}😀` };
    expect(await provider().send(short)).toBe('sms');
    expect(sentTo(short.to).map((x) => x.type)).toEqual(['SMS']);
  });

  it("Hangul beyond KS X 1001 ('똠', '햏') and its symbols ('※', '①') go as a text: every syllable is CP949", async () => {
    const m = {
      ...message('01077700010'),
      event: 'chatReply' as const,
      text: '[파츠몰] 똠양꿍 햏 ※ ① 답변이 도착했습니다',
    };
    expect(await provider().send(m)).toBe('sms');
    expect(sentTo(m.to).map((x) => [x.type, x.text])).toEqual([['SMS', m.text]]);
  });

  it('a second send of a sent group is refused by Solapi', async () => {
    const m = message('01077700006');
    await provider().send(m);
    const [row] = await queryRows<{ group_id: string }>(
      server.db,
      sql`select group_id from solapi_groups where message_id = ${m.messageId} and channel = 'alimtalk'`,
    );
    const res = await fetch(`${solapi.url}/messages/v4/groups/${row!.group_id}/send`, {
      method: 'POST',
      headers: { authorization: solapiAuthorization(API_KEY, API_SECRET) },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ errorCode: 'BadRequest', errorMessage: '이미 발송 요청된 그룹입니다.' });
    expect(sentTo(m.to)).toHaveLength(1);
  });
});
