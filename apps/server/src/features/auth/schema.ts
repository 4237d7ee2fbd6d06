/** What signs a member in and keeps them in: sessions, phone codes and the rate-limit events that guard them. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { members } from '../members/schema.js';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_member').on(t.memberId)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** 'join' (sign-up) or 'find' (find id / password). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_phone').on(t.phone, t.purpose, t.createdAt)],
);

/** Rate-limit events (failed logins and the like), kept in the database so every instance shares them. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_key').on(t.key, t.createdAt)],
);
