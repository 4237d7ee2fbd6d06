import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  isEmbedded,
  preparedFor,
  rowBuilder,
  RUN_TIME_STATEMENTS_PER_KIND,
  runPrepared,
} from '../../src/db/prepared.js';
import { freshDatabase } from '../helpers.js';

// runPrepared's rows must be what the driver's own object rows are (db/prepared.ts): same fields,
// same order, same values and types, on node-postgres (array rows built per statement) and PGlite.
describe('prepared statements answer rows as the driver names them', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let driverRows: (text: string, values: unknown[]) => Promise<unknown[]>;
  beforeAll(async () => {
    database = await freshDatabase();
    const client = (
      database.db as unknown as { $client: { query(t: string, v: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    driverRows = async (text, values) => (await client.query(text, values)).rows;
  });
  afterAll(async () => database?.drop());

  const text = `select n as seq, 'name ' || n as name, (n * 1.5)::float8 as "basePrice", n % 2 = 0 as even,
      case when n = 2 then null else jsonb_build_array('a' || n || '.jpg') end as "imgFiles",
      timestamptz '2026-11-26 10:00:00+09' + n * interval '1 day' as "createdAt",
      n * 10 as seq, 'x' as "x""y", 'p' as "__proto__"
    from generate_series(1, $1::int) as n`;

  it('the same fields in the same order with the same values, nulls, dates and JSON', async () => {
    const statement = { name: 'test_prepared_rows_shape', text };
    const ours = await runPrepared<Record<string, unknown>>(database.db, statement, [3]);
    const theirs = (await driverRows(text, [3])) as Record<string, unknown>[];
    expect(ours).toEqual(theirs);
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
    // Written out, so that the driver's rows and ours cannot be wrong alike: a repeated column keeps
    // its first place and its last value, and `__proto__` is a field, not the prototype.
    expect(Object.keys(ours[0]!)).toEqual([
      'seq',
      'name',
      'basePrice',
      'even',
      'imgFiles',
      'createdAt',
      'x"y',
      '__proto__',
    ]);
    expect(ours[1]).toMatchObject({ seq: 20, name: 'name 2', basePrice: 3, even: true, imgFiles: null, 'x"y': 'x' });
    expect(ours[0]!.imgFiles).toEqual(['a1.jpg']);
    expect((ours[2]!.createdAt as Date).toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(ours[0], '__proto__')?.value).toBe('p');
  });

  it('a statement answering no row, then rows, and the same statement again', async () => {
    const statement = { name: 'test_prepared_rows_again', text };
    expect(await runPrepared(database.db, statement, [0])).toEqual([]);
    const first = await runPrepared<{ seq: number; name: string }>(database.db, statement, [2]);
    const again = await runPrepared<{ seq: number; name: string }>(database.db, statement, [1]);
    expect(first.map((r) => [r.seq, r.name])).toEqual([
      [10, 'name 1'],
      [20, 'name 2'],
    ]);
    expect(again.map((r) => [r.seq, r.name])).toEqual([[10, 'name 1']]);
  });

  // A name search's statement text follows its words (how many, how each is read), so a stream of
  // distinct searches made a new statement each, kept by node-postgres on every connection for good:
  // 6,000 random searches grew one PostgreSQL backend by 100 MB (docs/architecture.md#the-database).
  it('statements made at run time stay bounded per kind on a connection; past the bound they still answer', async () => {
    const kind = `test_bound_${Date.now().toString(36)}`;
    const over = RUN_TIME_STATEMENTS_PER_KIND + 30;
    const statements = Array.from({ length: over }, (_, i) => preparedFor(kind, `select ${i}::int + $1::int as n`));
    expect(statements.filter((s) => s.name !== undefined)).toHaveLength(RUN_TIME_STATEMENTS_PER_KIND);
    // The same text is the same statement, named or not; another kind has bounds of its own.
    expect(preparedFor(kind, 'select 0::int + $1::int as n')).toBe(statements[0]);
    expect(preparedFor(kind, `select ${over - 1}::int + $1::int as n`).name).toBeUndefined();
    expect(preparedFor(`${kind}_other`, 'select 0::int + $1::int as n').name).toMatch(
      /^test_bound_\w+_other_[0-9a-f]{16}$/,
    );

    const prepared = await database.db.transaction(async (tx) => {
      const answers: number[] = [];
      for (const statement of statements) {
        const [row] = await runPrepared<{ n: number }>(tx, statement, [1000]);
        answers.push(row!.n);
      }
      expect(answers).toEqual(Array.from({ length: over }, (_, i) => i + 1000));
      const counted = await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where name like ${`${kind}%`}`,
      );
      return (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    });
    // PGlite runs each statement unnamed; node-postgres keeps exactly the named ones on the connection.
    expect(prepared).toBe(isEmbedded(database.db) ? 0 : RUN_TIME_STATEMENTS_PER_KIND);
  });
});

describe('rowBuilder', () => {
  it('makes one object per array of values, each value under its column name', () => {
    const build = rowBuilder(['a', 'b c', "it's", 'x"}; throw 1; //']);
    expect(build([1, null, 'three', 4])).toEqual({ a: 1, 'b c': null, "it's": 'three', 'x"}; throw 1; //': 4 });
    expect(build([5, 6, 7, 8])).toEqual({ a: 5, 'b c': 6, "it's": 7, 'x"}; throw 1; //': 8 });
  });

  it('keeps __proto__ as a field and the object an ordinary one', () => {
    const row = rowBuilder(['__proto__', 'id'])([{ polluted: true }, 1]) as Record<string, unknown>;
    expect(Object.keys(row)).toEqual(['__proto__', 'id']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
