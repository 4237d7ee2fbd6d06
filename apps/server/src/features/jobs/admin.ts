import { sql, type SQL } from 'drizzle-orm';
import { JOB_LABELS, MSG_JOBS, type JobName, type JobRow, type JobState } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../shared/http.js';
import { recordAudit } from '../admin/repository.js';
import { companyNamesOf } from '../members/repository.js';
import { invoiceCompanyNames } from '../tax-invoices/repository.js';
import { JOB_HANDLERS } from './kinds.js';
import { BOSS_SCHEMA, transactionExecutor } from '../../shared/job-queue.js';
import type { JobRunner } from './runner.js';

/** pg-boss's states as staff read them. */
const FROM_BOSS: Record<string, JobState> = {
  created: 'waiting',
  retry: 'retrying',
  active: 'running',
  completed: 'done',
  failed: 'parked',
  cancelled: 'cancelled',
};
const TO_BOSS = Object.fromEntries(Object.entries(FROM_BOSS).map(([k, v]) => [v, k])) as Record<JobState, string>;

interface Raw {
  id: string;
  name: string;
  singleton_key: string | null;
  state: string;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  started_on: string | Date | null;
  message: string | null;
  created_on: string | Date;
  start_after: string | Date;
  completed_on: string | Date | null;
}

const iso = (d: string | Date) => new Date(d).toISOString();
const job = sql.identifier(BOSS_SCHEMA);
// pg-boss writes a failure as { message } (our runner's), { value: { message } } (its own timeout) or
// { value } (a bare reason).
const columns = sql`id, name, singleton_key, state::text as state, data, retry_count, retry_limit, started_on, coalesce(output->>'message', output->'value'->>'message', output->>'value') as message, created_on, start_after, completed_on`;

/** pg-boss's own failure reasons, which reach staff only in Korean. */
const BOSS_REASONS: Record<string, string> = {
  'pg-boss shut down while active': MSG_JOBS.stoppedWhileRunning,
  'job failed by timeout in active state': MSG_JOBS.timedOut,
};

/**
 * A failure's reason as the jobs page shows it: Korean always (docs/requirements.md#look-and-language).
 * Our handlers fail with Korean messages; pg-boss's own reasons are translated; anything else (a
 * library's or the network's English) is said in Korean with the reason kept for whoever fixes it.
 */
export function jobErrorText(reason: string | null): string | null {
  if (reason === null || reason === '') return null;
  const known = BOSS_REASONS[reason];
  if (known) return known;
  return /[가-힣]/.test(reason) ? reason : MSG_JOBS.failedWith(reason);
}

function toRow(r: Raw): JobRow {
  const name = r.name as JobName;
  return {
    id: r.id,
    name,
    label: JOB_LABELS[name] ?? name,
    key: r.singleton_key ?? '',
    state: FROM_BOSS[r.state] ?? 'waiting',
    data: r.data,
    // A try is counted from the moment it started; pg-boss counts retries, not tries.
    tries: r.started_on ? Number(r.retry_count) + 1 : 0,
    maxTries: Number(r.retry_limit) + 1,
    error: jobErrorText(r.message),
    created: iso(r.created_on),
    startAfter: iso(r.start_after),
    finished: r.completed_on ? iso(r.completed_on) : null,
  };
}

/** A whole number a job's data holds under `field`, or undefined. */
function idIn(data: unknown, field: string): number | undefined {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

/**
 * Each job's company by name, where its data names one: its `companyId`, or the company of the
 * invoice an issuing job issues. Two reads for the page, whatever its size.
 */
async function nameCompanies(db: Db, rows: JobRow[]): Promise<JobRow[]> {
  const companyIds = new Set<number>();
  const invoiceIds = new Set<number>();
  for (const r of rows) {
    const company = idIn(r.data, 'companyId');
    const invoice = r.name === 'taxInvoice.issue' ? idIn(r.data, 'invoiceId') : undefined;
    if (company) companyIds.add(company);
    if (invoice) invoiceIds.add(invoice);
  }
  const [companies, invoices] = await Promise.all([
    companyIds.size ? companyNamesOf(db, [...companyIds]) : Promise.resolve([]),
    invoiceCompanyNames(db, [...invoiceIds]),
  ]);
  const byCompany = new Map(companies.map((c) => [c.id, c.name]));
  return rows.map((r) => {
    const company = idIn(r.data, 'companyId');
    const invoice = r.name === 'taxInvoice.issue' ? idIn(r.data, 'invoiceId') : undefined;
    const name = (company && byCompany.get(company)) || (invoice && invoices.get(invoice)) || undefined;
    return name ? { ...r, companyName: name } : r;
  });
}

/** The jobs of the shop's kinds, newest first; without a state, those not done yet (parked included). */
export async function listJobs(
  db: Db,
  q: { state?: JobState | undefined; name?: JobName | undefined; page: number; size: number },
): Promise<{ results: JobRow[]; total: number }> {
  const names = q.name ? [q.name] : (Object.keys(JOB_HANDLERS) as JobName[]);
  const states = q.state ? [TO_BOSS[q.state]] : ['created', 'retry', 'active', 'failed'];
  const where: SQL = sql`name in (${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )}) and state::text in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const [rows, [counted]] = await Promise.all([
    queryRows<Raw>(
      db,
      sql`select ${columns} from ${job}.job where ${where} order by created_on desc, id limit ${q.size} offset ${(q.page - 1) * q.size}`,
    ),
    queryRows<{ n: string | number }>(db, sql`select count(*) as n from ${job}.job where ${where}`),
  ]);
  return { results: await nameCompanies(db, rows.map(toRow)), total: Number(counted?.n ?? 0) };
}

async function readJob(db: Db, name: JobName, id: string): Promise<JobRow | null> {
  const [row] = await queryRows<Raw>(
    db,
    sql`select ${columns} from ${job}.job where name = ${name} and id = ${id}::uuid`,
  );
  return row ? toRow(row) : null;
}

/**
 * Staff try a parked job once more (pg-boss allows it one more try and it runs at once); the audit
 * row is written in the same transaction. Only a parked job can be retried: a waiting or running
 * one would run twice.
 */
export async function retryJob(db: Db, runner: JobRunner, staffId: number, name: JobName, id: string): Promise<JobRow> {
  const before = await db.transaction(async (tx) => {
    const [locked] = await queryRows<Raw>(
      tx,
      sql`select ${columns} from ${job}.job where name = ${name} and id = ${id}::uuid for update`,
    );
    if (!locked) throw notFound(MSG_JOBS.notFound);
    const row = toRow(locked);
    if (row.state !== 'parked') throw new AppError(409, MSG_JOBS.notParked, 409, 'id');
    await runner.boss.retry(name, id, { db: transactionExecutor(tx) });
    await recordAudit(tx, {
      memberId: staffId,
      action: 'retryJob',
      target: `job:${name}:${id}`,
      before: { state: row.state, tries: row.tries, error: row.error },
      after: { state: 'retrying' },
    });
    return row;
  });
  runner.wake(name);
  return (await readJob(db, name, id)) ?? { ...before, state: 'retrying' };
}
