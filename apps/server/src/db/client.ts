import path from 'node:path';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { and, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { migrationsFolder } from '../paths.js';
import * as schema from './schema.js';
import { holdDataDir, makeFolder } from './data-dir.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** Connections of the PostgreSQL pool unless DB_POOL_MAX says otherwise. */
export const POOL_MAX_DEFAULT = 20;

/**
 * The PostgreSQL pool's size: DB_POOL_MAX connections (20), of which DB_POOL_MIN (all of them by
 * default) stay open once opened instead of closing after 10 s idle. A fresh backend's first
 * statements are slow (cold catalogue caches, every prepared statement parsed and planned again),
 * so a pool that shrank between bursts met each burst with new connections, whose slowness raised
 * the number in flight and opened more: at 300 requests a second this stalled answers for 100-200 ms.
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env): { max: number; min: number } {
  // Empty is unset, as in loadConfig, which refuses what is not a whole number (config.ts countSettings).
  const max = Number(env.DB_POOL_MAX?.trim() || POOL_MAX_DEFAULT);
  return { max, min: Math.min(max, Number(env.DB_POOL_MIN?.trim() || max)) };
}

/**
 * Opens PostgreSQL at `url`, or the embedded PGlite when `url` is null (files under dataDir,
 * or in memory when dataDir is 'memory://'). Migrations run before the handle is returned.
 */
export async function openDatabase(url: string | null, dataDir: string): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, ...poolSize() });
    // A dropped idle connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // The embedded database is loaded only when it is used: a server on PostgreSQL never holds it.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let location = dataDir;
  let release: () => void = () => undefined;
  if (dataDir !== 'memory://') {
    // One server per folder (db/data-dir.ts), taken before the database is opened.
    release = holdDataDir(dataDir);
    location = path.join(dataDir, 'pglite');
    makeFolder(location);
  }
  try {
    const client = await PGlite.create(location, { extensions: { pg_trgm } });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    const close = async () => {
      await client.close();
      release();
    };
    return { db, kind: 'pglite', close };
  } catch (err) {
    release();
    throw err;
  }
}

/** Rows of a raw SQL query; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The distinct values of an id `column` in its table's rows whose value is among `among` (a
 * subquery) and that match `when` (every such row without it): what the retention sweep asks of each
 * aggregate's tables ('which of these companies have a record made since …').
 */
export async function idsAmong(db: Db | Tx, column: AnyPgColumn, among: SQLWrapper, when?: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: number | null }>(
    db,
    sql`select distinct ${column} as id from ${column.table} where ${and(inArray(column, among), when)}`,
  );
  return rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)]));
}
