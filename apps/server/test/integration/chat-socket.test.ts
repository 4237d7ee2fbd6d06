import { count, eq } from 'drizzle-orm';
import { Manager } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { MSG, type ChatAck, type ChatMessage, type OldChatList } from '@partsmall/contract';
import { chatConversations, chatMessages, sessions } from '../../src/db/schema.js';
import { call } from '../helpers.js';
import {
  ack,
  chatSocket,
  chatTestServer,
  clientId,
  collect,
  memberIdOf,
  newCustomer,
  openChat,
  startChatNamespace,
  tokenFor,
  waitFor,
} from '../chat-helpers.js';

const chat = chatTestServer();
/** Longer than any test: only an event's own check can notice a dead session. */
const NO_SWEEP_MS = 3_600_000;
const { open, connectAs, staffSocket } = chat;

type History = NonNullable<OldChatList['results']>;

const messagesOf = async (senderId: number) =>
  Number(
    (await chat.server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.senderId, senderId)))[0]!.n,
  );

describe('chat socket: visitors and dead sessions', () => {
  it.each([
    ['no token', undefined],
    ['a made-up token', 'not-a-token'],
    ['an oversized token', 'x'.repeat(10_000)],
  ])('%s gets chatError 401 and the socket is closed', async (_what, token) => {
    const socket = chatSocket(chat.server, token);
    open.push(socket);
    const closed = waitFor(socket, 'disconnect');
    const error = await waitFor<ChatAck>(socket, 'chatError');
    expect(error).toEqual({ code: 401, message: MSG.tokenExpired });
    await closed;
  });

  it('an expired session gets 401 at connect', async () => {
    const c = await newCustomer(chat.server, '만료');
    await chat.server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.memberId, c.seq));
    const socket = chatSocket(chat.server, c.token);
    open.push(socket);
    expect(await waitFor<ChatAck>(socket, 'chatError')).toMatchObject({ code: 401 });
  });

  it('a session revoked outside the application: the next check refuses with 401, stores nothing and closes the socket', async () => {
    // Re-checking on every event (the server re-checks every 10 s; logout and the like end sockets at once).
    const namespace = await startChatNamespace(chat.server, { sessionRecheckMs: 0, sessionSweepMs: NO_SWEEP_MS });
    try {
      const c = await newCustomer(chat.server, '폐기');
      const socket = await openChat(namespace, c.token);
      open.push(socket);
      expect((await ack(socket, 'userMessage', { sendMessage: '살아 있음', clientMessageId: clientId() })).code).toBe(
        201,
      );
      await chat.server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, c.seq));
      const closed = waitFor(socket, 'disconnect');
      const answer = await ack(socket, 'userMessage', { sendMessage: '안녕하세요', clientMessageId: clientId() });
      expect(answer).toEqual({ code: 401, message: MSG.tokenExpired });
      await closed;
      expect(await messagesOf(c.seq)).toBe(1);
    } finally {
      await namespace.close();
    }
  });

  it('a socket that only listens is checked too: its session revoked outside the application, it gets 401 and is closed without sending anything', async () => {
    const namespace = await startChatNamespace(chat.server, { sessionRecheckMs: 50 });
    try {
      const c = await newCustomer(chat.server, '듣기만');
      const socket = await openChat(namespace, c.token);
      open.push(socket);
      const refused = waitFor<ChatAck>(socket, 'chatError');
      const closed = waitFor(socket, 'disconnect');
      await chat.server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, c.seq));
      expect(await refused).toEqual({ code: 401, message: MSG.tokenExpired });
      await closed;
    } finally {
      await namespace.close();
    }
  });

  it('messages sent together after an outside revocation share one session check: none is stored', async () => {
    const namespace = await startChatNamespace(chat.server, { sessionRecheckMs: 0, sessionSweepMs: NO_SWEEP_MS });
    try {
      const c = await newCustomer(chat.server, '동시폐기');
      const socket = await openChat(namespace, c.token);
      open.push(socket);
      expect((await ack(socket, 'userMessage', { sendMessage: '첫 문의', clientMessageId: clientId() })).code).toBe(
        201,
      );
      await chat.server.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, c.seq));
      const closed = waitFor(socket, 'disconnect');
      for (const text of ['둘째', '셋째', '넷째'])
        socket.emit('userMessage', { sendMessage: text, clientMessageId: clientId() });
      await closed;
      expect(await messagesOf(c.seq)).toBe(1);
    } finally {
      await namespace.close();
    }
  });

  it('logging out ends the chat socket of that session at once', async () => {
    const c = await newCustomer(chat.server, '로그아웃');
    const socket = await connectAs(c.token);
    const closed = waitFor(socket, 'disconnect');
    expect((await call(chat.server, 'logout', {}, { token: c.token })).status).toBe(200);
    await closed;
  });

  it("sharing one connection with the trade channel (the web app's), each channel hears its 401 before the connection closes", async () => {
    const c = await newCustomer(chat.server, '공유연결');
    const manager = new Manager(chat.server.base, { transports: ['websocket'], reconnection: false });
    const trade = manager.socket('/trade', { auth: { token: c.token } });
    const socket = manager.socket('/chat', { auth: { token: c.token } });
    open.push(trade, socket);
    try {
      const first = waitFor<{ code: number }>(trade, 'toClientBaseInfo');
      trade.emit('requestClientBaseInfo');
      expect((await first).code).toBe(200);
      if (!socket.connected) await waitFor(socket, 'connect');
      const heard = [
        waitFor<ChatAck>(socket, 'chatError'),
        waitFor<{ code: number }>(trade, 'toClientBaseInfo'),
        waitFor(socket, 'disconnect'),
        waitFor(trade, 'disconnect'),
      ];
      expect((await call(chat.server, 'logout', {}, { token: c.token })).status).toBe(200);
      const [chatError, tradeError] = await Promise.all(heard);
      expect(chatError).toEqual({ code: 401, message: MSG.tokenExpired });
      expect((tradeError as { code: number }).code).toBe(401);
    } finally {
      manager.engine?.close();
    }
  });
});

describe('chat socket: userMessage', () => {
  it('the original payloads without our clientMessageId are stored and delivered both ways, a repeat stored again', async () => {
    const c = await newCustomer(chat.server, '스펙');
    const customer = await connectAs(c.token);
    const staff = await staffSocket();
    // No acknowledgement asked: the original client emits and listens.
    const atStaff = waitFor<ChatMessage>(
      staff,
      'messageToAdmin',
      (m) => m.targetUser === c.seq && m.sendMessage === '스펙 문의',
    );
    customer.emit('userMessage', { sendMessage: '스펙 문의', sendMessageType: 'string', type: 'text' });
    expect(await atStaff).toMatchObject({
      sendMessage: '스펙 문의',
      sendMessageType: 'string',
      type: 'text',
      sendUserId: c.seq,
    });
    // The same text again is a second message: without an id there is nothing to deduplicate by.
    const again = waitFor<ChatMessage>(
      staff,
      'messageToAdmin',
      (m) => m.targetUser === c.seq && m.sendMessage === '스펙 문의',
    );
    customer.emit('userMessage', { sendMessage: '스펙 문의', sendMessageType: 'string', type: 'text' });
    await again;
    expect(await messagesOf(c.seq)).toBe(2);

    const atCustomer = waitFor<ChatMessage>(customer, 'messageToUser', (m) => m.sendMessage === '스펙 답변');
    staff.emit('adminMessage', {
      sendMessage: '스펙 답변',
      sendMessageType: 'string',
      type: 'text',
      targetUser: c.seq,
    });
    expect(await atCustomer).toMatchObject({ sendMessage: '스펙 답변', sendSide: 'admin', targetUser: c.seq });
    expect(await messagesOf(chat.staffId)).toBeGreaterThanOrEqual(1);
  });

  it('a customer message is stored, acknowledged with its stored id and delivered to staff, not to another customer', async () => {
    const a = await newCustomer(chat.server, '갑');
    const b = await newCustomer(chat.server, '을');
    const staff = await staffSocket();
    const customerA = await connectAs(a.token);
    const customerB = await connectAs(b.token);
    const seenByB = collect<ChatMessage>(customerB, 'messageToUser');

    const atStaff = waitFor<ChatMessage>(staff, 'messageToAdmin', (m) => m.targetUser === a.seq);
    const answer = await ack<ChatMessage>(customerA, 'userMessage', {
      sendMessage: '  브레이크 패드 재고 있나요?  ',
      clientMessageId: clientId(),
    });
    expect(answer.code).toBe(201);
    const stored = answer.results!;
    expect(stored).toMatchObject({
      sendMessage: '브레이크 패드 재고 있나요?',
      sendMessageType: 'string',
      type: 'text',
      fileList: [],
      sendUserId: a.seq,
      sendUserAccount: a.id,
      sendUserName: a.name,
      sendSide: 'user',
      room: `${a.id}_${a.seq}`,
      targetUser: a.seq,
      product: null,
    });
    expect(stored.seq).toBeGreaterThan(0);
    expect((await atStaff).seq).toBe(stored.seq);
    const [row] = await chat.server.db.select().from(chatMessages).where(eq(chatMessages.id, stored.seq));
    expect(row).toMatchObject({ senderId: a.seq, body: '브레이크 패드 재고 있나요?', senderSide: 'customer' });

    // B is sent something afterwards; by the time it arrives, A's message would have arrived too.
    const later = waitFor<ChatMessage>(customerB, 'messageToUser');
    await ack(staff, 'adminMessage', { sendMessage: '을 님께', clientMessageId: clientId(), targetUser: b.seq });
    await later;
    expect(seenByB.map((m) => m.sendMessage)).toEqual(['을 님께']);
  });

  it("the customer's other tab receives the message too, the sending tab only the acknowledgement", async () => {
    const a = await newCustomer(chat.server, '탭');
    const first = await connectAs(a.token);
    const second = await connectAs(a.token);
    const seenByFirst = collect<ChatMessage>(first, 'messageToUser');
    const atSecond = waitFor<ChatMessage>(second, 'messageToUser');
    const answer = await ack<ChatMessage>(first, 'userMessage', { sendMessage: '두 창', clientMessageId: clientId() });
    expect((await atSecond).seq).toBe(answer.results!.seq);
    // The acknowledgement is the sender's copy; a round trip later nothing else has come.
    await ack(first, 'oldMessageRequest', {});
    expect(seenByFirst).toEqual([]);
  });

  it('a product inquiry carries the product as a card; an unknown product is refused', async () => {
    const a = await newCustomer(chat.server, '상품문의');
    const socket = await connectAs(a.token);
    const listed = await call(chat.server, 'getProductHome', {
      page: 1,
      size: 1,
    });
    const product = listed.body.results![0]!;
    const answer = await ack<ChatMessage>(socket, 'userMessage', {
      sendMessage: `[상품 문의] ${product.name} / ${product.pid}`,
      clientMessageId: clientId(),
      productId: product.seq,
    });
    expect(answer.code).toBe(201);
    expect(answer.results!.product).toMatchObject({ seq: product.seq, name: product.name, pid: product.pid });
    const refused = await ack(socket, 'userMessage', {
      sendMessage: '없는 상품',
      clientMessageId: clientId(),
      productId: 99_999_999,
    });
    expect(refused).toMatchObject({ code: 404, message: '문의할 상품을 찾을 수 없습니다.' });
  });

  describe('text rules', () => {
    it.each([
      ['empty', ''],
      ['blank', '   \n\t  '],
      ['ideographic spaces', '\u3000\u3000'],
      ['Hangul fillers', '\u3164\u3164'],
      ['zero-width spaces', '\u200b\u200b'],
      // These three were stored and delivered as empty bubbles.
      ['a braille blank', '\u2800'],
      ['a lone variation selector', '\ufe0f'],
      ['combining marks with no letter', '\u0301\u0301'],
    ])('%s is refused with 전송할 내용을 입력하세요. and nothing is stored', async (_what, text) => {
      const a = await newCustomer(chat.server, '빈칸');
      const socket = await connectAs(a.token);
      const answer = await ack(socket, 'userMessage', { sendMessage: text, clientMessageId: clientId() });
      expect(answer).toMatchObject({ code: 400, message: '전송할 내용을 입력하세요.', field: 'sendMessage' });
      expect(await messagesOf(a.seq)).toBe(0);
    });

    it('2,000 characters after trimming pass; 2,001 are refused', async () => {
      const a = await newCustomer(chat.server, '길이');
      const socket = await connectAs(a.token);
      const ok = await ack<ChatMessage>(socket, 'userMessage', {
        sendMessage: `  ${'가'.repeat(2000)}  `,
        clientMessageId: clientId(),
      });
      expect(ok.code).toBe(201);
      expect(ok.results!.sendMessage).toHaveLength(2000);
      // Characters, not UTF-16 units: 2,000 emoji are 4,000 units and still pass.
      expect(
        (await ack(socket, 'userMessage', { sendMessage: '🚗'.repeat(2000), clientMessageId: clientId() })).code,
      ).toBe(201);
      const long = await ack(socket, 'userMessage', { sendMessage: '가'.repeat(2001), clientMessageId: clientId() });
      expect(long).toMatchObject({ code: 400, message: '메시지는 2,000자 이내로 입력하세요.' });
      expect(await messagesOf(a.seq)).toBe(2);
    });

    it('a NUL character is refused, line breaks are kept', async () => {
      const a = await newCustomer(chat.server, '제어');
      const socket = await connectAs(a.token);
      expect(await ack(socket, 'userMessage', { sendMessage: 'a\u0000b', clientMessageId: clientId() })).toMatchObject({
        code: 400,
        message: MSG.textInvalid,
      });
      const ok = await ack<ChatMessage>(socket, 'userMessage', {
        sendMessage: '첫 줄\n둘째 줄',
        clientMessageId: clientId(),
      });
      expect(ok.results!.sendMessage).toBe('첫 줄\n둘째 줄');
    });

    it('a letter with more than 30 combining marks is refused from the customer and from staff, nothing stored', async () => {
      // 1,800 marks on one 'Z' drew a column over the earlier bubbles (docs/requirements.md#validation).
      const a = await newCustomer(chat.server, '겹침');
      const customer = await connectAs(a.token);
      const staff = await staffSocket();
      const staffBefore = await messagesOf(chat.staffId);
      const refused = { code: 400, message: '입력할 수 없는 문자가 포함되어 있습니다.', field: 'sendMessage' };
      const piled = 'Z' + '\u0301\u0300\u0302'.repeat(600);
      expect(await ack(customer, 'userMessage', { sendMessage: piled, clientMessageId: clientId() })).toEqual(refused);
      expect(
        await ack(staff, 'adminMessage', { sendMessage: piled, clientMessageId: clientId(), targetUser: a.seq }),
      ).toEqual(refused);
      expect([await messagesOf(a.seq), await messagesOf(chat.staffId)]).toEqual([0, staffBefore]);
      // Accents as a language writes them are kept.
      const accents = await ack<ChatMessage>(customer, 'userMessage', {
        sendMessage: 'Vie\u0302\u0323t Nam ❤️',
        clientMessageId: clientId(),
      });
      expect(accents.results!.sendMessage).toBe('Vie\u0302\u0323t Nam ❤️');
    });

    it('bidi controls are refused from the customer and from staff: nothing is stored, the history is unchanged', async () => {
      // 'bidi \u202Egnp.exe' reads 'bidi exe.png' (docs/requirements.md#validation).
      const a = await newCustomer(chat.server, '방향');
      const customer = await connectAs(a.token);
      const staff = await staffSocket();
      await ack(customer, 'userMessage', { sendMessage: '주문 문의', clientMessageId: clientId() });
      const history = async () =>
        (await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).results!.messages;
      const [before, staffBefore] = [await history(), await messagesOf(chat.staffId)];
      const refused = { code: 400, message: '입력할 수 없는 문자가 포함되어 있습니다.', field: 'sendMessage' };
      expect(await ack(customer, 'userMessage', { sendMessage: 'a\u202Eb', clientMessageId: clientId() })).toEqual(
        refused,
      );
      expect(
        await ack(staff, 'adminMessage', {
          sendMessage: 'bidi \u202Egnp.exe',
          clientMessageId: clientId(),
          targetUser: a.seq,
        }),
      ).toEqual(refused);
      expect(await history()).toEqual(before);
      expect([await messagesOf(a.seq), await messagesOf(chat.staffId)]).toEqual([1, staffBefore]);
    });
  });

  it('events with wrong types get a Korean error; the socket keeps working', async () => {
    const a = await newCustomer(chat.server, '형식');
    const socket = await connectAs(a.token);
    const wrong: unknown[] = [
      { sendMessage: 12345, clientMessageId: clientId() },
      { sendMessage: '안녕', clientMessageId: 42 },
      // (No clientMessageId at all is the original payload and is stored: see the original payloads test.)
      { sendMessage: '안녕', clientMessageId: '../../etc' },
      'just a string',
      null,
      [1, 2, 3],
      { sendMessage: ['배열'], clientMessageId: clientId() },
      { sendMessage: '안녕', clientMessageId: clientId(), productId: 'DROP TABLE' },
    ];
    for (const payload of wrong) {
      const answer = await ack(socket, 'userMessage', payload);
      expect(answer.code, JSON.stringify(payload)).toBe(400);
      expect(answer.message).toMatch(/[가-힣]/);
    }
    expect(await ack(socket, 'oldMessageRequest', { page: 'one' })).toMatchObject({ code: 400 });
    expect(await ack(socket, 'oldMessageRequest', { size: -5 })).toMatchObject({ code: 400 });
    expect(await ack(socket, 'updateReadStatus', { seq: 'x' })).toMatchObject({ code: 400 });
    expect(await messagesOf(a.seq)).toBe(0);
    expect((await ack(socket, 'userMessage', { sendMessage: '이제 정상', clientMessageId: clientId() })).code).toBe(
      201,
    );
    expect(socket.connected).toBe(true);
  });

  it('a refused event sent without an acknowledgement callback gets chatError naming the event', async () => {
    const a = await newCustomer(chat.server, '콜백없음');
    const socket = await connectAs(a.token);
    const error = waitFor<ChatAck>(socket, 'chatError');
    socket.emit('userMessage', { sendMessage: ' ', clientMessageId: clientId() });
    expect(await error).toMatchObject({ code: 400, message: '전송할 내용을 입력하세요.', event: 'userMessage' });
  });

  it('more than 30 messages within 10 s are refused (429) and not stored', async () => {
    const a = await newCustomer(chat.server, '도배');
    const socket = await connectAs(a.token);
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push(await ack(socket, 'userMessage', { sendMessage: `${i + 1}번째`, clientMessageId: clientId() }));
    expect(answers.slice(0, 30).every((x) => x.code === 201)).toBe(true);
    expect(answers[30]).toMatchObject({
      code: 429,
      message: '메시지를 너무 빠르게 보내고 있습니다. 잠시 후 다시 보내 주세요.',
    });
    expect(await messagesOf(a.seq)).toBe(30);
  });

  it('staff cannot send userMessage (they answer with adminMessage)', async () => {
    const staff = await staffSocket();
    const before = await messagesOf(chat.staffId);
    expect(await ack(staff, 'userMessage', { sendMessage: '직원', clientMessageId: clientId() })).toMatchObject({
      code: 403,
    });
    expect(await messagesOf(chat.staffId)).toBe(before);
  });
});

describe('chat socket: adminMessage', () => {
  it('staff answering a new customer several times at once: all stored in one conversation; an unknown customer is refused each time', async () => {
    const a = await newCustomer(chat.server, '동시답변');
    const staff = await staffSocket();
    const answers = await Promise.all(
      ['첫째 답변', '둘째 답변', '셋째 답변'].map((text) =>
        ack<ChatMessage>(staff, 'adminMessage', { sendMessage: text, clientMessageId: clientId(), targetUser: a.seq }),
      ),
    );
    expect(answers.map((x) => x.code)).toEqual([201, 201, 201]);
    expect(answers.map((x) => x.results!.sendMessage)).toEqual(['첫째 답변', '둘째 답변', '셋째 답변']);
    const conversations = await chat.server.db
      .select({ n: count() })
      .from(chatConversations)
      .where(eq(chatConversations.customerId, a.seq));
    expect(Number(conversations[0]!.n)).toBe(1);
    const stored = await chat.server.db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(eq(chatConversations.customerId, a.seq));
    expect(Number(stored[0]!.n)).toBe(3);
    // A refused lookup is not remembered as a target: each attempt is refused on its own.
    for (let i = 0; i < 2; i++)
      expect(
        (
          await ack(staff, 'adminMessage', {
            sendMessage: '없는 고객',
            clientMessageId: clientId(),
            targetUser: 2_000_000_000,
          })
        ).code,
      ).toBe(404);
  });

  it('staff answer a customer: stored, delivered to every tab of that customer and to the other staff, not to another customer', async () => {
    const a = await newCustomer(chat.server, '답변');
    const b = await newCustomer(chat.server, '제3자');
    const staff = await staffSocket();
    const admin = await connectAs(await tokenFor(chat.server, await memberIdOf(chat.server, 'admin@partsmall.kr')));
    const tab1 = await connectAs(a.token);
    const tab2 = await connectAs(a.token);
    const other = await connectAs(b.token);
    const seenByOther = collect<ChatMessage>(other, 'messageToUser');
    const at1 = waitFor<ChatMessage>(tab1, 'messageToUser');
    const at2 = waitFor<ChatMessage>(tab2, 'messageToUser');
    const atAdmin = waitFor<ChatMessage>(admin, 'messageToAdmin', (m) => m.targetUser === a.seq);
    const answer = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '네, 재고 있습니다.',
      clientMessageId: clientId(),
      targetUser: a.seq,
    });
    expect(answer.code).toBe(201);
    expect(answer.results).toMatchObject({
      sendSide: 'admin',
      sendUserId: chat.staffId,
      sendUserAccount: '',
      targetUser: a.seq,
      room: `${a.id}_${a.seq}`,
    });
    for (const got of await Promise.all([at1, at2, atAdmin])) expect(got.seq).toBe(answer.results!.seq);
    const later = waitFor<ChatMessage>(other, 'messageToUser');
    await ack(staff, 'adminMessage', { sendMessage: '제3자님께', clientMessageId: clientId(), targetUser: b.seq });
    await later;
    expect(seenByOther.map((m) => m.sendMessage)).toEqual(['제3자님께']);
  });

  it('a customer sending adminMessage is refused and nothing is stored, even to themselves', async () => {
    const a = await newCustomer(chat.server, '사칭');
    const b = await newCustomer(chat.server, '피해자');
    const socket = await connectAs(a.token);
    for (const targetUser of [b.seq, a.seq]) {
      const answer = await ack(socket, 'adminMessage', {
        sendMessage: '직원인 척',
        clientMessageId: clientId(),
        targetUser,
      });
      expect(answer).toMatchObject({ code: 403, message: '상담 직원만 사용할 수 있습니다.' });
    }
    expect(await messagesOf(a.seq)).toBe(0);
  });

  it.each([
    ['a missing target', { sendMessage: '누구?' }, 400],
    ['a non-numeric target', { sendMessage: '누구?', targetUser: 'abc' }, 400],
    ['an unknown member', { sendMessage: '누구?', targetUser: 99_999_999 }, 404],
  ])('staff naming %s are refused', async (_what, payload, code) => {
    const staff = await staffSocket();
    const before = await messagesOf(chat.staffId);
    const answer = await ack(staff, 'adminMessage', { ...payload, clientMessageId: clientId() });
    expect(answer.code).toBe(code);
    expect(answer.message).toMatch(/[가-힣]/);
    expect(await messagesOf(chat.staffId)).toBe(before);
  });

  it('staff cannot open a conversation with another staff account', async () => {
    const staff = await staffSocket();
    const adminId = await memberIdOf(chat.server, 'admin@partsmall.kr');
    expect(
      await ack(staff, 'adminMessage', { sendMessage: '동료', clientMessageId: clientId(), targetUser: adminId }),
    ).toMatchObject({ code: 404 });
  });
});

describe('chat socket: history', () => {
  async function conversationWith(messages: number) {
    const a = await newCustomer(chat.server, '기록');
    const customer = await connectAs(a.token);
    const staff = await staffSocket();
    const seqs: number[] = [];
    for (let i = 1; i <= messages; i++) {
      const socket = i % 2 === 1 ? customer : staff;
      const event = i % 2 === 1 ? 'userMessage' : 'adminMessage';
      const answer = await ack<ChatMessage>(socket, event, {
        sendMessage: `메시지 ${i}`,
        clientMessageId: clientId(),
        targetUser: a.seq,
      });
      seqs.push(answer.results!.seq);
    }
    return { a, customer, staff, seqs };
  }

  it('oldMessageRequest: page 1 is the newest 50 in time order, page 2 the ones before; also sent as oldChatList', async () => {
    // Over the customer limit of 30 per 10 s, so half the messages come from staff.
    const { customer, seqs } = await conversationWith(55);
    const event = waitFor<OldChatList>(customer, 'oldChatList');
    const page1 = await ack<NonNullable<OldChatList['results']>>(customer, 'oldMessageRequest', { page: 1, size: 50 });
    expect(page1.code).toBe(200);
    expect(page1.results!.messages.map((m) => m.seq)).toEqual(seqs.slice(5));
    expect(page1.results!.more).toBe(true);
    expect((await event).results!.messages).toHaveLength(50);
    const page2 = await ack<NonNullable<OldChatList['results']>>(customer, 'oldMessageRequest', { page: 2, size: 50 });
    expect(page2.results!.messages.map((m) => m.sendMessage)).toEqual([
      '메시지 1',
      '메시지 2',
      '메시지 3',
      '메시지 4',
      '메시지 5',
    ]);
    expect(page2.results!.more).toBe(false);
    // The original request without arguments is page 1 of 50.
    expect(
      (await ack<NonNullable<OldChatList['results']>>(customer, 'oldMessageRequest')).results!.messages,
    ).toHaveLength(50);
    const before = await ack<NonNullable<OldChatList['results']>>(customer, 'oldMessageRequest', {
      beforeSeq: seqs[3],
      size: 2,
    });
    expect(before.results!.messages.map((m) => m.seq)).toEqual([seqs[1], seqs[2]]);
  });

  it('staff read any customer with oldMessageAdminRequest; a customer may not, not even their own', async () => {
    const { a, customer, staff, seqs } = await conversationWith(3);
    const b = await newCustomer(chat.server, '엿보기');
    const nosy = await connectAs(b.token);
    const asStaff = await ack<NonNullable<OldChatList['results']>>(staff, 'oldMessageAdminRequest', {
      page: 1,
      size: 50,
      targetUser: a.seq,
    });
    expect(asStaff.results!.messages.map((m) => m.seq)).toEqual(seqs);
    expect(asStaff.results!.targetUser).toBe(a.seq);
    for (const socket of [nosy, customer]) {
      const refused = await ack(socket, 'oldMessageAdminRequest', { page: 1, size: 50, targetUser: a.seq });
      expect(refused).toMatchObject({ code: 403, message: '상담 직원만 사용할 수 있습니다.' });
    }
    // Another customer's own history is just their own (empty) conversation.
    const own = await ack<NonNullable<OldChatList['results']>>(nosy, 'oldMessageRequest', { page: 1, size: 50 });
    expect(own.results!.messages).toEqual([]);
    expect(own.results!.targetUser).toBe(b.seq);
  });

  it('staff asking for an unknown member get 404; a missing targetUser 400', async () => {
    const staff = await staffSocket();
    expect(await ack(staff, 'oldMessageAdminRequest', { page: 1, size: 50, targetUser: 99_999_999 })).toMatchObject({
      code: 404,
    });
    expect(await ack(staff, 'oldMessageAdminRequest', { page: 1, size: 50 })).toMatchObject({
      code: 400,
      message: '상담할 회원을 선택하세요.',
    });
  });
});
