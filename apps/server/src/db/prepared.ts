import type { Db } from './client.js';

/**
 * Prepared SQL for the hot read paths (request context, product grid and detail, base info).
 * The statement goes to the driver as it is: node-postgres prepares it once per connection under
 * its name and then only binds parameters; the embedded PGlite runs it through the extended
 * protocol. The SQL names its columns as the answer names its fields and casts what the driver
 * would otherwise hand back as strings (bigint money) to float8, so that rows need no per-cell
 * mapping: no query building and no ORM row mapping on these paths.
 */
export interface PreparedStatement {
  /** Unique per statement text; node-postgres keeps the prepared plan under it on each connection. */
  name: string;
  text: string;
}

interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Whether the driver behind Drizzle is PGlite (positional `query(text, values)`) or a pg Pool. */
const drivers = new WeakMap<object, (s: PreparedStatement, values: unknown[]) => Promise<{ rows: unknown[] }>>();

function driverOf(db: Db) {
  const client = (db as unknown as { $client: object }).$client;
  let run = drivers.get(client);
  if (!run) {
    const isPglite =
      typeof (client as { exec?: unknown }).exec === 'function' &&
      typeof (client as { waitReady?: unknown }).waitReady !== 'undefined';
    run = isPglite
      ? (s, values) => (client as PgliteLike).query(s.text, values)
      : (s, values) => (client as Queryable).query({ name: s.name, text: s.text, values });
    drivers.set(client, run);
  }
  return run;
}

/** Runs a prepared statement on the database's own driver; rows come back as the SQL names them. */
export async function runPrepared<T>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const result = await driverOf(db)(statement, values);
  return result.rows as T[];
}
