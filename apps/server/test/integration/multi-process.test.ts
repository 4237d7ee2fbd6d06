import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBaseInfoEvent, TradeAnswer } from '@partsmall/contract';
import { call, freshDatabase, loginAs, nextEvent, rawCall, tradeSocket, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * Two server processes on one PostgreSQL and one Redis, as behind a load balancer (docs/operations.md#several-processes): a
 * member's tabs on either process get the base-info pushes and the trade events' effects, a payment
 * made through process A shows in the tab on process B, and a tab that loses its connection to A
 * gets its missed events back on B (connection state recovery through the Redis streams adapter).
 * Needs TEST_DATABASE_URL and REDIS_URL_TEST (CI sets both).
 */
const redisUrl = process.env.REDIS_URL_TEST;
const runs = Boolean(redisUrl && process.env.TEST_DATABASE_URL);
const root = path.resolve(import.meta.dirname, '../../../..');
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
const children: ChildProcess[] = [];
let childOfB: ChildProcess;
let a: TestServer;
let b: TestServer;

/** Starts `node --import tsx apps/server/src/main.ts` and waits for the line naming its port. */
async function startProcess(env: Record<string, string>): Promise<TestServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 45_000);
    child.stdout!.on('data', (c: Buffer) => {
      text += c.toString();
      const m = /localhost:(\d+) /.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', () => reject(new Error(`server ended:\n${text}`)));
  });
  return { db: database.db, base: `http://127.0.0.1:${port}`, app: undefined as never, close: async () => undefined };
}

beforeAll(async () => {
  if (!runs) return;
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-multi-'));
  const shared = {
    REDIS_URL: redisUrl!,
    REDIS_PREFIX: `pmtest-${randomBytes(4).toString('hex')}`,
    PAYMENT_SANDBOX_SECRET: 'multi-process-secret',
    PRODUCT_LIST_CACHE_MS: '0',
  };
  // A seeds the demo shop into the empty database; B starts on it afterwards.
  a = await startProcess({ ...shared });
  b = await startProcess({ ...shared, SEED_DEMO: 'false' });
  childOfB = children[1]!;
}, 120_000);
afterAll(async () => {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function baseInfo(socket: ReturnType<typeof tradeSocket>) {
  const next = nextEvent<ClientBaseInfoEvent>(socket, 'toClientBaseInfo');
  socket.emit('requestClientBaseInfo');
  return (await next).result!;
}

describe.skipIf(!runs)('two server processes on PostgreSQL and Redis', () => {
  it('both are ready: database with migrations, and Redis', async () => {
    for (const s of [a, b]) {
      const ready = await call(s, 'GET', 'readyz');
      expect(ready.status).toBe(200);
      expect(ready.body.results).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok' });
      expect((await call(s, 'GET', 'healthz')).status).toBe(200);
    }
  });

  it('a trade event on a tab of B pushes base info to the tabs on A and B; a payment through A shows in the tab on B', async () => {
    const token = await loginAs(a, 'demo@partsmall.kr', 'demo1234');
    const tabA = tradeSocket(a, token);
    const tabB = tradeSocket(b, token);
    try {
      const before = await baseInfo(tabA);
      expect((await baseInfo(tabB)).carts).toBe(before.carts);

      const p = await makeProduct(b, { tiers: [2000, 2000, 2000, 2000], salePrice: 2000 });
      const pushedA = nextEvent<ClientBaseInfoEvent>(tabA, 'toClientBaseInfo');
      // B's own tab gets the push too, after its answer: awaited here, so the payment's push below is not mistaken for it.
      const pushedOwn = nextEvent<ClientBaseInfoEvent>(tabB, 'toClientBaseInfo');
      const answered = nextEvent<TradeAnswer>(tabB, 'addToCartCallBack');
      tabB.emit('addToCart', { productId: p.id, hasAmount: 2 });
      expect((await answered).code).toBe(201);
      expect((await pushedA).result!.carts).toBe(before.carts + 1);
      expect((await pushedOwn).result!.carts).toBe(before.carts + 1);

      const started = await call<{ online_url: string; paymentId: string }>(
        a,
        'POST',
        'payCenter/showCashPaymentWinow',
        { pgcode: 'creditcard', amount: 37_000 },
        token,
      );
      expect(started.body.code).toBe(200);
      const key = new URL(started.body.results!.online_url).searchParams.get('key');
      const pushedB = nextEvent<ClientBaseInfoEvent>(tabB, 'toClientBaseInfo');
      const approve = await rawCall(
        a,
        'POST',
        `payCenter/sandbox/${started.body.results!.paymentId}/approve?key=${key}`,
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        },
      );
      expect(approve.status).toBe(200);
      expect((await pushedB).result!.memberPoint).toBe(before.memberPoint + 37_000);
    } finally {
      tabA.close();
      tabB.close();
    }
  });

  it('a tab whose connection to A drops reconnects to B with its session and rooms recovered, and gets the next push there', async () => {
    const token = await loginAs(b, 'demo@partsmall.kr', 'demo1234');
    const tab = tradeSocket(a, token);
    const other = tradeSocket(b, token);
    try {
      await baseInfo(tab);
      await baseInfo(other);
      const firstId = tab.id;
      // The connection drops; the tab's next attempt reaches process B (as a load balancer may send it).
      const manager = tab.io as unknown as { uri: string; engine: { close(): void } };
      const reconnected = new Promise<void>((resolve) => tab.once('connect', () => resolve()));
      manager.uri = b.base;
      manager.engine.close();
      await reconnected;
      expect(tab.recovered).toBe(true);
      expect(tab.id).toBe(firstId);
      // B knows the recovered tab as a member of the company's room without a new handshake.
      const p = await makeProduct(b, { tiers: [3000, 3000, 3000, 3000], salePrice: 3000 });
      const pushed = nextEvent<ClientBaseInfoEvent>(tab, 'toClientBaseInfo');
      const answered = nextEvent<TradeAnswer>(other, 'addToCartCallBack');
      other.emit('addToCart', { productId: p.id, hasAmount: 1 });
      expect((await answered).code).toBe(201);
      expect((await pushed).code).toBe(200);
    } finally {
      tab.close();
      other.close();
    }
  });

  it('SIGTERM to B: its tabs reconnect by themselves and are recovered on A; B exits with 0 within 10 s; A keeps serving', async () => {
    const token = await loginAs(a, 'demo@partsmall.kr', 'demo1234');
    const tab = tradeSocket(b, token);
    try {
      await baseInfo(tab);
      const firstId = tab.id;
      const manager = tab.io as unknown as { uri: string };
      // The balancer sends the tab's next attempt to A (B refuses connections now).
      const dropped = new Promise<string>((resolve) =>
        tab.once('disconnect', (reason) => {
          manager.uri = a.base;
          resolve(reason);
        }),
      );
      const back = new Promise<boolean>((resolve) => tab.once('connect', () => resolve(tab.recovered)));
      const exited = new Promise<number | null>((resolve) => childOfB.once('exit', (code) => resolve(code)));
      const asked = Date.now();
      childOfB.kill('SIGTERM');
      // Not 'io server disconnect', after which a client stays away until the page is reloaded.
      expect(await dropped).toBe('transport close');
      expect(await back).toBe(true);
      expect(tab.id).toBe(firstId);
      expect((await baseInfo(tab)).carts).toBeGreaterThanOrEqual(0);
      expect(await exited).toBe(0);
      expect(Date.now() - asked).toBeLessThan(10_000);
      expect((await call(a, 'GET', 'readyz')).status).toBe(200);
    } finally {
      tab.close();
    }
  });
});
