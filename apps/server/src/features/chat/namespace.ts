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
  const unauthorized: ChatAck = { code: 401, message: MSG.tokenExpired };
  const storeText = messageWriter(db);

  const { sessionOf, conversationIds, conversationIdOf, checkedCustomer } = chatLookups(db);

  // The session is looked up before the connection completes, so listeners are attached before
  // the client's first event arrives (see the trade channel).
  nsp.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    void (token ? sessionOf(token) : Promise.resolve(undefined))
      .catch(() => undefined)
      .then((auth) => {
        socket.data = auth ?? null;
        next();
      });
  });

  const { onlineCustomers, onlineAmong, pushUser, queueUserUpdate, close: closePresence } = chatPresence(nsp, db, log);

  function announce(message: ChatMessage, from?: Socket) {
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
  function stored(message: ChatMessage, row: { conversationId: number; createdAt: Date }, from: Socket) {
    announce(message, from);
    const { conversationId, createdAt: storedAt } = row;
    void options.events?.publish({ type: 'messageStored', message, conversationId, storedAt, delivered: true });
  }

  nsp.on('connection', (socket) => {
    const auth = socket.data as AuthContext | null;
    if (!auth) {
      socket.emit(CHAT_EVENTS.chatError, unauthorized);
      socket.disconnect(true);
      return;
    }
    const token = auth.token;
    const me: MemberRow = auth.member;
    const side = isStaff(me) ? 'staff' : 'customer';
    if (side === 'customer' && me.companyId === null) {
      socket.emit(CHAT_EVENTS.chatError, { code: 403, message: MSG.forbidden });
      socket.disconnect(true);
      return;
    }
    // The token stays in this closure: socket.data travels between processes.
    const data: ChatSocketData = { memberId: me.id, side };
    socket.data = data;
    const sender: SenderInfo = { memberId: me.id, loginId: me.loginId, name: me.name, side };
    const self: ChatCustomer = { id: me.id, loginId: me.loginId };
    /** The customer's conversation, looked up once per socket (events arriving meanwhile share the lookup). */
    let ownConversation: Promise<number> | null = null;
    let sessionCheckedAt = Date.now();
    /** The re-check in flight: events arriving meanwhile wait for it instead of each querying again. */
    let sessionCheck: Promise<boolean> | null = null;
    const sessionAlive = () =>
      (sessionCheck ??= sessionOf(token)
        .catch(() => undefined)
        .then((current) => {
          sessionCheck = null;
          if (current) sessionCheckedAt = Date.now();
          return current !== undefined;
        }));
    /**
     * Staff: customers checked on this socket (a customer id never changes its conversation). The
     * lookup itself is kept, so messages to a customer arriving while it runs share it instead of
     * each reading the member and conversation again (measured: 2 of 2.5 queries per message).
     */
    const targets = new Map<number, Promise<{ customer: ChatCustomer; conversationId: number }>>();

    void socket.join(chatRooms.session(auth.sessionId));
    if (side === 'customer') {
      void socket.join([chatRooms.customer(me.id), chatRooms.customers]);
      queueUserUpdate(me.id);
      socket.on('disconnect', () => queueUserUpdate(me.id));
    } else {
      void socket.join(chatRooms.staff);
    }

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

    const needStaff = () => {
      if (side !== 'staff') throw forbidden(MSG_CHAT.staffOnly);
    };
    const needCustomer = () => {
      if (side !== 'customer') throw forbidden(MSG_CHAT.customerOnly);
    };

    /**
     * One handler per event: the session is checked again when the last check is older than
     * sessionRecheckMs (it may have expired or been revoked), the payload
     * parsed with the contract, and the answer goes to the acknowledgement callback, or, for a
     * refusal without one, to chatError. A failure never ends the socket, except a dead session.
     */
    function handle(event: string, work: (payload: unknown) => Promise<ChatAck>) {
      socket.on(event, async (...args: unknown[]) => {
        const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: ChatAck) => void) : null;
        let answer: ChatAck;
        try {
          const alive = Date.now() - sessionCheckedAt < sessionRecheckMs || (await sessionAlive());
          if (!alive) {
            ack?.(unauthorized);
            socket.emit(CHAT_EVENTS.chatError, { ...unauthorized, event });
            socket.disconnect(true);
            return;
          }
          answer = await work(args[0]);
        } catch (err) {
          if (err instanceof AppError) {
            answer = { code: err.code, message: err.message };
            if (err.field) answer.field = err.field;
          } else {
            log.error({ err, event }, 'chat event failed');
            answer = { code: 500, message: MSG.serverError };
          }
        }
        if (ack) ack(answer);
        else if (answer.code >= 400) socket.emit(CHAT_EVENTS.chatError, { ...answer, event });
      });
    }

    handle(CHAT_EVENTS.userMessage, async (payload) => {
      needCustomer();
      const form = parseOr400(CHAT_SOCKET.toServer.userMessage.payload, payload);
      if (form.productId !== undefined && !(await productById(db, form.productId)))
        throw notFound(MSG_CHAT.productNotFound);
      if (!ownConversation) {
        ownConversation = conversationIdOf(me.id);
        ownConversation.catch(() => (ownConversation = null));
      }
      const { row, created } = await storeText({
        conversationId: await ownConversation,
        senderId: me.id,
        side,
        clientMessageId: form.clientMessageId ?? randomUUID(),
        type: 'text',
        body: form.sendMessage,
        productId: form.productId ?? null,
      });
      const [message] = await toChatMessages(db, [row], self, [sender]);
      if (created) stored(message!, row, socket);
      return { code: 201, message: MSG_CHAT.sent, results: message };
    });

    handle(CHAT_EVENTS.adminMessage, async (payload) => {
      needStaff();
      const form = parseOr400(CHAT_SOCKET.toServer.adminMessage.payload, payload);
      const t = await target(form.targetUser);
      const { row, created } = await storeText({
        conversationId: t.conversationId,
        senderId: me.id,
        side,
        clientMessageId: form.clientMessageId ?? randomUUID(),
        type: 'text',
        body: form.sendMessage,
      });
      const [message] = await toChatMessages(db, [row], t.customer, [sender]);
      if (created) stored(message!, row, socket);
      return { code: 201, message: MSG_CHAT.sent, results: message };
    });

    async function oldChatList(
      customer: ChatCustomer,
      q: z.output<typeof oldMessageRequestPayload>,
    ): Promise<OldChatList> {
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

    handle(CHAT_EVENTS.oldMessageRequest, async (payload) => {
      needCustomer();
      return oldChatList(self, parseOr400(CHAT_SOCKET.toServer.oldMessageRequest.payload, payload));
    });

    handle(CHAT_EVENTS.oldMessageAdminRequest, async (payload) => {
      needStaff();
      const { targetUser, ...q } = parseOr400(CHAT_SOCKET.toServer.oldMessageAdminRequest.payload, payload);
      const member = await checkedCustomer(targetUser);
      return oldChatList({ id: member.id, loginId: member.loginId }, q);
    });

    handle(CHAT_EVENTS.updateReadStatus, async (payload) => {
      const form = parseOr400(CHAT_SOCKET.toServer.updateReadStatus.payload, payload);
      let customerId: number;
      if (side === 'customer') {
        if (form.user !== undefined && form.user !== me.id) throw forbidden();
        customerId = me.id;
      } else {
        if (form.user === undefined) throw new AppError(400, MSG_CHAT.targetUserRequired, 400, 'user');
        customerId = (await checkedCustomer(form.user)).id;
      }
      // Sent on every message read while a conversation is open: a known conversation needs no lookup.
      const conversationId = conversationIds.get(customerId) ?? (await conversationOf(db, customerId))?.id;
      const seq = conversationId !== undefined ? await markRead(db, conversationId, side, form.seq) : 0;
      const status: ChatReadStatus = { targetUser: customerId, side: side === 'customer' ? 'user' : 'admin', seq };
      nsp.to(chatRooms.customer(customerId)).to(chatRooms.staff).emit(CHAT_EVENTS.readStatus, status);
      // The customer's entry (unread count) goes to staff with the next user update, coalesced
      // with other reads and presence changes, not one list query and adapter round trip per read.
      if (side === 'staff') queueUserUpdate(customerId);
      return { code: 200, message: MSG.ok, results: status };
    });

    let lastTyping = 0;
    handle(CHAT_EVENTS.typing, async (payload) => {
      const form = parseOr400(CHAT_SOCKET.toServer.typing.payload, payload);
      const now = Date.now();
      if (form.typing && now - lastTyping < TYPING_MIN_INTERVAL_MS) return { code: 200, message: MSG.ok };
      lastTyping = now;
      if (side === 'customer') {
        const body: ChatTyping = { targetUser: me.id, side: 'user', name: me.name, typing: form.typing };
        nsp.to(chatRooms.staff).volatile.emit(CHAT_EVENTS.typing, body);
      } else {
        if (form.targetUser === undefined) throw new AppError(400, MSG_CHAT.targetUserRequired, 400, 'targetUser');
        const t = await target(form.targetUser);
        const body: ChatTyping = { targetUser: t.customer.id, side: 'admin', name: me.name, typing: form.typing };
        socket.to(chatRooms.customer(t.customer.id)).to(chatRooms.staff).volatile.emit(CHAT_EVENTS.typing, body);
      }
      return { code: 200, message: MSG.ok };
    });

    handle(CHAT_EVENTS.usersRequest, async () => {
      needStaff();
      const body: UsersToAdmin = { full: true, users: await listChatUsers(db, { online: await onlineCustomers() }) };
      socket.emit(CHAT_EVENTS.usersToAdmin, body);
      return { code: 200, message: MSG.ok, results: body };
    });

    handle(CHAT_EVENTS.conversationState, async (payload) => {
      needStaff();
      const form = parseOr400(CHAT_SOCKET.toServer.conversationState.payload, payload);
      const t = await target(form.targetUser);
      await setConversationState(db, t.conversationId, form.state, me.id);
      await pushUser(t.customer.id);
      return { code: 200, message: MSG.ok, results: { targetUser: t.customer.id, state: form.state } };
    });

    handle(CHAT_EVENTS.customerInfoRequest, async (payload) => {
      needStaff();
      const form = parseOr400(CHAT_SOCKET.toServer.customerInfoRequest.payload, payload);
      return { code: 200, message: MSG.ok, results: await customerInfo(db, await checkedCustomer(form.targetUser)) };
    });

    handle(CHAT_EVENTS.cannedReplyList, async () => {
      needStaff();
      return { code: 200, message: MSG.ok, results: await listCannedReplies(db) };
    });
    handle(CHAT_EVENTS.cannedReplySave, async (payload) => {
      needStaff();
      return {
        code: 201,
        message: MSG.ok,
        results: await saveCannedReply(db, me.id, parseOr400(CHAT_SOCKET.toServer.cannedReplySave.payload, payload)),
      };
    });
    handle(CHAT_EVENTS.cannedReplyDelete, async (payload) => {
      needStaff();
      await deleteCannedReply(db, parseOr400(CHAT_SOCKET.toServer.cannedReplyDelete.payload, payload).seq);
      return { code: 200, message: MSG.ok };
    });

    if (side === 'staff') {
      void (async () => {
        const body: UsersToAdmin = { full: true, users: await listChatUsers(db, { online: await onlineCustomers() }) };
        socket.emit(CHAT_EVENTS.usersToAdmin, body);
      })().catch((err) => log.error({ err }, 'chat user list failed'));
    }
  });

  return {
    announce: (message) => announce(message),
    countOnlineCustomers: async () => (await onlineCustomers()).size,
    customerOnline: async (customerId) => (await onlineAmong([customerId])).has(customerId),
    close: closePresence,
    endSessions(sessionIds) {
      for (const id of sessionIds) {
        nsp.to(chatRooms.session(id)).emit(CHAT_EVENTS.chatError, unauthorized);
        nsp.in(chatRooms.session(id)).disconnectSockets(true);
      }
    },
  };
}
