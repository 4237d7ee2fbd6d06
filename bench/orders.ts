import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import {
  freshBenchDatabase,
  inHalves,
  judgeRatio,
  latencySummary,
  overallVerdict,
  pinLoadGenerator,
  prepareCheckout,
  serverCpus,
  startCheckoutServer,
  startServerProcess,
  stopProcesses,
  turnOrder,
  verdict,
  verdictCell,
  controlSpread,
  type Verdict,
} from './lib.js';
import {
  BENCH_PASSWORD,
  insertCompany,
  seedCheckoutShop,
  onPaymentFinish,
  paymentRequest,
  type PaymentFinish,
} from './order-data.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const PRODUCTS = 40;
const RATE = Number(process.env.BENCH_RATE ?? 200);
/**
 * BENCH_BEFORE=<commit>: the checkout against that commit's (docs/performance.md#orders): its server
 * from its own checkout and build (prepareCheckout), and a second one of it, the control, one process
 * each, in BENCH_ROUNDS (6) interleaved rounds of the closed and the open loop on the same database.
 */
const BEFORE = process.env.BENCH_BEFORE || undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

type Answer = { ms: number; code: number };
type Runs = { closed: Answer[]; closedSeconds: number; open: Answer[]; openSeconds: number };

/**
 * Many members paying over the trade channel at once against PostgreSQL, each on its own socket,
 * over a small set of products so that stock rows are contended: first a closed loop (each member
 * keeps one payment in flight), then an open loop at BENCH_RATE payments a second; against one
 * server process and against two (PostgreSQL + Redis), interleaved. Afterwards the books are checked.
 * With BENCH_BEFORE, instead the project, the earlier commit's server and its control, one process
 * each, after the same-answers check (checkoutAnswers).
 */
export async function run() {
  const beforeDir = BEFORE ? prepareCheckout(BEFORE) : undefined;
  const url = await freshBenchDatabase('pm_bench_orders');
  const { database, db, passwordHash, productIds } = await seedCheckoutShop(url, PRODUCTS, '벤치마크 부품', 'BENCH');
  const logins: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const loginId = `bench${i + 1}@partsmall.kr`;
    await insertCompany(db, {
      name: `벤치상사 ${i + 1}`,
      license: 500_000_000 + i,
      level: 'c',
      cash: 1_000_000_000,
      member: { loginId, passwordHash, name: `벤치 ${i + 1}`, phone: `0109${String(i).padStart(7, '0')}` },
    });
    logins.push(loginId);
  }
  await database.close();

  // One process, then two behind no balancer (each member's socket on one of them, alternately),
  // both on the same PostgreSQL and Redis (streams adapter), so the second run shows what a second
  // process adds and what sharing rooms through Redis costs. Against an earlier commit, each server
  // is a process of its own on Redis (a prefix each), so that none shares rooms with another.
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
  const port = Number(process.env.BENCH_PORT ?? 4401);
  const ports = [port, port + 1, ...(beforeDir ? [port + 2] : [])];
  const env = (prefix: string) => ({
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-orders-${process.pid}${prefix}`,
    PAYMENT_SANDBOX_SECRET: 'bench-orders-secret',
  });
  if (beforeDir) pinLoadGenerator();
  const servers = beforeDir
    ? [
        await startServerProcess(url, ports[0]!, env('-project')),
        await startCheckoutServer(beforeDir, url, ports[1]!, env('-before')),
        await startCheckoutServer(beforeDir, url, ports[2]!, env('-control')),
      ]
    : [await startServerProcess(url, ports[0]!, env('')), await startServerProcess(url, ports[1]!, env(''))];
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  let paid = 0;
  try {
    const tokens: string[] = [];
    for (const id of logins) {
      const res = (await (
        await fetch(`${bases[0]}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, pw: BENCH_PASSWORD }),
        })
      ).json()) as { results: { token: string } };
      tokens.push(res.results.token);
    }
    let n = 0;
    /** One payment over a member's socket; resolves with its latency and answer code. */
    const payOnce = (s: Socket, i: number) => {
      const productId = productIds[(i * 7 + n) % PRODUCTS]!;
      return pay(s, paymentRequest(randomUUID(), '벤치수령', [{ productId, qty: 1 + (n++ % 3) }])).then(
        ({ ms, answer }) => ({ ms, code: answer.code }),
      );
    };

    /** The closed and the open loop of every member on the servers of `bases` (each member's socket on one, in turn). */
    async function measure(on: string[]): Promise<Runs> {
      const sockets: Socket[] = [];
      try {
        for (const [i, token] of tokens.entries()) sockets.push(await tradeSocket(on[i % on.length]!, token));
        // Closed loop: every member keeps one payment in flight, which finds the most the servers can do.
        let started = Date.now();
        let until = started + DURATION_S * 1000;
        const closed: Answer[] = [];
        await Promise.all(
          sockets.map(async (s, i) => {
            while (Date.now() < until) closed.push(await payOnce(s, i));
          }),
        );
        const closedSeconds = (Date.now() - started) / 1000;
        // Open loop: payments arrive at a fixed rate whatever the answers do, which shows the latency
        // a member sees at that load (a closed loop's latency is only its concurrency over throughput).
        const open: Promise<Answer>[] = [];
        started = Date.now();
        until = started + DURATION_S * 1000;
        for (let k = 0; Date.now() < until; k++) {
          const due = started + (k * 1000) / RATE;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
          open.push(payOnce(sockets[k % sockets.length]!, k % sockets.length));
        }
        const openAnswers = await Promise.all(open);
        const runs = { closed, closedSeconds, open: openAnswers, openSeconds: (Date.now() - started) / 1000 };
        paid += countPaid(runs.closed) + countPaid(runs.open);
        return runs;
      } finally {
        for (const s of sockets) s.close();
      }
    }

    if (beforeDir) {
      paid += await checkoutAnswers(url, bases.slice(0, 2), tokens[0]!, productIds[0]!);
      await compareWithBefore(measure, bases);
    } else {
      const rows: string[] = [];
      // Interleaved: one, two, one, two (each configuration measured twice, the machine's drift shared).
      for (const processes of [1, 2, 1, 2]) {
        const runs = await measure(bases.slice(0, processes));
        const what = processes === 1 ? 'one process' : `${processes} processes`;
        rows.push(
          summaryRow(`${what}: ${MEMBERS} members, one in flight each`, runs.closed, runs.closedSeconds),
          summaryRow(`${what}: ${RATE}/s offered`, runs.open, runs.openSeconds),
        );
      }
      console.log(
        `\norders benchmark: ${MEMBERS} members on the trade channel, ${DURATION_S} s per run, PostgreSQL + Redis, servers on CPUs '${serverCpus() || 'any'}'`,
      );
      console.log('| load | orders/s | payments | p50 ms | p95 ms | p99 ms | refused | errors |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const line of rows) console.log(line);
    }
    await checkBooks(url, paid);
  } finally {
    await stopProcesses(servers);
  }
}

/** A member's socket on the trade channel of `base`, connected. */
async function tradeSocket(base: string, token: string): Promise<Socket> {
  const s = io(`${base}/trade`, { auth: { token }, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  return s;
}

/** One payment over a socket: resolves with its latency and the paymentFinish that answers it. */
function pay(s: Socket, request: ReturnType<typeof paymentRequest>): Promise<{ ms: number; answer: PaymentFinish }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const onFinish = onPaymentFinish(request.clientRequestId, (_code, answer) => {
      s.off('paymentFinish', onFinish);
      resolve({ ms: performance.now() - t0, answer });
    });
    s.on('paymentFinish', onFinish);
    s.emit('requestPaymentProduct', request);
  });
}

const countPaid = (answers: Answer[]) => answers.filter((a) => a.code === 201).length;

/** A table row of one loop: orders/s, payments, p50 / p95 / p99 ms, refused (400), errors. */
function summaryRow(label: string, answers: Answer[], seconds: number): string {
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
  const refused = answers.filter((a) => a.code === 400).length;
  const failed = answers.filter((a) => a.code !== 201 && a.code !== 400).length;
  const ok = answers.length - refused - failed;
  return `| ${label} | ${Math.round(ok / seconds)} | ${ok} | ${pct(50).toFixed(1)} | ${pct(95).toFixed(1)} | ${pct(99).toFixed(1)} | ${refused} | ${failed} |`;
}

/**
 * The project and the earlier commit's server must check out alike, or the comparison means
 * nothing: one member pays the same order on each (paid), sends it again (repeated) and orders more
 * than the stock (refused). The answers must match with the order's number, request id and balance
 * left out, and so must what each paid order wrote: the order, its lines, its events and its cash
 * ledger row, ids, times and balances left out.
 */
async function checkoutAnswers(url: string, bases: string[], token: string, productId: number): Promise<number> {
  const masked = (a: PaymentFinish) =>
    JSON.stringify({
      ...a,
      clientRequestId: a.clientRequestId === undefined ? undefined : '*',
      results: a.results && { ...a.results, orderSeq: '*', clientRequestId: '*', point: '*' },
    });
  const seen: { answers: string[]; rows: string }[] = [];
  const check = await openDatabase(url, '');
  try {
    for (const base of bases) {
      const s = await tradeSocket(base, token);
      try {
        const order = paymentRequest(randomUUID(), '벤치수령', [{ productId, qty: 2 }]);
        const answers = [
          (await pay(s, order)).answer,
          (await pay(s, order)).answer,
          (await pay(s, paymentRequest(randomUUID(), '벤치수령', [{ productId, qty: 2_000_000 }]))).answer,
        ];
        const [rows] = await queryRows<{ rows: string }>(
          check.db,
          sql`select jsonb_build_object(
            'order', to_jsonb(o) - 'id' - 'client_request_id' - 'created_at',
            'lines', (select jsonb_agg(to_jsonb(l) - 'id' - 'order_id' - 'created_at' order by l.id) from order_lines l where l.order_id = o.id),
            'events', (select jsonb_agg(to_jsonb(e) - 'id' - 'order_id' - 'created_at' order by e.id) from order_events e where e.order_id = o.id),
            'ledger', (select jsonb_agg(to_jsonb(c) - 'id' - 'created_at' - 'balance_after' - 'note' order by c.id)
              from cash_ledger c where c.note = '주문 #' || o.id)
          )::text as rows from orders o where o.client_request_id = ${order.clientRequestId}`,
        );
        seen.push({ answers: answers.map(masked), rows: rows!.rows });
      } finally {
        s.close();
      }
    }
  } finally {
    await check.close();
  }
  const [after, before] = seen as [(typeof seen)[0], (typeof seen)[0]];
  const codes = after.answers.map((a) => (JSON.parse(a) as { code: number }).code).join(', ');
  if (codes !== '201, 201, 400') throw new Error(`paid, repeated, refused answered ${codes}`);
  for (const [i, what] of ['paid', 'repeated', 'refused'].entries())
    if (after.answers[i] !== before.answers[i])
      throw new Error(
        `${what}: the project and ${BEFORE} answer differently\n${after.answers[i]}\n${before.answers[i]}`,
      );
  if (after.rows !== before.rows)
    throw new Error(`the paid order: the project and ${BEFORE} write differently\n${after.rows}\n${before.rows}`);
  console.log(`the project and ${BEFORE} answer alike (paid, repeated, refused) and write the same order rows`);
  return bases.length;
}

/**
 * The project (bases[0]) against the earlier commit's server (bases[1]) and its control (bases[2], a
 * second one of it: its distance from the first is the run's noise), one process each, in ROUNDS
 * interleaved rounds (turnOrder) of the closed and the open loop, after a warm-up of each. Orders/s of the closed loop and p95
 * of the open loop are pooled over the rounds; project / before is judged against 1.00 (as fast or
 * faster; as quick or quicker) with the control's spread.
 */
async function compareWithBefore(measure: (on: string[]) => Promise<Runs>, bases: string[]): Promise<void> {
  const who = ['project', 'before', 'control'] as const;
  const runs: Record<(typeof who)[number], Runs[]> = { project: [], before: [], control: [] };
  // Warm-up (not counted), so that the first round does not pay for cold caches and JIT.
  for (const base of bases) await measure([base]);
  const loadBefore = os.loadavg().map((l) => l.toFixed(1));
  for (let round = 0; round < ROUNDS; round++) {
    for (const w of turnOrder(who, round)) runs[w].push(await measure([bases[who.indexOf(w)]!]));
    console.log(`round ${round + 1}/${ROUNDS} done`);
  }
  const loadAfter = os.loadavg().map((l) => l.toFixed(1));
  const rate = (r: Runs) => countPaid(r.closed) / r.closedSeconds;
  const pooled = (rs: Runs[], loop: 'closed' | 'open') =>
    latencySummary(
      rs
        .flatMap((r) => r[loop])
        .filter((a) => a.code === 201)
        .map((a) => a.ms)
        .sort((a, b) => a - b),
    );
  console.log(
    `\norders benchmark against ${BEFORE}: ${MEMBERS} members on the trade channel, one process each (project, before, control: before B), ` +
      `${ROUNDS} interleaved rounds of ${DURATION_S} s closed loop then ${DURATION_S} s at ${RATE}/s offered, PostgreSQL + Redis, ` +
      `${os.cpus().length} cores (servers on CPU ${serverCpus() || 'any'}), load average ${loadBefore.join(' ')} before and ${loadAfter.join(' ')} after`,
  );
  console.log(
    '| server | closed loop orders/s | each round | closed p50 / p95 / p99 ms | open loop p50 / **p95** / p99 ms | refused | errors |',
  );
  console.log('|---|---:|---|---|---|---:|---:|');
  for (const w of who) {
    const all = runs[w].flatMap((r) => [...r.closed, ...r.open]);
    const c = pooled(runs[w], 'closed');
    const o = pooled(runs[w], 'open');
    const closedRate =
      runs[w].reduce((sum, r) => sum + countPaid(r.closed), 0) / runs[w].reduce((s, r) => s + r.closedSeconds, 0);
    console.log(
      `| ${w} | ${closedRate.toFixed(0)} | ${runs[w].map((r) => rate(r).toFixed(0)).join(' / ')} | ${c.p50} / ${c.p95} / ${c.p99} | ` +
        `${o.p50} / **${o.p95}** / ${o.p99} | ${all.filter((a) => a.code === 400).length} | ${all.filter((a) => a.code !== 201 && a.code !== 400).length} |`,
    );
  }
  // One start: the spread is also taken over each half of the rounds (inHalves).
  const [halves, each] = inHalves(ROUNDS);
  const throughput = judgeRatio(
    { project: runs.project.map(rate), bare: runs.before.map(rate), control: runs.control.map(rate) },
    halves,
    each,
    1,
  );
  const half = (rs: Runs[], k: number) => rs.slice(k * each, (k + 1) * each);
  const p95 = (rs: Runs[]) => pooled(rs, 'open').p95;
  const latency = p95(runs.project) / p95(runs.before);
  const latencyControl = p95(runs.control) / p95(runs.before);
  const latencySpread = controlSpread(
    latencyControl,
    halves > 1 ? [0, 1].map((k) => p95(half(runs.control, k)) / p95(half(runs.before, k))) : [],
  );
  const verdicts: Verdict[] = [throughput.verdict, verdict(latency, 1, latencySpread, 'at most')];
  const two = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' / ');
  const p50 = (rs: Runs[]) => pooled(rs, 'open').p50;
  console.log(
    `closed loop orders/s project / before **${throughput.ratio.toFixed(2)}** (each half ${two(throughput.perStart)}; control / before ${throughput.control.toFixed(2)}, ` +
      `each half ${two(throughput.controlPerStart)}: ${verdictCell(throughput.spread, verdicts[0]!)}); open loop p95 project / before **${latency.toFixed(2)}** ` +
      `(control / before ${latencyControl.toFixed(2)}: ${verdictCell(latencySpread, verdicts[1]!)}); p50 ${(p50(runs.project) / p50(runs.before)).toFixed(2)} ` +
      `(control ${(p50(runs.control) / p50(runs.before)).toFixed(2)})`,
  );
  console.log(
    `goal: the project's checkout as fast and as quick as ${BEFORE}'s, less the control's spread: ${overallVerdict(verdicts)}`,
  );
}

/** The books after every payment: ledger against balance, stock in range and matching the sold lines, orders against payments. */
async function checkBooks(url: string, paid: number): Promise<void> {
  const check = await openDatabase(url, '');
  const [books] = await queryRows<{ n: number }>(
    check.db,
    sql`select count(*)::int as n from companies c where c.point <> coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0)`,
  );
  const [negative] = await queryRows<{ n: number }>(
    check.db,
    sql`select count(*)::int as n from products where has_amount < 0 or has_amount > 1000000`,
  );
  const [stockDrift] = await queryRows<{ n: number }>(
    check.db,
    sql`select count(*)::int as n from products p where p.pid like 'BENCH-%'
        and p.has_amount + coalesce((select sum(qty) from order_lines l where l.product_id = p.id), 0) <> 1000000`,
  );
  const [orderCount] = await queryRows<{ n: number }>(check.db, sql`select count(*)::int as n from orders`);
  await check.close();
  console.log(
    `anomalies: ledger≠balance ${books!.n}, bad stock ${negative!.n}, stock not matching sold lines ${stockDrift!.n}, orders stored ${orderCount!.n} vs paid ${paid}`,
  );
}
