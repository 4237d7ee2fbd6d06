import { MSG_JOBS } from '@partsmall/contract';
import { requireStaffId, type Api, type AppContext } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { ok, okPage } from '../../shared/http.js';
import { listJobs, retryJob } from './admin.js';
import type { JobRunner } from './runner.js';

/** The back office's job list and retry (registered from the table of calls, which says who may make them). */
export function jobRoutes(app: Api, ctx: AppContext, runner: JobRunner) {
  const { db } = ctx;
  route(app, 'adminJobList', async (req) => okPage(await listJobs(db, req.body)));
  route(app, 'adminRetryJob', async (req) =>
    ok(await retryJob(db, runner, requireStaffId(req), req.body.name, req.body.id), MSG_JOBS.retried),
  );
}
