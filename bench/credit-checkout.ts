/**
 * `npm run bench -- credit-checkout` (docs/performance.md#statement-pdf-and-monthly-close): the
 * checkout on credit against the cash checkout in the same run. One server; three groups of BENCH_CREDIT_COMPANIES (8) companies:
 * paying in cash, paying on credit (`payWith: 'credit'`: the account row locked, exposure summed,
 * a ledger charge), and a second cash group, the control. In interleaved rounds (`turnOrder`) each
 * group is sent an open loop of `api/requestPaymentProduct` at BENCH_CREDIT_RATE a second for
 * BENCH_CREDIT_SECONDS, each request a fresh order of one of its companies in turn. p95 pooled over
 * the rounds; goal: credit / cash at most 1.10, plus the spread of control / cash.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { creditAccounts } from '../apps/server/src/db/schema.js';
import {
  controlSpread,
  freshBenchDatabase,
  latencySummary,
  openLoop,
  pinLoadGenerator,
  startServerProcess,
  turnOrder,
  verdict,
  verdictCell,
  type OpenLoopResult,
} from './lib.js';
import { BENCH_PASSWORD, insertCompany, seedCheckoutShop, paymentRequest } from './order-data.js';

const COMPANIES = Number(process.env.BENCH_CREDIT_COMPANIES ?? 8);
const ROUNDS = Number(process.env.BENCH_CREDIT_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_CREDIT_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_CREDIT_RATE ?? 20);
const PORT = Number(process.env.BENCH_CREDIT_PORT ?? 4411);
const PRODUCTS = 40;
/** Credit's p95 at most this much of cash's. */
const GOAL = 1.1;
const GROUPS = ['cash', 'credit', 'control'] as const;
type Group = (typeof GROUPS)[number];

export async function run() {
  const url = await freshBenchDatabase(process.env.BENCH_CREDIT_DB ?? 'pm_bench_credit_checkout');
  const { database, db, passwordHash, productIds } = await seedCheckoutShop(url, PRODUCTS, '외상시험 부품', 'CREDIT');
  const logins: Record<Group, string[]> = { cash: [], credit: [], control: [] };
  for (const [g, group] of GROUPS.entries())
    for (let i = 0; i < COMPANIES; i++) {
      const loginId = `${group}${i + 1}@partsmall.kr`;
      const { companyId } = await insertCompany(db, {
        name: `외상벤치 ${group} ${i + 1}`,
        license: 800_000_000 + g * 1000 + i,
        level: 'c',
        ...(group === 'credit' ? {} : { cash: 1_000_000_000 }),
        member: { loginId, passwordHash, name: `벤치 ${i + 1}`, phone: `0105${g}${String(i).padStart(6, '0')}` },
      });
      if (group === 'credit')
        await db.insert(creditAccounts).values({ companyId, creditLimit: 1_000_000_000_000, termCode: 'EOM_NEXT_10' });
      logins[group].push(loginId);
    }
  await database.close();

  pinLoadGenerator();
  const server = await startServerProcess(url, PORT, { PAYMENT_SANDBOX_SECRET: 'bench-credit-secret' });
  process.once('exit', () => server.exitCode === null && server.kill('SIGKILL'));
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const tokens: Record<Group, string[]> = { cash: [], credit: [], control: [] };
    for (const group of GROUPS)
      for (const id of logins[group]) {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id, pw: BENCH_PASSWORD }),
        });
        tokens[group].push(((await res.json()) as { results: { token: string } }).results.token);
      }
    const results: Record<Group, OpenLoopResult[]> = { cash: [], credit: [], control: [] };
    let n = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const group of turnOrder(GROUPS, round)) {
        const r = await openLoop(
          `${group} checkout`,
          `${base}/api/requestPaymentProduct`,
          {},
          {
            rate: RATE,
            seconds: SECONDS,
            warmupSeconds: 1,
            connections: 32,
            bodyOf: (i) => {
              const order = paymentRequest(randomUUID(), '외상수령', [
                { productId: productIds[(i * 7 + n++) % PRODUCTS]!, qty: 1 + (i % 3) },
              ]);
              // The original payload (no payWith) is cash.
              return group === 'credit' ? { ...order, payWith: 'credit' } : order;
            },
            headersOf: (i) => ({ authorization: `Bearer ${tokens[group][i % COMPANIES]}` }),
          },
        );
        results[group].push(r);
        console.log(
          `round ${round + 1} ${group}: p50/p95 ${r.p50}/${r.p95} ms, ${r.answered} answered (non-2xx ${r.non2xx}, errors ${r.errors})`,
        );
      }
    }

    const check = await openDatabase(url, '');
    const [books] = await queryRows<{ charges: number; creditOrders: number; cashOff: number; ledgerOff: number }>(
      check.db,
      sql`select (select count(*)::int from receivables_ledger where kind = 'charge') as "charges",
        (select count(*)::int from orders where pay_with = 'credit') as "creditOrders",
        (select count(*)::int from companies c where c.point <> coalesce((select sum(amount) from cash_ledger l where l.company_id = c.id), 0)) as "cashOff",
        (select count(*)::int from orders o where o.pay_with = 'credit' and (select sum(amount) from receivables_ledger l where l.order_id = o.id) <> o.total_amount + o.shipping) as "ledgerOff"`,
    );
    await check.close();

    const pooled = (rs: OpenLoopResult[]) => latencySummary(rs.flatMap((r) => r.sorted).sort((a, b) => a - b));
    const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1));
    console.log(
      `\ncheckout, cash vs credit and a second cash group (control): ${ROUNDS} interleaved rounds, ${RATE}/s for ${SECONDS} s each, ${COMPANIES} companies a group; load average ${load.join(' ')}`,
    );
    console.log('| checkout | p50 ms | **p95** ms | p99 ms | max ms | round p95s | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- | ---: |');
    for (const group of GROUPS) {
      const s = pooled(results[group]);
      const p95s = results[group].map((r) => r.p95);
      const bad = results[group].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
      console.log(
        `| ${group} | ${s.p50} | **${s.p95}** | ${s.p99} | ${s.max} | ${Math.min(...p95s)}-${Math.max(...p95s)} | ${bad} |`,
      );
    }
    const ratio = pooled(results.credit).p95 / pooled(results.cash).p95;
    const control = pooled(results.control).p95 / pooled(results.cash).p95;
    const spread = controlSpread(control);
    const v = verdict(ratio, GOAL, spread, 'at most');
    console.log(
      `p95 credit / cash = **${ratio.toFixed(2)}** (goal ≤ ${GOAL.toFixed(2)}), control cash B / cash ${control.toFixed(2)}, ${verdictCell(spread, v)}`,
    );
    console.log(
      `books: ${books!.creditOrders} credit orders, ${books!.charges} ledger charges, ${books!.ledgerOff} orders whose ledger differs from their total, ${books!.cashOff} companies whose cash differs from their cash ledger`,
    );
    if (!v.met || books!.charges !== books!.creditOrders || books!.ledgerOff !== 0 || books!.cashOff !== 0)
      process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}
