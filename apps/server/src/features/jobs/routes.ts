import { ADMIN_CALLS as C, MSG_JOBS, jobListRequest, jobPageAnswer, retryJobAnswer, retryJobRequest } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { ok } from '../../shared/http.js';
import { listJobs, retryJob } from './admin.js';
import type { JobRunner } from './runner.js';

const tags = ['admin'];

/** The back office's job list and retry (ADMIN_CALLS gives their paths and who may call them). */
export function jobRoutes(app: Api, ctx: AppContext, runner: JobRunner) {
  const { db } = ctx;
  app.post(C.jobList.path, { config: { access: C.jobList.role }, schema: { tags, summary: '발송 작업 목록 (대기·재시도·실패)', body: jobListRequest, response: answers(jobPageAnswer) } }, async (req) => {
    const { results, total } = await listJobs(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.retryJob.path, { config: { access: C.retryJob.role }, schema: { tags, summary: '실패(보류) 작업 다시 시도', body: retryJobRequest, response: answers(retryJobAnswer) } }, async (req) =>
    ok(await retryJob(db, runner, requireStaff(req).member.id, req.body.name, req.body.id), MSG_JOBS.retried),
  );
}
