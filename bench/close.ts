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
import { seoulDay } from '@partsmall/contract';
import { freshBenchDatabase } from './lib.js';
import { seedCreditMonth } from './credit-data.js';

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
  const t0 = performance.now();
  await seedCreditMonth(db, {
    prefix: '벤치상사',
    licenseBase: 1_000_000_000,
    companies: COMPANIES,
    lines: LINES,
    month,
  });
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
