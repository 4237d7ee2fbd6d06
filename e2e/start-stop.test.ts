import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../apps/server/test/helpers.js';

/**
 * The process `npm start` starts (docs/operations.md#starting-and-stopping): SIGTERM or SIGINT to
 * it stops the server within 10 s, finishing a request in flight; and production mode refuses to
 * start in one line. Real processes, spawned the way a newcomer or a service manager starts them.
 * `npm start` rebuilds the web app when its sources differ from what apps/web/dist was built from;
 * after `npm test`'s build it finds dist current and starts at once, and the browser project's setup
 * refuses a stale dist (e2e/global-setup.ts), so this file runs beside the other browser files
 * without rewriting what they read.
 */
const root = path.resolve(import.meta.dirname, '..');
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-start-'));
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The environment of a started shop: its own port, database and files; no demo seed (faster). */
function shopEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  delete env.NODE_ENV;
  if (database.url) env.DATABASE_URL = database.url;
  return env;
}

interface Started {
  child: ChildProcess;
  port: number;
  serverPid: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `npm start` and waits for the line that names the port and the server's pid. */
async function npmStart(): Promise<Started> {
  const child = spawn('npm', ['start'], { cwd: root, env: shopEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not come up:\n${text}`)), 60_000);
    const look = () => {
      const m = /localhost:(\d+) .*\(pid (\d+)\)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`npm start ended:\n${text}`)));
  });
  return { child, port: Number(ready[1]), serverPid: Number(ready[2]), output: () => text, exited };
}

/** Resolves true when a connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A login request whose body is held back: the server has taken it (it answered 100 Continue)
 * and waits for the body. `finish()` sends the body and resolves with the whole answer.
 */
async function requestInFlight(port: number): Promise<{ finish: () => Promise<string> }> {
  const body = JSON.stringify({ id: 'nobody@partsmall.kr', pw: 'whatever1' });
  const socket = net.connect({ port, host: '127.0.0.1' });
  let answer = '';
  socket.on('data', (c: Buffer) => (answer += c.toString()));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    const wait = () => (answer.includes('100 Continue') ? resolve() : setTimeout(wait, 20));
    wait();
  });
  return {
    finish: async () => {
      socket.write(body);
      await closed;
      return answer;
    },
  };
}

describe('stopping what npm start started', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: no new connections, the request in flight gets its answer, everything ends within 10 s',
    async (signal) => {
      const shop = await npmStart();
      const inFlight = await requestInFlight(shop.port);
      const sentAt = Date.now();
      shop.child.kill(signal);
      // The port closes while the request is still waiting for its body.
      await expect.poll(() => refused(shop.port), { timeout: 5000, interval: 50 }).toBe(true);
      const answer = await inFlight.finish();
      expect(answer).toMatch(/HTTP\/1\.1 400 /);
      expect(answer).toContain('"code":400');
      await shop.exited;
      expect(Date.now() - sentAt).toBeLessThan(10_000);
      // The server process itself ended, not only npm.
      await expect.poll(() => alive(shop.serverPid), { timeout: 2000, interval: 50 }).toBe(false);
      expect(shop.output()).toContain(`${signal}:`);
    },
    90_000,
  );
});

describe('production mode without the switches', () => {
  it('refuses to start with one line on stderr and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...shopEnv(), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Loading the server from source beside three browser files took over 20 s on a slow machine:
    // the subject is the refusal, not how fast it comes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 80_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^운영 모드\(NODE_ENV=production\)로 시작하지 않습니다: .*ALLOW_SANDBOX_PAYMENTS=true.*ALLOW_CONSOLE_SMS=true.*PUBLIC_URL/,
    );
  }, 90_000);
});
