/**
 * `npm run bench -- deposit-webhook` (docs/performance.md#statement-pdf-and-monthly-close): how fast
 * the shop answers Toss's `DEPOSIT_CALLBACK` at `/payCenter/toss/webhook` (the secret compared, the
 * event and its job stored in one transaction, 200; docs/requirements.md#credit-deposits). Statements' virtual accounts are
 * issued at the Toss stand-in first; then BENCH_WEBHOOK_ROUNDS open loops of BENCH_WEBHOOK_RATE
 * callbacks a second for BENCH_WEBHOOK_SECONDS, each a deposit into another account, while the
 * server's own jobs apply them. Goal: p95 under 50 ms (absolute, so no control). Afterwards every
 * deposit is checked applied once.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/features/auth/passwords.js';
import { issueStatementAccount } from '../apps/server/src/features/deposits/index.js';
import { virtualAccountsFromConfig } from '../apps/server/src/features/payments/index.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { tossStandIn } from '../apps/server/test/stand-ins.js';
import { drainQueue } from './crash-lib.js';
import { seedStatements } from './credit-data.js';
import { freshBenchDatabase, latencySummary, openLoop, pinLoadGenerator, startServerProcess } from './lib.js';

const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 20);
const PORT = Number(process.env.BENCH_WEBHOOK_PORT ?? 4412);
const GOAL_MS = 50;
const SECRET_KEY = 'live_sk_webhook_bench';

export async function run() {
  const url = await freshBenchDatabase(process.env.BENCH_WEBHOOK_DB ?? 'pm_bench_deposit_webhook');
  const toss = await tossStandIn(SECRET_KEY);
  const env: Record<string, string> = {
    PAYMENT_PROVIDER: 'toss',
    TOSS_CLIENT_KEY: 'live_ck_webhook_bench',
    TOSS_SECRET_KEY: SECRET_KEY,
    TOSS_API_URL: toss.url,
    ALLOW_CONSOLE_NOTIFY: 'true',
  };
  // One account per callback (the open loop's warm-up second sends its own).
  const accountsNeeded = ROUNDS * RATE * (SECONDS + 1);
  const database = await openDatabase(url, '');
  const { db } = database;
  await seedDemo(db);
  const { statementIds } = await seedStatements(db, {
    prefix: '입금벤치',
    login: 'webhook',
    licenseBase: 720_000_000,
    phonePrefix: '0104',
    companies: Math.ceil(accountsNeeded / 10),
    passwordHash: await hashPassword('bench1234'),
  });

  pinLoadGenerator();
  const server = await startServerProcess(url, PORT, env);
  process.once('exit', () => server.exitCode === null && server.kill('SIGKILL'));
  try {
    // Issued once the server has made the job queue's tables (each account's 알림톡 is a job).
    const config = loadConfig({
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: url,
    });
    const provider = virtualAccountsFromConfig(config);
    const orderIds: string[] = [];
    for (const id of statementIds.slice(0, accountsNeeded))
      orderIds.push((await issueStatementAccount(db, provider, id))!.orderId);
    await database.close();

    const rounds = [];
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const first = next;
      next += RATE * (SECONDS + 1);
      const r = await openLoop(
        'deposit callback',
        `http://127.0.0.1:${PORT}/payCenter/toss/webhook`,
        {},
        {
          rate: RATE,
          seconds: SECONDS,
          warmupSeconds: 1,
          connections: 32,
          bodyOf: (i) => toss.depositInto(orderIds[first + i]!),
        },
      );
      rounds.push(r);
      console.log(
        `round ${round + 1}: p50/p95/p99 ${r.p50}/${r.p95}/${r.p99} ms, ${r.answered} answered (non-2xx ${r.non2xx}, errors ${r.errors})`,
      );
    }
    const queue = await drainQueue(url, 300_000);
    const check = await openDatabase(url, '');
    const [books] = await queryRows<{ events: number; deposits: number; applied: number; twice: number }>(
      check.db,
      sql`select (select count(*)::int from deposit_events) as events,
        (select count(*)::int from deposits where source = 'virtual_account') as deposits,
        (select count(*)::int from deposits where source = 'virtual_account' and status = 'applied') as applied,
        (select count(*)::int from statement_accounts a where (select count(*) from deposits d where d.account_id = a.id) > 1) as twice`,
    );
    await check.close();

    const s = latencySummary(rounds.flatMap((r) => r.sorted).sort((a, b) => a - b));
    const sent = accountsNeeded;
    const bad = rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    const p95s = rounds.map((r) => r.p95);
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `\nToss DEPOSIT_CALLBACK at /payCenter/toss/webhook: ${ROUNDS} rounds of ${RATE}/s for ${SECONDS} s (each into its own account); load average ${load.join(' ')}`,
    );
    console.log(
      `p50 / **p95** / p99 / max ${s.p50} / **${s.p95}** / ${s.p99} / ${s.max} ms (round p95s ${Math.min(...p95s)}-${Math.max(...p95s)}), goal p95 < ${GOAL_MS} ms: ${s.p95 < GOAL_MS ? 'met' : '**NOT met**'}`,
    );
    console.log(
      `books: ${sent} callbacks sent (${bad} not answered 2xx), ${books!.events} events stored, ${books!.deposits} deposits (${books!.applied} applied), ${books!.twice} accounts paid twice; queue ${queue.waiting} waiting, ${queue.parked} parked`,
    );
    if (
      s.p95 >= GOAL_MS ||
      bad !== 0 ||
      books!.events !== sent ||
      books!.applied !== sent ||
      books!.twice !== 0 ||
      queue.parked !== 0
    )
      process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await toss.close();
  }
}
