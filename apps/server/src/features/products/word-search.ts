import { sql, type SQL } from 'drizzle-orm';
import {
  compactName,
  jamoDistanceWithin,
  looseJamo,
  nameQuery,
  searchWords,
  typoBudget,
  wordJamo,
  type SynonymIndex,
} from '@partsmall/contract';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { LIST_COLUMNS } from './columns.js';
import type { ProductRow } from './rows.js';

/**
 * Name search by words (docs/search.md#words-in-any-order): each word of a query is matched on its
 * own (as typed, its synonyms, its 초성, a half-typed last syllable) and every word must match, in
 * any order; a word that matches no product at all is then taken with the typos Korean typists make
 * (the loose column: ㅐ/ㅔ, ㅔ/ㅖ, double consonants), else one jamo edit away (pg_trgm's word
 * similarity on the jamo column, each candidate checked by jamo edit distance). Every condition is
 * a LIKE or `<%` that a trigram or prefix index answers, so no word scans the table.
 */

/** Patterns shorter than this cannot be served by a trigram index. */
const TRIGRAM = 3;
/** pg_trgm's word similarity a typo candidate needs (checked by jamo edit distance after). */
const WORD_SIMILARITY = 0.4;
/** At most this many matching rows are ranked (in id order); later pages beyond them page by id. */
export const RANKED_ROWS = 500;

type Level = 'exact' | 'loose' | 'similar';

interface WordPlan {
  word: string;
  jamo: string;
  chosung: boolean;
  /** The jamo (or 초성) patterns of the word and its synonyms, the word's own first. */
  patterns: string[];
  /** Whether every pattern is long enough for the trigram index. */
  indexed: boolean;
  level: Level;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (p: string) => `%${escapeLike(p)}%`;

function planWord(word: string, index: SynonymIndex): WordPlan | null {
  const q = nameQuery(word, index);
  if (!q) return null;
  const chosung = q.column === 'name_chosung';
  return {
    word,
    jamo: chosung ? q.patterns[0]! : wordJamo(word),
    chosung,
    patterns: q.patterns,
    indexed: q.patterns.every((p) => [...p].length >= TRIGRAM),
    level: 'exact',
  };
}

/** Whether a word may be looked for with a typo: Hangul or Latin of at least four jamo, not 초성. */
const typoAllowed = (w: WordPlan) => !w.chosung && w.indexed && typoBudget([...w.jamo].length) > 0;

function wordCondition(w: WordPlan, prefixOnly: boolean): SQL {
  if (w.level === 'similar') return sql`${w.jamo} <% name_jamo`;
  if (w.level === 'loose') {
    const parts = [...new Set(w.patterns.map(looseJamo))].map((p) => sql`name_loose like ${contains(p)}`);
    return sql`(${sql.join(parts, sql` or `)})`;
  }
  const column = sql.raw(w.chosung ? 'name_chosung' : 'name_jamo');
  const parts = w.patterns.map((p) => sql`${column} like ${prefixOnly ? `${escapeLike(p)}%` : contains(p)}`);
  // A row written without its search forms (by SQL outside the shop's code, until the start fills
  // them) is found by its name itself; the btree on name_jamo finds those rows, so this scans nothing.
  if (!w.chosung) parts.push(sql`(name_jamo = '' and name ilike ${contains(w.word)})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

interface Candidate {
  id: number;
  name: string;
  nameJamo: string;
  nameChosung: string;
}

/** The WHERE of all words: a query of short words only matches the first at the start of a name (a prefix index serves it). */
function whereOf(words: WordPlan[], category: string | undefined): SQL {
  const anyIndexed = words.some((w) => w.indexed);
  const conds = words.map((w, i) => wordCondition(w, !anyIndexed && i === 0));
  if (category) conds.push(sql`category = ${category}`);
  return sql.join(conds, sql` and `);
}

async function candidates(db: Db | Tx, words: WordPlan[], category: string | undefined, limit: number) {
  const where = whereOf(words, category);
  const select = sql`select id, name, name_jamo as "nameJamo", name_chosung as "nameChosung" from products
    where ${where} order by id limit ${limit}`;
  if (!words.some((w) => w.level === 'similar')) return queryRows<Candidate>(db, select);
  // The threshold is set for this transaction only; the trigram index answers `<%` with it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return queryRows<Candidate>(tx, select);
  });
}

async function anyMatch(db: Db, w: WordPlan): Promise<boolean> {
  const run = (x: Db | Tx) =>
    queryRows<{ hit: boolean }>(x, sql`select exists(select 1 from products where ${wordCondition(w, false)}) as hit`);
  if (w.level !== 'similar') return (await run(db))[0]?.hit ?? false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return (await run(tx))[0]?.hit ?? false;
  });
}

// ---------------------------------------------------------------- ranking

/** The words of a name, each in jamo, and its head (the last word outside parentheses: what the part is). */
function nameWords(name: string): { words: string[]; head: string } {
  const outside = name.replace(/\([^)]*\)/g, ' ');
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => wordJamo(w));
  const plain = outside.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return { words, head: plain.length ? wordJamo(plain[plain.length - 1]!) : '' };
}

interface Scored {
  id: number;
  score: number;
  reason?: string;
  similar: boolean;
}

/** How a row matched each word, or null when a typo candidate is further than a typo away. */
function score(row: Candidate, words: WordPlan[]): Scored | null {
  const { words: parts, head } = nameWords(row.name);
  let total = 0;
  let reason: string | undefined;
  let similar = false;
  for (const w of words) {
    let s: number;
    let matched = w.jamo;
    if (w.chosung) {
      s = 2;
    } else if (w.level === 'exact') {
      if (row.nameJamo.includes(w.jamo)) s = 3;
      else {
        matched = w.patterns.find((p) => row.nameJamo.includes(p)) ?? w.jamo;
        s = 2.5;
        reason ??= `동의어 (${w.word} → ${synonymShown(row.name, matched)})`;
      }
    } else {
      const d = jamoDistanceWithin(w.jamo, row.nameJamo);
      if (w.level === 'similar' && d > typoBudget([...w.jamo].length)) return null;
      s = w.level === 'loose' ? 1.5 : 1.2 - 0.1 * d;
      similar = true;
      const near = nearestWord(row.name, w.jamo);
      reason ??= `비슷한 이름 (${w.word} → ${near})`;
    }
    total += s;
    // A word that is where a name word starts, and a word that names what the part is (the head), count more.
    if (parts.some((p) => p.startsWith(matched))) total += 0.5;
    if (head !== '' && (head.includes(matched) || (w.level !== 'exact' && jamoDistanceWithin(w.jamo, head) <= 1)))
      total += 2;
  }
  return { id: row.id, score: total, similar, ...(reason ? { reason } : {}) };
}

/** The word of a name whose jamo hold `jamo`, as written (for a reason shown to the buyer). */
function synonymShown(name: string, jamo: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.find((w) => wordJamo(w).includes(jamo)) ?? compactName(name);
}

/** The word of a name nearest a typed word (for '비슷한 이름 (헤드렘프 → 헤드램프)'). */
function nearestWord(name: string, jamo: string): string {
  let best = '';
  let bestD = Infinity;
  for (const w of name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
    const d = jamoDistanceWithin(jamo, wordJamo(w)) + Math.abs([...wordJamo(w)].length - [...jamo].length) * 0.01;
    if (d < bestD) {
      bestD = d;
      best = w;
    }
  }
  return best;
}

// ---------------------------------------------------------------- search

export interface WordSearchHit {
  row: ProductRow;
  similar: boolean;
  reason?: string;
}

export interface WordSearch {
  hits: WordSearchHit[];
  more: boolean;
  /** Some word was taken with a typo. */
  similar: boolean;
}

/**
 * A page of products matching every word of `keyword`, best first: the products whose name holds
 * each word as typed before those found through a synonym, 초성 or a typo, and among them those
 * where a word names what the part is (the last word of the name) and where words start a name's word.
 * `typos`: 'all' (the grid), 'loose' (suggestions: only the typos an index lookup finds) or 'none'.
 */
export async function searchByWords(
  db: Db,
  keyword: string,
  index: SynonymIndex,
  opts: { category?: string | undefined; page: number; size: number; typos: 'all' | 'loose' | 'none' },
): Promise<WordSearch> {
  const words = searchWords(keyword)
    .map((w) => planWord(w, index))
    .filter((w): w is WordPlan => w !== null);
  if (words.length === 0) return { hits: [], more: false, similar: false };
  const limit = Math.max(RANKED_ROWS, opts.page * opts.size + 1);
  let rows = await candidates(db, words, opts.category, limit);
  if (rows.length === 0 && opts.typos !== 'none') {
    // Nothing has every word as typed: a word no product has at all is taken with a typo.
    let changed = false;
    for (const w of words) {
      if (!typoAllowed(w) || (await anyMatch(db, w))) continue;
      w.level = 'loose';
      if (await anyMatch(db, w)) {
        changed = true;
        continue;
      }
      if (opts.typos === 'all') {
        w.level = 'similar';
        changed = true;
      } else w.level = 'exact';
    }
    if (changed) rows = await candidates(db, words, opts.category, limit);
  }
  const scored: Scored[] = [];
  for (const row of rows) {
    const s = score(row, words);
    if (s) scored.push(s);
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const from = (opts.page - 1) * opts.size;
  const page = scored.slice(from, from + opts.size);
  const more = scored.length > from + opts.size || rows.length === limit;
  if (page.length === 0) return { hits: [], more: false, similar: false };
  const ids = page.map((s) => s.id);
  const full = await queryRows<ProductRow>(
    db,
    sql`select ${sql.raw(LIST_COLUMNS)} from products where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(full.map((r) => [r.seq, r]));
  const hits: WordSearchHit[] = [];
  for (const s of page) {
    const row = byId.get(s.id);
    if (row) hits.push({ row, similar: s.similar, ...(s.reason ? { reason: s.reason } : {}) });
  }
  return { hits, more, similar: words.some((w) => w.level !== 'exact') };
}
