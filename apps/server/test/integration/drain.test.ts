import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers.js';

/**
 * A rolling restart loses no request (docs/operations.md#starting-and-stopping): a server process gets SIGTERM in the middle
 * of steady POST traffic on the product grid and every request is answered 2xx.
 *
 * The client does what nginx (deploy/nginx.conf) does with an upstream:
 * - it keeps a pool of keep-alive connections to the process (upstream `keepalive`), reusing the most
 *   recently freed one (nginx's cache is last in, first out) and opening a new one when none is free;
 * - a connection that is refused (nothing was sent) goes to the next upstream: here a stand-in for the
 *   other process, answering as a healthy one would;
 * - a POST once written is never sent again, whatever happens next (nginx without `non_idempotent`):
 *   a reset, a connection closed before the answer, or a 503 reaches the user as an error. So each
 *   of those counts as a lost request here.
 * And readiness: /readyz, asked on a new connection every 20 ms, fails before the listener closes.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const redisUrl = process.env.REDIS_URL_TEST;
const DRAIN_DELAY_MS = 1000;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let child: ChildProcess | null = null;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-drain-'));
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `node --import tsx apps/server/src/main.ts`, as multi-process.test.ts starts it; resolves with its port. */
async function startServer(
  env: Record<string, string>,
): Promise<{ port: number; exited: Promise<number | null>; output: () => string }> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let text = '';
  started.stderr!.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 60_000);
    started.stdout!.on('data', (c: Buffer) => {
      text += c.toString();
      const m = /localhost:(\d+) /.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void exited.then(() => reject(new Error(`server ended:\n${text}`)));
  });
  return { port, exited, output: () => text };
}

interface Answer {
  status: number;
  connection: string | undefined;
}

/** One request; rejects with the socket error (its `code`) when no answer came. */
function send(
  port: number,
  agent: http.Agent | false,
  method: 'GET' | 'POST',
  urlPath: string,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent,
        headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        res.once('error', reject);
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

describe('SIGTERM during steady traffic', () => {
  it('every product-grid POST is answered 2xx: readiness fails first, then new connections are refused (and go elsewhere) while open ones are served with Connection: close', async () => {
    const env: Record<string, string> = { DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), PRODUCT_LIST_CACHE_MS: '0' };
    if (database.url) env.DATABASE_URL = database.url;
    if (redisUrl)
      Object.assign(env, { REDIS_URL: redisUrl, REDIS_PREFIX: `pmtest-drain-${randomBytes(4).toString('hex')}` });
    const server = await startServer(env);

    // The other process, as far as this test needs one: it answers whatever is re-sent to it.
    const other = http.createServer((req, res) => {
      req.resume();
      req.once('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200,"message":"다른 프로세스"}'),
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;

    const pool = new http.Agent({ keepAlive: true, maxSockets: 8, scheduling: 'lifo' });
    const body = JSON.stringify({ page: 1, size: 20 });
    let sigtermAt = Number.POSITIVE_INFINITY;
    const served: { startedAt: number; answer: Answer }[] = [];
    let resent = 0;
    const lost: string[] = [];

    async function oneRequest() {
      const startedAt = Date.now();
      try {
        const answer = await send(server.port, pool, 'POST', '/api/getProductHome', body);
        if (answer.status >= 200 && answer.status < 300) served.push({ startedAt, answer });
        else lost.push(`answered ${answer.status}`);
      } catch (err) {
        // Refused: the request never left, so it goes to the next upstream. Anything else was sent.
        if (codeOf(err) !== 'ECONNREFUSED') return void lost.push(codeOf(err));
        const answer = await send(otherPort, false, 'POST', '/api/getProductHome', body).catch((e: unknown) => ({
          status: 0,
          connection: codeOf(e),
        }));
        if (answer.status === 200) resent += 1;
        else lost.push(`the other process: ${answer.status} ${answer.connection}`);
      }
    }

    let running = true;
    const workers = Array.from({ length: 8 }, async () => {
      while (running) await oneRequest();
    });
    const probes: { at: number; outcome: number | string }[] = [];
    const prober = (async () => {
      while (running) {
        const at = Date.now();
        const outcome = await send(server.port, false, 'GET', '/readyz').then(
          (a) => a.status,
          (err: unknown) => codeOf(err),
        );
        probes.push({ at, outcome });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    try {
      // Steady traffic on a warm pool first.
      while (served.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
      sigtermAt = Date.now();
      child!.kill('SIGTERM');
      const code = await server.exited;
      // A little more traffic, all of it to the other process now.
      const resentAtExit = resent;
      while (resent < resentAtExit + 20) await new Promise((resolve) => setTimeout(resolve, 10));
      running = false;
      await Promise.all([...workers, prober]);
      expect(code, server.output()).toBe(0);
    } finally {
      running = false;
      pool.destroy();
      await new Promise((resolve) => other.close(resolve));
    }

    expect(lost).toEqual([]);
    const afterSigterm = served.filter((s) => s.startedAt > sigtermAt);
    // The stopping process went on serving what reached it, on connections already open; the answers
    // after its listener had closed said Connection: close, and the pool's next connection was refused
    // and went to the other process.
    expect(afterSigterm.length).toBeGreaterThan(0);
    expect(afterSigterm.some((s) => s.answer.connection === 'close')).toBe(true);
    expect(resent).toBeGreaterThanOrEqual(20);

    // Readiness: ready until the signal, then 503 on new connections (so the listener was still open),
    // never ready again, and only then refused. A probe connecting at the very moment the listener
    // closes may be reset instead (the kernel had queued its connection): the last before the first
    // refusal. A GET; nginx sends it elsewhere. The POST traffic opens no connection before the
    // listener closes (the pool's stay open until then), which is what keeps it out of that race.
    const outcomes = probes.map((p) => p.outcome);
    const shown = outcomes.join(',');
    const first503 = outcomes.indexOf(503);
    const firstRefused = outcomes.indexOf('ECONNREFUSED');
    expect(
      probes.some((p) => p.at < sigtermAt && p.outcome === 200),
      shown,
    ).toBe(true);
    expect(first503, shown).toBeGreaterThan(0);
    expect(
      outcomes.slice(0, first503).every((o) => o === 200),
      shown,
    ).toBe(true);
    expect(firstRefused, shown).toBeGreaterThan(first503);
    const draining = outcomes.slice(first503, firstRefused);
    if (draining.at(-1) === 'ECONNRESET') draining.pop();
    expect(
      draining.every((o) => o === 503),
      shown,
    ).toBe(true);
    expect(
      outcomes.slice(firstRefused).every((o) => o === 'ECONNREFUSED'),
      shown,
    ).toBe(true);
  }, 120_000);
});
