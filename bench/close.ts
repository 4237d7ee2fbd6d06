/**
 * `npm run bench -- close` (docs/performance.md#statement-pdf-and-monthly-close): the month close of BENCH_CLOSE_COMPANIES
 * (2,000) companies with credit and BENCH_CLOSE_LINES (100) shipped credit orders each in the month
 * before, on PostgreSQL. Reports the close's seconds (goal: under 60 s), the statements, lines and
 * invoices made (each exactly once: a second close makes none) and the process's peak RSS.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { closeMonth } from '../apps/server/src/features/credit/index.js';
import { previousMonth } from '../apps/server/src/features/credit/rules.js';
import { jobSettings, startJobs } from '../apps/server/src/features/jobs/index.js';
import { consoleSms } from '../apps/server/src/features/sms/provider.js';
import { seoulDay } from '../apps/server/src/shared/time.js';
import { freshBenchDatabase } from './lib.js';

const COMPANIES = Number(process.env.BENCH_CLOSE_COMPANIES ?? 2000);
const LINES = Number(process.env.BENCH_CLOSE_LINES ?? 100);
const GOAL_SECONDS = 60;

export async function run() {
  const url = await freshBenchDatabase(process.env.BENCH_CLOSE_DB ?? 'pm_bench_close');
  const { db, close } = await openDatabase(url, '');
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
  // pg-boss's schema (the close writes its invoice and 알림톡 jobs): installed, then the runner stopped.
  await (await startJobs(db, { sms: consoleSms(db, log), log }, jobSettings(process.env))).stop();

  const month = previousMonth(seoulDay().slice(0, 7));
  const shipped = `${month}-15T10:00:00+09:00`;
  const t0 = performance.now();
  await db.execute(sql`insert into products (name, pid, pid_key, price_a, price_b, price_c, price_d, sale_price, has_amount, stock_name, storage_id)
    values ('벤치 부품', 'BENCH-1', 'BENCH1', 11000, 11000, 11000, 11000, 11000, 1000000, '한국 김포물류센터', 1)`);
  await db.execute(sql`insert into companies (name, license, security_num, biz_type, biz_item, invoice_mail)
    select '벤치상사' || g, (1000000000 + g)::text, '000000', '도소매', '자동차 부품', 'tax' || g || '@bench.kr'
    from generate_series(1, ${COMPANIES}) g`);
  await db.execute(sql`insert into members (login_id, password_hash, name, phone, company_id, phone_verified)
    select 'bench' || c.id || '@bench.kr', 'x', '벤치', '010' || lpad(c.id::text, 8, '0'), c.id, false from companies c`);
  await db.execute(sql`insert into credit_accounts (company_id, credit_limit, term_code)
    select id, 100000000, 'EOM_NEXT_10' from companies`);
  await db.execute(sql`insert into orders (company_id, member_id, client_request_id, storage_id, stock_name, status, total_amount, shipping,
      shipping_value, shipping_pay_type, name, phone, pay_with, shipped_at, created_at)
    select m.company_id, m.id, 'bench-' || m.company_id || '-' || g, 1, '한국 김포물류센터', 2, 11000 * (1 + g % 5), 0, 4, 2,
      '김수령', '01055550000', 'credit', ${shipped}::timestamptz, ${shipped}::timestamptz - interval '1 day'
    from members m cross join generate_series(1, ${LINES}) g`);
  await db.execute(sql`insert into order_lines (order_id, product_id, name, pid, qty, price)
    select o.id, p.id, '벤치 부품', 'BENCH-1', 1 + o.id % 5, 11000 from orders o cross join products p`);
  await db.execute(sql`insert into receivables_ledger (company_id, kind, amount, order_id, idem_key, created_at)
    select company_id, 'charge', total_amount, id, 'charge:order:' || id, created_at from orders`);
  await db.execute(sql`analyze`);
  const seeded = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const first = await closeMonth(db, { month });
  const seconds = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const second = await closeMonth(db, { month });
  const again = (performance.now() - t2) / 1000;
  const [counts] = await queryRows<{ s: number; l: number; i: number }>(
    db,
    sql`select (select count(*)::int from statements) as s, (select count(*)::int from statement_lines) as l,
      (select count(*)::int from tax_invoices) as i`,
  );
  const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(`month close: ${COMPANIES} companies × ${LINES} shipped lines (seeded in ${seeded.toFixed(1)} s)`);
  console.log(`  close      ${seconds.toFixed(1)} s (goal < ${GOAL_SECONDS} s): ${first.closed} statements`);
  console.log(`  again      ${again.toFixed(1)} s: ${second.closed} made, ${second.already} found`);
  console.log(`  rows       statements ${counts!.s}, lines ${counts!.l}, invoices ${counts!.i}`);
  console.log(`  peak RSS   ${rssMb} MB`);
  console.log(
    `  verdict    ${seconds < GOAL_SECONDS && counts!.s === COMPANIES && counts!.l === COMPANIES * LINES && counts!.i === COMPANIES && second.closed === 0 ? 'PASS' : 'FAIL'}`,
  );
  await close();
}
