import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/**
 * The effect log of the job queue: one row per external effect done (a text sent to one recipient
 * for one event, later an invoice issued), keyed by the effect's idempotency key. A job that runs
 * again (a retry, or a crash after the effect and before the job was marked done) finds its row
 * and does not do the effect twice. The daily retention sweep deletes rows older than any try of
 * their job can be (docs/operations.md#jobs).
 */
export const sentEffects = pgTable(
  'sent_effects',
  {
    key: text('key').primaryKey(),
    /** The kind of job that did it, e.g. 'sms.cashCredited'. */
    job: text('job').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sent_effects_created_at').on(t.createdAt)],
);
