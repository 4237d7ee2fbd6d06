import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Namespace } from 'socket.io';
import { MSG, TRADE_EVENTS, TRADE_NAMESPACE, type ClientBaseInfoEvent, type TradeAnswer } from '@partsmall/contract';
import type { Db } from '../db/client.js';
import type { DomainEvents } from '../shared/events.js';
import { resolveSession } from '../features/auth/index.js';
import { coalesceWritesPerTick } from './coalesce-writes.js';
import { SOCKET_MAX_MESSAGE_BYTES, socketParser, strictUtf8PollingBodies } from './parser.js';
import { registerChatNamespace } from '../features/chat/index.js';
import type { Realtime, TradeSocket, TradeSocketData, TradeSocketRef } from './types.js';

export type { Realtime, TradeSocket, TradeSocketData, TradeSocketRef, TradeTransport } from './types.js';

const room = {
  session: (id: number) => `session:${id}`,
  company: (id: number) => `company:${id}`,
};

export async function createRealtime(
  httpServer: HttpServer,
  db: Db,
  log: FastifyBaseLogger,
  redisUrl: string | null,
  redisPrefix = 'partsmall',
  events?: DomainEvents,
): Promise<Realtime> {
  // A tab that loses its connection for a moment (a proxy restart, a process stopped behind the load
  // balancer) gets back its rooms and the events it missed, on whichever process it reconnects to.
  const io = new Server(httpServer, {
    serveClient: false,
    cors: { origin: false },
    // No message larger or nested deeper than the channels' events need is read (realtime/parser.ts).
    maxHttpBufferSize: SOCKET_MAX_MESSAGE_BYTES,
    parser: socketParser,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: true },
  });
  // A polling body is read as strict UTF-8, as ws reads a websocket's text frames (parser.ts).
  io.engine.use(strictUtf8PollingBodies);
  // Every Socket.IO connection's frames of one tick leave in one write (coalesce-writes.ts).
  httpServer.prependListener('upgrade', (_req, socket) => coalesceWritesPerTick(socket));
  let redisClient: { quit(): Promise<unknown>; ping(): Promise<string> } | null = null;
  let stopping = false;
  let closing: Promise<void> | null = null;
  if (redisUrl) {
    // Several server processes share rooms, events and recoverable sessions through the Redis
    // streams adapter (docs/operations.md#several-processes). The client is loaded only then: merely loading node-redis (its
    // diagnostics channels) was measured to cost every HTTP request of the process about 20 % more CPU.
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-streams-adapter'),
      import('redis'),
    ]);
    const client = createClient({ url: redisUrl });
    client.on('error', (err) => log.error({ err }, 'redis error'));
    await client.connect();
    const streamsAdapter = createAdapter(client, {
      streamName: `${redisPrefix}:socket.io`,
      channelPrefix: `${redisPrefix}:socket.io`,
      sessionKeyPrefix: `${redisPrefix}:sio:session:`,
      // How long a stopped reader may block; also bounds how long its connection outlives a close.
      blockTimeInMs: 2000,
    });
    // Once the server is stopping, adapters publish nothing. An operation in flight may publish after
    // the client has quit (fetchSockets first awaits Redis's count of instances, then publishes its
    // request), and the streams adapter leaves that publish's rejection unhandled, which ended the
    // process in the middle of its stop. Refused here, the adapter's own error handling takes it.
    // Socket.IO constructs the adapter with `new`: a function, not an arrow.
    io.adapter(function stoppableAdapter(nsp: Namespace) {
      const adapter = streamsAdapter(nsp) as ReturnType<typeof streamsAdapter> & {
        doPublish(message: unknown): Promise<string>;
      };
      const doPublish = adapter.doPublish.bind(adapter);
      adapter.doPublish = (message) =>
        stopping ? Promise.reject(new Error('the server is stopping')) : doPublish(message);
      return adapter;
    } as typeof streamsAdapter);
    redisClient = client;
  }

  const trade: Namespace = io.of(TRADE_NAMESPACE);
  const chat = registerChatNamespace(io, db, log, events ? { events } : {});
  const unauthorized: ClientBaseInfoEvent & TradeAnswer = { code: 401, message: MSG.tokenExpired };

  /**
   * Tells a socket (on this process or another) its session is over, then closes it. Both go through
   * the adapter, in this order: with the Redis streams adapter an emit reaches even a socket of this
   * process only once Redis has stored it (its offset is what a reconnecting tab recovers from), so
   * a disconnect made at once, not through the adapter, closed the socket before the 401 was written
   * and the original client never learnt to clear its session.
   */
  function refuse(socketId: string, event: string) {
    trade.to(socketId).emit(event, unauthorized);
    trade.in(socketId).disconnectSockets(true);
  }

  // The session is looked up before the connection completes, so that the connection handler can
  // attach its listeners at once: a client emits the moment it connects, and an event that arrives
  // before its listener is lost.
  trade.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    void resolveSession(db, token)
      .catch(() => null)
      .then((auth) => {
        socket.data = auth ? { sessionId: auth.sessionId, token: auth.token, companyId: auth.member.companyId } : null;
        next();
      });
  });

  const connectionListeners: ((socket: TradeSocket) => void)[] = [];

  trade.on('connection', async (socket) => {
    const auth = socket.data as (TradeSocketData & { companyId: number | null }) | null;
    if (!auth) {
      refuse(socket.id, TRADE_EVENTS.toClientBaseInfo);
      return;
    }
    for (const listener of connectionListeners) listener(socket as TradeSocket);
    if (socket.recovered) {
      // A recovered tab skips the middleware and comes back with its rooms: its session may have been
      // revoked or have expired while it was away (a revocation closes only the sockets connected then).
      const current = await resolveSession(db, auth.token).catch(() => null);
      if (!current) refuse(socket.id, TRADE_EVENTS.toClientBaseInfo);
      return;
    }
    await socket.join(room.session(auth.sessionId));
    if (auth.companyId !== null) await socket.join(room.company(auth.companyId));
  });

  return {
    endSessions(sessionIds) {
      // Every channel's 401 before any socket closes: the web app's trade and chat sockets share one
      // connection, which closing one of them ends, and the 401 the other has yet to send is lost.
      for (const id of sessionIds) trade.to(room.session(id)).emit(TRADE_EVENTS.toClientBaseInfo, unauthorized);
      chat.endSessions(sessionIds);
      for (const id of sessionIds) trade.in(room.session(id)).disconnectSockets(true);
    },
    trade: {
      onConnection: (listener) => void connectionListeners.push(listener),
      async companySockets(companyId) {
        return (await trade.in(room.company(companyId)).fetchSockets()) as unknown as TradeSocketRef[];
      },
      refuse,
    },
    chat,
    async ping() {
      if (!redisClient) return 'off';
      await redisClient.ping();
      return 'ok';
    },
    handOver() {
      chat.close();
      io.engine.close();
    },
    close() {
      // Ends every socket but leaves the HTTP server to Fastify, which closes it next. Adapters
      // publish nothing from here on (see stoppableAdapter), and the chat stops announcing presence:
      // its sockets' disconnects are not news, and each would cost a lookup and a list query.
      // Once: a stopping process's drain closes the channels first, Fastify's close asks again.
      return (closing ??= (async () => {
        stopping = true;
        chat.close();
        io.disconnectSockets(true);
        io.engine.close();
        if (redisClient) {
          // Closing every namespace's adapter stops the streams adapter's readers and their connections.
          for (const nsp of (io as unknown as { _nsps: Map<string, Namespace> })._nsps.values())
            void nsp.adapter.close();
          await redisClient.quit().catch(() => undefined);
        }
      })());
    },
  };
}
