import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers.js';

/**
 * The production start (`npm run start:prod`): the server built into plain JavaScript by
 * `npm run build` runs under plain `node`, no TypeScript loader, in production mode with the real
 * providers configured; it writes JSON lines only, answers /healthz and /readyz, and a SIGTERM ends
 * it with exit code 0 well within 10 s.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(root, 'apps/server/dist/main.js');
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-built-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('starts with plain node in production mode, answers /healthz and /readyz, logs JSON lines, and stops on SIGTERM', async () => {
    expect(fs.existsSync(main), 'npm run build builds apps/server/dist/main.js').toBe(true);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example.kr',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: 'live_ck_built',
      TOSS_SECRET_KEY: 'live_sk_built',
      TOSS_API_URL: 'http://127.0.0.1:9',
      SMS_PROVIDER: 'solapi',
      SOLAPI_API_KEY: 'NCSBUILT',
      SOLAPI_API_SECRET: 'built-secret',
      SOLAPI_SENDER: '021234567',
      SOLAPI_API_URL: 'http://127.0.0.1:9',
      WEB_DIST: '/nonexistent',
    };
    if (database.url) env.DATABASE_URL = database.url;
    const child = spawn(process.execPath, [main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`did not start:\n${out}\n${err}`)), 45_000);
        child.stdout.on('data', () => {
          const m = /"port":(\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
        void exited.then(() => reject(new Error(`ended:\n${out}\n${err}`)));
      });
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ code: 200, message: '실행 중입니다.', results: { process: 'ok' } });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await ready.json()).toMatchObject({
        code: 200,
        results: { database: 'ok', migrations: 'ok', redis: 'off' },
      });

      const stopAsked = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopAsked).toBeLessThan(10_000);
      const lines = out.split('\n').filter((l) => l.trim() !== '');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(
        lines.some(
          (l) =>
            l.includes('파츠몰이 운영 모드로 실행 중입니다.') &&
            l.includes('"payments":"toss"') &&
            l.includes('"sms":"solapi"'),
        ),
      ).toBe(true);
      expect(out + err).not.toContain('live_sk_built');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
