import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/paths.js';

/**
 * Upgrading a shop's database (docs/operations.md#starting-and-stopping): drizzle's migrator applies
 * only the journal entries whose time is later than the newest it has applied, so an entry with an
 * earlier time than the one before it is skipped on every database that already had that one. 0039
 * was written so; 0040 makes its table where it is missing. On the embedded database, which is what
 * `npm start` keeps in data/.
 */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

/** The one entry written with an earlier time than the entry before it, and the entry that repairs it. */
const OUT_OF_ORDER = { tag: '0039_cart_requests', repairedBy: '0040_cart_requests_where_skipped' };

const opened: PGlite[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

/** An embedded database migrated by the journal's entries up to and including `lastIdx`. */
async function migratedThrough(lastIdx: number): Promise<PGlite> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const entries = journal.entries.filter((e) => e.idx <= lastIdx);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  opened.push(client);
  await migrate(drizzle(client), { migrationsFolder: folder });
  fs.rmSync(folder, { recursive: true, force: true });
  return client;
}

/** Every table column, index, constraint, function, trigger and view of the shop's schema, one line each. */
async function schemaOf(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' ||
      coalesce(column_default, '') as line from information_schema.columns where table_schema = 'public'
    union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
    union all select 'trigger ' || c.relname || ' ' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
    union all select 'view ' || viewname from pg_views where schemaname = 'public'
    order by 1`);
  return rows.map((r) => r.line);
}

describe('the migration journal', () => {
  it('each entry is later than every entry before it, but the one that a later migration makes good', () => {
    const outOfOrder = journal.entries
      .filter((e, i) => journal.entries.slice(0, i).some((earlier) => earlier.when >= e.when))
      .map((e) => e.tag);
    expect(outOfOrder).toEqual([OUT_OF_ORDER.tag]);
    const tags = journal.entries.map((e) => e.tag);
    expect(tags.indexOf(OUT_OF_ORDER.repairedBy)).toBe(tags.indexOf(OUT_OF_ORDER.tag) + 1);
  });

  it('lists every migration file once, under its number, in order (a file it does not list never runs)', () => {
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => f.replace(/\.sql$/, ''));
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((f) => Number(f.slice(0, 4))));
  });
});

describe('a database of the release before 0039, upgraded', () => {
  it('skips 0039 as the migrator does, and ends with the same tables, indexes and constraints as a new one', async () => {
    const before0039 = journal.entries.find((e) => e.tag === OUT_OF_ORDER.tag)!.idx - 1;
    const upgraded = await migratedThrough(before0039);
    await migrate(drizzle(upgraded), { migrationsFolder });
    const fresh = await migratedThrough(journal.entries.at(-1)!.idx);

    const upgradedSchema = await schemaOf(upgraded);
    expect(upgradedSchema.filter((line) => line.includes('cart_requests'))).toEqual(
      expect.arrayContaining([
        'column cart_requests.request_id text NO ',
        expect.stringMatching(/^index CREATE INDEX cart_requests_created_at ON public\.cart_requests/),
      ]),
    );
    expect(upgradedSchema).toEqual(await schemaOf(fresh));
    // 0039 itself was passed over: the migrator recorded every entry but it.
    const { rows } = await upgraded.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(journal.entries.length - 1);
  });
});

describe('0044: the receivables ledger says how each payment came', () => {
  it("names the rows posted before it by their keys and their deposits' sources, and nothing else", async () => {
    const db = await migratedThrough(journal.entries.find((e) => e.tag === '0044_receivables_ledger_via')!.idx - 1);
    const [company] = (
      await db.query<{ id: number }>(
        `insert into companies (name, security_num) values ('이전상사', '123456') returning id`,
      )
    ).rows;
    const depositOf = async (source: string, amount: number) =>
      (
        await db.query<{ id: number }>(
          `insert into deposits (source, source_key, amount, deposited_at, status, company_id)
           values ($1, $2, $3, now(), 'applied', $4) returning id`,
          [source, `${source}:old:${amount}`, amount, company!.id],
        )
      ).rows[0]!.id;
    const card = await depositOf('card', 17_000);
    const account = await depositOf('virtual_account', 13_000);
    const file = await depositOf('import', 11_000);
    const staff = await depositOf('staff', 7_000);
    const rows: [string, number, string, number | null][] = [
      ['adjustment', 90_000, 'test:charge', null],
      ['payment', -17_000, `payment:deposit:${card}:statement:1`, card],
      ['payment', -13_000, `payment:deposit:${account}:statement:1`, account],
      ['payment', -11_000, `payment:deposit:${file}:statement:1`, file],
      ['payment_reversal', 11_000, `payment_reversal:deposit:${file}:statement:1`, file],
      ['payment', -7_000, `payment:deposit:${staff}:statement:1:after:3`, staff],
      ['payment', -19_000, 'payment:cash:0b6f9c1e', null],
      ['payment', -5_000, 'credit:statement:2:statement:1:after:0', null],
      ['payment_reversal', 5_000, 'credit:statement:2:statement:1:after:0:used', null],
    ];
    for (const [kind, amount, key, deposit] of rows)
      await db.query(
        `insert into receivables_ledger (company_id, kind, amount, idem_key, deposit_id) values ($1, $2, $3, $4, $5)`,
        [company!.id, kind, amount, key, deposit],
      );

    await migrate(drizzle(db), { migrationsFolder });
    const after = await db.query<{ kind: string; amount: number; via: string | null }>(
      'select kind, amount::int as amount, via from receivables_ledger order by id',
    );
    expect(after.rows.map((r) => [r.kind, r.amount, r.via])).toEqual([
      ['adjustment', 90_000, null],
      ['payment', -17_000, 'card'],
      ['payment', -13_000, 'virtual_account'],
      ['payment', -11_000, 'transfer'],
      ['payment_reversal', 11_000, 'transfer'],
      ['payment', -7_000, 'transfer'],
      ['payment', -19_000, 'cash'],
      ['payment', -5_000, 'credit_note'],
      ['payment_reversal', 5_000, 'credit_note'],
    ]);
    // The ledger is immutable again once the backfill is done.
    await expect(db.query(`update receivables_ledger set note = 'x'`)).rejects.toThrow(/immutable/);
  });
});
