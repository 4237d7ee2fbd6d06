import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { ADMIN_CALLS, type ClientBaseInfoEvent } from '@partsmall/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { members, sessions } from '../../src/db/schema.js';
import { hashPassword } from '../../src/features/auth/passwords.js';
import { seedDemo } from '../../src/seed/demo.js';
import { call, freshDatabase, loginAs, nextEvent, tradeSocket, type TestServer } from '../helpers.js';
import { ack, newCustomer, openChat, tokenFor } from '../chat-helpers.js';
import { makeCompany } from '../member-helpers.js';

/**
 * Every way the back office ends someone's sessions (stopping or resetting a staff member, stopping a
 * member) closes that account's sockets at once, on every server process, with the 401 each channel
 * speaks: a socket that only listens (the staff console, a tab's trade socket) never asks again, so
 * it would otherwise keep receiving every customer's messages. And a trade tab that was away when its
 * session ended is refused when it comes back (connection state recovery), not resumed. Run on one
 * process without Redis, and on two instances sharing one Redis (REDIS_URL_TEST, which CI sets).
 */
const redisUrl = process.env.REDIS_URL_TEST;
const redisPrefix = `pmtest-rev-${Date.now().toString(36)}-${process.pid}`;

interface Setup {
  /** Where the sockets of a test connect: the same instance twice, or two instances on one Redis. */
  a: TestServer;
  b: TestServer;
  close(): Promise<void>;
}

async function startSetup(withRedis: boolean): Promise<Setup> {
  const database = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-revoke-'));
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
    redisUrl: withRedis ? redisUrl! : null,
    redisPrefix,
  };
  await seedDemo(database.db, { uploadDir: config.uploadDir });
  const start = async (): Promise<TestServer> => {
    const { app, ctx } = await buildApp({ config, db: database.db, logger: false, checkAnswers: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      db: database.db,
      app,
      ctx,
      base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      close: () => app.close(),
    };
  };
  const a = await start();
  const b = withRedis ? await start() : a;
  return {
    a,
    b,
    close: async () => {
      await a.close();
      if (b !== a) await b.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A staff member of their own (the back office stops or resets them), with a session token. */
async function newStaff(server: TestServer, label: string): Promise<{ seq: number; token: string }> {
  const loginId = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@staff.test`;
  const [row] = await server.db
    .insert(members)
    .values({
      loginId,
      passwordHash: await hashPassword('staff5678'),
      name: `상담원 ${label}`,
      phone: `0109${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      mail: loginId,
      role: 'staff',
      companyId: null,
    })
    .returning({ id: members.id });
  return { seq: row!.id, token: await tokenFor(server, row!.id) };
}

/**
 * Resolves once the socket has been closed by the server, with the code of the last `event` it got
 * before closing (0 when none came). Rejects when it is still open after `timeoutMs`.
 */
function closedByServer(socket: Socket, event: string, timeoutMs = 5000): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    let code = 0;
    const timer = setTimeout(
      () => reject(new Error(`the socket is still open after ${timeoutMs} ms (last ${event}: ${code})`)),
      timeoutMs,
    );
    socket.on(event, (payload: { code?: number } | undefined) => (code = payload?.code ?? 0));
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ code, reason });
    });
  });
}

async function openTrade(server: TestServer, token: string): Promise<Socket> {
  const socket = tradeSocket(server, token);
  const first = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
  socket.emit('requestClientBaseInfo');
  expect((await first).code).toBe(200);
  return socket;
}

const ended = { code: 401, reason: 'io server disconnect' };

const setups: { name: string; redis: boolean }[] = [
  { name: 'one process without Redis', redis: false },
  { name: 'two instances on one Redis', redis: true },
];

describe.each(setups)('$name', ({ redis }) => {
  let setup: Setup;
  let adminToken: string;
  const sockets: Socket[] = [];
  const track = <T extends Socket>(s: T) => (sockets.push(s), s);

  beforeAll(async () => {
    if (redis && !redisUrl) return;
    setup = await startSetup(redis);
    adminToken = await loginAs(setup.b, 'admin@partsmall.kr', 'admin1234');
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await setup?.close();
  });

  describe.skipIf(redis && !redisUrl)('revocations close sockets', () => {
    it.each([
      ['stopped (setStaffStatus)', ADMIN_CALLS.setStaffStatus.path, (seq: number) => ({ seq, status: 'stopped' })],
      ['given a new password (resetStaffPassword)', ADMIN_CALLS.resetStaffPassword.path, (seq: number) => ({ seq })],
    ])(
      "a staff member %s: their chat sockets on both instances get 401 and close; another staff member's stays open",
      async (_what, callPath, body) => {
        const { a, b } = setup;
        const target = await newStaff(a, '대상');
        const bystander = await newStaff(a, '동료');
        const onA = track(await openChat(a, target.token));
        const onB = track(await openChat(b, target.token));
        const other = track(await openChat(a, bystander.token));
        const closedA = closedByServer(onA, 'chatError');
        const closedB = closedByServer(onB, 'chatError');

        const res = await call(b, 'POST', callPath, body(target.seq), adminToken);
        expect(res.body.code).toBe(201);

        expect(await closedA).toEqual(ended);
        expect(await closedB).toEqual(ended);
        expect(other.connected).toBe(true);
        expect((await ack<unknown[]>(other, 'cannedReplyList')).code).toBe(200);
      },
    );

    it("a member stopped by staff (setMemberStatus): their trade and chat sockets on both instances get 401 and close; a colleague's trade socket stays open", async () => {
      const { a, b } = setup;
      const shop = await makeCompany(a, '정지', 1);
      const token = await tokenFor(a, shop.main.seq);
      const colleague = track(await openTrade(a, await tokenFor(a, shop.subs[0]!.seq)));
      const tradeA = track(await openTrade(a, token));
      const tradeB = track(await openTrade(b, token));
      const chatA = track(await openChat(a, token));
      const closed = [
        closedByServer(tradeA, 'toClientBaseInfo'),
        closedByServer(tradeB, 'toClientBaseInfo'),
        closedByServer(chatA, 'chatError'),
      ];

      const res = await call(
        b,
        'POST',
        ADMIN_CALLS.setMemberStatus.path,
        { memberId: shop.main.seq, status: 'stopped' },
        adminToken,
      );
      expect(res.body.code).toBe(201);

      expect(await Promise.all(closed)).toEqual([ended, ended, ended]);
      expect(colleague.connected).toBe(true);
      const still = nextEvent<ClientBaseInfoEvent>(colleague, 'toClientBaseInfo');
      colleague.emit('requestClientBaseInfo');
      expect((await still).code).toBe(200);
    });

    it('a trade tab away while its member was stopped is refused with 401 when it comes back (recovered on the other instance), not resumed', async () => {
      const { a, b } = setup;
      const shop = await makeCompany(a, '복구', 0);
      const token = await tokenFor(a, shop.main.seq);
      const tab = track(await openTrade(a, token));
      const firstId = tab.id;
      // The connection drops and the tab stays away (no automatic reconnection meanwhile).
      const manager = tab.io as unknown as {
        uri: string;
        engine: { close(): void };
        reconnection(on: boolean): unknown;
      };
      const away = new Promise<void>((resolve) => tab.once('disconnect', () => resolve()));
      manager.reconnection(false);
      manager.engine.close();
      await away;

      expect(
        (
          await call(
            b,
            'POST',
            ADMIN_CALLS.setMemberStatus.path,
            { memberId: shop.main.seq, status: 'stopped' },
            adminToken,
          )
        ).body.code,
      ).toBe(201);

      // It comes back, through a load balancer that now sends it to instance B.
      const back = new Promise<boolean>((resolve) => tab.once('connect', () => resolve(tab.recovered)));
      const closed = closedByServer(tab, 'toClientBaseInfo');
      manager.uri = b.base;
      tab.connect();
      // Recovered (same id, rooms kept), and then refused: before, it went on as if nothing had happened.
      expect(await back).toBe(true);
      expect(tab.id).toBe(firstId);
      expect(await closed).toEqual(ended);
    });

    it.each([
      ['a token that was never issued', async () => 'not-a-token'],
      [
        'an expired session',
        async () => {
          const customer = await newCustomer(setup.a, '만료');
          await setup.a.db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.memberId, customer.seq));
          return customer.token;
        },
      ],
    ])(
      "a /trade connection with %s gets the original API's toClientBaseInfo 401 before it is closed",
      async (_what, token) => {
        const socket = track(tradeSocket(setup.b, await token()));
        const closed = closedByServer(socket, 'toClientBaseInfo');
        const event = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
        expect(await event).toMatchObject({ code: 401 });
        expect(await closed).toEqual(ended);
      },
    );

    it('a trade request on a revoked session is answered 401 on its own callback event, then the socket closes', async () => {
      const customer = await newCustomer(setup.a, '요청');
      const socket = track(await openTrade(setup.b, customer.token));
      // Revoked behind the application's back: only the request's own check can notice.
      await setup.a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.memberId, customer.seq));
      const closed = closedByServer(socket, 'addToCartCallBack');
      socket.emit('addToCart', { productId: 1, hasAmount: 1 });
      expect(await closed).toEqual(ended);
    });
  });
});
