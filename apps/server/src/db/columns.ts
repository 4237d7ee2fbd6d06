import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** When a row was made (every table that has one names it created_at). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Won amounts: bigint held as JS number (safe far beyond any balance a shop holds). */
export const won = (name: string) => bigint(name, { mode: 'number' });
