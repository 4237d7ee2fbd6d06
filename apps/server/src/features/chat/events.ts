/**
 * The events a chat socket may send (CHAT_SOCKET.toServer), one function each; namespace.ts listens
 * to them through `handle`, which checks the session and turns a refusal into the answer.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CHAT_EVENTS,
  CHAT_SOCKET,
  MSG,
  MSG_CHAT,
  oldMessageRequestPayload,
  type ChatAck,
  type ChatReadStatus,
  type ChatTyping,
  type OldChatList,
  type UsersToAdmin,
} from '@partsmall/contract';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { parseOr400 } from '../../shared/parse.js';
import { productById } from '../products/index.js';
import { chatRooms } from './rooms.js';
import { stored, type ChatCall, type ChatConnection, type ChatHandler } from './connection.js';
import { loginIdNamed, memberNumberOf } from './lookups.js';
import {
  conversationOf,
  customerInfo,
  deleteCannedReply,
  history,
  listCannedReplies,
  listChatUsers,
  markRead,
  readMarksOf,
  saveCannedReply,
  setConversationState,
  stateOf,
  toChatMessages,
  unreadFor,
  type ChatCustomer,
  type NewMessage,
} from './messages.js';

/** A socket's typing events closer together than this are dropped (they are relayed, not stored). */
const TYPING_MIN_INTERVAL_MS = 300;

function needStaff(conn: ChatConnection) {
  if (conn.side !== 'staff') throw forbidden(MSG_CHAT.staffOnly);
}

function needCustomer(conn: ChatConnection) {
  if (conn.side !== 'customer') throw forbidden(MSG_CHAT.customerOnly);
}

/**
 * The payload with the customer its `field` names by login id named by member number instead (the
 * original client may send a chat user's `id` or `seq`: loginIdNamed). A customer may name only
 * themselves, answered without a lookup, so a customer learns nothing of other accounts.
 */
async function byMemberNumber(conn: ChatConnection, payload: unknown, field: 'targetUser' | 'user'): Promise<unknown> {
  if (typeof payload !== 'object' || payload === null) return payload;
  const loginId = loginIdNamed((payload as Record<string, unknown>)[field]);
  if (loginId === null) return payload;
  if (conn.side === 'customer' && loginId !== conn.me.loginId) throw forbidden();
  const id = conn.side === 'customer' ? conn.me.id : await memberNumberOf(conn.chat.db, loginId);
  return { ...payload, [field]: id };
}

/** A text message stored in a customer's conversation, delivered if new (not a resend), and answered with. */
async function sendText(
  conn: ChatConnection,
  call: ChatCall,
  customer: ChatCustomer,
  text: Omit<NewMessage, 'senderId' | 'side' | 'type'>,
): Promise<ChatAck> {
  const { chat, me, side, sender, socket } = conn;
  const { row, created } = await chat.storeText({ ...text, senderId: me.id, side, type: 'text' });
  const [message] = await toChatMessages(chat.db, [row], customer, [sender]);
  if (created) stored(chat, message!, row, socket, call);
  return { code: 201, message: MSG_CHAT.sent, results: message };
}

/** A customer writes to staff, maybe asking about a product. */
async function customerMessage(conn: ChatConnection, payload: unknown, call: ChatCall): Promise<ChatAck> {
  needCustomer(conn);
  const form = parseOr400(CHAT_SOCKET.toServer.userMessage.payload, payload);
  if (form.productId !== undefined && !(await productById(conn.chat.db, form.productId)))
    throw notFound(MSG_CHAT.productNotFound);
  return sendText(conn, call, conn.self, {
    conversationId: await conn.ownConversation(),
    clientMessageId: form.clientMessageId ?? randomUUID(),
    body: form.sendMessage,
    productId: form.productId ?? null,
  });
}

/** Staff write to a customer. */
async function staffMessage(conn: ChatConnection, payload: unknown, call: ChatCall): Promise<ChatAck> {
  needStaff(conn);
  const form = parseOr400(CHAT_SOCKET.toServer.adminMessage.payload, await byMemberNumber(conn, payload, 'targetUser'));
  const t = await conn.target(form.targetUser);
  return sendText(conn, call, t.customer, {
    conversationId: t.conversationId,
    clientMessageId: form.clientMessageId ?? randomUUID(),
    body: form.sendMessage,
  });
}

/** A page of a customer's conversation with its read marks, state and unread count, also sent as oldChatList. */
async function oldChatList(
  { chat, socket, sender, side }: ChatConnection,
  customer: ChatCustomer,
  q: z.output<typeof oldMessageRequestPayload>,
): Promise<OldChatList> {
  const { db } = chat;
  const conversation = await conversationOf(db, customer.id);
  const page = conversation ? await history(db, conversation.id, q) : { rows: [], more: false };
  const answer: OldChatList = {
    code: 200,
    message: MSG.ok,
    results: {
      targetUser: customer.id,
      messages: await toChatMessages(db, page.rows, customer, [sender]),
      more: page.more,
      readMarks: readMarksOf(conversation),
      state: await stateOf(db, conversation),
      unread: await unreadFor(db, conversation, side),
    },
  };
  socket.emit(CHAT_EVENTS.oldChatList, answer);
  return answer;
}

async function customerHistory(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needCustomer(conn);
  return oldChatList(conn, conn.self, parseOr400(CHAT_SOCKET.toServer.oldMessageRequest.payload, payload));
}

async function staffHistory(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  const { targetUser, ...q } = parseOr400(
    CHAT_SOCKET.toServer.oldMessageAdminRequest.payload,
    await byMemberNumber(conn, payload, 'targetUser'),
  );
  // Read-only: a customer stopped since stays readable, written to by no one (docs/requirements.md#chat).
  const member = await conn.chat.lookups.customerOnRecord(targetUser);
  return oldChatList(conn, { id: member.id, loginId: member.loginId }, q);
}

/** A side has read a conversation up to a message: told to the customer's tabs and staff. */
async function updateReadStatus(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  const { chat, me, side } = conn;
  const { db, nsp, lookups } = chat;
  const form = parseOr400(CHAT_SOCKET.toServer.updateReadStatus.payload, await byMemberNumber(conn, payload, 'user'));
  let customerId: number;
  if (side === 'customer') {
    if (form.user !== undefined && form.user !== me.id) throw forbidden();
    customerId = me.id;
  } else {
    if (form.user === undefined) throw new AppError(400, MSG_CHAT.targetUserRequired, 400, 'user');
    // Staff's own read mark: a stopped customer's conversation, readable, is marked read too (docs/requirements.md#chat).
    customerId = (await lookups.customerOnRecord(form.user)).id;
  }
  // Sent on every message read while a conversation is open: a known conversation needs no lookup.
  const conversationId = lookups.conversationIds.get(customerId) ?? (await conversationOf(db, customerId))?.id;
  const seq = conversationId !== undefined ? await markRead(db, conversationId, side, form.seq) : 0;
  const status: ChatReadStatus = { targetUser: customerId, side: side === 'customer' ? 'user' : 'admin', seq };
  nsp.to(chatRooms.customer(customerId)).to(chatRooms.staff).emit(CHAT_EVENTS.readStatus, status);
  // The customer's entry (unread count) goes to staff with the next user update, coalesced
  // with other reads and presence changes, not one list query and adapter round trip per read.
  if (side === 'staff') chat.presence.queueUserUpdate(customerId);
  return { code: 200, message: MSG.ok, results: status };
}

/** Typing, relayed (volatile, never stored): a customer's to staff, staff's to the customer and the other staff. */
async function typing(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  const { chat, socket, me, side } = conn;
  const form = parseOr400(CHAT_SOCKET.toServer.typing.payload, payload);
  const now = Date.now();
  if (form.typing && now - conn.lastTyping < TYPING_MIN_INTERVAL_MS) return { code: 200, message: MSG.ok };
  conn.lastTyping = now;
  if (side === 'customer') {
    const body: ChatTyping = { targetUser: me.id, side: 'user', name: me.name, typing: form.typing };
    chat.nsp.to(chatRooms.staff).volatile.emit(CHAT_EVENTS.typing, body);
  } else {
    if (form.targetUser === undefined) throw new AppError(400, MSG_CHAT.targetUserRequired, 400, 'targetUser');
    const t = await conn.target(form.targetUser);
    const body: ChatTyping = { targetUser: t.customer.id, side: 'admin', name: me.name, typing: form.typing };
    socket.to(chatRooms.customer(t.customer.id)).to(chatRooms.staff).volatile.emit(CHAT_EVENTS.typing, body);
  }
  return { code: 200, message: MSG.ok };
}

/** Every customer's entry with who is online, sent to a staff socket as usersToAdmin. */
export async function sendUserList({ chat, socket }: ChatConnection): Promise<UsersToAdmin> {
  const body: UsersToAdmin = {
    full: true,
    users: await listChatUsers(chat.db, { online: await chat.presence.onlineCustomers() }),
  };
  socket.emit(CHAT_EVENTS.usersToAdmin, body);
  return body;
}

async function userList(conn: ChatConnection): Promise<ChatAck> {
  needStaff(conn);
  return { code: 200, message: MSG.ok, results: await sendUserList(conn) };
}

/** Staff set a conversation's state; staff hear of it with the customer's entry. */
async function conversationState(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  const { chat, me } = conn;
  const form = parseOr400(CHAT_SOCKET.toServer.conversationState.payload, payload);
  const t = await conn.target(form.targetUser);
  await setConversationState(chat.db, t.conversationId, form.state, me.id);
  await chat.presence.pushUser(t.customer.id);
  return { code: 200, message: MSG.ok, results: { targetUser: t.customer.id, state: form.state } };
}

async function customerInfoRequest(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  const { db, lookups } = conn.chat;
  const form = parseOr400(CHAT_SOCKET.toServer.customerInfoRequest.payload, payload);
  return {
    code: 200,
    message: MSG.ok,
    results: await customerInfo(db, await lookups.checkedCustomer(form.targetUser)),
  };
}

async function cannedReplyList(conn: ChatConnection): Promise<ChatAck> {
  needStaff(conn);
  return { code: 200, message: MSG.ok, results: await listCannedReplies(conn.chat.db) };
}

async function cannedReplySave(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  return {
    code: 201,
    message: MSG.ok,
    results: await saveCannedReply(
      conn.chat.db,
      conn.me.id,
      parseOr400(CHAT_SOCKET.toServer.cannedReplySave.payload, payload),
    ),
  };
}

async function cannedReplyDelete(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  await deleteCannedReply(conn.chat.db, parseOr400(CHAT_SOCKET.toServer.cannedReplyDelete.payload, payload).seq);
  return { code: 200, message: MSG.ok };
}

/** The events a socket may send (CHAT_SOCKET.toServer) and their handlers, listened to in this order. */
export const CHAT_HANDLERS: Record<string, ChatHandler> = {
  [CHAT_EVENTS.userMessage]: customerMessage,
  [CHAT_EVENTS.adminMessage]: staffMessage,
  [CHAT_EVENTS.oldMessageRequest]: customerHistory,
  [CHAT_EVENTS.oldMessageAdminRequest]: staffHistory,
  [CHAT_EVENTS.updateReadStatus]: updateReadStatus,
  [CHAT_EVENTS.typing]: typing,
  [CHAT_EVENTS.usersRequest]: userList,
  [CHAT_EVENTS.conversationState]: conversationState,
  [CHAT_EVENTS.customerInfoRequest]: customerInfoRequest,
  [CHAT_EVENTS.cannedReplyList]: cannedReplyList,
  [CHAT_EVENTS.cannedReplySave]: cannedReplySave,
  [CHAT_EVENTS.cannedReplyDelete]: cannedReplyDelete,
};
