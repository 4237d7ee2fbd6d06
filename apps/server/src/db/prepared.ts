import { createHash } from 'node:crypto';
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
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    rowMode: 'array';
  }): Promise<{ rows: unknown[][]; fields: readonly { name: string }[] }>;
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

const madeAtRunTime = new Map<string, PreparedStatement>();

/**
 * A statement whose text is put together at run time (pg-boss's, a column list chosen by the
 * caller), under a name derived from its text: the same text is the same statement, prepared once
 * per connection.
 */
export function preparedFor(prefix: string, text: string): PreparedStatement {
  let statement = madeAtRunTime.get(text);
  if (!statement) {
    statement = { name: `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text };
    madeAtRunTime.set(text, statement);
  }
  return statement;
}

type RowBuilder = (values: unknown[]) => object;

/** Each statement's row builder, with the column names it was made for. */
const builders = new WeakMap<PreparedStatement, { names: readonly string[]; build: RowBuilder }>();

/**
 * A function that makes one row object from the driver's array of values, written for these column
 * names: its one object literal always makes the same shape, which V8 builds on its fast path. (A
 * key is a JSON string, so no column name can be read as code; `__proto__` is a computed key, which
 * makes a field as node-postgres does, not a prototype.)
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  const fields = names.map((name, i) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: values[${i}]`;
  });
  return new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
}

/**
 * The statement's rows as objects named by its columns, as node-postgres's own rows would be. The
 * driver answers arrays (rowMode 'array') because its own object rows come through one shared
 * spread and keyed stores that, once they have seen the many statement shapes a server runs, V8
 * takes on its slow generic path for every row: about twice the parse time of the grid's 61 rows
 * (docs/performance.md#product-grid).
 */
function objectRows(statement: PreparedStatement, fields: readonly { name: string }[], rows: unknown[][]): object[] {
  let made = builders.get(statement);
  if (!made || made.names.length !== fields.length || made.names.some((name, i) => name !== fields[i]!.name)) {
    const names = fields.map((f) => f.name);
    made = { names, build: rowBuilder(names) };
    builders.set(statement, made);
  }
  const build = made.build;
  const objects = new Array<object>(rows.length);
  for (let i = 0; i < rows.length; i++) objects[i] = build(rows[i]!);
  return objects;
}

/** Whether the driver behind Drizzle is PGlite (positional `query(text, values)`) or node-postgres. */
const drivers = new WeakMap<object, (s: PreparedStatement, values: unknown[]) => Promise<{ rows: unknown[] }>>();

function driverOf(handle: Db | Tx) {
  const client = clientOf(handle);
  let run = drivers.get(client);
  if (!run) {
    run = isEmbedded(handle)
      ? (s, values) => (client as PgliteLike).query(s.text, values)
      : async (s, values) => {
          const result = await (client as Queryable).query({ name: s.name, text: s.text, values, rowMode: 'array' });
          return { rows: objectRows(s, result.fields, result.rows) };
        };
    drivers.set(client, run);
  }
  return run;
}

/** Runs a prepared statement on the handle's own driver (inside it, for a transaction); rows come back as the SQL names them. */
export async function runPrepared<T>(handle: Db | Tx, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  const result = await driverOf(handle)(statement, values);
  return result.rows as T[];
}
