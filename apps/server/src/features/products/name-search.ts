import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { buildSynonymIndex, productNameColumns, type SynonymIndex } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { partSynonyms, products } from './schema.js';

/**
 * What the Korean name search reads beside the products (docs/search.md#korean-name-search): the
 * synonym table, kept per process, and the name's stored search forms (compact, 초성, jamo) that its
 * LIKE conditions match, filled for rows written without them. The search itself is word-search.ts.
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
