/** What signs a member in and keeps them in: sessions and phone codes (the rate-limit events that guard them are db/rate-events.ts). */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { serialId, instant, createdAt } from '../../db/columns.js';
import { memberRef } from '../members/schema.js';

export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    memberId: memberRef().notNull(),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_member').on(t.memberId)],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serialId(),
    phone: text('phone').notNull(),
    /** 'join' (sign-up) or 'find' (find id / password). */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    verifiedAt: instant('verified_at'),
    consumedAt: instant('consumed_at'),
  },
  (t) => [index('phone_codes_phone').on(t.phone, t.purpose, t.createdAt)],
);
