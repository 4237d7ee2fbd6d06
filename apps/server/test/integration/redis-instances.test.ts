import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'socket.io-client';
import type { ChatMessage, ClientBaseInfoEvent, UsersToAdmin } from '@partsmall/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createClient } from 'redis';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema.js';
import { call, freshDatabase, loginAs, nextEvent, tradeSocket, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';
import { ack, clientId, eventArgs, memberIdOf, newCustomer, openChat, tokenFor, waitFor } from '../chat-helpers.js';

/**
 * Two server processes behind one load balancer share rooms through Redis (docs/operations.md#several-processes): a cart
 * change made through instance B reaches the member's trade socket on instance A. Redis is loaded
 * only when REDIS_URL is set, so this also proves that path still connects. Needs REDIS_URL_TEST
 * (CI sets it).
 */
const redisUrl = process.env.REDIS_URL_TEST;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const servers: TestServer[] = [];
const redisPrefix = `pmtest-${Date.now().toString(36)}-${process.pid}`;
/** One more instance on the same database and Redis (its own HTTP port). */
let startInstance: () => Promise<{ server: TestServer; ctx: Awaited<ReturnType<typeof buildApp>>['ctx'] }>;

/** Until `instances` instances listen on every namespace's channel (an instance subscribes a moment after it starts). */
async function subscribed(instances: number): Promise<void> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    const channels = ['/', '/trade', '/chat'].map((nsp) => `${redisPrefix}:socket.io#${nsp}#`);
    while (Object.values(await client.pubSubNumSub(channels)).some((n) => n < instances))
      await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await client.quit();
  }
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-redis-'));

beforeAll(async () => {
  if (!redisUrl) return;
  database = await freshDatabase();
  const config = {
    ...loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      UPLOAD_DIR: '',
      PRODUCT_LIST_CACHE_MS: '0',
    }),
    webDist: '/nonexistent',
    redisUrl,
    // Its own streams and channels: other test files on the same Redis never reach these instances.
    redisPrefix,
  };
  await seedDemo(database.db, { uploadDir: config.uploadDir });
  startInstance = async () => {
    const { app, ctx } = await buildApp({ config, db: database.db, logger: false, checkAnswers: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      server: {
        db: database.db,
        app,
        base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
        close: () => app.close(),
      },
      ctx,
    };
  };
  for (let i = 0; i < 2; i++) servers.push((await startInstance()).server);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!redisUrl)('two instances on one Redis', () => {
  it('a cart change through instance B pushes the new base info to the socket on instance A', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const token = await loginAs(a, 'demo@partsmall.kr', 'demo1234');
    const socket = tradeSocket(a, token);
    try {
      const first = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      socket.emit('requestClientBaseInfo');
      const carts = (await first).result!.carts;
      const p = await makeProduct(b, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });
      const pushed = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
      expect((await call(b, 'POST', 'api/addToCart', { productId: p.id, hasAmount: 1 }, token)).body.code).toBe(201);
      expect((await pushed).result!.carts).toBe(carts + 1);
    } finally {
      socket.close();
    }
  });

  it('an instance stopping while a lookup waits for Redis stops cleanly: nothing is published on the quitting client', async () => {
    const { server, ctx } = await startInstance();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // Started and subscribed (a stop while it still subscribes leaves the adapter's own subscribe
      // calls rejected: that is not this test's race).
      await subscribed(3);
      // fetchSockets first asks Redis how many instances listen, then publishes its request to them:
      // the stop begins between the two. Before, that publish went to the closed client and its
      // rejection was left unhandled (the process ended in the middle of its stop).
      const lookup = ctx.realtime.chat.countOnlineCustomers().then(
        () => 'answered',
        () => 'refused',
      );
      await server.close();
      // The request never went out, so no instance answers it: the lookup ends at its timeout.
      expect(await lookup).toBe('refused');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe.skipIf(!redisUrl)('chat across two instances on one Redis', () => {
  it("a customer's message reaches staff on both instances and an answer from B reaches the customer on A, each event the message alone", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const customer = await newCustomer(a, '두서버');
    const staffToken = await tokenFor(a, await memberIdOf(a, 'staff@partsmall.kr'));
    const sockets = [await openChat(a, customer.token), await openChat(a, staffToken), await openChat(b, staffToken)];
    const [tab, staffA, staffB] = sockets as [Socket, Socket, Socket];
    try {
      const mine = (m: ChatMessage) => m.targetUser === customer.seq;
      const atStaff = [
        eventArgs<ChatMessage>(staffA, 'messageToAdmin', mine),
        eventArgs<ChatMessage>(staffB, 'messageToAdmin', mine),
      ];
      const sent = await ack<ChatMessage>(tab, 'userMessage', {
        sendMessage: '두 서버 사이 문의',
        clientMessageId: clientId(),
      });
      expect(sent.code).toBe(201);
      // With the streams adapter's recovery, every event also carried its stream offset.
      for (const args of await Promise.all(atStaff)) {
        expect(args).toHaveLength(1);
        expect(args[0]).toMatchObject({ seq: sent.results!.seq, sendMessage: '두 서버 사이 문의', sendSide: 'user' });
      }
      const atCustomer = eventArgs<ChatMessage>(tab, 'messageToUser', mine);
      const answerSeen = eventArgs<ChatMessage>(staffA, 'messageToAdmin', (m) => mine(m) && m.sendSide === 'admin');
      const answer = await ack<ChatMessage>(staffB, 'adminMessage', {
        sendMessage: 'B에서 답변',
        clientMessageId: clientId(),
        targetUser: customer.seq,
      });
      expect(answer.code).toBe(201);
      const [customerArgs, otherStaffArgs] = await Promise.all([atCustomer, answerSeen]);
      expect(customerArgs).toEqual([
        expect.objectContaining({ seq: answer.results!.seq, sendMessage: 'B에서 답변', sendSide: 'admin' }),
      ]);
      expect(otherStaffArgs).toEqual([expect.objectContaining({ seq: answer.results!.seq })]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it("a customer's tabs on A and B are one online user, offline when the last closes", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const customer = await newCustomer(a, '두서버탭');
    const staff = await openChat(a, await tokenFor(a, await memberIdOf(a, 'staff@partsmall.kr')));
    const tabs: Socket[] = [];
    try {
      const entry = (u: UsersToAdmin) => (u.full ? undefined : u.users.find((x) => x.seq === customer.seq));
      const update = () => waitFor<UsersToAdmin>(staff, 'usersToAdmin', (u) => entry(u) !== undefined);
      // Each connect and close is announced once, by the instance that holds the socket.
      let next = update();
      tabs.push(await openChat(a, customer.token));
      expect(entry(await next)?.onlineStatus).toBe(true);
      next = update();
      tabs.push(await openChat(b, customer.token));
      expect(entry(await next)?.onlineStatus).toBe(true);
      const list = await ack<UsersToAdmin>(staff, 'usersRequest');
      expect(list.results!.users.filter((u) => u.seq === customer.seq)).toEqual([
        expect.objectContaining({ onlineStatus: true }),
      ]);
      next = update();
      tabs[0]!.close(); // the tab on A: the one on B keeps the customer online
      expect(entry(await next)?.onlineStatus).toBe(true);
      next = update();
      tabs[1]!.close();
      expect(entry(await next)?.onlineStatus).toBe(false);
    } finally {
      staff.close();
      for (const t of tabs) t.close();
    }
  });

  it('a chat socket cut off is never restored from its session: reconnecting with its pid and any stream offset is checked again (401 for a revoked session)', async () => {
    const [a] = servers as [TestServer, TestServer];
    const customer = await newCustomer(a, '복구시도');
    const staff = await openChat(a, await tokenFor(a, await memberIdOf(a, 'staff@partsmall.kr')));
    const redis = createClient({ url: redisUrl });
    await redis.connect();
    let again: Socket | undefined;
    try {
      const offline = waitFor<UsersToAdmin>(
        staff,
        'usersToAdmin',
        (u) => !u.full && u.users.some((x) => x.seq === customer.seq && !x.onlineStatus),
      );
      const chat = await openChat(a, customer.token);
      const pid = (chat as unknown as { _pid?: string })._pid;
      expect(pid).toEqual(expect.any(String));
      // Its transport cut, as a network drop would: a reason Socket.IO keeps sessions for.
      chat.io.engine.close();
      await offline;
      // The offline announcement left through Redis after any session the close kept: none was kept.
      expect(await redis.exists(`${redisPrefix}:sio:session:${pid}`)).toBe(0);
      const [entry] = await redis.xRevRange(`${redisPrefix}:socket.io`, '+', '-', { COUNT: 1 });
      expect(entry?.id).toMatch(/^\d+-\d+$/);
      await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, customer.seq));
      again = connect(`${a.base}/chat`, {
        auth: { token: customer.token, pid, offset: entry!.id },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      const refused = await nextEvent<{ code: number }>(again, 'chatError');
      expect(refused.code).toBe(401);
    } finally {
      again?.close();
      staff.close();
      await redis.quit();
    }
  });
});
