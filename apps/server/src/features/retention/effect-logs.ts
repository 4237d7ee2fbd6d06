import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pruneSentEffects } from '../jobs/repository.js';
import { pruneSolapiGroups } from '../sms/repository.js';

/**
 * How long the jobs' effect logs (`sent_effects`, `solapi_groups`) keep a row: they only stop a try
 * of the same job from doing its effect again, so a row may go once no try of its job can still run.
 * The latest is a parked job retried by staff, which pg-boss keeps retryable for 30 days
 * (`archiveFailedAfterSeconds` in features/jobs/runner.ts); 90 days is three times that
 * (docs/operations.md#jobs).
 */
export const EFFECT_LOG_RETENTION_DAYS = 90;

/** Rows deleted per statement, so that a first sweep over a large table never holds its locks long. */
export const EFFECT_LOG_BATCH = 5_000;

/**
 * Deletes the effect log rows older than EFFECT_LOG_RETENTION_DAYS before `now`, `batch` rows per
 * statement (each its own transaction) until none is left. Answers how many went from each table.
 */
export async function pruneEffectLogs(
  db: Db,
  now: Date,
  batch = EFFECT_LOG_BATCH,
): Promise<{ sentEffects: number; solapiGroups: number }> {
  const before = sql`${now.toISOString()}::timestamptz - make_interval(days => ${EFFECT_LOG_RETENTION_DAYS})`;
  return {
    sentEffects: await pruneSentEffects(db, before, batch),
    solapiGroups: await pruneSolapiGroups(db, before, batch),
  };
}
