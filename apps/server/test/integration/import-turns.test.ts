import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { importDeposits } from '../../src/features/deposits/routes.js';
import { insertXrefs } from '../../src/features/products/xref-store.js';

/**
 * The embedded database (PGlite) runs in the server's own thread: a bank file of 10,000 deposits
 * held every other request for 82 s, and a cross-reference CSV of 20,000 lines held /healthz for
 * 52 s, because neither import gave the turn away (docs/security.md#costly-work). Each gives way
 * between its batches; measured as epc-import-turns.test.ts does, without timing.
 */
let database: Database;
let staffId = 0;

beforeAll(async () => {
  database = await openDatabase(null, 'memory://');
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into members (login_id, password_hash, name, phone) values ('turns', 'x', '시험', '01000000000') returning id`,
  );
  staffId = row!.id;
}, 120_000);

afterAll(async () => {
  await database.close();
});

/** True only if `work` gave the turn away before it ended. */
async function givesWay(work: () => Promise<unknown>): Promise<boolean> {
  let otherWorkDone = false;
  setImmediate(() => (otherWorkDone = true));
  await work();
  // Read before anything else can run.
  return otherWorkDone;
}

describe('imports into the embedded database', () => {
  it('a bank file lets other requests in while it records, with the same outcome', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({
      line: i + 2,
      depositedAt: new Date(Date.UTC(2026, 10, 3, 1, 0, i)).toISOString(),
      depositorName: `모르는입금자${i}`,
      amount: 1000 + i,
    }));
    let outcome: unknown;
    const gave = await givesWay(async () => (outcome = await importDeposits(database.db, rows, staffId)));
    expect(gave).toBe(true);
    expect(outcome).toEqual({ applied: 0, review: 600, duplicates: 0 });
    const [stored] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from deposits`);
    expect(stored!.n).toBe(600);
    // The same file again records nothing new.
    expect(await importDeposits(database.db, rows, staffId)).toEqual({ applied: 0, review: 0, duplicates: 600 });
    const audits = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from admin_audit where action = 'importDeposits'`,
    );
    expect(audits[0]!.n).toBe(2);
  }, 120_000);

  it('a cross-reference CSV lets other requests in while it writes, and counts what it added', async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => ({
      pid: `TN-${i}`,
      toPid: `TM-${i}`,
      kind: 'interchangeable' as const,
      remark: '',
    }));
    let added = -1;
    const gave = await givesWay(() =>
      database.db.transaction(async (tx) => {
        // The last line repeats the first: stored once, counted once.
        added = await insertXrefs(tx, staffId, [...lines, lines[0]!]);
      }),
    );
    expect(gave).toBe(true);
    expect(added).toBe(3000);
    const [stored] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from part_xrefs`);
    expect(stored!.n).toBe(3000);
    // Lines already stored add nothing.
    await database.db.transaction(async (tx) => {
      expect(await insertXrefs(tx, staffId, [lines[1]!, { ...lines[1]!, pid: 'TN-NEW' }])).toBe(1);
    });
  }, 120_000);
});
