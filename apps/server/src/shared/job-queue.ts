import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { JOB_DATA, type JobDataOf, type JobName } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { isEmbedded, preparedFor, runPrepared } from '../db/prepared.js';

/** pg-boss keeps its tables in this schema, next to the shop's own. */
export const BOSS_SCHEMA = 'pgboss';

type Executor = PgBoss.Db;

/**
 * The statement pg-boss wrote with $1, $2... placeholders, as a Drizzle query: each placeholder a
 * parameter of its own (Drizzle numbers them again), so it runs on a transaction handle of either
 * driver. `sql.param` keeps an array one parameter (a bare array would be spread into a list).
 */
function asDrizzle(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) =>
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`),
  );
  return sql.join(chunks);
}

/** pg-boss's statements on a Drizzle transaction: they commit or roll back with it. */
export function transactionExecutor(tx: Tx | Db): Executor {
  return { executeSql: async (text, values = []) => ({ rows: await queryRows(tx, asDrizzle(text, values)) }) };
}

/**
 * pg-boss's statements on the caller's transaction as prepared statements (db/prepared.ts): on
 * node-postgres the insert is parsed and planned once per connection, then only bound. Writing a
 * job is part of the request that causes it (an order moved), and pg-boss's insert planned afresh
 * each time cost that request about 1 ms a job (docs/performance.md#jobs). The embedded PGlite keeps
 * the Drizzle path.
 */
export function preparedExecutor(tx: Tx | Db): Executor {
  if (isEmbedded(tx)) return transactionExecutor(tx);
  return {
    executeSql: async (text, values = []) => ({ rows: await runPrepared(tx, preparedFor('pgboss', text), values) }),
  };
}

interface PgliteLike {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
interface PoolLike {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's own statements (polling, completing, maintenance) on the server's database handle: the
 * PostgreSQL pool as it is, or the embedded PGlite, whose `query` takes one statement with
 * parameters and whose `exec` takes pg-boss's multi-statement scripts (migrations, maintenance
 * under an advisory lock), answering the last statement's rows.
 */
export function databaseExecutor(db: Db): Executor {
  const client = (db as unknown as { $client: PgliteLike | PoolLike }).$client;
  if ('exec' in client && typeof client.exec === 'function') {
    const lite = client;
    return {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return lite.query(text, values);
        const results = await lite.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  return { executeSql: (text, values) => client.query(text, values) };
}

// Only builds and runs pg-boss's insert on the executor each call passes; it never connects.
const sender = new PgBoss({
  db: { executeSql: () => Promise.reject(new Error('jobs: enqueue needs a transaction')) },
  schema: BOSS_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: false,
});

/** The job's id, derived from its kind and key: the same event written twice is one job. */
export function jobId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Set by startJobs when the settings switch the queue off (BENCH_JOBS_OFF, the jobs benchmark only). */
let writing = true;
export function writeJobs(on: boolean): void {
  writing = on;
}

export interface EnqueueOptions {
  /**
   * The event's idempotency key, e.g. `payment:42`: stable across retries (the handler gets it,
   * and derives one effect key per recipient from it). Writing a job of the same kind and key again
   * while the first is kept is a no-op.
   */
  key: string;
  /** Do not run before this moment. */
  startAfter?: Date;
}

/** The jobs of a transaction inside `batchJobs`, written together when its work ends. */
const batches = new WeakMap<Tx | Db, PgBoss.JobInsert[]>();

/**
 * Runs `work` with the jobs it writes on `tx` held back and written in one statement when it
 * ends, still inside the transaction: a change that causes several jobs (an order shipped: its
 * 알림톡, its tracking and its tax invoice) pays one insert, not one each (docs/performance.md#jobs).
 * A job written on another handle (a savepoint's) goes at once, as without a batch.
 */
export async function batchJobs<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const batch: PgBoss.JobInsert[] = [];
  batches.set(tx, batch);
  try {
    const outcome = await work();
    if (batch.length > 0 && writing) await insertBatch(tx, batch);
    return outcome;
  } finally {
    batches.delete(tx);
  }
}

/** pg-boss's insert of many jobs answers no ids; this one says which rows it wrote. */
const withIds = (executor: Executor): Executor => ({
  executeSql: (text, values) => executor.executeSql(`${text.trimEnd()}\n    RETURNING id`, values),
});

async function insertBatch(tx: Tx, batch: PgBoss.JobInsert[]): Promise<void> {
  const written = new Set(((await sender.insert(batch, { db: withIds(preparedExecutor(tx)) })) ?? []) as string[]);
  const missing = [...new Set(batch.filter((j) => !written.has(j.id!)).map((j) => j.name))];
  for (const name of missing) await refuseWithoutQueue(tx, name);
}

/**
 * Nothing inserted: a job with this id is already there (fine), or pg-boss has no queue of this
 * name because the workers never started on this database (a silent loss: refuse).
 */
async function refuseWithoutQueue(tx: Tx | Db, name: string): Promise<void> {
  const [queue] = await queryRows<{ name: string }>(
    tx,
    sql`select name from ${sql.identifier(BOSS_SCHEMA)}.queue where name = ${name}`,
  );
  if (!queue) throw new Error(`jobs: no queue '${name}' (start the job workers on this database first)`);
}

/**
 * Writes a job on the caller's transaction: it exists only if the change that causes it commits.
 * The data is checked against the kind's schema first, so a bad job fails the change, not later.
 * Answers the job's id (the same id when the job was already written). Inside `batchJobs` the
 * job is written with the others of the batch when its work ends.
 */
export async function enqueue<N extends JobName>(
  tx: Tx | Db,
  name: N,
  data: JobDataOf<N>,
  opts: EnqueueOptions,
): Promise<string> {
  const parsed = JOB_DATA[name].parse(data) as object;
  const id = jobId(name, opts.key);
  if (!writing) return id;
  const batch = batches.get(tx);
  if (batch) {
    batch.push({
      id,
      name,
      data: parsed,
      singletonKey: opts.key,
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    });
    return id;
  }
  const executor = preparedExecutor(tx);
  const written = await sender.send(name, parsed, {
    id,
    singletonKey: opts.key,
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    db: executor,
  });
  if (written === null) await refuseWithoutQueue(tx, name);
  return id;
}

/**
 * How many of the jobs of `name` written with these keys are still to run or running (waiting,
 * waiting for a retry, or taken): a job that must follow them waits while any is (`NotYet`). Done,
 * parked, cancelled and archived ones do not count, nor keys never written.
 */
export async function unfinishedJobs(db: Db | Tx, name: JobName, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const ids = sql.join(
    keys.map((key) => sql`${jobId(name, key)}::uuid`),
    sql`, `,
  );
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(BOSS_SCHEMA)}.job
      where name = ${name} and id in (${ids}) and state in ('created', 'retry', 'active')`,
  );
  return row?.n ?? 0;
}

/**
 * Puts a taken job back in the queue to start again in `seconds`, its try not counted (a handler's
 * `NotYet`): pg-boss's fetch counts a try as a retry when the job had started before, so the count
 * it added is taken back, and a first try leaves the job as never started. Only while it is still
 * taken (active); answers whether it was. Called when the try's batch has ended, as a failure is
 * recorded (features/jobs/runner.ts), with `seconds` of at least one, for the same reason.
 */
export async function putBack(db: Db, name: JobName, id: string, seconds: number): Promise<boolean> {
  const boss = sql.identifier(BOSS_SCHEMA);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${boss}.job set
        state = (case when retry_count = 0 then 'created' else 'retry' end)::${boss}.job_state,
        retry_count = greatest(retry_count - 1, 0),
        started_on = case when retry_count = 0 then null else started_on end,
        start_after = now() + make_interval(secs => ${Math.max(1, seconds)})
      where name = ${name} and id = ${id}::uuid and state = 'active'
      returning id`,
  );
  return rows.length > 0;
}

/**
 * The parked jobs of `name` whose data holds `match` (e.g. `{ invoiceId: 4 }`) that their work made
 * needless (the invoice issued by another job, given a new job by staff, or cancelled): moved to
 * cancelled with `reason` as their message, so 발송 작업 no longer lists them as failures waiting for
 * 다시 시도 (docs/operations.md#jobs). Only parked ones: a job waiting or running finds its work done
 * itself. Race-safe against staff's 다시 시도 of the same job, which locks the row and moves it only
 * while parked: whichever commits first, the other finds it no longer parked. Answers how many.
 */
export async function settleParkedJobs(
  tx: Tx | Db,
  name: JobName,
  match: Record<string, number | string>,
  reason: string,
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update ${sql.identifier(BOSS_SCHEMA)}.job
      set state = 'cancelled', completed_on = now(), output = jsonb_build_object('message', ${reason}::text)
      where name = ${name} and state = 'failed' and data @> ${JSON.stringify(match)}::jsonb
      returning id`,
  );
  return rows.length;
}
