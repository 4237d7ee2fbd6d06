import { describe, expect, it } from 'vitest';
import type { ChatAck, ChatMessage } from '@partsmall/contract';
import { ack, chatTestServer, clientId, collect, memberIdOf, newCustomer, tokenFor, waitFor } from '../chat-helpers.js';
import { png } from '../chat-images.js';

/**
 * Who receives the sender's own message (docs/requirements.md#realtime-channels): the original
 * client emits without an acknowledgement callback and shows messages as they arrive, so a message
 * sent that way comes back to the sending socket as the event its side listens to, the payload every
 * other socket gets; a message sent with a callback is answered there alone, never twice.
 */
const chat = chatTestServer();
const { connectAs, staffSocket } = chat;

/** A round trip on the socket: whatever the server emitted to it before has arrived by then. */
const settle = (socket: Awaited<ReturnType<typeof connectAs>>) => ack(socket, 'oldMessageRequest', {});
const settleStaff = (socket: Awaited<ReturnType<typeof connectAs>>) => ack(socket, 'cannedReplyList');

async function upload(path: 'uploadChatFile' | 'uploadChatFiles', token: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('imgFiles', new Blob([await png()], { type: 'image/png' }), '사진.png');
  const res = await fetch(`${chat.server.base}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: form,
  });
  return (await res.json()) as ChatAck<ChatMessage>;
}

describe('a message sent without an acknowledgement callback (the original client)', () => {
  it("userMessage: the sending tab gets it as messageToUser, once, the same payload as its other tab and staff's messageToAdmin", async () => {
    const c = await newCustomer(chat.server, '원본고객');
    const sender = await connectAs(c.token);
    const otherTab = await connectAs(c.token);
    const staff = await staffSocket();
    const own = collect<ChatMessage>(sender, 'messageToUser');
    const atSender = waitFor<ChatMessage>(sender, 'messageToUser');
    const atTab = waitFor<ChatMessage>(otherTab, 'messageToUser');
    const atStaff = waitFor<ChatMessage>(staff, 'messageToAdmin', (m) => m.targetUser === c.seq);
    sender.emit('userMessage', { sendMessage: '재고 있나요?', sendMessageType: 'string', type: 'text' });
    const [mine, tab, staffs] = await Promise.all([atSender, atTab, atStaff]);
    expect(mine).toMatchObject({ sendMessage: '재고 있나요?', sendSide: 'user', sendUserId: c.seq, targetUser: c.seq });
    expect(mine).toEqual(tab);
    expect(mine).toEqual(staffs);
    await settle(sender);
    expect(own).toHaveLength(1);
  });

  it("adminMessage: the sending console gets it as messageToAdmin, once, the same payload as the customer's messageToUser", async () => {
    const c = await newCustomer(chat.server, '원본답변');
    const customer = await connectAs(c.token);
    const staff = await staffSocket();
    const admin = await connectAs(await tokenFor(chat.server, await memberIdOf(chat.server, 'admin@partsmall.kr')));
    const own = collect<ChatMessage>(staff, 'messageToAdmin');
    const ownAsCustomer = collect<ChatMessage>(staff, 'messageToUser');
    const atStaff = waitFor<ChatMessage>(staff, 'messageToAdmin', (m) => m.targetUser === c.seq);
    const atAdmin = waitFor<ChatMessage>(admin, 'messageToAdmin', (m) => m.targetUser === c.seq);
    const atCustomer = waitFor<ChatMessage>(customer, 'messageToUser');
    staff.emit('adminMessage', {
      sendMessage: '네, 있습니다.',
      sendMessageType: 'string',
      type: 'text',
      targetUser: c.seq,
    });
    const [mine, other, theirs] = await Promise.all([atStaff, atAdmin, atCustomer]);
    expect(mine).toMatchObject({ sendMessage: '네, 있습니다.', sendSide: 'admin', targetUser: c.seq });
    expect(mine).toEqual(other);
    expect(mine).toEqual(theirs);
    await settleStaff(staff);
    expect(own.filter((m) => m.targetUser === c.seq)).toHaveLength(1);
    expect(ownAsCustomer).toEqual([]);
  });

  it('a refused message comes back as chatError only', async () => {
    const c = await newCustomer(chat.server, '원본거절');
    const sender = await connectAs(c.token);
    const own = collect<ChatMessage>(sender, 'messageToUser');
    const refused = waitFor<ChatAck>(sender, 'chatError');
    sender.emit('userMessage', { sendMessage: '   ', sendMessageType: 'string', type: 'text' });
    expect(await refused).toMatchObject({ code: 400, event: 'userMessage' });
    await settle(sender);
    expect(own).toEqual([]);
  });
});

describe('a message sent with an acknowledgement callback (our client)', () => {
  it('the sender has it from the acknowledgement alone, a customer and staff alike', async () => {
    const c = await newCustomer(chat.server, '확인고객');
    const customer = await connectAs(c.token);
    const staff = await staffSocket();
    const customerSaw = collect<ChatMessage>(customer, 'messageToUser');
    const staffSaw = collect<ChatMessage>(staff, 'messageToAdmin');
    const sent = await ack<ChatMessage>(customer, 'userMessage', { sendMessage: '문의', clientMessageId: clientId() });
    const answered = await ack<ChatMessage>(staff, 'adminMessage', {
      sendMessage: '답변',
      clientMessageId: clientId(),
      targetUser: c.seq,
    });
    expect([sent.code, answered.code]).toEqual([201, 201]);
    await Promise.all([settle(customer), settleStaff(staff)]);
    // Each side sees the other's message once, and its own not at all.
    expect(customerSaw.map((m) => m.seq)).toEqual([answered.results!.seq]);
    expect(staffSaw.filter((m) => m.targetUser === c.seq).map((m) => m.seq)).toEqual([sent.results!.seq]);
  });
});

describe("an upload's message (HTTP: no socket sent it)", () => {
  it("reaches every socket of the uploading customer and the uploading staff member's console, once each", async () => {
    const c = await newCustomer(chat.server, '업로드본인');
    const customer = await connectAs(c.token);
    const staff = await staffSocket();
    const customerSaw = collect<ChatMessage>(customer, 'messageToUser');
    const staffSaw = collect<ChatMessage>(staff, 'messageToAdmin');

    const mine = await upload('uploadChatFile', c.token);
    expect(mine.code).toBe(201);
    const theirs = await upload('uploadChatFiles', await tokenFor(chat.server, chat.staffId), {
      targetuser: String(c.seq),
    });
    expect(theirs.code).toBe(201);
    await Promise.all([settle(customer), settleStaff(staff)]);
    const seqs = [mine.results!.seq, theirs.results!.seq];
    expect(customerSaw.map((m) => m.seq)).toEqual(seqs);
    expect(staffSaw.filter((m) => m.targetUser === c.seq).map((m) => m.seq)).toEqual(seqs);
    expect(customerSaw[0]).toEqual(mine.results);
  });
});
