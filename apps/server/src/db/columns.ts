/**
 * The column shapes, groups of columns and constraints the features' tables share
 * (docs/architecture.md#a-features-anatomy): each names the same SQL it would written out, so using
 * one changes no migration (`npm run db:generate` says `No schema changes`, docs/operations.md).
 */
import { Column, type SQL, getTableName, is, sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** The row's own number (`id serial primary key`). */
export const serialId = () => serial('id').primaryKey();
/** An instant with its time zone (timestamptz); nullable unless the table says otherwise. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
/** An instant that is the moment the row was written unless told otherwise. */
export const instantNow = (name: string) => instant(name).notNull().defaultNow();
/** When a row was made (every table that has one names it created_at). */
export const createdAt = () => instantNow('created_at');
/** When a row last changed. */
export const updatedAt = () => instantNow('updated_at');
/** Both, for a row that is changed after it is made. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A calendar day, read and written as 'YYYY-MM-DD'. */
export const day = (name: string) => date(name, { mode: 'string' });
/** Won amounts: bigint held as JS number (safe far beyond any balance a shop holds). */
export const won = (name: string) => bigint(name, { mode: 'number' });
/** A won amount every row has. */
export const wonAmount = (name = 'amount') => won(name).notNull();
/** A won amount that starts at 0. */
export const wonZero = (name: string) => won(name).notNull().default(0);
/** Text that is never null and starts empty. */
export const blankText = (name: string) => text(name).notNull().default('');
/** A list of texts that is never null and starts empty. */
export const emptyTextList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
/** A row's state, one of the words its table's check allows, starting at `initial`. */
export const status = (initial: string) => text('status').notNull().default(initial);
/** A vehicle identification number: 17 characters. */
export const vin = () => char('vin', { length: 17 });
/** An integer foreign key to another table's column (`refTo('company_id', () => companies.id)`). */
export const refTo = (name: string, target: () => AnyPgColumn) => integer(name).references(target);

/** A check that the column holds one of the values (`"t"."status" in ('a','b')`). */
export const checkIn = (name: string, column: AnyPgColumn, values: readonly (string | number)[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => (typeof v === 'number' ? `${v}` : `'${v}'`)).join(','))})`);
/** A check that the column is above 0. */
export const checkPositive = (name: string, column: AnyPgColumn) => check(name, sql`${column} > 0`);
/** A trigram index (pg_trgm) for `%`, `like` and `ilike` anywhere in the text. */
export const trigramIndex = (name: string, column: AnyPgColumn | SQL) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);
/** A btree that answers `like 'prefix%'` (text_pattern_ops), then the other columns. */
export const prefixIndex = (name: string, column: AnyPgColumn, ...then: AnyPgColumn[]) =>
  index(name).on(sql`${column} text_pattern_ops`, ...then);

/**
 * A column of the outer statement, named with its table, for a subquery written in `sql`: Drizzle
 * writes the columns of a one-table select list without their table, and in a subquery the bare
 * name is the inner table's when it has one (the company list's account count once compared each
 * member's company with the member's own id). Anything but a column is left as it is.
 */
export function outerColumn(value: SQLWrapper): SQLWrapper {
  return is(value, Column) ? sql`${sql.identifier(getTableName(value.table))}.${sql.identifier(value.name)}` : value;
}
