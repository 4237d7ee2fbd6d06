import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBaseInfoEvent } from '@partsmall/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedDemo } from '../../src/seed/demo.js';
import { call, freshDatabase, loginAs, nextEvent, tradeSocket, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * Two server processes behind one load balancer share rooms through Redis (DESIGN.md 1): a cart
 * change made through instance B reaches the member's trade socket on instance A. Redis is loaded
 * only when REDIS_URL is set, so this also proves that path still connects. Needs REDIS_URL_TEST
 * (CI sets it).
 */
const redisUrl = process.env.REDIS_URL_TEST;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const servers: TestServer[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-redis-'));

beforeAll(async () => {
  if (!redisUrl) return;
  database = await freshDatabase();
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', UPLOAD_DIR: '', PRODUCT_LIST_CACHE_MS: '0' }),
    webDist: '/nonexistent',
    redisUrl,
    // Its own streams and channels: other test files on the same Redis never reach these instances.
    redisPrefix: `pmtest-${Date.now().toString(36)}-${process.pid}`,
  };
  await seedDemo(database.db, { uploadDir: config.uploadDir });
  for (let i = 0; i < 2; i++) {
    const { app } = await buildApp({ config, db: database.db, logger: false, checkAnswers: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push({ db: database.db, app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() });
  }
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
});
