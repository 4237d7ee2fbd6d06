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
  /**
   * Unique per statement text; node-postgres keeps the prepared plan under it on each connection.
   * None: the statement is parsed and planned each time it runs, and nothing of it is kept.
   */
  name?: string;
  text: string;
}

interface Queryable {
  query(config: {
    name: string | undefined;
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

/**
 * How many statements of one kind made at run time are prepared under a name. node-postgres keeps a
 * named statement on each connection for as long as the connection lives, and the database keeps its
 * plan: a name search's text follows its words, so distinct searches without a bound grew each
 * PostgreSQL connection with no end (docs/search.md#what-a-search-costs: 112 MB after 6,000).
 * The statements past the bound run unnamed: planned each time (a search's 1-1.5 ms), nothing kept.
 */
export const RUN_TIME_STATEMENTS_PER_KIND = 500;

const madeAtRunTime = new Map<string, Map<string, PreparedStatement>>();

/**
 * A statement whose text is put together at run time (pg-boss's, a column list chosen by the
 * caller, a name search's), under a name derived from its text: the same text is the same
 * statement, prepared once per connection; past RUN_TIME_STATEMENTS_PER_KIND texts of its kind, unnamed.
 */
export function preparedFor(kind: string, text: string): PreparedStatement {
  let ofKind = madeAtRunTime.get(kind);
  if (!ofKind) madeAtRunTime.set(kind, (ofKind = new Map()));
  let statement = ofKind.get(text);
  if (!statement) {
    if (ofKind.size >= RUN_TIME_STATEMENTS_PER_KIND) return unnamed(text);
    statement = { name: `${kind}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text };
    ofKind.set(text, statement);
  }
  return statement;
}

/**
 * The unnamed statements last made, by text, so that a text run again soon keeps its row builder;
 * the oldest goes first past the bound.
 */
const recentUnnamed = new Map<string, PreparedStatement>();

function unnamed(text: string): PreparedStatement {
  let statement = recentUnnamed.get(text);
  if (!statement) {
    statement = { text };
    if (recentUnnamed.size >= RUN_TIME_STATEMENTS_PER_KIND) recentUnnamed.delete(recentUnnamed.keys().next().value!);
    recentUnnamed.set(text, statement);
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
