/**
 * The job queue (pg-boss on the shop's database): write a job with `enqueue` on the transaction of
 * the change that causes it; the workers every server process starts (`startJobs`) run it, retry
 * it with back-off and park it after the last try; `effectOnce` (through `job.once` in a handler)
 * keeps an effect from happening twice. docs/architecture.md#jobs tells the rules.
 */
import type { JobRunner } from './runner.js';

export { enqueue, jobId, type EnqueueOptions } from '../../shared/job-queue.js';
export { prepareJobQueues, requestsFirst, runHandler, startJobs, type JobRunner } from './runner.js';
export { jobSettings, type JobSettings } from './config.js';
export { JOB_HANDLERS, type JobDeps, type JobHandler, type JobRun } from './kinds.js';
export { effectOnce } from './effects.js';
export { cashCreditedText } from './cash-credited.js';
export { jobRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job workers (tests reach pg-boss through it). */
    jobs: JobRunner;
  }
}
