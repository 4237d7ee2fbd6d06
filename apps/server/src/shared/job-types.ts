/**
 * What a job handler is and is given, for the features that write handlers: each names the
 * providers it needs in its type (`JobHandler<'notify.send', { notify?: NotifyProvider }>`), and the
 * registry (features/jobs/kinds.ts) checks them against what the runner holds (docs/architecture.md#jobs).
 * The features import this file, not the jobs feature, which imports their handlers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDataOf, JobName } from '@partsmall/contract';
import type { Db } from '../db/client.js';

/** One try of one job, as its handler sees it. */
export interface JobRun<N extends JobName> {
  id: string;
  name: N;
  /** The idempotency key it was written with: the same on every try. */
  key: string;
  data: JobDataOf<N>;
  /** 1 on the first try. */
  attempt: number;
  /**
   * Does an external effect once: `part` names the recipient or the document within the event
   * (`member:7`), the full key being `<name>:<key>:<part>` (features/jobs/effects.ts says the rule).
   */
  once(part: string, effect: () => Promise<void>): Promise<boolean>;
}

/** What every handler is given: the database and the log. */
export interface JobBase {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Thrown by a handler whose job must wait for another (an order's earlier message still to send):
 * the try did nothing and is no failure. The runner puts the job back to start again in `seconds`,
 * its try not counted against its retries (docs/architecture.md#jobs).
 */
export class NotYet extends Error {
  override readonly name = 'NotYet';
  constructor(
    reason: string,
    readonly seconds = 2,
  ) {
    super(reason);
  }
}

/**
 * A kind of job, given the database, the log and the providers `P` it declares. It throws to fail
 * the try: the job is retried with back-off and parked after the last try (NotYet: put back, not
 * failed). It must not do an external effect outside `once`.
 */
export type JobHandler<N extends JobName, P extends object = object> = (
  job: JobRun<N>,
  deps: JobBase & P,
) => Promise<void>;

/** What a feature asks of the job runner: to look for new jobs now (after the transaction that wrote them commits). */
export interface JobWaker {
  wake(name?: JobName): void;
}
