import Fastify from 'fastify';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { JOBS_PROCESS_ENV, startJobs, type ToWorkerProcess } from './features/jobs/index.js';
import { jobDepsFromConfig } from './job-deps.js';
import { loggerOptions } from './shared/logging.js';

export { JOBS_PROCESS_ENV };

/**
 * The worker process of a server started with JOBS_WORKERS=process (docs/operations.md#jobs): the
 * same code as the server (main.ts runs this instead when JOBS_PROCESS_ENV is set), its job
 * workers only, on the server's PostgreSQL. It follows its server: it slows to `concurrency` tries
 * while the server reports requests, wakes a queue when asked, and stops when told or when the
 * server is gone (the IPC channel closes, even after a SIGKILL of the server).
 */
export async function runJobsProcess(config: Config): Promise<never> {
  const log = Fastify({ logger: loggerOptions(config) }).log.child({ process: 'jobs' });
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  let requestsAt = 0;
  const runner = await startJobs(
    database.db,
    jobDepsFromConfig(config, database.db, log),
    { ...config.jobs, workers: 'inline' },
    // The server's requests as it reports them: recent ones make the workers take `concurrency` slots.
    { inFlight: () => 0, lastAt: () => requestsAt, idle: () => Promise.resolve() },
  );
  let stopping: Promise<never> | null = null;
  const stop = (why: string) =>
    (stopping ??= (async () => {
      log.info({ why }, 'job worker process stopping');
      await runner.stop().catch((err: unknown) => log.warn({ err }, 'job workers did not stop cleanly'));
      await database.close().catch(() => undefined);
      process.exit(0);
    })());
  process.on('message', (message: ToWorkerProcess) => {
    if (message.type === 'requests') requestsAt = Date.now();
    else if (message.type === 'wake') runner.wake(message.name);
    else if (message.type === 'stop') void stop('asked by the server');
  });
  process.on('disconnect', () => void stop('the server is gone'));
  // Signals reach the whole process group (Ctrl-C): the server tells this process when to stop.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.send?.({ type: 'ready' });
  return new Promise<never>(() => undefined);
}
