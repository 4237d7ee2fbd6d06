import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../src/db/client.js';
import { members, smsOutbox } from '../../src/db/schema.js';
import { cashCreditedText, enqueue } from '../../src/features/jobs/index.js';
import { freshDatabase } from '../helpers.js';

/**
 * JOBS_WORKERS=process (docs/operations.md#jobs): the server writes jobs and its worker process,
 * started from the same script at nice 10, runs them; the server runs none itself, starts the
 * worker process again when it dies, and the worker process ends when its server is killed.
 * Needs PostgreSQL (the embedded database is one process's): skipped without TEST_DATABASE_URL, as
 * the configuration refuses it there.
 */
const runs = Boolean(process.env.TEST_DATABASE_URL);
const root = path.resolve(import.meta.dirname, '../../../..');
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let server: ChildProcess | null = null;

async function until<T>(what: string, check: () => Promise<T> | T, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The processes whose parent is `pid` (ps is in procps on every machine of this kind). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return []; // ps exits 1 when there is none
  }
}
/** A process's nice value (field 19 of /proc/<pid>/stat, counted after the command's closing parenthesis). */
function niceOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const outbox = async (db: Db, phone: string) =>
  (await db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).map((r) => r.text);
const jobState = async (db: Db, id: string) =>
  (
    await queryRows<{ state: string }>(
      db,
      sql`select state::text as state from pgboss.job where name = 'sms.cashCredited' and id = ${id}::uuid`,
    )
  )[0]?.state ?? null;

beforeAll(async () => {
  if (!runs) return;
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-jobs-process-'));
});
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(runs)('JOBS_WORKERS=process', () => {
  it('the worker process runs the jobs at nice 10, is started again after a crash and ends with its server', async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url!,
        LOG_LEVEL: 'warn',
        JOBS_WORKERS: 'process',
        JOBS_POLL_SECONDS: '0.5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await until('the server to listen', () => /localhost:\d+ /.test(output), 60_000);
    const serverPid = server.pid!;

    // One worker process, at nice 10; the server itself at the nice it was started with.
    const [worker] = await until('the worker process', () => {
      const found = childrenOf(serverPid);
      return found.length === 1 ? found : null;
    });
    expect(niceOf(worker!)).toBe(niceOf(serverPid) + 10);

    // The demo company's main account gets the cash-credited text of each job written below.
    const [main] = await database.db
      .select({ phone: members.phone, companyId: members.companyId })
      .from(members)
      .where(eq(members.loginId, 'demo@partsmall.kr'));
    const credited = (paymentId: number, amount: number) =>
      enqueue(
        database.db,
        'sms.cashCredited',
        { paymentId, companyId: main!.companyId!, amount, balanceAfter: 5_000_000 + amount },
        { key: `worker-process:${paymentId}` },
      );

    // With the worker process stopped, a job waits: the server does not run it itself.
    process.kill(worker!, 'SIGSTOP');
    const first = await credited(910_001, 1_000);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await jobState(database.db, first)).toBe('created');
    expect(await outbox(database.db, main!.phone)).toEqual([]);
    process.kill(worker!, 'SIGCONT');
    await until('the first job done', async () => (await jobState(database.db, first)) === 'completed');
    expect(await outbox(database.db, main!.phone)).toEqual([cashCreditedText(1_000, 5_001_000)]);

    // Killed, the worker process is started again (1 s later) and runs the next job.
    process.kill(worker!, 'SIGKILL');
    const [again] = await until('a new worker process', () => {
      const found = childrenOf(serverPid).filter((pid) => pid !== worker);
      return found.length === 1 ? found : null;
    });
    expect(niceOf(again!)).toBe(niceOf(serverPid) + 10);
    const second = await credited(910_002, 2_000);
    await until('the second job done', async () => (await jobState(database.db, second)) === 'completed');
    expect(await outbox(database.db, main!.phone)).toEqual([
      cashCreditedText(1_000, 5_001_000),
      cashCreditedText(2_000, 5_002_000),
    ]);

    // The server killed outright: its worker process notices and ends.
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    await until('the worker process to end', () => !alive(again!), 15_000);
  }, 120_000);
});
