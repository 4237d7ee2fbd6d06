import { describe, expect, it } from 'vitest';
import { MSG, MSG_CHAT, type ChatMessage, type ChatReadStatus, type OldChatList } from '@partsmall/contract';
import { ack, chatTestServer, clientId, newCustomer, tokenFor } from '../chat-helpers.js';
import { png } from '../chat-images.js';

/**
 * The original client names a chat user by its `id` (the login id) or its `seq` (the member number);
 * where it names the customer (adminMessage and oldMessageAdminRequest `targetUser`, updateReadStatus
 * `user`, the staff upload's targetUser header) both are taken (docs/requirements.md#realtime-channels).
 */
const chat = chatTestServer();
const { connectAs, staffSocket } = chat;

type History = NonNullable<OldChatList['results']>;

describe('a customer named by login id', () => {
  it('staff write to, read the history of and mark read the conversation of the customer the login id names', async () => {
    const c = await newCustomer(chat.server, '아이디대상');
    const customer = await connectAs(c.token);
    expect(
      (await ack(customer, 'userMessage', { sendMessage: '재고 있나요?', clientMessageId: clientId() })).code,
    ).toBe(201);
    const staff = await staffSocket();

    const sent = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '네, 재고 있습니다.',
      sendMessageType: 'string',
      type: 'text',
      targetUser: c.id,
    });
    expect([sent.code, sent.results!.targetUser, sent.results!.sendMessage]).toEqual([
      201,
      c.seq,
      '네, 재고 있습니다.',
    ]);

    const history = await ack<History>(staff, 'oldMessageAdminRequest', { page: 1, size: 50, targetUser: c.id });
    expect([history.code, history.results!.targetUser]).toEqual([200, c.seq]);
    expect(history.results!.messages.map((m) => m.sendMessage)).toEqual(['재고 있나요?', '네, 재고 있습니다.']);

    // As typed by hand: spaces around it and capitals read as the same login id.
    const read = await ack<ChatReadStatus>(staff, 'updateReadStatus', { user: ` ${c.id.toUpperCase()} ` });
    expect([read.code, read.results]).toEqual([
      200,
      { targetUser: c.seq, side: 'admin', seq: history.results!.messages.at(-1)!.seq },
    ]);

    // The member number still works as before.
    expect((await ack(staff, 'updateReadStatus', { user: c.seq })).code).toBe(200);
    expect((await ack(staff, 'updateReadStatus', { user: String(c.seq) })).code).toBe(200);
  });

  it("a customer's own login id marks their own conversation read; another's is refused", async () => {
    const c = await newCustomer(chat.server, '내아이디');
    const other = await newCustomer(chat.server, '남아이디');
    const socket = await connectAs(c.token);
    expect(await ack(socket, 'updateReadStatus', { user: c.id })).toMatchObject({
      code: 200,
      results: { targetUser: c.seq, side: 'user' },
    });
    expect(await ack(socket, 'updateReadStatus', { user: other.id })).toEqual({ code: 403, message: MSG.forbidden });
  });

  it('an unknown login id or a staff login id is not found; a blank one is asked for', async () => {
    const staff = await staffSocket();
    const notFound = { code: 404, message: MSG_CHAT.targetUserNotFound };
    expect(
      await ack(staff, 'adminMessage', {
        sendMessage: '안내',
        clientMessageId: clientId(),
        targetUser: 'nobody@test.kr',
      }),
    ).toEqual(notFound);
    expect(
      await ack(staff, 'adminMessage', {
        sendMessage: '안내',
        clientMessageId: clientId(),
        targetUser: 'staff@partsmall.kr',
      }),
    ).toEqual(notFound);
    expect(await ack(staff, 'oldMessageAdminRequest', { targetUser: 'nobody@test.kr' })).toEqual(notFound);
    expect(await ack(staff, 'updateReadStatus', { user: 'nobody@test.kr' })).toEqual(notFound);
    expect(await ack(staff, 'updateReadStatus', { user: '' })).toMatchObject({
      code: 400,
      message: MSG_CHAT.targetUserRequired,
    });
  });

  it("staff's upload names the customer by login id in the targetUser header (URI-encoded)", async () => {
    const c = await newCustomer(chat.server, '아이디사진');
    const form = new FormData();
    form.append('imgFiles', new Blob([new Uint8Array(await png(12, 10))], { type: 'image/png' }), '사진.png');
    const res = await fetch(`${chat.server.base}/uploadChatFiles`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenFor(chat.server, chat.staffId)}`,
        targetuser: encodeURIComponent(c.id),
      },
      body: form,
    });
    const body = (await res.json()) as { code: number; results?: ChatMessage };
    expect([body.code, body.results?.targetUser, body.results?.type]).toEqual([201, c.seq, 'file']);
  });
});
