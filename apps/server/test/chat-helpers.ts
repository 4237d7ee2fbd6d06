import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ChatAck } from '@partsmall/contract';
import { members } from '../src/db/schema.js';
import { createSession } from '../src/features/auth/sessions.js';
import { registerChatNamespace, type ChatChannel, type ChatOptions } from '../src/features/chat/namespace.js';
import { startTestServer, type TestServer } from './helpers.js';
import { makeCompany } from './member-helpers.js';

/** Helpers of the chat tests: sockets on /chat, acknowledged emits, throwaway customers. */

export function chatSocket(server: { base: string }, token: string | undefined): Socket {
  return connect(`${server.base}/chat`, {
    auth: token ? { token } : {},
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
}

/** A socket that has connected (and so joined its rooms). */
export async function openChat(server: { base: string }, token: string): Promise<Socket> {
  const socket = chatSocket(server, token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export function ack<T = unknown>(socket: Socket, event: string, ...payload: unknown[]): Promise<ChatAck<T>> {
  return socket.timeout(5000).emitWithAck(event, ...payload) as Promise<ChatAck<T>>;
}

export const clientId = () => randomUUID();

/** A session token without the password round trip (scrypt is slow on two shared cores). */
export async function tokenFor(server: TestServer, memberId: number): Promise<string> {
  return (await createSession(server.db, memberId)).token;
}

export async function memberIdOf(server: TestServer, loginId: string): Promise<number> {
  const [row] = await server.db.select({ id: members.id }).from(members).where(eq(members.loginId, loginId));
  return row!.id;
}

/** A customer of a company of its own, logged in. */
export async function newCustomer(server: TestServer, label: string) {
  const company = await makeCompany(server, label, 0);
  return { ...company.main, companyId: company.companyId, token: await tokenFor(server, company.main.seq) };
}

/** Collects every payload of an event on a socket. */
export function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Every argument of the first `event` whose payload passes `match` (to see what else an event carries). */
export function eventArgs<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
): Promise<unknown[]> {
  return new Promise((resolve) => {
    const listener = (...args: unknown[]) => {
      if (!match(args[0] as T)) return;
      socket.off(event, listener);
      resolve(args);
    };
    socket.on(event, listener);
  });
}

/** Resolves with the first payload of `event` that passes `match`. */
export function waitFor<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/**
 * The /chat namespace on a Socket.IO server of its own, over the test server's database: the
 * test holds the channel (as the upload route will) and can set the namespace's options.
 */
export async function startChatNamespace(
  server: TestServer,
  options: ChatOptions = {},
): Promise<{ base: string; channel: ChatChannel; close(): Promise<void> }> {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { serveClient: false });
  const channel = registerChatNamespace(io, server.db, server.app.log, options);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    channel,
    close: async () => {
      channel.close();
      io.disconnectSockets(true);
      await new Promise((resolve) => io.close(resolve));
    },
  };
}

/** What a chat test file shares: one demo shop for the file, its seeded staff member, sockets closed after each test. */
export interface ChatTestServer {
  /** The demo shop, started before the file's first test. */
  readonly server: TestServer;
  /** The seeded staff member (staff@partsmall.kr). */
  readonly staffId: number;
  /** Sockets closed after each test: a test that makes one with chatSocket() pushes it here. */
  readonly open: Socket[];
  /** A connected /chat socket for the token, closed after the test. */
  connectAs(token: string): Promise<Socket>;
  /** A connected /chat socket of the staff member, closed after the test. */
  staffSocket(): Promise<Socket>;
}

/** Registers the file's hooks: call once at the top of a chat test file. */
export function chatTestServer(): ChatTestServer {
  let server: TestServer | undefined;
  let staffId: number | undefined;
  const open: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    staffId = await memberIdOf(server, 'staff@partsmall.kr');
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await server?.close();
  });
  const chat: ChatTestServer = {
    get server() {
      if (!server) throw new Error('the chat test server is not started yet (read it inside a test or hook)');
      return server;
    },
    get staffId() {
      if (staffId === undefined) throw new Error('the chat test server is not started yet');
      return staffId;
    },
    open,
    async connectAs(token) {
      const socket = await openChat(chat.server, token);
      open.push(socket);
      return socket;
    },
    staffSocket: async () => chat.connectAs(await tokenFor(chat.server, chat.staffId)),
  };
  return chat;
}
