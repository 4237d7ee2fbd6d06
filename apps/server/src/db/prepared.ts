import type { Db, Tx } from './client.js';

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

/**
 * The driver's client behind a handle: a database's own (`$client`: the pg Pool or the PGlite
 * instance), or a transaction's connection (its session's client: a pg PoolClient or a PGlite
 * transaction), so that a statement runs inside the transaction it is given.
 */
function clientOf(handle: Db | Tx): object {
  return (
    (handle as unknown as { $client?: object }).$client ??
    (handle as unknown as { session: { client: object } }).session.client
  );
}

/** The embedded PGlite (instance or transaction: both have `exec`), rather than node-postgres. */
export function isEmbedded(handle: Db | Tx): boolean {
  return typeof (clientOf(handle) as { exec?: unknown }).exec === 'function';
}

/** Whether the driver behind Drizzle is PGlite (positional `query(text, values)`) or node-postgres. */
const drivers = new WeakMap<object, (s: PreparedStatement, values: unknown[]) => Promise<{ rows: unknown[] }>>();

function driverOf(handle: Db | Tx) {
  const client = clientOf(handle);
  let run = drivers.get(client);
  if (!run) {
    run = isEmbedded(handle)
      ? (s, values) => (client as PgliteLike).query(s.text, values)
      : (s, values) => (client as Queryable).query({ name: s.name, text: s.text, values });
    drivers.set(client, run);
  }
  return run;
}

/** Runs a prepared statement on the handle's own driver (inside it, for a transaction); rows come back as the SQL names them. */
export async function runPrepared<T>(handle: Db | Tx, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const result = await driverOf(handle)(statement, values);
  return result.rows as T[];
}
