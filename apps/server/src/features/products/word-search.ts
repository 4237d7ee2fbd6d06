import { sql, type SQL } from 'drizzle-orm';
import {
  compactName,
  jamoDistanceWithin,
  looseJamo,
  nameQuery,
  searchWords,
  typoBudget,
  wordChosung,
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
const WORD_SIMILARITY = 0.3;
/** At most this many matching rows are ranked (in id order); later pages beyond them page by id. */
export const RANKED_ROWS = 200;

type Level = 'exact' | 'split' | 'loose' | 'similar';

interface WordPlan {
  word: string;
  jamo: string;
  chosung: boolean;
  /** The jamo (or 초성) patterns of the word and its synonyms, the word's own first. */
  patterns: string[];
  /** Whether every pattern is long enough for the trigram index. */
  indexed: boolean;
  level: Level;
  /** For level 'split': the two words a compound was read as ('어퍼암' → 어퍼, 암). */
  parts?: [WordPlan, WordPlan];
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
  if (w.level === 'split' && w.parts)
    return sql`(${wordCondition(w.parts[0], false)} and ${wordCondition(w.parts[1], false)})`;
  if (w.level === 'similar') {
    const loose = [...looseJamo(w.jamo)];
    // Two typos allowed in a long word: pg_trgm's word similarity (threshold set by the caller).
    if (typoBudget(loose.length) > 1) return sql`${w.jamo} <% name_jamo`;
    // One jamo replaced, missing or extra, beyond the loose folding: a LIKE pattern per position,
    // each with a wildcard the trigram index reads around.
    const at = (i: number, j: number) => escapeLike(loose.slice(i, j).join(''));
    const patterns = new Set<string>();
    for (let i = 0; i <= loose.length; i++) {
      if (i < loose.length) patterns.add(`%${at(0, i)}_${at(i + 1, loose.length)}%`);
      if (i < loose.length) patterns.add(`%${at(0, i)}${at(i + 1, loose.length)}%`);
      patterns.add(`%${at(0, i)}_${at(i, loose.length)}%`);
    }
    return sql`(${sql.join(
      [...patterns].map((p) => sql`name_loose like ${p}`),
      sql` or `,
    )})`;
  }
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
  // With a typo, the names nearest it first (the trigram index gives more candidates than one edit allows).
  const similar = words.find((w) => w.level === 'similar' && typoBudget([...w.jamo].length) > 1);
  const order = similar ? sql`word_similarity(${similar.jamo}, name_jamo) desc, id` : sql`id`;
  const select = sql`select id, name, name_jamo as "nameJamo", name_chosung as "nameChosung" from products
    where ${where} order by ${order} limit ${limit}`;
  if (!similar) return queryRows<Candidate>(db, select);
  // The threshold is set for this transaction only; the trigram index answers `<%` with it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return queryRows<Candidate>(tx, select);
  });
}

async function anyMatch(db: Db, w: WordPlan): Promise<boolean> {
  const run = (x: Db | Tx) =>
    queryRows<{ hit: boolean }>(x, sql`select exists(select 1 from products where ${wordCondition(w, false)}) as hit`);
  if (w.level !== 'similar' || typoBudget([...w.jamo].length) < 2) return (await run(db))[0]?.hit ?? false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
    return (await run(tx))[0]?.hit ?? false;
  });
}

/**
 * Adjacent words that together are a synonym term become one ('land rover' → landrover,
 * 'mercedes benz' → mercedesbenz): a Latin term of two words is still one word of a name.
 */
function joinSynonymTerms(words: string[], index: SynonymIndex): string[] {
  const terms = new Set(index.terms.map((t) => t.term));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let joined = false;
    for (const n of [3, 2]) {
      const together = words.slice(i, i + n).join('');
      if (i + n <= words.length && terms.has(together)) {
        out.push(together);
        i += n - 1;
        joined = true;
        break;
      }
    }
    if (!joined) out.push(words[i]!);
  }
  return out;
}

/**
 * A word of three or more syllables that no name has may be a compound whose parts a name has
 * apart ('어퍼암' in '어퍼 컨트롤 암'): the first split (at a syllable, each side at least three
 * jamo) whose two sides some product has together. Sets the word's level to 'split'.
 */
async function splitCompound(db: Db, w: WordPlan, index: SynonymIndex): Promise<boolean> {
  const syllables = [...w.word];
  if (syllables.length < 3 || !/^[\uac00-\ud7a3]+$/u.test(w.word)) return false;
  for (let at = 1; at < syllables.length; at++) {
    const left = planWord(syllables.slice(0, at).join(''), index);
    const right = planWord(syllables.slice(at).join(''), index);
    if (!left || !right || !left.indexed || !right.indexed) continue;
    const trial: WordPlan = { ...w, level: 'split', parts: [left, right] };
    if (await anyMatch(db, trial)) {
      Object.assign(w, trial);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- ranking

interface NameShape {
  /** Each word of the name in jamo, and its 초성. */
  words: { jamo: string; chosung: string }[];
  /** The last word outside parentheses (what the part is: '… 브레이크 패드', '… 쇼바 (쇼크업소버)'). */
  head: { jamo: string; chosung: string };
  /** The name's syllables and letters. */
  letters: Set<string>;
}

const splitName = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const shapeOf = (w: string) => ({ jamo: wordJamo(w), chosung: wordChosung(w) });

function nameShape(name: string): NameShape {
  const plain = splitName(name.replace(/\([^)]*\)/g, ' '));
  return {
    words: splitName(name).map(shapeOf),
    head: plain.length ? shapeOf(plain[plain.length - 1]!) : { jamo: '', chosung: '' },
    letters: new Set(compactName(name)),
  };
}

interface Scored {
  id: number;
  score: number;
  reason?: string;
  similar: boolean;
}

interface WordScore {
  score: number;
  reason?: string;
  similar?: boolean;
}

/**
 * How well a name matches one word: as typed (3) over a synonym (2.5), 초성 (2), a compound read as
 * two words (2), the loose spelling (1.5) and a typo (1.2 less 0.1 an edit); more where the word
 * starts a word of the name, and most where it is what the part is (the name's head word ends with
 * it). Null when a typo candidate is further than the word's typo budget.
 */
function wordScore(row: Candidate, shape: NameShape, w: WordPlan, last: boolean): WordScore | null {
  if (w.level === 'split' && w.parts) {
    const a = wordScore(row, shape, w.parts[0], false);
    const b = wordScore(row, shape, w.parts[1], last);
    if (!a || !b) return null;
    return {
      score: (a.score + b.score) / 2 - 0.5,
      ...(a.reason ? { reason: a.reason } : b.reason ? { reason: b.reason } : {}),
    };
  }
  if (w.chosung) {
    let s = 2;
    if (shape.words.some((x) => x.chosung.startsWith(w.jamo))) s += 0.5;
    if (shape.head.chosung.endsWith(w.jamo) || (last && shape.head.chosung.startsWith(w.jamo))) s += 2;
    return { score: s };
  }
  let s: number;
  let matched = w.jamo;
  let reason: string | undefined;
  let similar = false;
  if (w.level === 'exact') {
    if (row.nameJamo.includes(w.jamo)) s = 3;
    else {
      matched = w.patterns.find((p) => row.nameJamo.includes(p)) ?? w.jamo;
      // A synonym: more the more of the typed word's syllables the name has ('로어암' → 로어 컨트롤 암 over 어퍼 컨트롤 암).
      const typed = [...w.word];
      s = 2.5 + (0.5 * typed.filter((c) => shape.letters.has(c)).length) / typed.length;
      reason = `동의어 (${w.word} → ${synonymShown(row.name, matched)})`;
    }
  } else {
    const d = jamoDistanceWithin(looseJamo(w.jamo), looseJamo(row.nameJamo));
    if (w.level === 'similar' && d > typoBudget([...w.jamo].length)) return null;
    s = w.level === 'loose' ? 1.5 : 1.2 - 0.1 * d;
    similar = true;
    reason = `비슷한 이름 (${w.word} → ${nearestWord(row.name, w.jamo)})`;
    matched = '';
  }
  const near = (x: string) => (matched ? x.includes(matched) : jamoDistanceWithin(w.jamo, x) <= 1);
  if (shape.words.some((x) => (matched ? x.jamo.startsWith(matched) : near(x.jamo)))) s += 0.5;
  const head = shape.head.jamo;
  if (head !== '' && (matched ? head.endsWith(matched) || (last && head.startsWith(matched)) : near(head))) s += 2;
  return { score: s, ...(reason ? { reason } : {}), ...(similar ? { similar } : {}) };
}

/** How a row matched every word, or null when a typo candidate is further than a typo away. */
function score(row: Candidate, words: WordPlan[]): Scored | null {
  const shape = nameShape(row.name);
  let total = 0;
  let reason: string | undefined;
  let similar = false;
  for (const [i, w] of words.entries()) {
    const s = wordScore(row, shape, w, i === words.length - 1);
    if (!s) return null;
    total += s.score;
    reason ??= s.reason;
    if (s.similar) similar = true;
  }
  return { id: row.id, score: total, similar, ...(reason ? { reason } : {}) };
}

/** The word of a name whose jamo hold `jamo`, as written (for a reason shown to the buyer). */
function synonymShown(name: string, jamo: string): string {
  return splitName(name).find((w) => wordJamo(w).includes(jamo)) ?? compactName(name);
}

/** The word of a name nearest a typed word (for '비슷한 이름 (헤드렘프 → 헤드램프)'). */
function nearestWord(name: string, jamo: string): string {
  let best = '';
  let bestD = Infinity;
  for (const w of splitName(name)) {
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
  const words = joinSynonymTerms(searchWords(keyword), index)
    .map((w) => planWord(w, index))
    .filter((w): w is WordPlan => w !== null);
  if (words.length === 0) return { hits: [], more: false, similar: false };
  const limit = Math.max(RANKED_ROWS, opts.page * opts.size + 1);
  let rows = await candidates(db, words, opts.category, limit);
  if (rows.length === 0 && opts.typos !== 'none') {
    // Nothing has every word as typed: a word no product has at all is read as a compound of two
    // words ('어퍼암'), else taken with a typo.
    let changed = false;
    for (const w of words) {
      if (w.chosung || !w.indexed || (await anyMatch(db, w))) continue;
      if (await splitCompound(db, w, index)) {
        changed = true;
        continue;
      }
      if (!typoAllowed(w)) continue;
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
  return { hits, more, similar: words.some((w) => w.level === 'loose' || w.level === 'similar') };
}
