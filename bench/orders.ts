import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { freshBenchDatabase, serverCpus, startServerProcess } from './lib.js';
import { BENCH_PASSWORD, insertCompany, seedCheckoutShop, onPaymentFinish, paymentRequest } from './order-data.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const PRODUCTS = 40;
const RATE = Number(process.env.BENCH_RATE ?? 200);

/**
 * Many members paying over the trade channel at once against PostgreSQL, each on its own socket,
 * over a small set of products so that stock rows are contended: first a closed loop (each member
 * keeps one payment in flight), then an open loop at BENCH_RATE payments a second; against one
 * server process and against two (PostgreSQL + Redis), interleaved. Afterwards the books are checked.
 */
export async function run() {
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
  // process adds and what sharing rooms through Redis costs.
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
  const ports = [Number(process.env.BENCH_PORT ?? 4401), Number(process.env.BENCH_PORT ?? 4401) + 1];
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-orders-${process.pid}`,
    PAYMENT_SANDBOX_SECRET: 'bench-orders-secret',
  };
  const servers = [await startServerProcess(url, ports[0]!, env), await startServerProcess(url, ports[1]!, env)];
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const rows: string[] = [];
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
      const clientRequestId = randomUUID();
      const k = n++;
      const productId = productIds[(i * 7 + k) % PRODUCTS]!;
      const t0 = performance.now();
      return new Promise<{ ms: number; code: number }>((resolve) => {
        const onFinish = onPaymentFinish(clientRequestId, (code) => {
          s.off('paymentFinish', onFinish);
          resolve({ ms: performance.now() - t0, code });
        });
        s.on('paymentFinish', onFinish);
        s.emit('requestPaymentProduct', paymentRequest(clientRequestId, '벤치수령', [{ productId, qty: 1 + (k % 3) }]));
      });
    };
    const summarize = (label: string, answers: { ms: number; code: number }[], seconds: number) => {
      const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
      const pct = (p: number) =>
        latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;
      const refused = answers.filter((a) => a.code === 400).length;
      const failed = answers.filter((a) => a.code !== 201 && a.code !== 400).length;
      const ok = answers.length - refused - failed;
      return {
        label,
        paid: ok,
        line: `| ${label} | ${Math.round(ok / seconds)} | ${ok} | ${pct(50).toFixed(1)} | ${pct(95).toFixed(1)} | ${pct(99).toFixed(1)} | ${refused} | ${failed} |`,
      };
    };

    async function measure(processes: number) {
      const sockets: Socket[] = [];
      try {
        for (const [i, token] of tokens.entries()) {
          const s = io(`${bases[i % processes]}/trade`, { auth: { token }, transports: ['websocket'], forceNew: true });
          await new Promise<void>((resolve) => s.once('connect', () => resolve()));
          sockets.push(s);
        }
        const what = processes === 1 ? 'one process' : `${processes} processes`;
        // Closed loop: every member keeps one payment in flight, which finds the most the servers can do.
        let started = Date.now();
        let until = started + DURATION_S * 1000;
        const closed: { ms: number; code: number }[] = [];
        await Promise.all(
          sockets.map(async (s, i) => {
            while (Date.now() < until) closed.push(await payOnce(s, i));
          }),
        );
        const closedRow = summarize(
          `${what}: ${MEMBERS} members, one in flight each`,
          closed,
          (Date.now() - started) / 1000,
        );
        // Open loop: payments arrive at a fixed rate whatever the answers do, which shows the latency
        // a member sees at that load (a closed loop's latency is only its concurrency over throughput).
        const open: Promise<{ ms: number; code: number }>[] = [];
        started = Date.now();
        until = started + DURATION_S * 1000;
        for (let k = 0; Date.now() < until; k++) {
          const due = started + (k * 1000) / RATE;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
          open.push(payOnce(sockets[k % sockets.length]!, k % sockets.length));
        }
        const openRow = summarize(`${what}: ${RATE}/s offered`, await Promise.all(open), (Date.now() - started) / 1000);
        rows.push(closedRow.line, openRow.line);
        paid += closedRow.paid + openRow.paid;
      } finally {
        for (const s of sockets) s.close();
      }
    }
    // Interleaved: one, two, one, two (each configuration measured twice, the machine's drift shared).
    for (const processes of [1, 2, 1, 2]) await measure(processes);

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
      `\norders benchmark: ${MEMBERS} members on the trade channel, ${DURATION_S} s per run, PostgreSQL + Redis, servers on CPUs '${serverCpus() || 'any'}'`,
    );
    console.log('| load | orders/s | payments | p50 ms | p95 ms | p99 ms | refused | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const line of rows) console.log(line);
    console.log(
      `anomalies: ledger≠balance ${books!.n}, bad stock ${negative!.n}, stock not matching sold lines ${stockDrift!.n}, orders stored ${orderCount!.n} vs paid ${paid}`,
    );
  } finally {
    for (const server of servers) server.kill('SIGINT');
  }
}
