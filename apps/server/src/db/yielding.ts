import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';
import * as schema from './schema.js';

/** Resolves when a statement may go (null: at once). */
export type Gate = () => Promise<void> | null;

/**
 * A pool whose statements outside a transaction, and whose transactions, first pass the gate:
 * a statement already inside a transaction never waits (it may hold locks others wait for).
 * Drizzle takes a transaction's connection with `connect()` (promise form); the pool's own
 * `query` takes one with the callback form, which is not gated a second time.
 */
class YieldingPool extends pg.Pool {
  constructor(
    options: pg.PoolConfig,
    private readonly gate: Gate,
  ) {
    super(options);
  }

  override query(...args: unknown[]): never {
    const run = () => (super.query as (...a: unknown[]) => unknown).apply(this, args);
    const wait = typeof args[args.length - 1] === 'function' ? null : this.gate();
    return (wait ? wait.then(run) : run()) as never;
  }

  override connect(...args: unknown[]): never {
    const run = () => (super.connect as (...a: unknown[]) => unknown).apply(this, args);
    if (args.length > 0) return run() as never;
    const wait = this.gate();
    return (wait ? wait.then(run) : run()) as never;
  }
}

export interface YieldingDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * The job workers' own handle on the server's PostgreSQL (docs/performance.md#jobs): `size`
 * connections of their own (pg-boss's fetches and completions included), each statement started
 * only when `gate` lets it, so a worker's statements go between the requests' rather than among
 * them. On the embedded database (one connection for everything) the server's own handle is used.
 */
export function yieldingDatabase(db: Db, gate: Gate, size: number): YieldingDatabase {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { db, close: async () => undefined };
  const pool = new YieldingPool({ ...client.options, max: size, min: 0, idleTimeoutMillis: 10_000 }, gate);
  pool.on('error', () => undefined);
  return { db: drizzlePg(pool, { schema }) as unknown as Db, close: () => pool.end() };
}
