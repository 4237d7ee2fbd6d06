/**
 * The table of the rate limiter (shared/rate-limit.ts), which every feature limits with and which
 * alone reads and writes it: not a feature's aggregate, so it lives beside the database's own
 * helpers (docs/architecture.md#the-database).
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.js';

/** Rate-limit events (failed logins and the like), kept in the database so every instance shares them. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serialId(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_key').on(t.key, t.createdAt)],
);
