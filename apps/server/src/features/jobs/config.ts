/** How the job workers poll, retry and stop (environment variables JOBS_*). */
export interface JobSettings {
  /** Seconds between two looks for new jobs when a queue is empty (pg-boss allows 0.5 at least). */
  pollSeconds: number;
  /** Tries after the first one before a job is parked. */
  retryLimit: number;
  /**
   * 전자세금계산서 issuing jobs (JOBS_INVOICE_RETRY_LIMIT, JOBS_INVOICE_RETRY_DELAY_SECONDS): a provider
   * outage of hours should not park them; with back-off 10 tries from 60 s wait about 17 to 34 hours.
   */
  invoiceRetryLimit: number;
  invoiceRetryDelaySeconds: number;
  /** Seconds before the first retry; with back-off each next wait doubles (plus jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A try that runs longer than this is failed (and retried): a hung provider call cannot hold a job. */
  expireSeconds: number;
  /** Jobs taken per look; each is run, completed or failed on its own. */
  batchSize: number;
  /**
   * Tries running at once in this process while requests come, over all kinds of job, with a turn
   * of the event loop between two: the workers share the process (and its CPU) with the requests,
   * so a backlog is sent a few at a time instead of in one burst (docs/performance.md#jobs).
   */
  concurrency: number;
  /** The same while the process has had no request for a second. */
  idleConcurrency: number;
  /**
   * Before each try, how long at most it waits for the process's requests in flight to be
   * answered (0: it does not wait): the requests go first, a steady stream of them slows the jobs
   * to one try per wait per slot but never stops them.
   */
  yieldMs: number;
  /**
   * A try taken while requests come waits for a pause of this long without a new request (0: it
   * does not wait), so a burst of requests is answered first and its jobs go out right after it.
   */
  quietMs: number;
  /** The longest a try waits for that pause: a burst that never pauses delays its jobs by this much, not more. */
  maxDeferMs: number;
  /**
   * The workers' own database connections (PostgreSQL only; pg-boss's polling and completions
   * included), apart from the requests' pool, so a worker statement can wait its turn without
   * holding one of the requests' connections.
   */
  poolSize: number;
  /** How long a server stop waits for jobs in flight before failing them back to the queue. */
  stopTimeoutMs: number;
  /**
   * False only with BENCH_JOBS_OFF=true: no job is written and no worker runs, so the jobs
   * benchmark can time the same requests without the queue (docs/operations.md#environment-variables).
   * Nothing leaves the shop then: never for a real shop.
   */
  enabled: boolean;
}

const number = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = value === undefined || value === '' ? fallback : Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export function jobSettings(env: NodeJS.ProcessEnv): JobSettings {
  const expireSeconds = Math.round(number(env.JOBS_EXPIRE_SECONDS, 120, 5, 3600));
  return {
    pollSeconds: number(env.JOBS_POLL_SECONDS, 1, 0.5, 60),
    retryLimit: Math.round(number(env.JOBS_RETRY_LIMIT, 5, 0, 50)),
    // At least a second: pg-boss completes a batch's taken jobs just after its callback, so a failed
    // try retried at once could be taken elsewhere in between and marked done (docs/architecture.md#jobs).
    retryDelaySeconds: Math.round(number(env.JOBS_RETRY_DELAY_SECONDS, 10, 1, 3600)),
    invoiceRetryLimit: Math.round(number(env.JOBS_INVOICE_RETRY_LIMIT, 10, 0, 50)),
    invoiceRetryDelaySeconds: Math.round(number(env.JOBS_INVOICE_RETRY_DELAY_SECONDS, 60, 0, 3600)),
    retryBackoff: env.JOBS_RETRY_BACKOFF !== 'false',
    expireSeconds,
    batchSize: Math.round(number(env.JOBS_BATCH_SIZE, 20, 1, 500)),
    concurrency: Math.round(number(env.JOBS_CONCURRENCY, 2, 1, 100)),
    idleConcurrency: Math.round(number(env.JOBS_IDLE_CONCURRENCY, 20, 1, 100)),
    yieldMs: Math.round(number(env.JOBS_YIELD_MS, 100, 0, 1000)),
    quietMs: Math.round(number(env.JOBS_QUIET_MS, 200, 0, 10_000)),
    // At most half the tries' expiry: a try waiting for its turn is a taken job, and must not expire.
    maxDeferMs: Math.round(number(env.JOBS_MAX_DEFER_MS, 15_000, 0, Math.min(60_000, expireSeconds * 500))),
    poolSize: Math.round(number(env.JOBS_DB_POOL_MAX, 4, 1, 50)),
    // The server's own stop deadline is 8 s (main.ts): the jobs get at most 5 of them.
    stopTimeoutMs: Math.round(number(env.JOBS_STOP_TIMEOUT_MS, 5000, 1000, 5000)),
    enabled: env.BENCH_JOBS_OFF !== 'true',
  };
}

/** Seconds a tax-invoice issuing try may run: Popbill's issuing call may take 180 s (POPBILL_ISSUE_TIMEOUT_MS). */
export const INVOICE_EXPIRE_SECONDS = 240;

/** The queue settings of one kind of job: the common ones, and the invoices' own retries and expiry. */
export function queueOptions(name: string, settings: JobSettings) {
  const common = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    expireInSeconds: settings.expireSeconds,
  };
  if (name !== 'taxInvoice.issue') return common;
  return {
    ...common,
    retryLimit: settings.invoiceRetryLimit,
    retryDelay: settings.invoiceRetryDelaySeconds,
    expireInSeconds: Math.max(settings.expireSeconds, INVOICE_EXPIRE_SECONDS),
  };
}
