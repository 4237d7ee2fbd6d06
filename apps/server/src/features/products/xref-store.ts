import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, desc, eq, like, or, sql } from 'drizzle-orm';
import { alphaNumber, type PartRelation, type XrefFields } from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { pageWithTotal } from '../../db/page.js';
import { memberNameSql } from '../members/repository.js';
import { partSynonyms, partXrefs } from './schema.js';

/**
 * The stored part-number cross-references and synonym groups, for the back office's editor
 * (docs/search.md#part-numbers, docs/search.md#korean-name-search): the products feature's tables,
 * read and written here (docs/architecture.md#the-database); the checks and the audit are the editor's.
 */

/** A cross-reference as the list shows it: the staff member who wrote it by name. */
const storedXref = {
  id: partXrefs.id,
  pid: partXrefs.pid,
  toPid: partXrefs.toPid,
  kind: partXrefs.kind,
  remark: partXrefs.remark,
  createdBy: memberNameSql(partXrefs.createdBy),
  createdAt: partXrefs.createdAt,
};
const xrefsWithAuthor = (db: Db | Tx) => db.select(storedXref).from(partXrefs);
export type StoredXref = Awaited<ReturnType<typeof xrefsWithAuthor>>[number];

/** A page of the cross-references whose either number starts with `key` (all without one), newest first. */
export async function xrefPage(
  db: Db,
  key: string,
  page: { page: number; size: number },
): Promise<{ rows: StoredXref[]; total: number }> {
  const where = key ? or(like(partXrefs.pidKey, `${key}%`), like(partXrefs.toKey, `${key}%`)) : undefined;
  return pageWithTotal(db, partXrefs, where, page, (limit, offset) =>
    xrefsWithAuthor(db).where(where).orderBy(desc(partXrefs.id)).limit(limit).offset(offset),
  );
}

export async function xrefById(db: Db | Tx, id: number): Promise<StoredXref | undefined> {
  const [row] = await xrefsWithAuthor(db).where(eq(partXrefs.id, id));
  return row;
}

/**
 * The stored supersessions around some numbers, both ways along the chains (bounded), so that a
 * cycle or a too long chain that new relations would close is seen.
 */
export async function supersessionsAround(db: Db | Tx, keys: string[]): Promise<PartRelation[]> {
  if (keys.length === 0) return [];
  const literal = `{${[...new Set(keys)].map((k) => `"${k}"`).join(',')}}`;
  const rows = await queryRows<{ pid: string; to_pid: string }>(
    db,
    sql`with recursive reach(key, depth) as (
          select k, 0 from unnest(${literal}::text[]) k
          union
          select case when r.pid_key = reach.key then r.to_key else r.pid_key end, reach.depth + 1
          from reach join part_relations r on r.kind = 'supersedes' and (r.pid_key = reach.key or r.to_key = reach.key)
          where reach.depth < 44
        )
        select distinct r.pid, r.to_pid from part_relations r
        where r.kind = 'supersedes' and r.pid_key in (select key from reach)`,
  );
  return rows.map((r) => ({ from: r.pid, to: r.to_pid, kind: 'supersedes' as const }));
}

/** A cross-reference's row as written, its numbers with their alpha-number keys. */
const xrefRow = (staffId: number, f: XrefFields) => ({
  pid: f.pid,
  pidKey: alphaNumber(f.pid),
  toPid: f.toPid,
  toKey: alphaNumber(f.toPid),
  kind: f.kind,
  remark: f.remark,
  createdBy: staffId,
});

/** Writes a cross-reference; null when the same one (numbers and kind) is stored already. */
export async function insertXref(tx: Tx, staffId: number, f: XrefFields): Promise<number | null> {
  const [row] = await tx
    .insert(partXrefs)
    .values(xrefRow(staffId, f))
    .onConflictDoNothing({ target: [partXrefs.pidKey, partXrefs.toKey, partXrefs.kind] })
    .returning({ id: partXrefs.id });
  return row ? row.id : null;
}

/** Relations written by one statement of insertXrefs. */
const XREF_BATCH = 500;

/**
 * Writes many cross-references and answers how many were new (a line repeating a stored relation or
 * an earlier line is not). The closure triggers would refresh after every line's insert; one refresh
 * of every number at the end instead (migration 0018, docs/search.md#part-numbers). The lines go in
 * batches, the turn given to other requests between them: the embedded database runs in the server's
 * thread, and 20,000 lines one by one held /healthz for 52 s (docs/security.md#costly-work).
 */
export async function insertXrefs(tx: Tx, staffId: number, all: readonly XrefFields[]): Promise<number> {
  await tx.execute(sql`select set_config('partsmall.relation_closure_deferred', 'on', true)`);
  let n = 0;
  for (let at = 0; at < all.length; at += XREF_BATCH) {
    const written = await tx
      .insert(partXrefs)
      .values(all.slice(at, at + XREF_BATCH).map((f) => xrefRow(staffId, f)))
      .onConflictDoNothing({ target: [partXrefs.pidKey, partXrefs.toKey, partXrefs.kind] })
      .returning({ id: partXrefs.id });
    n += written.length;
    await nextTurn();
  }
  await tx.execute(sql`select set_config('partsmall.relation_closure_deferred', 'off', true)`);
  const keys = [...new Set(all.flatMap((f) => [alphaNumber(f.pid), alphaNumber(f.toPid)]))];
  await tx.execute(sql`select part_relation_closure_refresh(${`{${keys.map((k) => `"${k}"`).join(',')}}`}::text[])`);
  return n;
}

/** Deletes a cross-reference and answers it as it was, or undefined. */
export async function deleteXrefRow(tx: Tx, id: number) {
  const [row] = await tx.delete(partXrefs).where(eq(partXrefs.id, id)).returning();
  return row;
}

/** Every stored cross-reference's numbers and kind (a CSV preview tells new lines from stored ones). */
export function xrefKeys(db: Db) {
  return db.select({ pidKey: partXrefs.pidKey, toKey: partXrefs.toKey, kind: partXrefs.kind }).from(partXrefs);
}

/** Every synonym group, by number; locked for the transaction's write when `lock`. */
export function synonymGroups(db: Db | Tx, lock = false): PromiseLike<{ id: number; terms: string[] }[]> {
  const read = db
    .select({ id: partSynonyms.id, terms: partSynonyms.terms })
    .from(partSynonyms)
    .orderBy(asc(partSynonyms.id));
  return lock ? read.for('update') : read;
}

/** Writes a group's terms: over group `id`, or as a new group without one; answers its id. */
export async function writeSynonymGroup(tx: Tx, id: number | null, terms: string[]): Promise<number> {
  const [row] =
    id !== null
      ? await tx
          .update(partSynonyms)
          .set({ terms, updatedAt: sql`now()` })
          .where(eq(partSynonyms.id, id))
          .returning({ id: partSynonyms.id })
      : await tx.insert(partSynonyms).values({ terms }).returning({ id: partSynonyms.id });
  return row!.id;
}

/** Deletes a group and answers its terms, or undefined. */
export async function deleteSynonymGroup(tx: Tx, id: number): Promise<string[] | undefined> {
  const [row] = await tx.delete(partSynonyms).where(eq(partSynonyms.id, id)).returning({ terms: partSynonyms.terms });
  return row?.terms;
}
