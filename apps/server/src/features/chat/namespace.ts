import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { CHAT_EVENTS, CHAT_NAMESPACE, MSG, type ChatAck } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../shared/events.js';
import { AppError } from '../../shared/http.js';
import type { AuthContext, MemberRow } from '../auth/types.js';
import { configureChatDelivery } from './adapter.js';
import { chatLookups } from './lookups.js';
import { chatPresence } from './presence.js';
import { chatRooms, type ChatChannel, type ChatSocketData } from './rooms.js';
import { sessionSweep } from './session-sweep.js';
import { announce, connectionOf, type ChatConnection, type ChatHandler, type ChatServer } from './connection.js';
import { CHAT_HANDLERS, sendUserList } from './events.js';
import { isStaff, messageWriter } from './messages.js';

export type { ChatChannel } from './rooms.js';

export interface ChatOptions {
  /**
   * How long a socket's session check holds before an event, or the sweep, checks it again. Logout,
   * password change, stop and withdrawal end chat sockets at once (endSessions, across processes
   * through the adapter); this re-check catches expiry and revocations made outside the application.
   */
  sessionRecheckMs?: number;
  /**
   * How often the open sockets' sessions are swept (session-sweep.ts); the re-check time unless
   * given. A test of the per-event check sets it long, so that only the event's check can notice.
   */
  sessionSweepMs?: number;
  /** The app's domain events: each stored message is told as `messageStored` (the reply notice listens). */
  events?: DomainEvents;
}

/** The answer to a socket whose session is missing, expired or revoked. */
const UNAUTHORIZED: ChatAck = { code: 401, message: MSG.tokenExpired };

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

  const sweep = sessionSweep(options.sessionSweepMs ?? sessionRecheckMs, (conn) => refuse(conn.socket, UNAUTHORIZED));
  nsp.on('connection', (socket) => {
    const conn = openConnection(chat, socket);
    if (conn) sweep.watch(conn);
  });

  return {
    announce: (message) => announce(nsp, message),
    countOnlineCustomers: async () => (await presence.onlineCustomers()).size,
    customerOnline: async (customerId) => (await presence.onlineAmong([customerId])).has(customerId),
    close() {
      sweep.close();
      presence.close();
    },
    endSessions(sessionIds) {
      // Every 401 first, then the closes (see the realtime hub's endSessions).
      for (const id of sessionIds) nsp.to(chatRooms.session(id)).emit(CHAT_EVENTS.chatError, UNAUTHORIZED);
      for (const id of sessionIds) nsp.in(chatRooms.session(id)).disconnectSockets(true);
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

/** Tells a socket why it is refused and ends it. */
function refuse(socket: Socket, answer: ChatAck) {
  socket.emit(CHAT_EVENTS.chatError, answer);
  socket.disconnect(true);
}

/**
 * A new socket: refused without a session (401) or as a customer without a company (403);
 * otherwise it joins its rooms, its events are listened to, and a staff socket gets the user list.
 */
function openConnection(chat: ChatServer, socket: Socket): ChatConnection | undefined {
  // A restored socket (never made here: see configureChatDelivery) would carry no session.
  const auth = socket.recovered ? null : (socket.data as AuthContext | null);
  if (!auth) {
    refuse(socket, UNAUTHORIZED);
    return undefined;
  }
  const me: MemberRow = auth.member;
  const side = isStaff(me) ? 'staff' : 'customer';
  if (side === 'customer' && me.companyId === null) {
    refuse(socket, { code: 403, message: MSG.forbidden });
    return undefined;
  }
  // The token stays in the connection (session watch): socket.data travels between processes.
  const data: ChatSocketData = { memberId: me.id, side };
  socket.data = data;
  const conn = connectionOf(chat, socket, auth, side);
  joinRooms(conn, auth.sessionId);
  for (const [event, work] of Object.entries(CHAT_HANDLERS)) handle(conn, event, work);
  if (side === 'staff') void sendUserList(conn).catch((err) => chat.log.error({ err }, 'chat user list failed'));
  return conn;
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
 * refusal without one, to chatError (a message sent without one comes back as it is delivered:
 * connection.ts stored). A failure never ends the socket, except a dead session.
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
      answer = await work(conn, args[0], { acked: ack !== null });
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
