import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN, startBuiltServer } from '../built-server.js';
import { freshDatabase } from '../helpers.js';

/**
 * The production start (`npm run start:prod`): the server built into plain JavaScript by
 * `npm run build` runs under plain `node`, no TypeScript loader, in production mode with the real
 * providers configured; it writes JSON lines only, answers /healthz and /readyz, and a SIGTERM ends
 * it with exit code 0 well within 10 s.
 */
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
    expect(fs.existsSync(BUILT_MAIN), 'npm run build builds apps/server/dist/main.js').toBe(true);
    const server = await startBuiltServer(dataDir, database.url);
    const { child, exited } = server;
    try {
      const port = Number(new URL(server.base).port);
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
      const lines = server
        .stdout()
        .split('\n')
        .filter((l) => l.trim() !== '');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(
        lines.some(
          (l) =>
            l.includes('파츠몰이 운영 모드로 실행 중입니다.') &&
            l.includes('"payments":"toss"') &&
            l.includes('"sms":"solapi"'),
        ),
      ).toBe(true);
      expect(server.logs()).not.toContain('live_sk_built');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('a second server on the same embedded database folder is refused in one line, the first serving on', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-built-twin-'));
    const first = await startBuiltServer(folder, null);
    try {
      const refused = await startBuiltServer(folder, null).then(
        () => 'started',
        (err: Error) => err.message,
      );
      expect(refused).toContain(
        `다른 서버(pid ${first.child.pid})가 이 데이터 폴더(${folder})를 쓰고 있습니다. 그 서버를 멈춘 뒤 다시 시작하거나 다른 DATA_DIR을 지정하세요.`,
      );
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // Stopped, it leaves the folder free for the next start.
      expect(fs.existsSync(path.join(folder, 'server.pid'))).toBe(false);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
