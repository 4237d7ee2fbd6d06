import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  buildSynonymIndex,
  jamoForm,
  likePattern,
  MIN_CONTAINS_LENGTH,
  nameQuery,
  productNameColumns,
  type SynonymIndex,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { products } from './schema.js';
import { LIST_COLUMNS } from './columns.js';
import { partSynonyms } from './schema.js';
import type { ProductRow } from './rows.js';

/**
 * Korean name search on PostgreSQL (docs/search.md#korean-name-search): 초성, a
 * half-typed last syllable and synonyms through LIKE on the stored jamo and 초성 columns (trigram
 * and prefix indexes), then, when that finds few, names one typo away through pg_trgm's word
 * similarity on the jamo column. Part numbers never come here: they are matched by equality.
 */

// ---------------------------------------------------------------- synonyms

/** How long a process keeps the synonym table before reading it again (another process may have changed it). */
const SYNONYMS_TTL_MS = 30_000;
let synonyms: { index: SynonymIndex; at: number; db: object } | null = null;

export async function synonymIndex(db: Db): Promise<SynonymIndex> {
  const now = Date.now();
  if (synonyms && synonyms.db === db && now - synonyms.at < SYNONYMS_TTL_MS) return synonyms.index;
  const rows = await db.select({ terms: partSynonyms.terms }).from(partSynonyms).orderBy(asc(partSynonyms.id));
  const index = buildSynonymIndex(rows.map((r) => r.terms));
  synonyms = { index, at: now, db };
  return index;
}

/** Staff changed the synonyms: this process reads them again at the next search (others within the TTL). */
export function invalidateSynonyms(): void {
  synonyms = null;
}

// ---------------------------------------------------------------- name columns

/** An int array parameter as PostgreSQL's literal (Drizzle would spread a JS array into a list). */
const intArray = (ns: readonly number[]) => `{${ns.map((n) => Math.trunc(n)).join(',')}}`;

/**
 * Fills the search forms of products written without them (rows of an older version, or written by
 * SQL outside the shop's code), a batch at a time. Run at start; cheap when there is nothing to do.
 */
export async function fillProductNameColumns(db: Db, batch = 2000): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.nameJamo, ''), ne(products.name, '')))
      .limit(batch);
    if (rows.length === 0) return filled;
    // One statement per batch, its rows from a values list: a builder `case` on the id made
    // PostgreSQL compare every row with every branch, quadratic in the batch (1,000,000 rows did not
    // finish in a minute); the values list is joined once (docs/architecture.md#the-database).
    const values = rows.map((r) => {
      const c = productNameColumns(r.name);
      // A name of nothing but punctuation has empty forms; '-' marks it done.
      return sql`(${Number(r.id)}::int, ${c.nameCompact}, ${c.nameChosung}, ${c.nameJamo || '-'})`;
    });
    await db.execute(sql`update products p set name_compact = v.c, name_chosung = v.ch, name_jamo = v.j
      from (values ${sql.join(values, sql`, `)}) v(id, c, ch, j) where p.id = v.id`);
    filled += rows.length;
    if (rows.length < batch) return filled;
  }
}

// ---------------------------------------------------------------- queries

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a name query, or null when nothing can match (only punctuation typed). */
export function nameCondition(keyword: string, index: SynonymIndex): SQL | null {
  const q = nameQuery(keyword, index);
  if (!q) return null;
  const column = sql.raw(q.column);
  // The name itself too: a row written before its search forms were (fillProductNameColumns) is still found.
  const parts = [sql`name ilike ${`%${escapeLike(keyword)}%`}`];
  for (const p of q.patterns) parts.push(sql`${column} like ${likePattern(p)}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * pg_trgm's word similarity a name needs (its default is 0.6): one jamo wrong in a word of four
 * syllables ('라디에니터' for 라디에이터) scores 0.55.
 */
const WORD_SIMILARITY = 0.5;
/** A typo is looked for only in a query of at least this many jamo (fewer match half the shop). */
const MIN_SIMILAR_JAMO = 4;

/**
 * Names close to the query, for a query that found few: the query's jamo within a name's jamo with
 * a word similarity of at least WORD_SIMILARITY, most similar first. Not for 초성 queries (nothing to misspell).
 */
export async function similarNames(
  db: Db | Tx,
  keyword: string,
  opts: { category?: string | undefined; exclude: number[]; limit: number },
): Promise<ProductRow[]> {
  if (opts.limit <= 0) return [];
  const q = nameQuery(keyword);
  if (!q || q.column !== 'name_jamo') return [];
  const jamo = jamoForm(keyword);
  if ([...jamo].length < Math.max(MIN_SIMILAR_JAMO, MIN_CONTAINS_LENGTH)) return [];
  const category = opts.category ? sql` and category = ${opts.category}` : sql``;
  const exclude = opts.exclude.length ? sql` and id <> all(${intArray(opts.exclude)}::int[])` : sql``;
  // The threshold is set for this transaction only; the index answers `<%` with it.
  const run = async (tx: Tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return queryRows<ProductRow>(
      tx,
      sql`select ${sql.raw(LIST_COLUMNS)} from products
          where ${jamo} <% name_jamo${category}${exclude}
          order by word_similarity(${jamo}, name_jamo) desc, id limit ${opts.limit}`,
    );
  };
  return db.transaction(run);
}

/**
 * A page of products whose name matches (id order, so paging is stable), one extra row to tell whether more follow.
 * This and similarNames are typed statements on the measured search path (docs/architecture.md#the-database):
 * the builder's row mapping more than doubled the process's CPU for a page of the grid's columns.
 */
export async function productsByName(
  db: Db | Tx,
  where: SQL,
  opts: { category?: string | undefined; limit: number; offset: number },
): Promise<ProductRow[]> {
  const category = opts.category ? sql` and category = ${opts.category}` : sql``;
  return queryRows<ProductRow>(
    db,
    sql`select ${sql.raw(LIST_COLUMNS)} from products where ${where}${category} order by id limit ${opts.limit} offset ${opts.offset}`,
  );
}
