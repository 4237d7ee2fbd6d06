import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@partsmall/contract';
import { chatFiles, chatMessages } from '../../src/db/schema.js';
import { countOnlineCustomers } from '../../src/features/chat/routes.js';
import { call, startTestServer, type TestServer } from '../helpers.js';
import { ack, clientId, memberIdOf, newCustomer, openChat, tokenFor, waitFor } from '../chat-helpers.js';
import { png, zipArchive } from '../chat-images.js';

/**
 * The chat's HTTP calls through the whole server (docs/requirements.md#chat): POST uploadChatFile (customer) and
 * POST /uploadChatFiles (staff, targetUser header) with the multipart field imgFiles, the signed
 * file addresses, and api/qrcodeLoginCode + api/qrcodeLogin. The content rules themselves are
 * tested on the upload function in chat-uploads.test.ts; here each is seen through HTTP.
 */
let server: TestServer;
let staffId: number;
let staffToken: string;
beforeAll(async () => {
  server = await startTestServer();
  staffId = await memberIdOf(server, 'staff@partsmall.kr');
  staffToken = await tokenFor(server, staffId);
});
afterAll(async () => {
  await server?.close();
});

interface Part {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

async function upload(
  path: 'uploadChatFile' | 'uploadChatFiles',
  token: string | null,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const p of parts)
    form.append(p.field ?? 'imgFiles', new Blob([p.data], { type: p.type ?? 'image/png' }), p.name);
  const res = await fetch(`${server.base}/${path}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: form,
  });
  const body = (await res.json()) as { code: number; message: string; results?: ChatMessage; field?: string };
  return { status: res.status, body };
}

const storedBy = async (memberId: number) =>
  Number((await server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.senderId, memberId)))[0]!.n);
const filesOf = async (messageId: number) =>
  Number((await server.db.select({ n: count() }).from(chatFiles).where(eq(chatFiles.messageId, messageId)))[0]!.n);

describe('POST uploadChatFile (customer)', () => {
  it('an image becomes a file message: stored before staff and the other tab receive it, readable by its signed address only', async () => {
    const c = await newCustomer(server, '업로드고객');
    const otherTab = await openChat(server, c.token);
    const staffSocket = await openChat(server, staffToken);
    const other = await newCustomer(server, '다른고객');
    const otherSocket = await openChat(server, other.token);
    const leaked: ChatMessage[] = [];
    otherSocket.on('messageToUser', (m: ChatMessage) => leaked.push(m));
    try {
      const atStaff = waitFor<ChatMessage>(staffSocket, 'messageToAdmin', (m) => m.targetUser === c.seq).then(
        async (m) => ({
          m,
          storedWhenReceived: await filesOf(m.seq),
        }),
      );
      const atTab = waitFor<ChatMessage>(otherTab, 'messageToUser');
      const res = await upload('uploadChatFile', c.token, [{ name: '브레이크패드.png', data: await png(40, 30) }]);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(201);
      const message = res.body.results!;
      expect(message).toMatchObject({
        type: 'file',
        sendMessageType: 'file',
        sendSide: 'user',
        targetUser: c.seq,
        sendUserName: c.name,
      });
      expect(message.fileList.map((f) => [f.name, f.mime, f.width, f.height])).toEqual([
        ['브레이크패드.png', 'image/png', 40, 30],
      ]);
      const { m, storedWhenReceived } = await atStaff;
      expect(m.seq).toBe(message.seq);
      expect(storedWhenReceived).toBe(1);
      expect((await atTab).seq).toBe(message.seq);

      const file = message.fileList[0]!;
      const full = await fetch(`${server.base}${file.url}`);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/png');
      expect(full.headers.get('x-content-type-options')).toBe('nosniff');
      const thumb = await fetch(`${server.base}${file.thumbUrl}`);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      // A guessed or altered address reads nothing.
      const forged = file.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await fetch(`${server.base}${forged}`)).status).toBe(404);
      expect((await fetch(`${server.base}${file.url.replace(`/${file.seq}/`, `/${file.seq + 1}/`)}`)).status).toBe(404);
      // A malformed address is a bad request, never a 500.
      expect((await fetch(`${server.base}/api/chatFile/abc/full?exp=x&sig=y`)).status).toBe(400);
      expect(leaked).toEqual([]);
    } finally {
      otherTab.close();
      staffSocket.close();
      otherSocket.close();
    }
  });

  it('a retried upload with the same client message id is stored once', async () => {
    const c = await newCustomer(server, '재전송업로드');
    const id = clientId();
    const first = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }], {
      'x-client-message-id': id,
    });
    const again = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }], {
      'x-client-message-id': id,
    });
    expect(again.body.results!.seq).toBe(first.body.results!.seq);
    expect(await storedBy(c.seq)).toBe(1);
    expect(
      (
        await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }], {
          'x-client-message-id': 'short',
        })
      ).body,
    ).toMatchObject({
      code: 400,
      message: '메시지 식별값이 올바르지 않습니다.',
    });
  });

  const refusals: [string, () => Promise<Part[]>, number, string][] = [
    [
      'a text file renamed .png',
      async () => [{ name: 'notes.png', data: Buffer.from('그냥 텍스트 파일입니다.') }],
      400,
      '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
    [
      'a PNG/ZIP polyglot',
      async () => [{ name: 'a.png', data: Buffer.concat([await png(), zipArchive()]) }],
      400,
      '이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'an 11th file',
      async () =>
        Promise.all(Array.from({ length: 11 }, async (_, i) => ({ name: `${i}.png`, data: await png(8, 8) }))),
      400,
      '이미지는 한 번에 10개까지 보낼 수 있습니다.',
    ],
    [
      '10 MB + 1 byte',
      async () => [
        {
          name: 'big.png',
          data: Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 1 - (await png()).length)]),
        },
      ],
      413,
      '이미지 하나의 크기는 10MB를 넘을 수 없습니다.',
    ],
    [
      'a path in the file name',
      async () => [{ name: '../../etc/passwd.png', data: await png() }],
      400,
      '파일 이름이 올바르지 않습니다.',
    ],
    [
      'a file under another field name',
      async () => [{ name: 'a.png', data: await png(), field: 'file' }],
      400,
      '보낼 이미지를 선택하세요.',
    ],
  ];
  it.each(refusals)('refuses %s with its Korean message and stores nothing', async (_what, make, status, message) => {
    const c = await newCustomer(server, '거절업로드');
    const res = await upload('uploadChatFile', c.token, await make());
    expect([res.status, res.body.code, res.body.message]).toEqual([status, status, message]);
    expect(await storedBy(c.seq)).toBe(0);
    // The server keeps working for the same member.
    expect((await upload('uploadChatFile', c.token, [{ name: 'ok.png', data: await png(8, 8) }])).body.code).toBe(201);
  });

  it('exactly 10 files of which one is exactly 10 MB pass', async () => {
    const c = await newCustomer(server, '열개');
    const picture = await png(8, 8);
    const parts: Part[] = Array.from({ length: 9 }, (_, i) => ({ name: `${i}.png`, data: picture }));
    parts.push({ name: 'ten.png', data: Buffer.concat([picture, Buffer.alloc(10 * 1024 * 1024 - picture.length)]) });
    const res = await upload('uploadChatFile', c.token, parts);
    expect(res.body.code).toBe(201);
    expect(res.body.results!.fileList).toHaveLength(10);
  });

  it('a body that is not multipart, or has no file, is refused', async () => {
    const c = await newCustomer(server, '빈업로드');
    const json = await call(server, 'POST', 'uploadChatFile', { imgFiles: 'a.png' }, c.token);
    expect([json.status, json.body.message]).toEqual([400, '보낼 이미지를 선택하세요.']);
    expect((await upload('uploadChatFile', c.token, [])).body.message).toBe('보낼 이미지를 선택하세요.');
    expect(await storedBy(c.seq)).toBe(0);
  });

  it('visitors get 401, staff 403 on the customer call, customers 403 on the staff call', async () => {
    const c = await newCustomer(server, '권한업로드');
    const picture = [{ name: 'a.png', data: await png() }];
    expect((await upload('uploadChatFile', null, picture)).status).toBe(401);
    expect((await upload('uploadChatFile', 'not-a-token', picture)).status).toBe(401);
    expect((await upload('uploadChatFile', staffToken, picture)).status).toBe(403);
    expect((await upload('uploadChatFiles', c.token, picture, { targetuser: String(c.seq) })).status).toBe(403);
    expect(await storedBy(c.seq)).toBe(0);
  });

  it('more than 20 upload requests a minute, refused ones included, get 429 before anything is read', async () => {
    const c = await newCustomer(server, '업로드제한');
    for (let i = 0; i < 20; i++) expect((await upload('uploadChatFile', c.token, [])).status).toBe(400);
    const res = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }]);
    expect([res.status, res.body.message]).toEqual([429, '파일을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.']);
    expect(await storedBy(c.seq)).toBe(0);
  });

  it('one address gets 40 upload requests a minute across its accounts; another address is not held back', async () => {
    const office = { 'x-forwarded-for': '203.0.113.40' };
    const [a, b, c] = [
      await newCustomer(server, '주소제한A'),
      await newCustomer(server, '주소제한B'),
      await newCustomer(server, '주소제한C'),
    ];
    const statuses = async (token: string, n: number, headers = office) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await upload('uploadChatFile', token, [], headers)).status);
      return out;
    };
    expect(await statuses(a.token, 20)).toEqual(Array(20).fill(400));
    expect(await statuses(a.token, 1)).toEqual([429]);
    expect(await statuses(b.token, 20)).toEqual(Array(20).fill(400));
    const third = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }], office);
    expect([third.status, third.body.message]).toEqual([
      429,
      '파일을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
    ]);
    expect(await storedBy(c.seq)).toBe(0);
    const home = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png() }], {
      'x-forwarded-for': '203.0.113.41',
    });
    expect([home.status, home.body.code]).toEqual([200, 201]);
  });
});

describe('POST api/chatFileLink: fresh addresses for a chat left open', () => {
  it("the conversation's customer and staff get fresh, readable addresses; another customer and a visitor do not", async () => {
    const c = await newCustomer(server, '새주소');
    const other = await newCustomer(server, '남의주소');
    const sent = await upload('uploadChatFile', c.token, [{ name: 'a.png', data: await png(12, 10) }], {
      'x-forwarded-for': '203.0.113.50',
    });
    const seq = sent.body.results!.fileList[0]!.seq;
    for (const token of [c.token, staffToken]) {
      const res = await call(server, 'chatFileLink', { seq }, { token });
      expect([res.status, res.body.results?.seq]).toEqual([200, seq]);
      const exp = Number(new URL(res.body.results!.url, 'http://x').searchParams.get('exp'));
      expect(exp * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      const full = await fetch(`${server.base}${res.body.results!.url}`);
      expect([full.status, full.headers.get('content-type'), full.headers.get('cache-control')]).toEqual([
        200,
        'image/png',
        'private, max-age=600',
      ]);
      expect((await fetch(`${server.base}${res.body.results!.thumbUrl}`)).status).toBe(200);
    }
    for (const [token, seqAsked, status] of [
      [other.token, seq, 404],
      [c.token, seq + 1000, 404],
      [null, seq, 401],
    ] as const) {
      const res = await call(server, 'chatFileLink', { seq: seqAsked }, { token: token ?? undefined });
      expect([res.status, res.body.results]).toEqual([status, undefined]);
    }
    expect((await call(server, 'chatFileLink', { seq: 'x' }, { token: c.token })).status).toBe(400);
  });
});

describe('POST /uploadChatFiles (staff)', () => {
  it('staff send an image to the customer named in the targetUser header; only that customer receives it', async () => {
    const c = await newCustomer(server, '직원업로드');
    const other = await newCustomer(server, '구경꾼');
    const customerSocket = await openChat(server, c.token);
    const otherSocket = await openChat(server, other.token);
    const leaked: ChatMessage[] = [];
    otherSocket.on('messageToUser', (m: ChatMessage) => leaked.push(m));
    try {
      const atCustomer = waitFor<ChatMessage>(customerSocket, 'messageToUser');
      const res = await upload('uploadChatFiles', staffToken, [{ name: '견적.png', data: await png() }], {
        targetuser: encodeURIComponent(String(c.seq)),
      });
      expect(res.body.code).toBe(201);
      expect(res.body.results).toMatchObject({ sendSide: 'admin', targetUser: c.seq, sendUserAccount: '' });
      expect((await atCustomer).seq).toBe(res.body.results!.seq);
      // The customer's own history shows it (and the other customer's does not).
      const history = await ack<{ messages: ChatMessage[] }>(otherSocket, 'oldMessageRequest', {});
      expect(history.results!.messages).toEqual([]);
      expect(leaked).toEqual([]);
    } finally {
      customerSocket.close();
      otherSocket.close();
    }
  });

  it('staff sending one client message id to two customers store a picture message in each conversation', async () => {
    const a = await newCustomer(server, '사진수신A');
    const b = await newCustomer(server, '사진수신B');
    const id = clientId();
    const send = async (seq: number, name: string) =>
      upload('uploadChatFiles', staffToken, [{ name, data: await png() }], {
        targetuser: String(seq),
        'x-client-message-id': id,
      });
    const toA = await send(a.seq, '견적A.png');
    const toB = await send(b.seq, '견적B.png');
    expect(toA.body.results).toMatchObject({ targetUser: a.seq, sendMessage: '견적A.png' });
    expect(toB.body.results).toMatchObject({ targetUser: b.seq, sendMessage: '견적B.png' });
    expect(toB.body.results!.seq).not.toBe(toA.body.results!.seq);
    expect(await filesOf(toB.body.results!.seq)).toBe(1);
    // A retry to the first customer is still the first message.
    expect((await send(a.seq, '견적A.png')).body.results!.seq).toBe(toA.body.results!.seq);
  });

  it('a missing, malformed or unknown target user is refused and nothing is stored', async () => {
    const picture = [{ name: 'a.png', data: await png() }];
    const before = await storedBy(staffId);
    expect((await upload('uploadChatFiles', staffToken, picture)).body).toMatchObject({
      code: 400,
      message: '상담할 회원을 선택하세요.',
    });
    expect((await upload('uploadChatFiles', staffToken, picture, { targetuser: '%E0%A4%A' })).body.code).toBe(400);
    expect(
      (await upload('uploadChatFiles', staffToken, picture, { targetuser: '1; drop table members' })).body.code,
    ).toBe(400);
    expect((await upload('uploadChatFiles', staffToken, picture, { targetuser: '99999999' })).body).toMatchObject({
      code: 404,
      message: '상담 대상 회원을 찾을 수 없습니다.',
    });
    // Staff accounts have no conversation.
    expect((await upload('uploadChatFiles', staffToken, picture, { targetuser: String(staffId) })).body.code).toBe(404);
    expect(await storedBy(staffId)).toBe(before);
  });
});

describe('QR login over HTTP', () => {
  const FAILED = '로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.';

  it('a desktop member gets a code; the phone posting it gets a new session once; the second post is refused', async () => {
    const c = await newCustomer(server, 'QR데스크톱');
    const issued = await call(server, 'qrcodeLoginCode', {}, { token: c.token });
    expect(issued.body.code).toBe(201);
    expect(issued.body.results!.ttlSec).toBe(60);
    const phone = await call(server, 'qrcodeLogin', { token: issued.body.results!.code });
    expect([phone.body.code, phone.body.message]).toEqual([200, '로그인되었습니다.']);
    expect(phone.body.results!.userInfo.id).toBe(c.id);
    expect(phone.body.results!.token).not.toBe(c.token);
    // The phone's session works; the desktop's too.
    expect(
      (await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: phone.body.results!.token })).status,
    ).toBe(200);
    expect((await call(server, 'getMallCartInfo', { page: 1, size: 64 }, { token: c.token })).status).toBe(200);
    const again = await call(server, 'qrcodeLogin', { token: issued.body.results!.code });
    expect([again.status, again.body.message]).toEqual([400, FAILED]);
  });

  it('forged and malformed codes get the original message; visitors and staff cannot ask for a code', async () => {
    for (const token of ['x'.repeat(43), '', 12345, null, '한글'.repeat(30)]) {
      const res = await call(server, 'POST', 'api/qrcodeLogin', { token });
      expect([res.status, res.body.message]).toEqual([400, FAILED]);
    }
    expect((await call(server, 'qrcodeLoginCode', {})).status).toBe(401);
    expect((await call(server, 'qrcodeLoginCode', {}, { token: staffToken })).status).toBe(403);
  });
});

describe('online chat customers (admin dashboard)', () => {
  it('counts customers with a live chat connection once however many tabs; staff are not counted', async () => {
    const ctx = server.ctx!;
    const start = await countOnlineCustomers(ctx);
    const a = await newCustomer(server, '온라인A');
    const b = await newCustomer(server, '온라인B');
    const sockets = [
      await openChat(server, a.token),
      await openChat(server, a.token),
      await openChat(server, b.token),
      await openChat(server, staffToken),
    ];
    try {
      expect(await countOnlineCustomers(ctx)).toBe(start + 2);
      sockets[2]!.close();
      await expect.poll(() => countOnlineCustomers(ctx)).toBe(start + 1);
    } finally {
      for (const s of sockets) s.close();
    }
  });
});
