import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  CHAT_SOCKET,
  MSG,
  MSG_CHAT,
  oldMessageRequestPayload,
  type ChatAck,
  type ChatMessage,
  type ChatReadStatus,
  type ChatTyping,
  type OldChatList,
  type UsersToAdmin,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../shared/events.js';
import { AppError, forbidden, notFound } from '../../shared/http.js';
import { parseOr400 } from '../../shared/parse.js';
import type { AuthContext, MemberRow } from '../auth/types.js';
import { productById } from '../products/index.js';
import { configureChatDelivery } from './adapter.js';
import { chatLookups } from './lookups.js';
import { chatPresence } from './presence.js';
import { chatRooms, type ChatChannel, type ChatSocketData } from './rooms.js';

export type { ChatChannel } from './rooms.js';
import {
  conversationOf,
  customerInfo,
  deleteCannedReply,
  history,
  isStaff,
  listCannedReplies,
  listChatUsers,
  markRead,
  readMarksOf,
  saveCannedReply,
  setConversationState,
  stateOf,
  messageWriter,
  toChatMessages,
  unreadFor,
  type ChatCustomer,
  type NewMessage,
  type SenderInfo,
} from './messages.js';

/** A socket's typing events closer together than this are dropped (they are relayed, not stored). */
const TYPING_MIN_INTERVAL_MS = 300;

export interface ChatOptions {
  /**
   * How long a socket's session check holds before an event checks it again. Logout, password
   * change, stop and withdrawal end chat sockets at once (endSessions, across processes through
   * the adapter); this re-check catches expiry and revocations made outside the application.
   */
  sessionRecheckMs?: number;
  /** The app's domain events: each stored message is told as `messageStored` (the reply notice listens). */
  events?: DomainEvents;
}

/** The answer to a socket whose session is missing, expired or revoked. */
const UNAUTHORIZED: ChatAck = { code: 401, message: MSG.tokenExpired };

type Side = ChatSocketData['side'];
/** A customer staff write to, and their conversation. */
type ChatTarget = { customer: ChatCustomer; conversationId: number };
/** One event's work: its answer, or an AppError for a refusal (see handle). */
type ChatHandler = (conn: ChatConnection, payload: unknown) => Promise<ChatAck>;

/** What every connection of the namespace shares: the database, the grouped lookups, presence and delivery. */
interface ChatServer {
  nsp: Namespace;
  db: Db;
  log: FastifyBaseLogger;
  sessionRecheckMs: number;
  storeText: ReturnType<typeof messageWriter>;
  lookups: ReturnType<typeof chatLookups>;
  presence: ReturnType<typeof chatPresence>;
  events: DomainEvents | undefined;
}

/** One connected socket: its member and what it keeps between events. */
interface ChatConnection {
  chat: ChatServer;
  socket: Socket;
  me: MemberRow;
  side: Side;
  sender: SenderInfo;
  /** The member as a conversation names its customer (used on a customer's socket). */
  self: ChatCustomer;
  session: SessionWatch;
  /** The customer's conversation, looked up once per socket (events arriving meanwhile share the lookup). */
  ownConversation(): Promise<number>;
  /** A customer staff address on this socket, checked once (see connectionOf). */
  target(customerId: number): Promise<ChatTarget>;
  /** When this socket's last typing event was relayed (TYPING_MIN_INTERVAL_MS). */
  lastTyping: number;
}

/**
 * The /chat namespace (docs/requirements.md#realtime-channels), on the shared Socket.IO server so that it uses
 * whatever adapter that server has. Every message is stored before it is delivered and
 * acknowledged; online state is read from the adapter (fetchSockets), never from this process's
 * memory, so it holds with several processes.
 */
export function registerChatNamespace(
  io: Server,
  db: Db,
  log: FastifyBaseLogger,
  options: ChatOptions = {},
): ChatChannel {
  const nsp: Namespace = io.of(CHAT_NAMESPACE);
  configureChatDelivery(nsp);
  const sessionRecheckMs = options.sessionRecheckMs ?? 10_000;
  const storeText = messageWriter(db);
  const lookups = chatLookups(db);
  nsp.use(handshakeSession(lookups.sessionOf));
  const presence = chatPresence(nsp, db, log);
  const chat: ChatServer = { nsp, db, log, sessionRecheckMs, storeText, lookups, presence, events: options.events };

  nsp.on('connection', (socket) => openConnection(chat, socket));

  return {
    announce: (message) => announce(nsp, message),
    countOnlineCustomers: async () => (await presence.onlineCustomers()).size,
    customerOnline: async (customerId) => (await presence.onlineAmong([customerId])).has(customerId),
    close: presence.close,
    endSessions(sessionIds) {
      for (const id of sessionIds) {
        nsp.to(chatRooms.session(id)).emit(CHAT_EVENTS.chatError, UNAUTHORIZED);
        nsp.in(chatRooms.session(id)).disconnectSockets(true);
      }
    },
  };
}

/**
 * The handshake's session, looked up before the connection completes, so listeners are attached
 * before the client's first event arrives (see the trade channel). A socket without one is
 * refused when it connects (openConnection).
 */
function handshakeSession(sessionOf: (token: string) => Promise<AuthContext | undefined>) {
  return (socket: Socket, next: (err?: Error) => void) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    void (token ? sessionOf(token) : Promise.resolve(undefined))
      .catch(() => undefined)
      .then((auth) => {
        socket.data = auth ?? null;
        next();
      });
  };
}

/** A message to the customer's tabs and to staff, except the socket it came from. */
function announce(nsp: Namespace, message: ChatMessage, from?: Socket) {
  const toCustomer =
    from?.data && (from.data as ChatSocketData).side === 'customer'
      ? from.to(chatRooms.customer(message.targetUser))
      : nsp.to(chatRooms.customer(message.targetUser));
  const toStaff =
    from?.data && (from.data as ChatSocketData).side === 'staff' ? from.to(chatRooms.staff) : nsp.to(chatRooms.staff);
  toCustomer.emit(CHAT_EVENTS.messageToUser, message);
  toStaff.emit(CHAT_EVENTS.messageToAdmin, message);
}

/** A message a socket stored: delivered, then told to the app's subscribers without delaying the ack. */
function stored(
  chat: ChatServer,
  message: ChatMessage,
  row: { conversationId: number; createdAt: Date },
  from: Socket,
) {
  announce(chat.nsp, message, from);
  const { conversationId, createdAt: storedAt } = row;
  void chat.events?.publish({ type: 'messageStored', message, conversationId, storedAt, delivered: true });
}

/** Tells a socket why it is refused and ends it. */
function refuse(socket: Socket, answer: ChatAck) {
  socket.emit(CHAT_EVENTS.chatError, answer);
  socket.disconnect(true);
}

/**
 * A new socket: refused without a session (401) or as a customer without a company (403);
 * otherwise it joins its rooms, its events are listened to, and a staff socket gets the user list.
 */
function openConnection(chat: ChatServer, socket: Socket) {
  const auth = socket.data as AuthContext | null;
  if (!auth) {
    refuse(socket, UNAUTHORIZED);
    return;
  }
  const me: MemberRow = auth.member;
  const side = isStaff(me) ? 'staff' : 'customer';
  if (side === 'customer' && me.companyId === null) {
    refuse(socket, { code: 403, message: MSG.forbidden });
    return;
  }
  // The token stays in the connection (session watch): socket.data travels between processes.
  const data: ChatSocketData = { memberId: me.id, side };
  socket.data = data;
  const conn = connectionOf(chat, socket, auth, side);
  joinRooms(conn, auth.sessionId);
  for (const [event, work] of Object.entries(CHAT_HANDLERS)) handle(conn, event, work);
  if (side === 'staff') void sendUserList(conn).catch((err) => chat.log.error({ err }, 'chat user list failed'));
}

/** A socket's connection: its member, its session watch and the conversation lookups it keeps. */
function connectionOf(chat: ChatServer, socket: Socket, auth: AuthContext, side: Side): ChatConnection {
  const me = auth.member;
  const { conversationIdOf, checkedCustomer } = chat.lookups;
  let ownConversation: Promise<number> | null = null;
  const session = sessionWatch(chat, auth.token);
  /**
   * Staff: customers checked on this socket (a customer id never changes its conversation). The
   * lookup itself is kept, so messages to a customer arriving while it runs share it instead of
   * each reading the member and conversation again (measured: 2 of 2.5 queries per message).
   */
  const targets = new Map<number, Promise<ChatTarget>>();

  function target(customerId: number) {
    let t = targets.get(customerId);
    if (!t) {
      t = (async () => {
        const member = await checkedCustomer(customerId);
        return {
          customer: { id: member.id, loginId: member.loginId },
          conversationId: await conversationIdOf(member.id),
        };
      })();
      // A refusal (no such customer) or a failure is not remembered.
      t.catch(() => targets.delete(customerId));
      targets.set(customerId, t);
    }
    return t;
  }

  return {
    chat,
    socket,
    me,
    side,
    sender: { memberId: me.id, loginId: me.loginId, name: me.name, side },
    self: { id: me.id, loginId: me.loginId },
    session,
    ownConversation() {
      if (!ownConversation) {
        ownConversation = conversationIdOf(me.id);
        // A failure is not remembered.
        ownConversation.catch(() => (ownConversation = null));
      }
      return ownConversation;
    },
    target,
    lastTyping: 0,
  };
}

type SessionWatch = ReturnType<typeof sessionWatch>;

/**
 * A socket's session, checked when it connected and again when an event finds the last check older
 * than sessionRecheckMs (it may have expired or been revoked).
 */
function sessionWatch(chat: ChatServer, token: string) {
  let checkedAt = Date.now();
  /** The re-check in flight: events arriving meanwhile wait for it instead of each querying again. */
  let check: Promise<boolean> | null = null;
  return {
    fresh: () => Date.now() - checkedAt < chat.sessionRecheckMs,
    alive: () =>
      (check ??= chat.lookups
        .sessionOf(token)
        .catch(() => undefined)
        .then((current) => {
          check = null;
          if (current) checkedAt = Date.now();
          return current !== undefined;
        })),
  };
}

/** A session's room (endSessions), and a customer's own and all customers' rooms, or staff's. */
function joinRooms({ chat, socket, me, side }: ChatConnection, sessionId: number) {
  void socket.join(chatRooms.session(sessionId));
  if (side === 'customer') {
    void socket.join([chatRooms.customer(me.id), chatRooms.customers]);
    chat.presence.queueUserUpdate(me.id);
    socket.on('disconnect', () => chat.presence.queueUserUpdate(me.id));
  } else {
    void socket.join(chatRooms.staff);
  }
}

/**
 * One handler per event: the session is checked again when the last check is older than
 * sessionRecheckMs (it may have expired or been revoked), the payload
 * parsed with the contract, and the answer goes to the acknowledgement callback, or, for a
 * refusal without one, to chatError. A failure never ends the socket, except a dead session.
 */
function handle(conn: ChatConnection, event: string, work: ChatHandler) {
  const { socket, session } = conn;
  socket.on(event, async (...args: unknown[]) => {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: ChatAck) => void) : null;
    let answer: ChatAck;
    try {
      const alive = session.fresh() || (await session.alive());
      if (!alive) {
        ack?.(UNAUTHORIZED);
        refuse(socket, { ...UNAUTHORIZED, event });
        return;
      }
      answer = await work(conn, args[0]);
    } catch (err) {
      if (err instanceof AppError) {
        answer = { code: err.code, message: err.message };
        if (err.field) answer.field = err.field;
      } else {
        conn.chat.log.error({ err, event }, 'chat event failed');
        answer = { code: 500, message: MSG.serverError };
      }
    }
    if (ack) ack(answer);
    else if (answer.code >= 400) socket.emit(CHAT_EVENTS.chatError, { ...answer, event });
  });
}

function needStaff(conn: ChatConnection) {
  if (conn.side !== 'staff') throw forbidden(MSG_CHAT.staffOnly);
}

function needCustomer(conn: ChatConnection) {
  if (conn.side !== 'customer') throw forbidden(MSG_CHAT.customerOnly);
}

/** A text message stored in a customer's conversation, delivered if new (not a resend), and answered with. */
async function sendText(
  conn: ChatConnection,
  customer: ChatCustomer,
  text: Omit<NewMessage, 'senderId' | 'side' | 'type'>,
): Promise<ChatAck> {
  const { chat, me, side, sender, socket } = conn;
  const { row, created } = await chat.storeText({ ...text, senderId: me.id, side, type: 'text' });
  const [message] = await toChatMessages(chat.db, [row], customer, [sender]);
  if (created) stored(chat, message!, row, socket);
  return { code: 201, message: MSG_CHAT.sent, results: message };
}

/** A customer writes to staff, maybe asking about a product. */
async function customerMessage(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needCustomer(conn);
  const form = parseOr400(CHAT_SOCKET.toServer.userMessage.payload, payload);
  if (form.productId !== undefined && !(await productById(conn.chat.db, form.productId)))
    throw notFound(MSG_CHAT.productNotFound);
  return sendText(conn, conn.self, {
    conversationId: await conn.ownConversation(),
    clientMessageId: form.clientMessageId ?? randomUUID(),
    body: form.sendMessage,
    productId: form.productId ?? null,
  });
}

/** Staff write to a customer. */
async function staffMessage(conn: ChatConnection, payload: unknown): Promise<ChatAck> {
  needStaff(conn);
  const form = parseOr400(CHAT_SOCKET.toServer.adminMessage.payload, payload);
  const t = await conn.target(form.targetUser);
  return sendText(conn, t.customer, {
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
  const { targetUser, ...q } = parseOr400(CHAT_SOCKET.toServer.oldMessageAdminRequest.payload, payload);
  const member = await conn.chat.lookups.checkedCustomer(targetUser);
  return oldChatList(conn, { id: member.id, loginId: member.loginId }, q);
}

/** A side has read a conversation up to a message: told to the customer's tabs and staff. */
async function updateReadStatus({ chat, me, side }: ChatConnection, payload: unknown): Promise<ChatAck> {
  const { db, nsp, lookups } = chat;
  const form = parseOr400(CHAT_SOCKET.toServer.updateReadStatus.payload, payload);
  let customerId: number;
  if (side === 'customer') {
    if (form.user !== undefined && form.user !== me.id) throw forbidden();
    customerId = me.id;
  } else {
    if (form.user === undefined) throw new AppError(400, MSG_CHAT.targetUserRequired, 400, 'user');
    customerId = (await lookups.checkedCustomer(form.user)).id;
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
async function sendUserList({ chat, socket }: ChatConnection): Promise<UsersToAdmin> {
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
const CHAT_HANDLERS: Record<string, ChatHandler> = {
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
