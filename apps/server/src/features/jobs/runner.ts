import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { JOB_DATA, cutText, type JobName } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import type { Gate } from '../../db/yielding.js';
import { effectOnce } from './effects.js';
import { JOB_HANDLERS, type JobDeps } from './kinds.js';
import { BOSS_SCHEMA, databaseExecutor, putBack, writeJobs } from '../../shared/job-queue.js';
import { NotYet } from '../../shared/job-types.js';
import { queueOptions, type JobSettings } from './config.js';
import type { JobRunner } from './types.js';
import { NO_REQUESTS, type RequestsInFlight } from '../../shared/drain.js';
import { loggableError } from '../../shared/loggable-error.js';

export type { JobRunner };

/** One try of a job taken from the queue: its data checked, its handler run with its key and `once`. */
export async function runHandler(
  name: JobName,
  job: Pick<PgBoss.JobWithMetadata<object>, 'id' | 'data' | 'singletonKey' | 'retryCount'>,
  deps: JobDeps,
): Promise<void> {
  const data = JOB_DATA[name].parse(job.data);
  const key = job.singletonKey ?? job.id;
  const once = (part: string, effect: () => Promise<void>) =>
    effectOnce(deps.db, name, `${name}:${key}:${part}`, effect);
  await (JOB_HANDLERS[name] as (run: unknown, deps: JobDeps) => Promise<void>)(
    { id: job.id, name, key, data, attempt: job.retryCount + 1, once },
    deps,
  );
}

/**
 * The workers' database gate (db/yielding.ts): while the process answers requests, each worker
 * statement waits for them to be answered, up to `yieldMs`; with none it goes at once.
 */
export function requestsFirst(requests: RequestsInFlight, yieldMs: number): Gate {
  return () => (yieldMs > 0 && requests.inFlight() > 0 ? Promise.race([requests.idle(), sleep(yieldMs)]) : null);
}

const NAMES = Object.keys(JOB_HANDLERS) as JobName[];
/** Why a try taken before the stop did not begin: its job is back in the queue. */
const STOPPED = '서버가 종료되어 시작하지 않았습니다. 다음에 다시 시도합니다.';
/** A try's reason as recorded and listed: a failed query's values left out (loggableError). */
const message = (err: unknown) => {
  const safe = loggableError(err);
  return cutText(safe instanceof Error ? safe.message : String(safe), 500);
};

/** Why a try put off (NotYet) was recorded as a failed one: it could not be put back. */
const NOT_PUT_BACK = '작업을 뒤로 미루지 못해 실패로 기록했습니다. 다시 시도합니다.';
/** How a try ended: done, failed with its reason, or put off by its handler (NotYet) for some seconds. */
type Outcome = { done: true } | { failed: string } | { later: number };

/**
 * Records a batch's tries when the whole batch has ended: the successes done in one statement, then
 * each failure with its reason, and each try put off back in the queue (not counted as a try).
 * pg-boss marks every job of a batch done when its callback returns (those still taken); a failure
 * recorded at once went back to the queue while the rest of its batch ran, another process could
 * take it, and this one's end marked that try done: a failed second try was then never retried, its
 * message lost (docs/architecture.md#jobs). A try put off goes back the same way, for the same reason.
 */
async function recordBatch(
  boss: PgBoss,
  putOff: (name: JobName, id: string, seconds: number) => Promise<unknown>,
  log: JobDeps['log'],
  name: JobName,
  jobs: PgBoss.JobWithMetadata<object>[],
  outcomes: Outcome[],
) {
  const ids = jobs.filter((_, i) => outcomes[i] && 'done' in outcomes[i]).map((j) => j.id);
  if (ids.length > 0)
    await boss.complete(name, ids).catch((e: unknown) => log.warn({ err: e, name }, 'job completions not recorded'));
  for (const [i, job] of jobs.entries()) {
    const outcome = outcomes[i];
    if (!outcome || 'done' in outcome) continue;
    if ('later' in outcome) {
      // Put back (or no longer taken: expired meanwhile). When the database refused, it is failed as a
      // try instead, so that pg-boss's completion of the batch cannot mark it done unsent.
      const back = await putOff(name, job.id, outcome.later).then(
        () => true,
        (e: unknown) => {
          log.warn({ err: e, job: job.id }, 'job put off, not put back');
          return false;
        },
      );
      if (back) continue;
    }
    await boss
      .fail(name, job.id, { message: 'failed' in outcome ? outcome.failed : NOT_PUT_BACK })
      .catch((e: unknown) => log.warn({ err: e, job: job.id }, 'job failure not recorded'));
  }
}

/**
 * Starts the job workers of this server process: pg-boss's tables are created or migrated, one
 * queue per kind of job with the retry settings, and one worker per queue. Each worker takes up to
 * `batchSize` jobs at a time (FOR UPDATE SKIP LOCKED: every process can run workers, each job goes
 * to one of them), runs them at most `concurrency` at once over all the workers, and records each
 * try's outcome when its batch has ended (recordBatch).
 */
export async function startJobs(
  db: Db,
  deps: Omit<JobDeps, 'db'>,
  settings: JobSettings,
  /** The process's requests: how many are being answered now, when the last one came (none without a server). */
  requests: RequestsInFlight = NO_REQUESTS,
): Promise<JobRunner> {
  const { boss, pending, shut } = await startBoss(db, settings, deps.log);

  const full: JobDeps = { ...deps, db };
  let stopping = false;
  let closed = false;
  // The batches pg-boss waits for, each with how to hand it back before it ends (at the stop).
  const handBack = new Set<() => void>();
  const running = new Set<Promise<unknown>>();
  const workers = new Map<JobName, string>();

  // The slots of the process's tries in flight, and the tries waiting for one (first come, first run).
  // While requests come (one within the last second) the process runs `concurrency` tries at once;
  // with none it runs `idleConcurrency`, so a backlog goes out at full speed when nobody waits.
  const limit = () =>
    requests.inFlight() > 0 || Date.now() - requests.lastAt() < 1000 ? settings.concurrency : settings.idleConcurrency;
  let active = 0;
  const queued: (() => void)[] = [];
  async function inTurn<T>(run: () => Promise<T>): Promise<T> {
    // A burst of requests goes first: the try waits for a pause of quietMs without a new request,
    // at most maxDeferMs after it was taken (docs/performance.md#jobs).
    const takenAt = Date.now();
    for (;;) {
      const now = Date.now();
      const pause = now - requests.lastAt();
      const waited = now - takenAt;
      if (stopping || pause >= settings.quietMs || waited >= settings.maxDeferMs) break;
      await sleep(Math.min(settings.quietMs - pause, settings.maxDeferMs - waited));
    }
    if (active < limit()) active += 1;
    else await new Promise<void>((resolve) => queued.push(resolve));
    try {
      // Past the stop's wait the database is closing: a try that had not begun does not begin (the
      // stop gave its job back to the queue: pg-boss's failWip).
      if (closed) throw new Error(STOPPED);
      // The requests go first: a try starts when none is being answered, or after yieldMs.
      if (requests.inFlight() > 0 && !stopping) await Promise.race([requests.idle(), sleep(settings.yieldMs)]);
      return await run();
    } finally {
      // One turn of the event loop before the next try, so the requests whose answers arrived
      // meanwhile run first (docs/performance.md#jobs).
      await nextTurn();
      // The slot is given up; waiting tries start up to the limit (more of them once the requests stopped).
      active -= 1;
      while (queued.length > 0 && active < limit()) {
        active += 1;
        queued.shift()!();
      }
    }
  }

  // A try put off goes back to the queue; past the stop's wait nothing reaches the database, as with
  // pg-boss's own statements (startBoss): the stop gave the job back to the queue already.
  const putOff = async (name: JobName, id: string, seconds: number) => {
    if (closed) deps.log.warn({ job: id, name }, 'job put off after the stop: not put back');
    else await putBack(db, name, id, seconds);
  };

  /** Runs one try; answers how it ended (recorded when its batch ends). */
  async function runOne(name: JobName, job: PgBoss.JobWithMetadata<object>): Promise<Outcome> {
    try {
      await runHandler(name, job, full);
      return { done: true };
    } catch (err) {
      if (err instanceof NotYet) {
        deps.log.debug({ job: job.id, name, reason: err.message }, 'job put off');
        return { later: err.seconds };
      }
      const last = job.retryCount >= job.retryLimit;
      deps.log.warn(
        { job: job.id, name, attempt: job.retryCount + 1, parked: last, reason: message(err) },
        last ? 'job parked after its last try' : 'job try failed',
      );
      return { failed: message(err) };
    }
  }

  writeJobs(settings.enabled);
  for (const name of settings.enabled ? NAMES : []) {
    const workerId = await boss.work<object>(
      name,
      { batchSize: settings.batchSize, includeMetadata: true, pollingIntervalSeconds: settings.pollSeconds },
      async (jobs) => {
        // Taken just as the server began to stop: give them back as a failed try (retried later,
        // by this process after a restart or by another one).
        if (stopping) throw new Error('서버가 종료 중이라 다음에 다시 시도합니다.');
        const batch = Promise.all(jobs.map((job) => inTurn(() => runOne(name, job)))).then((outcomes) =>
          recordBatch(boss, putOff, deps.log, name, jobs, outcomes),
        );
        running.add(batch);
        let handOver!: () => void;
        const handedBack = new Promise<void>((resolve) => (handOver = resolve));
        handBack.add(handOver);
        try {
          // A try that outlives the stop's wait is left running, and the batch handed back to pg-boss
          // at once: pg-boss would otherwise keep its worker and its expiry timer, and fail the batch
          // expireSeconds later on the closed database (an error of nobody's). The stop already gave
          // the batch back to the queue; what pg-boss sends for it now is not sent (startBoss).
          await Promise.race([batch, handedBack]);
        } finally {
          handBack.delete(handOver);
          running.delete(batch);
        }
        if (closed) return;
        // A full batch means more are waiting: look again at once instead of after the poll interval.
        if (jobs.length === settings.batchSize && !stopping) boss.notifyWorker(workerId);
      },
    );
    workers.set(name, workerId);
  }

  return {
    boss,
    settings,
    wake(name) {
      for (const [n, id] of workers) if (!name || n === name) boss.notifyWorker(id);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const deadline = Date.now() + settings.stopTimeoutMs;
      // pg-boss stops the workers' loops, waits for the jobs in flight up to the timeout and then
      // fails those still running (they are retried later). The database is the server's: not closed here.
      await boss.stop({ graceful: true, close: false, timeout: settings.stopTimeoutMs });
      // Statements sent after pg-boss's own wait (a completion, a fetch that was already out) end
      // before the server closes the database.
      // A fetch that returns after the stop leads, a few promise steps later, to one more
      // statement (the failed try above): the queue counts as quiet when it stays empty for 20 ms.
      let quiet = 0;
      while (quiet < 2 && Date.now() < deadline + 1000) {
        if (running.size > 0 || pending.size > 0) {
          quiet = 0;
          await Promise.race([Promise.allSettled([...running, ...pending]), sleep(100)]);
        } else {
          quiet += 1;
          await sleep(20);
        }
      }
      closed = true;
      shut();
      for (const handOver of handBack) handOver();
    },
  };
}

/**
 * pg-boss's tables and one queue per kind of job, made on a database and left there without a
 * worker: what a server's first start on it does. The test templates are made with it, so that
 * each copy's server finds them (docs/operations.md#tests).
 */
export async function prepareJobQueues(
  db: Db,
  settings: JobSettings,
  log: Pick<JobDeps['log'], 'warn'>,
): Promise<void> {
  const { boss } = await startBoss(db, settings, log);
  await boss.stop({ graceful: false, close: false });
}

/**
 * pg-boss on the shop's database, started: its tables created or migrated and one queue per kind of
 * job with the current retry settings. `pending` holds the statements it has in flight; after
 * `shut()` (the stop's wait is over, the database closes next) no statement is sent.
 */
async function startBoss(
  db: Db,
  settings: JobSettings,
  log: Pick<JobDeps['log'], 'warn'>,
): Promise<{ boss: PgBoss; pending: Set<Promise<unknown>>; shut: () => void }> {
  // Every statement pg-boss issues is tracked, so that a stop can wait for the last one (a
  // completion sent after its handler returned) before the database closes under it.
  const pending = new Set<Promise<unknown>>();
  const base = databaseExecutor(db);
  let open = true;
  const executor: PgBoss.Db = {
    executeSql: (text, values) => {
      // After the stop only the completion or failure of a try that outlived it can come (the
      // workers and the maintenance are stopped), and the stop gave that try's job back to the queue
      // already. pg-boss sends those without awaiting them: refused, each would be an unhandled
      // rejection on a closed pool, so it is logged and left unanswered (docs/architecture.md#jobs).
      if (!open) {
        log.warn({ statement: text.trim().split('\n')[0] }, 'job queue statement after the stop not sent');
        return new Promise<never>(() => undefined);
      }
      const p = base.executeSql(text, values);
      pending.add(p);
      void p.then(
        () => pending.delete(p),
        () => pending.delete(p),
      );
      return p;
    },
  };
  const boss = new PgBoss({
    db: executor,
    schema: BOSS_SCHEMA,
    // No cron yet; maintenance (expiring tries of a crashed process, archiving) stays on.
    schedule: false,
    supervise: true,
    migrate: true,
    pollingIntervalSeconds: settings.pollSeconds,
    // A parked job stays in the job table (listed, retryable) for 30 days; done ones are archived after 12 hours.
    archiveCompletedAfterSeconds: 12 * 3600,
    archiveFailedAfterSeconds: 30 * 86400,
    deleteAfterDays: 7,
  });
  boss.on('error', (err: unknown) => log.warn({ err }, 'job queue error'));
  await boss.start();

  for (const name of NAMES) {
    const queue = queueOptions(name, settings);
    await boss.createQueue(name, { name, policy: 'standard', ...queue });
    // An existing queue takes the current settings (createQueue leaves it as it was).
    await boss.updateQueue(name, { name, ...queue });
  }
  return {
    boss,
    pending,
    shut: () => {
      open = false;
    },
  };
}
