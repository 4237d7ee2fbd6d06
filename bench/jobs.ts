import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { companies, members } from '../apps/server/src/db/schema.js';
import { consoleSms } from '../apps/server/src/features/sms/provider.js';
import { enqueue, jobSettings, startJobs } from '../apps/server/src/features/jobs/index.js';
import { freshBenchDatabase } from './lib.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);

/**
 * The job queue's throughput in one process on PostgreSQL: BENCH_JOBS cash top-up texts (5,000)
 * are written first (in transactions of 500), then one runner (the server's, with its default
 * settings: batches of JOBS_BATCH_SIZE) sends them through the console SMS provider (one outbox
 * row and one effect-log row each). Reports jobs per second from the first to the last completion.
 */
export async function run() {
  const url = await freshBenchDatabase('pm_bench_jobs');
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
