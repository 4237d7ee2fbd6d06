import fs from 'node:fs';
import path from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { migrationsFolder } from '../../paths.js';

/**
 * Drizzle's own record of the migrations applied (its `drizzle` schema, written by the migrator).
 * Declared here and not in `db/schema.ts`, so drizzle-kit never generates a migration for it.
 */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** The newest migration this build ships (drizzle's journal): the database must have it applied. */
export function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The newest migration the database has applied (its journal time), 0 when none. */
export async function newestApplied(db: Db): Promise<number> {
  const [row] = await db.select({ at: max(appliedMigrations.createdAt) }).from(appliedMigrations);
  return Number(row?.at ?? 0);
}
