import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CannedReply,
  ChatCustomerInfo,
  ChatMessage,
  ChatTyping,
  OldChatList,
  UsersToAdmin,
} from '@partsmall/contract';
import {
  cashLedger,
  chatCannedReplies,
  chatConversations,
  chatMessages,
  companies,
  members,
  products,
} from '../../src/db/schema.js';
import { call } from '../helpers.js';
import { ack, chatTestServer, clientId, collect, memberIdOf, newCustomer, tokenFor, waitFor } from '../chat-helpers.js';
import { makeCompany } from '../member-helpers.js';
import { COURIER, placeOrder } from '../order-helpers.js';

const chat = chatTestServer();
const { connectAs, staffSocket } = chat;

type History = NonNullable<OldChatList['results']>;

describe('typing indicator', () => {
  it('a customer typing is shown to staff only; staff typing to that customer (and the other staff)', async () => {
    const a = await newCustomer(chat.server, '입력중');
    const b = await newCustomer(chat.server, '구경꾼');
    const staff = await staffSocket();
    const colleague = await staffSocket();
    const customer = await connectAs(a.token);
    const bystander = await connectAs(b.token);
    const seenByBystander = collect<ChatTyping>(bystander, 'typing');

    const atStaff = waitFor<ChatTyping>(staff, 'typing', (t) => t.targetUser === a.seq);
    expect((await ack(customer, 'typing', { typing: true })).code).toBe(200);
    expect(await atStaff).toEqual({ targetUser: a.seq, side: 'user', name: a.name, typing: true });

    const atCustomer = waitFor<ChatTyping>(customer, 'typing');
    const atColleague = waitFor<ChatTyping>(colleague, 'typing', (t) => t.side === 'admin' && t.targetUser === a.seq);
    await ack(staff, 'typing', { typing: true, targetUser: a.seq });
    expect(await atCustomer).toMatchObject({ targetUser: a.seq, side: 'admin', typing: true });
    await atColleague;

    // Anything meant for the bystander after this arrives after any typing event would have.
    const marker = waitFor<ChatMessage>(bystander, 'messageToUser');
    await ack(staff, 'adminMessage', { sendMessage: '표지', clientMessageId: clientId(), targetUser: b.seq });
    await marker;
    expect(seenByBystander).toEqual([]);
  });

  it('staff must name the customer; wrong types are refused', async () => {
    const staff = await staffSocket();
    expect(await ack(staff, 'typing', { typing: true })).toMatchObject({
      code: 400,
      message: '상담할 회원을 선택하세요.',
    });
    expect(await ack(staff, 'typing', { typing: 'yes', targetUser: 1 })).toMatchObject({ code: 400 });
  });
});

describe('open and resolved conversations', () => {
  it('staff resolve a conversation; a later customer message opens it again', async () => {
    const a = await newCustomer(chat.server, '해결');
    const customer = await connectAs(a.token);
    await ack(customer, 'userMessage', { sendMessage: '배송 언제 되나요?', clientMessageId: clientId() });
    const staff = await staffSocket();
    const resolved = waitFor<UsersToAdmin>(
      staff,
      'usersToAdmin',
      (u) => !u.full && u.users[0]?.seq === a.seq && u.users[0].state === 'resolved',
    );
    expect(await ack(staff, 'conversationState', { targetUser: a.seq, state: 'resolved' })).toMatchObject({
      code: 200,
    });
    await resolved;
    expect((await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).results!.state).toBe(
      'resolved',
    );
    // Staff writing more does not reopen it; the customer writing does.
    await ack(staff, 'adminMessage', {
      sendMessage: '내일 출고됩니다.',
      clientMessageId: clientId(),
      targetUser: a.seq,
    });
    expect((await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).results!.state).toBe(
      'resolved',
    );
    await ack(customer, 'userMessage', { sendMessage: '하나 더 있어요', clientMessageId: clientId() });
    expect((await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).results!.state).toBe('open');
    const list = await ack<UsersToAdmin>(staff, 'usersRequest');
    expect(list.results!.users.find((u) => u.seq === a.seq)!.state).toBe('open');
  });

  it('reopening by hand, and refusals: customers, bad states, unknown customers', async () => {
    const a = await newCustomer(chat.server, '재개');
    const staff = await staffSocket();
    await ack(staff, 'conversationState', { targetUser: a.seq, state: 'resolved' });
    await ack(staff, 'conversationState', { targetUser: a.seq, state: 'open' });
    expect((await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).results!.state).toBe('open');
    const customer = await connectAs(a.token);
    expect(await ack(customer, 'conversationState', { targetUser: a.seq, state: 'resolved' })).toMatchObject({
      code: 403,
    });
    expect(await ack(staff, 'conversationState', { targetUser: a.seq, state: 'closed' })).toMatchObject({ code: 400 });
    expect(await ack(staff, 'conversationState', { targetUser: 99_999_999, state: 'resolved' })).toMatchObject({
      code: 404,
    });
  });
});

describe('who staff may address', () => {
  it('another staff account, or a customer no longer active, is no chat customer: 404 and nothing stored', async () => {
    const staff = await staffSocket();
    const a = await newCustomer(chat.server, '정지고객');
    expect(await ack(staff, 'customerInfoRequest', { targetUser: a.seq })).toMatchObject({ code: 200 });
    await chat.server.db.update(members).set({ status: 'stopped' }).where(eq(members.id, a.seq));
    const targets = [
      await memberIdOf(chat.server, 'staff@partsmall.kr'),
      await memberIdOf(chat.server, 'admin@partsmall.kr'),
      a.seq,
    ];
    const before = await chat.server.db.$count(chatMessages);
    for (const targetUser of targets) {
      const refused = { code: 404, message: '상담 대상 회원을 찾을 수 없습니다.' };
      expect(
        await ack(staff, 'adminMessage', { sendMessage: '안내', clientMessageId: clientId(), targetUser }),
      ).toMatchObject(refused);
      expect(await ack(staff, 'customerInfoRequest', { targetUser })).toMatchObject(refused);
      expect(await ack(staff, 'conversationState', { targetUser, state: 'resolved' })).toMatchObject(refused);
    }
    expect(await chat.server.db.$count(chatMessages)).toBe(before);
  });

  it('a sub-account stopped by its main account while a staff console is open: that socket is refused from then on, nothing stored', async () => {
    // docs/security.md#realtime-channels: the customer is checked as they are now, on every event.
    const company = await makeCompany(chat.server, '부계정정지', 1);
    const sub = company.subs[0]!;
    const staff = await staffSocket();
    const write = () =>
      ack(staff, 'adminMessage', {
        sendMessage: '주문 확인했습니다.',
        clientMessageId: clientId(),
        targetUser: sub.seq,
      });
    expect((await write()).code).toBe(201);
    expect((await ack(staff, 'typing', { typing: true, targetUser: sub.seq })).code).toBe(200);
    const typedAt = Date.now();
    expect((await ack(staff, 'conversationState', { targetUser: sub.seq, state: 'resolved' })).code).toBe(200);

    const mainToken = await tokenFor(chat.server, company.main.seq);
    const stop = await call(chat.server, 'stateMemberInfo', { seq: sub.seq, status: 'stopped' }, { token: mainToken });
    expect(stop.body.code).toBe(201);
    const conversation = () =>
      chat.server.db.select().from(chatConversations).where(eq(chatConversations.customerId, sub.seq));
    const [messagesBefore, conversationBefore] = [await chat.server.db.$count(chatMessages), await conversation()];

    const refused = { code: 404, message: '상담 대상 회원을 찾을 수 없습니다.' };
    expect(await write()).toMatchObject(refused);
    expect(await ack(staff, 'conversationState', { targetUser: sub.seq, state: 'open' })).toMatchObject(refused);
    // Typing closer together than 300 ms is dropped before any check: the next one is sent after that.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, typedAt + 350 - Date.now())));
    expect(await ack(staff, 'typing', { typing: true, targetUser: sub.seq })).toMatchObject(refused);
    expect(await ack(staff, 'typing', { typing: false, targetUser: sub.seq })).toMatchObject(refused);
    // As a new socket. The history stays readable (docs/requirements.md#chat).
    expect(await ack(staff, 'oldMessageAdminRequest', { targetUser: sub.seq })).toMatchObject({ code: 200 });
    expect(await ack(await staffSocket(), 'adminMessage', { sendMessage: '새 창', targetUser: sub.seq })).toMatchObject(
      refused,
    );
    expect(await chat.server.db.$count(chatMessages)).toBe(messagesBefore);
    expect(await conversation()).toEqual(conversationBefore);
  });
});

describe("a stopped customer's record", () => {
  it('staff still read the history of a customer the shop stopped; writing to them stays refused; a withdrawn one is 404', async () => {
    const a = await newCustomer(chat.server, '정지기록');
    const customer = await connectAs(a.token);
    const staff = await staffSocket();
    await ack(customer, 'userMessage', { sendMessage: '반품 약속하셨잖아요', clientMessageId: clientId() });
    await ack(staff, 'adminMessage', {
      sendMessage: '확인해 보겠습니다.',
      clientMessageId: clientId(),
      targetUser: a.seq,
    });
    const staffToken = await tokenFor(chat.server, await memberIdOf(chat.server, 'staff@partsmall.kr'));
    const stop = await call(
      chat.server,
      'adminSetMemberStatus',
      { memberId: a.seq, status: 'stopped' },
      { token: staffToken },
    );
    expect(stop.body.code).toBe(201);

    const history = await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.seq });
    expect(history.code).toBe(200);
    expect(history.results!.targetUser).toBe(a.seq);
    expect(history.results!.messages.map((m) => m.sendMessage)).toEqual(['반품 약속하셨잖아요', '확인해 보겠습니다.']);
    // Named by login id too, as the original client may.
    const byLoginId = await ack<History>(staff, 'oldMessageAdminRequest', { targetUser: a.id });
    expect(byLoginId.results!.messages).toHaveLength(2);

    const before = await chat.server.db.$count(chatMessages);
    const refused = { code: 404, message: '상담 대상 회원을 찾을 수 없습니다.' };
    expect(
      await ack(staff, 'adminMessage', { sendMessage: '재개 안내', clientMessageId: clientId(), targetUser: a.seq }),
    ).toMatchObject(refused);
    expect(await ack(staff, 'conversationState', { targetUser: a.seq, state: 'resolved' })).toMatchObject(refused);
    expect(await chat.server.db.$count(chatMessages)).toBe(before);

    await chat.server.db.update(members).set({ status: 'withdrawn' }).where(eq(members.id, a.seq));
    expect(await ack(staff, 'oldMessageAdminRequest', { targetUser: a.seq })).toMatchObject(refused);
  });

  it("the console's list keeps a stopped customer who has a conversation, marked stopped; a withdrawn one never shows", async () => {
    const a = await newCustomer(chat.server, '정지목록');
    const quiet = await newCustomer(chat.server, '정지무대화');
    await ack(await connectAs(a.token), 'userMessage', {
      sendMessage: '견적 부탁드립니다',
      clientMessageId: clientId(),
    });
    // Online with no message: listed while active, not once stopped (no conversation to read).
    await connectAs(quiet.token);
    const staff = await staffSocket();
    const entry = async (seq: number) =>
      (await ack<UsersToAdmin>(staff, 'usersRequest')).results!.users.find((u) => u.seq === seq);
    expect(await entry(a.seq)).not.toHaveProperty('stopped');
    expect(await entry(quiet.seq)).toBeDefined();
    await chat.server.db
      .update(members)
      .set({ status: 'stopped' })
      .where(inArray(members.id, [a.seq, quiet.seq]));
    expect(await entry(a.seq)).toMatchObject({
      seq: a.seq,
      name: a.name,
      stopped: true,
      lastMessage: '견적 부탁드립니다',
    });
    expect(await entry(quiet.seq)).toBeUndefined();
    // Staff reading the conversation mark it read (the console does on choosing it), so it leaves the unread count.
    expect(await entry(a.seq)).toMatchObject({ unread: 1, newChat: true });
    expect(await ack(staff, 'updateReadStatus', { user: a.seq })).toMatchObject({ code: 200 });
    expect(await entry(a.seq)).toMatchObject({ unread: 0, newChat: false });
    await chat.server.db.update(members).set({ status: 'withdrawn' }).where(eq(members.id, a.seq));
    expect(await ack(staff, 'updateReadStatus', { user: a.seq })).toMatchObject({ code: 404 });
    expect(await entry(a.seq)).toBeUndefined();
  });
});

describe('canned replies', () => {
  it('staff save, list, edit and delete shared replies; another staff member sees them', async () => {
    const staff = await staffSocket();
    const admin = await connectAs(await tokenFor(chat.server, await memberIdOf(chat.server, 'admin@partsmall.kr')));
    const saved = await ack<CannedReply>(staff, 'cannedReplySave', {
      title: '운영시간',
      body: '평일 10:00~16:30 상담합니다.',
    });
    expect(saved).toMatchObject({ code: 201, results: { title: '운영시간', body: '평일 10:00~16:30 상담합니다.' } });
    const seq = saved.results!.seq;
    const listed = await ack<CannedReply[]>(admin, 'cannedReplyList');
    expect(listed.results!.find((r) => r.seq === seq)?.title).toBe('운영시간');
    const edited = await ack<CannedReply>(admin, 'cannedReplySave', {
      seq,
      title: '상담시간',
      body: '평일 10:00~16:30, 주말·공휴일 휴무',
    });
    expect(edited.results).toMatchObject({ seq, title: '상담시간' });
    expect(await ack(staff, 'cannedReplyDelete', { seq })).toMatchObject({ code: 200 });
    expect((await ack<CannedReply[]>(staff, 'cannedReplyList')).results!.some((r) => r.seq === seq)).toBe(false);
    expect(await ack(staff, 'cannedReplyDelete', { seq })).toMatchObject({
      code: 404,
      message: '상용구를 찾을 수 없습니다.',
    });
  });

  it('blank or long titles and blank bodies are refused; customers cannot read or write them', async () => {
    const staff = await staffSocket();
    expect(await ack(staff, 'cannedReplySave', { title: ' ', body: '내용' })).toMatchObject({
      code: 400,
      message: '상용구 제목을 입력하세요.',
    });
    expect(await ack(staff, 'cannedReplySave', { title: '가'.repeat(51), body: '내용' })).toMatchObject({
      code: 400,
      message: '상용구 제목은 50자 이내로 입력하세요.',
    });
    expect(await ack(staff, 'cannedReplySave', { title: '제목', body: '  ' })).toMatchObject({
      code: 400,
      message: '전송할 내용을 입력하세요.',
    });
    // Bidi controls in the title or the body (docs/requirements.md#validation): refused, nothing saved.
    const saved = await chat.server.db.$count(chatCannedReplies);
    for (const [payload, field] of [
      [{ title: '안내 \u202Egnp.exe', body: '내용' }, 'title'],
      [{ title: '안내', body: '평일\n\u2066상담\u2069' }, 'body'],
    ] as const)
      expect(await ack(staff, 'cannedReplySave', payload)).toEqual({
        code: 400,
        message: '입력할 수 없는 문자가 포함되어 있습니다.',
        field,
      });
    expect(await chat.server.db.$count(chatCannedReplies)).toBe(saved);
    const a = await newCustomer(chat.server, '상용구');
    const customer = await connectAs(a.token);
    const before = (await chat.server.db.select().from(chatCannedReplies)).length;
    expect(await ack(customer, 'cannedReplyList')).toMatchObject({ code: 403 });
    expect(await ack(customer, 'cannedReplySave', { title: '몰래', body: '추가' })).toMatchObject({ code: 403 });
    expect(await ack(customer, 'cannedReplyDelete', { seq: 1 })).toMatchObject({ code: 403 });
    expect((await chat.server.db.select().from(chatCannedReplies)).length).toBe(before);
  });
});

describe('customer summary beside the conversation', () => {
  it("staff see the customer's company, level, cash, cart count and last orders", async () => {
    const a = await newCustomer(chat.server, '요약');
    await chat.server.db.update(companies).set({ level: 'c', point: 300_000 }).where(eq(companies.id, a.companyId));
    await chat.server.db
      .insert(cashLedger)
      .values({ companyId: a.companyId, type: 'adjust', amount: 300_000, balanceAfter: 300_000 });
    const made = await chat.server.db
      .insert(products)
      .values(
        [11_000, 22_000].map((price, i) => ({
          name: `요약 테스트 부품 ${i + 1}`,
          pid: `SUM-${randomUUID().slice(0, 8)}`,
          pidKey: `SUM${i}${randomUUID().slice(0, 6).toUpperCase()}`,
          priceA: price,
          priceB: price,
          priceC: price,
          priceD: price,
          salePrice: price,
          hasAmount: 10,
          stockName: '한국 김포물류센터',
          storageId: 1,
        })),
      )
      .returning();
    for (const p of made)
      expect(
        (await call(chat.server, 'addToCart', { productId: p.id, hasAmount: 1 }, { token: a.token })).body.code,
      ).toBe(201);
    const paid = await placeOrder(chat.server, a.token, [{ productId: made[1]!.id, qty: 2 }], {
      shippingInfo: COURIER,
    });
    expect(paid.body.code).toBe(201);
    // Another customer's cart line is not this customer's count.
    const b = await newCustomer(chat.server, '요약외');
    expect(
      (await call(chat.server, 'addToCart', { productId: made[0]!.id, hasAmount: 1 }, { token: b.token })).body.code,
    ).toBe(201);

    const staff = await staffSocket();
    const info = await ack<ChatCustomerInfo>(staff, 'customerInfoRequest', { targetUser: a.seq });
    expect(info.code).toBe(200);
    expect(info.results).toMatchObject({
      seq: a.seq,
      name: a.name,
      companyName: '요약상사',
      level: 'c',
      levelName: '실버',
      cash: paid.body.results!.point,
      cartCount: 2,
      orderCount: 1,
    });
    expect(info.results!.cash).toBeLessThan(300_000);
    expect(info.results!.lastOrders).toEqual([
      expect.objectContaining({
        seq: paid.body.results!.orderSeq,
        status: 0,
        itemLength: 1,
        firstItemName: '요약 테스트 부품 2',
        totalAmount: paid.body.results!.totalAmount,
      }),
    ]);
  });

  it('customers cannot ask for it, not even about themselves; unknown customers are 404', async () => {
    const a = await newCustomer(chat.server, '요약거절');
    const customer = await connectAs(a.token);
    expect(await ack(customer, 'customerInfoRequest', { targetUser: a.seq })).toMatchObject({ code: 403 });
    const staff = await staffSocket();
    expect(await ack(staff, 'customerInfoRequest', { targetUser: 99_999_999 })).toMatchObject({
      code: 404,
      message: '상담 대상 회원을 찾을 수 없습니다.',
    });
    expect(await ack(staff, 'customerInfoRequest', {})).toMatchObject({ code: 400 });
  });
});
