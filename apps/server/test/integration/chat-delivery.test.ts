import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatReadStatus, ChatUser, OldChatList, UsersToAdmin } from '@partsmall/contract';
import { chatConversations, chatMessages } from '../../src/db/schema.js';
import { ack, chatTestServer, clientId, collect, eventArgs, newCustomer, waitFor } from '../chat-helpers.js';

const chat = chatTestServer();
const { connectAs, staffSocket } = chat;

const rowsWithClientId = async (id: string) =>
  Number(
    (await chat.server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.clientMessageId, id)))[0]!.n,
  );
type History = NonNullable<OldChatList['results']>;

describe('chat delivery: stored before delivered', () => {
  it('when staff receive a message, it is already in the database with the same id and text', async () => {
    const a = await newCustomer(chat.server, '저장');
    const staff = await staffSocket();
    const customer = await connectAs(a.token);
    const checked: boolean[] = [];
    // The lookup runs inside the receiving handler, before anything else happens.
    const done = new Promise<void>((resolve) => {
      let n = 0;
      staff.on('messageToAdmin', async (m: ChatMessage) => {
        if (m.targetUser !== a.seq) return;
        const [row] = await chat.server.db.select().from(chatMessages).where(eq(chatMessages.id, m.seq));
        checked.push(row?.body === m.sendMessage);
        if (++n === 5) resolve();
      });
    });
    for (let i = 0; i < 5; i++) customer.emit('userMessage', { sendMessage: `순서 ${i}`, clientMessageId: clientId() });
    await done;
    expect(checked).toEqual([true, true, true, true, true]);
  });
});

describe('chat delivery: many conversations start at once', () => {
  it('customers and staff writing first at the same moment: one conversation per customer, holding both sides', async () => {
    const customers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newCustomer(chat.server, `동시 시작 ${i}`)),
    );
    const staff = await staffSocket();
    const sockets = await Promise.all(customers.map((c) => connectAs(c.token)));
    const answers = await Promise.all(
      customers.flatMap((c, i) => [
        ack<ChatMessage>(sockets[i]!, 'userMessage', { sendMessage: '처음 문의', clientMessageId: clientId() }),
        ack<ChatMessage>(staff, 'adminMessage', {
          sendMessage: '안녕하세요',
          clientMessageId: clientId(),
          targetUser: c.seq,
        }),
      ]),
    );
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 201));
    const ids = customers.map((c) => c.seq);
    const conversations = await chat.server.db
      .select()
      .from(chatConversations)
      .where(inArray(chatConversations.customerId, ids));
    expect(conversations.map((c) => c.customerId).sort()).toEqual([...ids].sort());
    const rows = await chat.server.db
      .select()
      .from(chatMessages)
      .where(
        inArray(
          chatMessages.id,
          answers.map((a) => a.results!.seq),
        ),
      );
    for (const c of conversations)
      expect(
        rows
          .filter((r) => r.conversationId === c.id)
          .map((r) => r.senderSide)
          .sort(),
      ).toEqual(['customer', 'staff']);
  });
});

describe('chat delivery: resends', () => {
  it('a resend with the same client message id is stored once, acknowledged with the same id and delivered once', async () => {
    const a = await newCustomer(chat.server, '재전송');
    const staff = await staffSocket();
    const customer = await connectAs(a.token);
    const atStaff = collect<ChatMessage>(staff, 'messageToAdmin');
    const id = clientId();
    const first = await ack<ChatMessage>(customer, 'userMessage', { sendMessage: '한 번만', clientMessageId: id });
    const again = await ack<ChatMessage>(customer, 'userMessage', { sendMessage: '한 번만', clientMessageId: id });
    expect(first.code).toBe(201);
    expect(again.code).toBe(201);
    expect(again.results!.seq).toBe(first.results!.seq);
    expect(await rowsWithClientId(id)).toBe(1);
    // A later message arrives after any second delivery of the first would have.
    const marker = waitFor<ChatMessage>(staff, 'messageToAdmin', (m) => m.sendMessage === '표지');
    await ack(customer, 'userMessage', { sendMessage: '표지', clientMessageId: clientId() });
    await marker;
    expect(atStaff.filter((m) => m.targetUser === a.seq).map((m) => m.sendMessage)).toEqual(['한 번만', '표지']);
  });

  it('the same message sent five times at once is stored once and every answer carries its id', async () => {
    const a = await newCustomer(chat.server, '동시');
    const customer = await connectAs(a.token);
    const id = clientId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ack<ChatMessage>(customer, 'userMessage', { sendMessage: '동시에', clientMessageId: id }),
      ),
    );
    expect(new Set(answers.map((x) => x.results!.seq)).size).toBe(1);
    expect(await rowsWithClientId(id)).toBe(1);
  });

  it('a message whose acknowledgement was lost (socket dropped) is resent on a new socket and stored once', async () => {
    const a = await newCustomer(chat.server, '망전환');
    const staff = await staffSocket();
    const phone = await connectAs(a.token);
    const id = clientId();
    const received = waitFor<ChatMessage>(staff, 'messageToAdmin', (m) => m.clientMessageId === id);
    phone.emit('userMessage', { sendMessage: '지하철에서 보냄', clientMessageId: id });
    const delivered = await received;
    phone.disconnect(); // the phone changed network before it saw the acknowledgement
    const again = await connectAs(a.token);
    const answer = await ack<ChatMessage>(again, 'userMessage', {
      sendMessage: '지하철에서 보냄',
      clientMessageId: id,
    });
    expect(answer.results!.seq).toBe(delivered.seq);
    expect(await rowsWithClientId(id)).toBe(1);
  });

  it('staff resends are stored once too', async () => {
    const a = await newCustomer(chat.server, '직원재전송');
    const staff = await staffSocket();
    const id = clientId();
    const first = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '답변',
      clientMessageId: id,
      targetUser: a.seq,
    });
    const again = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '답변',
      clientMessageId: id,
      targetUser: a.seq,
    });
    expect(again.results!.seq).toBe(first.results!.seq);
    expect(await rowsWithClientId(id)).toBe(1);
  });

  it("a client message id used again in another customer's conversation is a new message there, not a resend", async () => {
    const a = await newCustomer(chat.server, '첫고객');
    const b = await newCustomer(chat.server, '둘째고객');
    const staff = await staffSocket();
    const atB = await connectAs(b.token);
    const id = clientId();
    const toA = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: 'A사 답변',
      clientMessageId: id,
      targetUser: a.seq,
    });
    const toBDelivered = waitFor<ChatMessage>(atB, 'messageToUser', (m) => m.clientMessageId === id);
    const toB = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: 'B사 답변',
      clientMessageId: id,
      targetUser: b.seq,
    });
    expect(toB.code).toBe(201);
    expect(toB.results).toMatchObject({ targetUser: b.seq, sendMessage: 'B사 답변' });
    expect(toB.results!.seq).not.toBe(toA.results!.seq);
    expect((await toBDelivered).sendMessage).toBe('B사 답변');
    // A resend to the first conversation is still that conversation's one message.
    const againToA = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: 'A사 답변',
      clientMessageId: id,
      targetUser: a.seq,
    });
    expect(againToA.results).toMatchObject({ seq: toA.results!.seq, targetUser: a.seq, sendMessage: 'A사 답변' });
    expect(await rowsWithClientId(id)).toBe(2);
  });
});

describe('chat delivery: reconnect', () => {
  it("chat events carry the message alone: chat replays from the database, not from Socket.IO's in-memory recovery", async () => {
    const a = await newCustomer(chat.server, '오프셋');
    const staff = await staffSocket();
    const customer = await connectAs(a.token);
    const atStaff = eventArgs<ChatMessage>(staff, 'messageToAdmin', (m) => m.targetUser === a.seq);
    const atCustomer = eventArgs(customer, 'messageToUser');
    await ack(customer, 'userMessage', { sendMessage: '오프셋 없이', clientMessageId: clientId() });
    await ack(staff, 'adminMessage', { sendMessage: '네', clientMessageId: clientId(), targetUser: a.seq });
    // With the recovery adapter every broadcast also carried its offset as a second argument.
    const [staffArgs, customerArgs] = await Promise.all([atStaff, atCustomer]);
    expect(staffArgs).toHaveLength(1);
    expect(staffArgs[0]).toMatchObject({ sendMessage: '오프셋 없이', sendSide: 'user' });
    expect(customerArgs).toHaveLength(1);
    expect(customerArgs[0]).toMatchObject({ sendMessage: '네', sendSide: 'admin' });
  });

  it('after a reconnect the customer gets exactly what was stored since its last id, in order', async () => {
    const a = await newCustomer(chat.server, '재접속');
    const staff = await staffSocket();
    let phone = await connectAs(a.token);
    const seen = await ack<ChatMessage>(phone, 'userMessage', { sendMessage: '접속 중', clientMessageId: clientId() });
    const lastSeq = seen.results!.seq;
    phone.disconnect();

    const missed: number[] = [];
    for (const text of ['놓친 1', '놓친 2', '놓친 3']) {
      missed.push(
        (
          await ack<ChatMessage>(staff, 'adminMessage', {
            sendMessage: text,
            clientMessageId: clientId(),
            targetUser: a.seq,
          })
        ).results!.seq,
      );
    }
    // Written from the customer's desktop meanwhile.
    const desktop = await connectAs(a.token);
    missed.push(
      (await ack<ChatMessage>(desktop, 'userMessage', { sendMessage: 'PC에서', clientMessageId: clientId() })).results!
        .seq,
    );

    phone = await connectAs(a.token);
    const replay = await ack<History>(phone, 'oldMessageRequest', { afterSeq: lastSeq });
    expect(replay.results!.messages.map((m) => m.seq)).toEqual(missed);
    expect(replay.results!.messages.map((m) => m.sendMessage)).toEqual(['놓친 1', '놓친 2', '놓친 3', 'PC에서']);
    expect(replay.results!.more).toBe(false);
    expect(replay.results!.unread).toBe(3);
  });

  it('staff catch up on one conversation with afterSeq', async () => {
    const a = await newCustomer(chat.server, '직원재접속');
    const customer = await connectAs(a.token);
    const first = await ack<ChatMessage>(customer, 'userMessage', { sendMessage: '하나', clientMessageId: clientId() });
    const second = await ack<ChatMessage>(customer, 'userMessage', { sendMessage: '둘', clientMessageId: clientId() });
    const staff = await staffSocket();
    const replay = await ack<History>(staff, 'oldMessageAdminRequest', {
      targetUser: a.seq,
      afterSeq: first.results!.seq,
    });
    expect(replay.results!.messages.map((m) => m.seq)).toEqual([second.results!.seq]);
  });

  it('messages stored at once by both sides all replay after id 0, ids and store times in the same order', async () => {
    const a = await newCustomer(chat.server, '경합');
    const customer = await connectAs(a.token);
    const staff = await staffSocket();
    const sends = [];
    for (let i = 0; i < 10; i++) {
      sends.push(ack<ChatMessage>(customer, 'userMessage', { sendMessage: `고객 ${i}`, clientMessageId: clientId() }));
      sends.push(
        ack<ChatMessage>(staff, 'adminMessage', {
          sendMessage: `직원 ${i}`,
          clientMessageId: clientId(),
          targetUser: a.seq,
        }),
      );
    }
    const seqs = (await Promise.all(sends)).map((x) => x.results!.seq).sort((x, y) => x - y);
    const all = await ack<History>(customer, 'oldMessageRequest', { afterSeq: 0 });
    expect(all.results!.messages.map((m) => m.seq)).toEqual(seqs);
    // Store times follow the ids: within a conversation each id is taken once the previous message committed.
    const times = all.results!.messages.map((m) => Date.parse(m.created));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });
});

describe('chat presence and read state', () => {
  const entry = (list: UsersToAdmin, seq: number) => list.users.find((u) => u.seq === seq);

  it('staff get the full list on connect; a customer with two tabs is one online user until the last tab closes', async () => {
    const a = await newCustomer(chat.server, '두탭');
    const staff = await staffSocket();
    const updates = collect<UsersToAdmin>(staff, 'usersToAdmin');
    const online = waitFor<UsersToAdmin>(
      staff,
      'usersToAdmin',
      (u) => !u.full && entry(u, a.seq)?.onlineStatus === true,
    );
    const tab1 = await connectAs(a.token);
    await online;
    const tab2 = await connectAs(a.token);
    const list = await ack<UsersToAdmin>(staff, 'usersRequest');
    expect(list.results!.full).toBe(true);
    expect(list.results!.users.filter((u) => u.seq === a.seq)).toHaveLength(1);
    expect(entry(list.results!, a.seq)).toMatchObject({
      id: a.id,
      name: a.name,
      phone: a.phone,
      companyName: '두탭상사',
      onlineStatus: true,
      newChat: false,
      state: 'open',
    });

    const updatesOfA = () => updates.filter((u) => !u.full && entry(u, a.seq)).length;
    // The first tab closing is announced (still online) before the second one closes.
    const third = waitFor<UsersToAdmin>(
      staff,
      'usersToAdmin',
      (u) => !u.full && entry(u, a.seq) !== undefined && updatesOfA() >= 3,
    );
    tab1.close();
    await third;
    const offline = waitFor<UsersToAdmin>(
      staff,
      'usersToAdmin',
      (u) => !u.full && entry(u, a.seq)?.onlineStatus === false,
    );
    tab2.close();
    await offline;
    // Updates of one member arrive in order: two connects, the first tab closing (still online), the last closing.
    const states = updates.filter((u) => !u.full && entry(u, a.seq)).map((u) => entry(u, a.seq)!.onlineStatus);
    expect(states).toEqual([true, true, true, false]);
  });

  it('an offline customer with a conversation stays listed, with newChat and the unread count', async () => {
    const a = await newCustomer(chat.server, '오프라인');
    const staff = await staffSocket();
    const customer = await connectAs(a.token);
    await ack(customer, 'userMessage', { sendMessage: '문의 1', clientMessageId: clientId() });
    await ack(customer, 'userMessage', { sendMessage: '문의 2', clientMessageId: clientId() });
    const offline = waitFor<UsersToAdmin>(
      staff,
      'usersToAdmin',
      (u) => !u.full && entry(u, a.seq)?.onlineStatus === false,
    );
    customer.close();
    expect(entry(await offline, a.seq)).toMatchObject({
      onlineStatus: false,
      newChat: true,
      unread: 2,
      lastMessage: '문의 2',
    } satisfies Partial<ChatUser>);
    // A console opened later lists the customer too.
    const later = await staffSocket();
    const list = (await ack<UsersToAdmin>(later, 'usersRequest')).results!;
    expect(entry(list, a.seq)).toMatchObject({
      onlineStatus: false,
      newChat: true,
      unread: 2,
      lastMessage: '문의 2',
    } satisfies Partial<ChatUser>);
  });

  it('staff reading clears newChat, tells the customer (read mark) and the other staff', async () => {
    const a = await newCustomer(chat.server, '읽음');
    const customer = await connectAs(a.token);
    const sent = await ack<ChatMessage>(customer, 'userMessage', {
      sendMessage: '읽어 주세요',
      clientMessageId: clientId(),
    });
    const staff = await staffSocket();
    const readMark = waitFor<ChatReadStatus>(customer, 'readStatus');
    const cleared = waitFor<UsersToAdmin>(staff, 'usersToAdmin', (u) => !u.full && entry(u, a.seq)?.newChat === false);
    const answer = await ack<ChatReadStatus>(staff, 'updateReadStatus', { user: a.seq });
    expect(answer.results).toEqual({ targetUser: a.seq, side: 'admin', seq: sent.results!.seq });
    expect(await readMark).toEqual({ targetUser: a.seq, side: 'admin', seq: sent.results!.seq });
    expect(entry(await cleared, a.seq)).toMatchObject({ newChat: false, unread: 0 });
    const history = await ack<History>(customer, 'oldMessageRequest', {});
    expect(history.results!.readMarks).toEqual({ userReadSeq: 0, adminReadSeq: sent.results!.seq });
  });

  it('the customer marks their side read; read marks never move back or past the newest message', async () => {
    const a = await newCustomer(chat.server, '고객읽음');
    const staff = await staffSocket();
    const customer = await connectAs(a.token);
    const m1 = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '1',
      clientMessageId: clientId(),
      targetUser: a.seq,
    });
    const m2 = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '2',
      clientMessageId: clientId(),
      targetUser: a.seq,
    });
    const atStaff = waitFor<ChatReadStatus>(staff, 'readStatus', (r) => r.targetUser === a.seq);
    expect((await ack<ChatReadStatus>(customer, 'updateReadStatus', { seq: m1.results!.seq })).results!.seq).toBe(
      m1.results!.seq,
    );
    expect(await atStaff).toEqual({ targetUser: a.seq, side: 'user', seq: m1.results!.seq });
    expect((await ack<History>(customer, 'oldMessageRequest', {})).results!.unread).toBe(1);
    expect((await ack<ChatReadStatus>(customer, 'updateReadStatus', { seq: 0 })).results!.seq).toBe(m1.results!.seq);
    expect((await ack<ChatReadStatus>(customer, 'updateReadStatus', { seq: 2_000_000_000 })).results!.seq).toBe(
      m2.results!.seq,
    );
    expect((await ack<History>(customer, 'oldMessageRequest', {})).results!.unread).toBe(0);
  });

  it("a customer cannot mark another customer's conversation; staff must name the customer", async () => {
    const a = await newCustomer(chat.server, '남의읽음');
    const b = await newCustomer(chat.server, '내읽음');
    const staff = await staffSocket();
    await ack(staff, 'adminMessage', { sendMessage: '안 읽음', clientMessageId: clientId(), targetUser: a.seq });
    const socket = await connectAs(b.token);
    expect(await ack(socket, 'updateReadStatus', { user: a.seq })).toMatchObject({ code: 403 });
    expect(await ack(staff, 'updateReadStatus', {})).toMatchObject({ code: 400, message: '상담할 회원을 선택하세요.' });
    const customerA = await connectAs(a.token);
    expect((await ack<History>(customerA, 'oldMessageRequest', {})).results!.readMarks.userReadSeq).toBe(0);
  });
});
