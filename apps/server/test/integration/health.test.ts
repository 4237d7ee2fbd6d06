import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_HEALTH } from '@partsmall/contract';
import { call, startTestServer, type TestServer } from '../helpers.js';

/** /healthz (alive) and /readyz (database reachable with this build's migrations; Redis when configured). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

describe('health', () => {
  it('/healthz answers that the process is alive, to anyone', async () => {
    const res = await call(server, 'healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG_HEALTH.alive, results: { process: 'ok' } });
  });

  it('/readyz is ready with the migrations applied and no Redis configured, and 503 once the newest migration is missing', async () => {
    const ready = await call(server, 'readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.results).toEqual({ database: 'ok', migrations: 'ok', redis: 'off' });

    await server.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const behind = await call(server, 'readyz');
    expect(behind.status).toBe(503);
    expect(behind.body.message).toBe(`${MSG_HEALTH.notReady}: migrations`);
  });
});
