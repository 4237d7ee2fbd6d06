import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies, members } from '../apps/server/src/db/schema.js';
import { consoleSms } from '../apps/server/src/features/sms/provider.js';
import { enqueue, jobSettings, startJobs } from '../apps/server/src/features/jobs/index.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import {
  controlSpread,
  freshBenchDatabase,
  latencySummary,
  openLoop,
  overallVerdict,
  pinLoadGenerator,
  startServerProcess,
  turnOrder,
  verdict,
  verdictCell,
  type OpenLoopResult,
  type Verdict,
} from './lib.js';
import { insertCompany, insertOrders, insertProducts, remoteProviderStandIns } from './order-data.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const DB = process.env.BENCH_JOBS_DB ?? 'pm_bench_jobs';
const MOVE_ROUNDS = Number(process.env.BENCH_MOVE_ROUNDS ?? 6);
const MOVE_SECONDS = Number(process.env.BENCH_MOVE_SECONDS ?? 5);
const MOVE_RATE = Number(process.env.BENCH_MOVE_RATE ?? 20);
const MOVE_PORTS = { on: 4493, off: 4494, control: 4495 } as const;
type Which = keyof typeof MOVE_PORTS;
/** The order moves' goal: p95 with the queue on at most this much of the queue off's. */
const MOVES_GOAL = 1.1;

/**
 * Two halves: the job queue's throughput (queueThroughput), then the order-moving request's latency
 * with the queue on and off (orderMoves). BENCH_JOBS_PART=throughput or moves runs one of them.
 */
export async function run() {
  const part = process.env.BENCH_JOBS_PART ?? 'all';
  if (part === 'all' || part === 'throughput') await queueThroughput();
  if (part === 'all' || part === 'moves') await orderMoves();
}

/**
 * The job queue's throughput in one process on PostgreSQL: BENCH_JOBS cash top-up texts (5,000)
 * are written first (in transactions of 500), then one runner (the server's, with its default
 * settings: batches of JOBS_BATCH_SIZE) sends them through the console SMS provider (one outbox
 * row and one effect-log row each). Reports jobs per second from the first to the last completion.
 */
async function queueThroughput() {
  const url = await freshBenchDatabase(DB);
  const database = await openDatabase(url, '');
  const { db } = database;
  const [company] = await db
    .insert(companies)
    .values({ name: '벤치상사', license: '1234567891', securityNum: '000000' })
    .returning({ id: companies.id });
  await db.insert(members).values({
    loginId: 'bench-jobs@partsmall.kr',
    passwordHash: 'x',
    name: '벤치',
    phone: '01090000000',
    companyId: company!.id,
  });
  const quiet = () => undefined;
  const log = {
    info: quiet,
    debug: quiet,
    trace: quiet,
    warn: console.warn,
    error: console.error,
    fatal: console.error,
    level: 'warn',
    child: () => log,
    silent: quiet,
  } as unknown as FastifyBaseLogger;
  const sms = consoleSms(db, log);
  // The runner installs pg-boss and its queues; its workers start at once, so they are paused
  // (stopped) while the jobs are written and a second runner measures.
  const installer = await startJobs(db, { sms, log }, jobSettings(process.env));
  await installer.stop();
  for (let i = 0; i < JOBS; i += 500) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(JOBS, i + 500); j++) {
        await enqueue(
          tx,
          'sms.cashCredited',
          { paymentId: j + 1, companyId: company!.id, amount: 1000 + j, balanceAfter: 1000 + j },
          { key: `bench:${j}` },
        );
      }
    });
  }
  const settings = jobSettings(process.env);
  const t0 = performance.now();
  const runner = await startJobs(db, { sms, log }, settings);
  const done = async () =>
    Number(
      (
        await queryRows<{ n: string }>(
          db,
          sql`select count(*)::text as n from pgboss.job where name = 'sms.cashCredited' and state = 'completed'`,
        )
      )[0]!.n,
    );
  while ((await done()) < JOBS) await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - t0) / 1000;
  await runner.stop();
  const [sent] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from sms_outbox`);
  await database.close();
  console.log(
    `\njobs: ${JOBS} texts in ${seconds.toFixed(1)} s = ${Math.round(JOBS / seconds)} jobs/s (one process, batch ${settings.batchSize}); outbox rows ${sent!.n}`,
  );
  if (Number(sent!.n) !== JOBS) throw new Error(`expected ${JOBS} texts, found ${sent!.n}`);
}

/**
 * The order-moving request (`api/admin/setOrderStatus`) with the queue on and off, same run: two
 * server processes on one database, pinned to the same CPU, one as a shop runs (each move writes its
 * 알림톡 job, a shipped order of a per-order company its tax invoice and tracking jobs; its workers
 * send them to the Solapi and Popbill stand-ins in this process), the other with BENCH_JOBS_OFF=true
 * (no job written, no worker), and a third, the control, started like the second: how far the two
 * queue-off servers' p95 come apart is the run's noise. In interleaved rounds (the turn order of the
 * three rotated), each server is sent an open loop of confirmations (0 → 1) of fresh orders at
 * BENCH_MOVE_RATE a second, then the shipping (1 → 2, carrier and waybill) of the same orders. p95
 * pooled over the rounds; goal: on / off at most 1.10 plus the control's spread.
 */
async function orderMoves() {
  const url = await freshBenchDatabase(`${DB}_moves`);
  const database = await openDatabase(url, '');
  const { db } = database;
  await seedDemo(db);
  const perRound = MOVE_RATE * (MOVE_SECONDS + 1); // the open loop's warm-up second sends its own orders
  const needed = perRound * MOVE_ROUNDS * 3;
  const product = { name: '이동시험 부품', pid: 'MOVE-1', price: 11_000 };
  const [productId] = await insertProducts(db, [{ ...product, salePrice: 12_000, stock: 0 }]);
  const pool: number[] = [];
  const COMPANIES = 8;
  for (let c = 0; c < COMPANIES; c++) {
    const loginId = `move${c + 1}@partsmall.kr`;
    const { companyId, memberId } = await insertCompany(db, {
      name: `이동상사 ${c + 1}`,
      license: 620_000_000 + c,
      invoice: c % 2 === 0 ? 'order' : 'monthly',
      member: { loginId, passwordHash: 'x', name: `이동 ${c + 1}`, phone: `0106${String(c).padStart(7, '0')}` },
    });
    const ids = await insertOrders(db, {
      companyId,
      memberId,
      count: Math.ceil(needed / COMPANIES),
      status: 0,
      recipient: '이동수령',
      product: { ...product, id: productId! },
    });
    pool.push(...ids);
  }
  // Orders of all companies interleaved, so each round moves orders of every company.
  pool.sort((a, b) => (a % COMPANIES) - (b % COMPANIES) || a - b);
  await database.close();

  // The stand-ins in a process of their own on the load generator's CPU (remoteProviderStandIns).
  pinLoadGenerator();
  const standIns = await remoteProviderStandIns('move', {
    NOTIFY_TEMPLATE_SHIPMENT_CONFIRMED: 'TPL-SHIPMENT-CONFIRMED',
    NOTIFY_TEMPLATE_SHIPPED: 'TPL-SHIPPED',
  });
  const { env } = standIns;
  const servers: Record<Which, ChildProcess> = {
    on: await startServerProcess(url, MOVE_PORTS.on, env),
    off: await startServerProcess(url, MOVE_PORTS.off, { ...env, BENCH_JOBS_OFF: 'true' }),
    control: await startServerProcess(url, MOVE_PORTS.control, { ...env, BENCH_JOBS_OFF: 'true' }),
  };
  const stop = () => {
    for (const s of Object.values(servers)) if (s.exitCode === null) s.kill('SIGKILL');
  };
  process.once('exit', stop);
  try {
    const login = await fetch(`http://127.0.0.1:${MOVE_PORTS.on}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'staff@partsmall.kr', pw: 'staff1234' }),
    });
    const token = ((await login.json()) as { results: { token: string } }).results.token;
    const headers = { authorization: `Bearer ${token}` };

    let next = 0;
    const results: Record<Which, { confirm: OpenLoopResult[]; ship: OpenLoopResult[] }> = {
      on: { confirm: [], ship: [] },
      off: { confirm: [], ship: [] },
      control: { confirm: [], ship: [] },
    };
    const sendFailures = { on: 0, off: 0, control: 0 };
    // Every round begins with the queue-on server's earlier jobs sent: a round is timed with the
    // work its own moves cause, never with what an earlier round left (which would land on the
    // queue-off server's rounds as often as on its own).
    const watch = await openDatabase(url, '');
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          watch.db,
          sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
        )
      )[0]!.n;
    const drained = async (limitMs: number) => {
      const t0 = Date.now();
      while ((await waiting()) > 0 && Date.now() - t0 < limitMs) await new Promise((r) => setTimeout(r, 250));
    };
    for (let round = 0; round < MOVE_ROUNDS; round++) {
      const order = turnOrder(['on', 'off', 'control'] as const, round);
      for (const which of order) {
        await drained(60_000);
        const seqs = pool.slice(next, next + perRound);
        next += perRound;
        const target = `http://127.0.0.1:${MOVE_PORTS[which]}/api/admin/setOrderStatus`;
        const opts = { rate: MOVE_RATE, seconds: MOVE_SECONDS, warmupSeconds: 1, connections: 32, headers };
        const confirm = await openLoop(
          `${which} confirm`,
          target,
          {},
          {
            ...opts,
            bodyOf: (i) => ({ seq: seqs[i], status: 1 }),
          },
        );
        const ship = await openLoop(
          `${which} ship`,
          target,
          {},
          {
            ...opts,
            bodyOf: (i) => ({
              seq: seqs[i],
              status: 2,
              carrier: 'kr.cjlogistics',
              waybill: `6${String(seqs[i]).padStart(11, '0')}`,
            }),
          },
        );
        results[which].confirm.push(confirm);
        results[which].ship.push(ship);
        sendFailures[which] += confirm.errors + confirm.non2xx + ship.errors + ship.non2xx;
        console.log(
          `round ${round + 1} ${which}: confirm p50/p95 ${confirm.p50}/${confirm.p95} ms, ship ${ship.p50}/${ship.p95} ms (non-2xx ${confirm.non2xx + ship.non2xx}, errors ${confirm.errors + ship.errors})`,
        );
      }
    }

    // The queue-on server's jobs drain before the stand-ins are counted.
    await drained(120_000);
    const [jobs] = await queryRows<{ total: number; failed: number; p50: number; p95: number; max: number }>(
      watch.db,
      sql`select count(*)::int as total, count(*) filter (where state = 'failed')::int as failed,
        percentile_cont(0.5) within group (order by extract(epoch from completed_on - created_on))::float8 as p50,
        percentile_cont(0.95) within group (order by extract(epoch from completed_on - created_on))::float8 as p95,
        max(extract(epoch from completed_on - created_on))::float8 as max
        from pgboss.job where name in ('notify.send', 'taxInvoice.issue', 'tracking.register')`,
    );
    await watch.close();

    const pooled = (rs: OpenLoopResult[]) => latencySummary(rs.flatMap((r) => r.sorted).sort((a, b) => a - b));
    const medianP95 = (rs: OpenLoopResult[]) => {
      const p = rs.map((r) => r.p95).sort((a, b) => a - b);
      return p[Math.floor(p.length / 2)]!;
    };
    console.log(
      `\norder moves, queue on vs off and a second queue-off server (control): ${MOVE_ROUNDS} interleaved rounds, ${MOVE_RATE}/s for ${MOVE_SECONDS} s each (confirm, then ship the same orders)`,
    );
    console.log('| move | queue | p50 ms | **p95** ms | p99 ms | max ms | median of round p95s (range) |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |');
    const verdicts: Verdict[] = [];
    const ratios: string[] = [];
    for (const move of ['confirm', 'ship'] as const) {
      for (const which of ['on', 'off', 'control'] as const) {
        const rs = results[which][move];
        const s = pooled(rs);
        const p95s = rs.map((r) => r.p95);
        console.log(
          `| ${move} | ${which} | ${s.p50} | **${s.p95}** | ${s.p99} | ${s.max} | ${medianP95(rs)} (${Math.min(...p95s)}-${Math.max(...p95s)}) |`,
        );
      }
      // The spread: the control's (queue off B / queue off) p95 distance from 1, one start.
      const ratio = pooled(results.on[move]).p95 / pooled(results.off[move]).p95;
      const control = pooled(results.control[move]).p95 / pooled(results.off[move]).p95;
      const spread = controlSpread(control);
      const v = verdict(ratio, MOVES_GOAL, spread, 'at most');
      verdicts.push(v);
      ratios.push(
        `${move}: p95 on / off = **${ratio.toFixed(2)}** (goal ≤ ${MOVES_GOAL.toFixed(2)}), control off B / off ${control.toFixed(2)}, ${verdictCell(spread, v)}`,
      );
    }
    for (const line of ratios) console.log(line);
    const both = (w: Which) => pooled([...results[w].confirm, ...results[w].ship]);
    console.log(
      `both moves: p95 on ${both('on').p95} ms, off ${both('off').p95} ms, control ${both('control').p95} ms, on / off ${(both('on').p95 / both('off').p95).toFixed(2)}`,
    );
    console.log(
      `goal: p95 with the queue on at most ${MOVES_GOAL.toFixed(2)} of off, plus the control's spread: ${overallVerdict(verdicts)}`,
    );
    const counted = await standIns.counts();
    console.log(
      `queue on: ${jobs!.total} jobs written (${jobs!.failed} parked), written to done p50 ${jobs!.p50.toFixed(1)} s, p95 ${jobs!.p95.toFixed(1)} s, max ${jobs!.max.toFixed(1)} s; Solapi stand-in ${counted.sent} messages, Popbill stand-in ${counted.issued} invoices; requests not answered 2xx: on ${sendFailures.on}, off ${sendFailures.off}, control ${sendFailures.control}`,
    );
    if (sendFailures.on + sendFailures.off + sendFailures.control > 0) process.exitCode = 1;
  } finally {
    stop();
    standIns.stop();
  }
}
