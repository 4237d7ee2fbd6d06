import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../../db/tables/accounts.js';

/**
 * The shop's own cross-reference of part numbers (docs/search.md#part-numbers), kept by staff in the back office:
 * supersessions (pid is replaced by to_pid) and interchangeable numbers (OE ↔ aftermarket). Keys are
 * the alphaNumber forms. docs/search.md#part-numbers
 */
export const partXrefs = pgTable(
  'part_xrefs',
  {
    id: serial('id').primaryKey(),
    pid: text('pid').notNull(),
    pidKey: text('pid_key').notNull(),
    toPid: text('to_pid').notNull(),
    toKey: text('to_key').notNull(),
    kind: text('kind').$type<'supersedes' | 'interchangeable'>().notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('part_xrefs_pair').on(t.pidKey, t.toKey, t.kind),
    index('part_xrefs_to_key').on(t.toKey),
    check('part_xrefs_kind_valid', sql`${t.kind} in ('supersedes','interchangeable')`),
    check('part_xrefs_keys_differ', sql`${t.pidKey} <> ${t.toKey} and ${t.pidKey} <> '' and ${t.toKey} <> ''`),
  ],
);

/**
 * Every relation search follows: the catalogues' replacements (all catalogues) and the shop's
 * cross-reference, as one view, so neither is copied and neither goes stale.
 */
export const partRelations = pgView('part_relations', {
  pid: text('pid').notNull(),
  pidKey: text('pid_key').notNull(),
  toPid: text('to_pid').notNull(),
  toKey: text('to_key').notNull(),
  kind: text('kind').$type<'supersedes' | 'interchangeable'>().notNull(),
  source: text('source').$type<'catalogue' | 'shop'>().notNull(),
}).existing();

/**
 * For every number that is superseded (`key`, alphaNumber form), the supersessions its chains follow
 * onwards (`kind` is always 'supersedes'; `to_key` is the newer number's key). A chain is at most 20
 * steps, so the rows grow with the relations, not with their square: interchangeable numbers are not
 * stored here but read at search time from the sources' own key indexes, one step as the search takes
 * them (`relationsFor`). Kept on every supersession written to either source by statement triggers
 * (migrations 0018 and 0021: `part_relation_closure_refresh` rebuilds the chains through the touched
 * numbers, or everything for a large change). docs/search.md#part-numbers
 */
export const partRelationClosure = pgTable(
  'part_relation_closure',
  {
    key: text('key').notNull(),
    pid: text('pid').notNull(),
    toPid: text('to_pid').notNull(),
    kind: text('kind').$type<'supersedes'>().notNull(),
    toKey: text('to_key').notNull(),
  },
  (t) => [primaryKey({ name: 'part_relation_closure_pk', columns: [t.key, t.pid, t.toPid, t.kind] })],
);

/** Groups of words that mean the same in a name search (seeded from PART_SYNONYM_SEED), edited by staff. */
export const partSynonyms = pgTable('part_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
