import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaNumber } from '@partsmall/contract';
import { queryRows, type Tx } from '../../src/db/client.js';
import { findProductsByNumbers, relationsFor } from '../../src/features/products/index.js';
import { call, loginAs, startTestServer, type TestServer } from '../helpers.js';
import { makeProduct } from '../order-helpers.js';

/**
 * A large group of interchangeable numbers (docs/search.md#part-numbers): one OE number
 * interchangeable with 1,999 others, each also superseded by a newer number. What is stored for the
 * search grows with the relations, not with their square, and one more link writes almost nothing.
 */
let server: TestServer;
let staff: string;

const closureRowsLike = async (pattern: string) =>
  (
    await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from part_relation_closure where key like ${pattern}`,
    )
  )[0]!.n;

const closureCount = async (db: TestServer['db'] | Tx) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from part_relation_closure`))[0]!.n;

/**
 * What one statement's triggers did to the stored rows, read inside its transaction: the rows it
 * wrote (their xmin is the transaction's own id; a row deleted and written again counts) and how the
 * count changed.
 */
async function closureWritesOf(statement: (tx: Tx) => Promise<unknown>) {
  return server.db.transaction(async (tx) => {
    const before = await closureCount(tx);
    await statement(tx);
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from part_relation_closure where xmin::text = (pg_current_xact_id()::xid)::text`,
    );
    return { written: row!.n, change: (await closureCount(tx)) - before };
  });
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await loginAs(server, 'staff@partsmall.kr', 'staff1234');
  await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, pid: 'GRP-0-N' });
  await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, pid: 'GRP-5-N' });
  await makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000, pid: 'GRP-6-N' });
  // 1,999 interchangeable relations in one statement, then 2,000 supersessions in another.
  await server.db.execute(
    sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind)
        select 'GRP-0', 'GRP0', 'GRP-' || g, 'GRP' || g, 'interchangeable' from generate_series(1, 1999) g`,
  );
  await server.db.execute(
    sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind)
        select 'GRP-' || g, 'GRP' || g, 'GRP-' || g || '-N', 'GRP' || g || 'N', 'supersedes' from generate_series(0, 1999) g`,
  );
}, 600_000);
afterAll(async () => {
  await server?.close();
});

describe('2,000 interchangeable numbers', () => {
  it('store one row per supersession (2,000), not one per pair of numbers (about 4,000,000)', async () => {
    expect(await closureRowsLike('GRP%')).toBe(2000);
  });

  it('are still found both ways, one step, each followed to its current number', async () => {
    const hits = await findProductsByNumbers(server.db, ['GRP-5', 'GRP 0']);
    // One step: GRP-5 does not reach GRP-6 (nor its GRP-6-N) through GRP-0.
    expect((hits.get('GRP5') ?? []).map((h) => [h.product.pid, h.reason])).toEqual([
      ['GRP-5-N', '대체품번 (이전 번호 GRP-5 → 현재 GRP-5-N)'],
      ['GRP-0-N', '호환품번'],
    ]);
    // The current number first; the interchangeable ones in no particular order.
    const [first, ...others] = (hits.get('GRP0') ?? []).map((h) => [h.product.pid, h.reason]);
    expect(first).toEqual(['GRP-0-N', '대체품번 (이전 번호 GRP 0 → 현재 GRP-0-N)']);
    expect(others.sort()).toEqual([
      ['GRP-5-N', '호환품번'],
      ['GRP-6-N', '호환품번'],
    ]);
    const index = await relationsFor(server.db, [alphaNumber('GRP-0')]);
    expect(index.partners.get('GRP0')?.length).toBe(1999);
    expect(index.newer.get('GRP1999')).toEqual(['GRP1999N']);
    const five = await relationsFor(server.db, ['GRP5']);
    expect(five.partners.get('GRP5')).toEqual(['GRP0']);
  });

  it('one more link writes at most one stored row, where it rewrote the whole group', async () => {
    const linked = await closureWritesOf((tx) =>
      tx.execute(
        sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values ('GRP-0', 'GRP0', 'GRP-2000', 'GRP2000', 'interchangeable')`,
      ),
    );
    expect(linked).toEqual({ written: 0, change: 0 });
    const superseded = await closureWritesOf((tx) =>
      tx.execute(
        sql`insert into part_xrefs (pid, pid_key, to_pid, to_key, kind) values ('GRP-2000', 'GRP2000', 'GRP-2000-N', 'GRP2000N', 'supersedes')`,
      ),
    );
    expect(superseded).toEqual({ written: 1, change: 1 });
    // Through the back office as staff do it, and found at once.
    const saved = await call(
      server,
      'adminSaveXref',
      { pid: 'GRP-0', toPid: 'GRP-2001', kind: 'interchangeable' },
      { token: staff },
    );
    expect(saved.body.code, saved.body.message).toBe(201);
    const index = await relationsFor(server.db, ['GRP0']);
    expect(index.partners.get('GRP0')?.length).toBe(2001);
    expect(await closureRowsLike('GRP%')).toBe(2001);
  });

  it('a link removed splits nothing stored: the chains through it are rebuilt, the rest stay', async () => {
    const removed = await closureWritesOf((tx) =>
      tx.execute(sql`delete from part_xrefs where pid_key = 'GRP7' and to_key = 'GRP7N'`),
    );
    expect(removed).toEqual({ written: 0, change: -1 });
    const unlinked = await closureWritesOf((tx) =>
      tx.execute(sql`delete from part_xrefs where pid_key = 'GRP0' and to_key = 'GRP8'`),
    );
    expect(unlinked).toEqual({ written: 0, change: 0 });
    const eight = await relationsFor(server.db, ['GRP8']);
    expect(eight.partners.has('GRP8')).toBe(false);
    expect(eight.newer.get('GRP8')).toEqual(['GRP8N']);
  });
});
