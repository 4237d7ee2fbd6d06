/**
 * The column shapes the features' tables share (docs/architecture.md#a-features-anatomy): each
 * names the same SQL it would written out, so using one changes no migration.
 */
import { bigint, integer, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The row's own number (`id serial primary key`). */
export const serialId = () => serial('id').primaryKey();
/** An instant with its time zone (timestamptz); nullable unless the table says otherwise. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
/** When a row was made (every table that has one names it created_at). */
export const createdAt = () => instant('created_at').notNull().defaultNow();
/** When a row last changed. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** Won amounts: bigint held as JS number (safe far beyond any balance a shop holds). */
export const won = (name: string) => bigint(name, { mode: 'number' });
/** A won amount that starts at 0. */
export const wonZero = (name: string) => won(name).notNull().default(0);
/** Text that is never null and starts empty. */
export const blankText = (name: string) => text(name).notNull().default('');
/** An integer foreign key to another table's column (`refTo('company_id', () => companies.id)`). */
export const refTo = (name: string, target: () => AnyPgColumn) => integer(name).references(target);
