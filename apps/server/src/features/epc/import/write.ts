import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { EPC_BRAND_LABELS } from '@partsmall/contract';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../../db/client.js';
import { prefixRows } from './copy-text.js';
import { WRITE_TABLES, type ImportPlan, type WriteTable } from './validate.js';

/** The statements an import needs, on one connection inside one transaction. */
interface Session {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  copy(table: WriteTable, catalogueId: number, chunks: readonly string[]): Promise<void>;
}

/** Lock namespace of catalogue imports (pg_advisory_xact_lock's first key). */
const IMPORT_LOCK = 7_310_001;

function copyStatement(table: WriteTable, into: string): string {
  return `copy ${table} (catalogue_id, ${WRITE_TABLES[table].join(', ')}) from ${into}`;
}

/** node-postgres: one pooled client, COPY FROM STDIN through pg-copy-streams. */
async function onPostgres<T>(pool: pg.Pool, body: (s: Session) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const session: Session = {
    query: async (text, params) => (await client.query(text, params)).rows,
    copy: async (table, catalogueId, chunks) => {
      const prefix = String(catalogueId);
      await pipeline(
        Readable.from(
          (function* () {
            for (const chunk of chunks) yield prefixRows(chunk, prefix);
          })(),
        ),
        client.query(copyFrom(copyStatement(table, 'stdin'))),
      );
    },
  };
  try {
    await client.query('begin');
    const result = await body(session);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/**
 * Bytes of COPY text PGlite takes at once. It runs in the server's own thread: a 16 MB blob of
 * parts held every other request for 2-5 s, and the four of a 600,000-row catalogue 10 s in a row.
 */
const PGLITE_BLOB_BYTES = 1 << 20;

/** Embedded PGlite: COPY FROM its /dev/blob device, in blobs of about 1 MB, giving way between them. */
async function onPglite<T>(client: PGlite, body: (s: Session) => Promise<T>): Promise<T> {
  return client.transaction(async (tx) => {
    const session: Session = {
      query: async (text, params) => (await tx.query(text, params)).rows as never[],
      copy: async (table, catalogueId, chunks) => {
        const prefix = String(catalogueId);
        let batch: string[] = [];
        let size = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await tx.query(copyStatement(table, `'/dev/blob'`), [], { blob: new Blob(batch) });
          batch = [];
          size = 0;
          await nextTurn();
        };
        for (const chunk of chunks) {
          batch.push(prefixRows(chunk, prefix));
          size += chunk.length;
          if (size >= PGLITE_BLOB_BYTES) await flush();
        }
        await flush();
      },
    };
    return body(session);
  });
}

function onDatabase<T>(db: Db, body: (s: Session) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return onPostgres(client, body);
  if (client instanceof PGlite) return onPglite(client, body);
  throw new Error('catalogue import needs a node-postgres pool or PGlite');
}

/**
 * Above this many numbers touched, the search's relation closure is rebuilt whole: finding the
 * connected numbers of that many costs more than the rebuild (part_relation_closure_refresh).
 */
const CLOSURE_REFRESH_KEYS = 20_000;

/** The numbers of a catalogue's replacements, or null when there are too many to refresh one by one. */
async function replacementKeys(s: Session, catalogueId: number | null): Promise<string[] | null> {
  if (catalogueId === null) return [];
  const [row] = await s.query<{ keys: string[] | null }>(
    `select case when count(*) > ${CLOSURE_REFRESH_KEYS} then null else coalesce(array_agg(k), '{}') end as keys
     from (select pid_key as k from epc_replacements where catalogue_id = $1
           union select to_key from epc_replacements where catalogue_id = $1) x`,
    [catalogueId],
  );
  return row?.keys ?? null;
}

/**
 * The triggers on epc_replacements would refresh the closure after each statement (a catalogue is
 * written in several); they wait until the end of the transaction instead, and the numbers the
 * catalogue had are noted first (migration 0018, docs/search.md#part-numbers).
 */
async function deferClosure(s: Session, catalogueId: number | null): Promise<string[] | null> {
  await s.query(`select set_config('partsmall.relation_closure_deferred', 'on', true)`);
  return replacementKeys(s, catalogueId);
}

/** One refresh of the numbers the catalogue had and has (null: all of them). */
async function refreshClosure(s: Session, keys: string[] | null): Promise<void> {
  await s.query(`select set_config('partsmall.relation_closure_deferred', 'off', true)`);
  await s.query('select part_relation_closure_refresh($1::text[])', [keys]);
}

/** Deletes a catalogue and every row of it (the back office's delete; tests). False when there is none. */
export async function deleteCatalogue(db: Db, mcid: string): Promise<boolean> {
  return onDatabase(db, async (s) => {
    await s.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK, mcid]);
    const [row] = await s.query<{ id: number }>('select id from epc_catalogues where mcid = $1 for update', [mcid]);
    if (!row) return false;
    const touched = await deferClosure(s, row.id);
    for (const table of Object.keys(WRITE_TABLES))
      await s.query(`delete from ${table} where catalogue_id = $1`, [row.id]);
    await s.query('delete from epc_catalogues where id = $1', [row.id]);
    await refreshClosure(s, touched);
    return true;
  });
}

/**
 * Replaces the catalogue `plan.catalogue.mcid` with the plan's rows in one transaction: readers see
 * the previous version until the commit, and a failure leaves it untouched. Imports of the same
 * catalogue wait for each other.
 */
export async function writeCatalogue(db: Db, plan: ImportPlan): Promise<{ catalogueId: number; version: number }> {
  const { mcid, brand, name, img } = plan.catalogue;
  return onDatabase(db, async (s) => {
    await s.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK, mcid]);
    await s.query(
      'insert into epc_brands (code, name) values ($1, $2) on conflict (code) do update set name = excluded.name',
      [brand, EPC_BRAND_LABELS[brand]],
    );
    const counts = JSON.stringify(plan.counts);
    const [existing] = await s.query<{ id: number }>('select id from epc_catalogues where mcid = $1 for update', [
      mcid,
    ]);
    let row: { id: number; version: number };
    const before = await deferClosure(s, existing?.id ?? null);
    if (existing) {
      for (const table of Object.keys(WRITE_TABLES))
        await s.query(`delete from ${table} where catalogue_id = $1`, [existing.id]);
      [row] = (await s.query<{ id: number; version: number }>(
        `update epc_catalogues set brand = $2, name = $3, img = $4, counts = $5::jsonb, version = version + 1, imported_at = now()
         where id = $1 returning id, version`,
        [existing.id, brand, name, img, counts],
      )) as [{ id: number; version: number }];
    } else {
      [row] = (await s.query<{ id: number; version: number }>(
        'insert into epc_catalogues (mcid, brand, name, img, counts) values ($1, $2, $3, $4, $5::jsonb) returning id, version',
        [mcid, brand, name, img, counts],
      )) as [{ id: number; version: number }];
    }
    for (const table of Object.keys(WRITE_TABLES) as WriteTable[]) {
      const { chunks, rows } = plan.tables[table];
      if (rows > 0) await s.copy(table, row.id, chunks);
    }
    const after = await replacementKeys(s, row.id);
    await refreshClosure(s, before && after && [...new Set([...before, ...after])]);
    return { catalogueId: row.id, version: row.version };
  });
}
