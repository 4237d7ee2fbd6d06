/**
 * A chat socket's connection (namespace.ts opens it, events.ts answers its events): the member, the
 * session watch and the conversation lookups it keeps, and the delivery of a stored message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { CHAT_EVENTS, type ChatAck, type ChatMessage } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../shared/events.js';
import type { AuthContext, MemberRow } from '../auth/types.js';
import type { chatLookups } from './lookups.js';
import type { chatPresence } from './presence.js';
import { chatRooms, type ChatSocketData } from './rooms.js';
import type { ChatCustomer, SenderInfo, messageWriter } from './messages.js';

export type Side = ChatSocketData['side'];

/** A customer staff write to, and their conversation. */
export type ChatTarget = { customer: ChatCustomer; conversationId: number };

/** How an event was sent: `acked` when with an acknowledgement callback (ours), not by the original client. */
export interface ChatCall {
  acked: boolean;
}

/** One event's work: its answer, or an AppError for a refusal (see handle). */
export type ChatHandler = (conn: ChatConnection, payload: unknown, call: ChatCall) => Promise<ChatAck>;

/** What every connection of the namespace shares: the database, the grouped lookups, presence and delivery. */
export interface ChatServer {
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
export interface ChatConnection {
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
  /** A customer staff address, checked as the customer is now, on every event (see connectionOf). */
  target(customerId: number): Promise<ChatTarget>;
  /** When this socket's last typing event was relayed (TYPING_MIN_INTERVAL_MS). */
  lastTyping: number;
}

/**
 * A message to the customer's tabs and to staff; `from`, a socket whose acknowledgement carries the
 * message, is left out (docs/requirements.md#realtime-channels).
 */
export function announce(nsp: Namespace, message: ChatMessage, from?: Socket) {
  const toCustomer =
    from?.data && (from.data as ChatSocketData).side === 'customer'
      ? from.to(chatRooms.customer(message.targetUser))
      : nsp.to(chatRooms.customer(message.targetUser));
  const toStaff =
    from?.data && (from.data as ChatSocketData).side === 'staff' ? from.to(chatRooms.staff) : nsp.to(chatRooms.staff);
  toCustomer.emit(CHAT_EVENTS.messageToUser, message);
  toStaff.emit(CHAT_EVENTS.messageToAdmin, message);
}

/**
 * A message a socket stored: delivered, then told to the app's subscribers without delaying the ack.
 * Sent without an acknowledgement callback (the original client), it reaches the sending socket too,
 * as the event its side listens to: the original client shows its own message as it arrives
 * (docs/requirements.md#realtime-channels).
 */
export function stored(
  chat: ChatServer,
  message: ChatMessage,
  row: { conversationId: number; createdAt: Date },
  from: Socket,
  call: ChatCall,
) {
  announce(chat.nsp, message, call.acked ? from : undefined);
  const { conversationId, createdAt: storedAt } = row;
  void chat.events?.publish({ type: 'messageStored', message, conversationId, storedAt, delivered: true });
}

/** A socket's connection: its member, its session watch and the conversation lookups it keeps. */
export function connectionOf(chat: ChatServer, socket: Socket, auth: AuthContext, side: Side): ChatConnection {
  const me = auth.member;
  const { conversationIdOf, checkedCustomer } = chat.lookups;
  let ownConversation: Promise<number> | null = null;
  const session = sessionWatch(chat, auth.token);
  /**
   * Staff write only to existing customers (docs/security.md#realtime-channels), and a customer
   * may be stopped or withdraw while a staff console stays open: the customer is read again for
   * every event, never remembered for the socket. The read is one lookup by primary key, grouped
   * with the other sockets' (chatLookups); the conversation id, which never changes, is kept.
   */
  async function target(customerId: number): Promise<ChatTarget> {
    const member = await checkedCustomer(customerId);
    return {
      customer: { id: member.id, loginId: member.loginId },
      conversationId: await conversationIdOf(member.id),
    };
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

export type SessionWatch = ReturnType<typeof sessionWatch>;

/**
 * A socket's session, checked when it connected and again when an event finds the last check older
 * than sessionRecheckMs (it may have expired or been revoked).
 */
export function sessionWatch(chat: ChatServer, token: string) {
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
