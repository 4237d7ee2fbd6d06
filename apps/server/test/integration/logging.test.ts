import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { loggerOptions } from '../../src/shared/logging.js';
import { freshDatabase } from '../helpers.js';

/**
 * Production logs: one JSON object per line, the request id on every line written while a request
 * is served (also lines of the SMS provider, written through the app's logger), and the access line
 * at debug level only.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-log-'));
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function productionServer(level: string, env: Record<string, string> = { NODE_ENV: 'production' }) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((l) => l !== ''),
      );
      done();
    },
  });
  const config = {
    ...loadConfig({
      ...env,
      PUBLIC_URL: 'https://shop.example.kr',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_CONSOLE_SMS: 'true',
      LOG_LEVEL: level,
      DATA_DIR: dataDir,
      PORT: '0',
    }),
    webDist: '/nonexistent',
  };
  const { app } = await buildApp({ config, db: database.db, logger: { ...loggerOptions(config), stream: sink } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, lines, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('production logs', () => {
  it("at debug: JSON lines, an access line per request, and the request id on the provider's line too", async () => {
    const { app, lines, base } = await productionServer('debug');
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/mobileVerification?phone=01066600001&authType=message`)).status).toBe(200);
      await app.close();
      const parsed = lines.map(
        (l) => JSON.parse(l) as { level: number; msg: string; reqId?: string; url?: string; statusCode?: number },
      );
      const access = parsed.filter((l) => l.msg === 'request completed');
      expect(access.map((l) => [l.level, l.url, l.statusCode])).toEqual([
        [20, '/healthz', 200],
        [20, '/api/mobileVerification?phone=[Redacted]&authType=[Redacted]', 200],
      ]);
      const sms = parsed.find((l) => l.msg.startsWith('[SMS console]'));
      expect(sms?.reqId).toBe(access[1]!.reqId);
      expect(access[0]!.reqId).not.toBe(access[1]!.reqId);
      expect(parsed.some((l) => l.msg === 'incoming request')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('at the default info level: no access lines', async () => {
    const { app, lines, base } = await productionServer('info');
    try {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      await app.close();
      expect(lines.filter((l) => l.includes('request completed'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('capability addresses never reach a log line', () => {
  it('demo mode: the request lines of a payment page (?key=) and a chat file (?sig=) keep the names, not the values', async () => {
    const { app, lines, base } = await productionServer('info', {});
    try {
      const key = 'PAGEKEYa1b2c3d4e5';
      const sig = 'CHATSIGz9y8x7w6v5';
      await fetch(`${base}/payCenter/toss/tgen_1?key=${key}`);
      await fetch(`${base}/api/chatFile/1/full?exp=4102444800&sig=${sig}`);
      await fetch(`${base}/healthz?x=${sig}#frag`);
      await app.close();
      const all = lines.join('\n');
      expect(all).not.toContain(key);
      expect(all).not.toContain(sig);
      expect(all).not.toContain('4102444800');
      const urls = lines
        .map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url)
        .filter((u) => u !== undefined);
      expect(urls).toEqual([
        '/payCenter/toss/tgen_1?key=[Redacted]',
        '/api/chatFile/1/full?exp=[Redacted]&sig=[Redacted]',
        '/healthz?x=[Redacted]',
      ]);
    } finally {
      await app.close();
    }
  });
});
