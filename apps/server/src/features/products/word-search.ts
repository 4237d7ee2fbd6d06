import { sql, type SQL } from 'drizzle-orm';
import {
  compactName,
  jamoDistanceWithin,
  jamoForm,
  looseJamo,
  nameQuery,
  searchWords,
  typoBudget,
  wordChosung,
  wordJamo,
  type SynonymIndex,
} from '@partsmall/contract';
import { type Db, type Tx } from '../../db/client.js';
import { preparedFor, runPrepared } from '../../db/prepared.js';
import { LIST_COLUMNS } from './columns.js';
import type { ProductRow } from './rows.js';

/**
 * Name search by words (docs/search.md#words-in-any-order): each word of a query is matched on its
 * own (as typed, its synonyms, its 초성, a half-typed last syllable) and every word must match, in
 * any order; a word that matches no product at all is then taken with the typos Korean typists make
 * (the loose column: ㅐ/ㅔ, ㅔ/ㅖ, double consonants), else one jamo edit away: corrected first
 * against a sample of the names within the edit (correctTypo), then searched as its corrections.
 * Every condition is a LIKE that a trigram or prefix index answers, so no word scans the table.
 */

/** Patterns shorter than this cannot be served by a trigram index. */
const TRIGRAM = 3;
/** pg_trgm's word similarity a long word's typo candidate needs (checked by jamo edit distance after). */
const WORD_SIMILARITY = 0.3;
/** Names read to correct a typo (docs/search.md#typos), and corrections kept of them. */
const TYPO_SAMPLE = 30;
const MAX_CORRECTIONS = 8;
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
  /** For level 'similar': the loose spellings names have within the word's typo budget ('써머스탯' → 써모스탯's). */
  corrections?: string[];
  /** looseJamo of `jamo`, once the ranking asked for it. */
  loose?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (p: string) => `%${escapeLike(p)}%`;

/**
 * A statement of this search as a prepared statement named by its text (docs/search.md#what-a-search-costs):
 * the patterns are parameters, so a search's few statement shapes are planned once per connection;
 * planned anew, each cost 1-1.5 ms of the database's time (the trigram indexes' estimates).
 */
function queryPrepared<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(query);
  return runPrepared<T>(db, preparedFor('word_search', text), params);
}

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

/**
 * Whether a word may be looked for with a typo: Hangul or Latin of at least four jamo, not 초성, and
 * not a part number (a digit and no Hangul: part numbers are never fuzzy).
 */
const typoAllowed = (w: WordPlan) =>
  !w.chosung &&
  w.indexed &&
  typoBudget([...w.jamo].length) > 0 &&
  !(/\d/.test(w.word) && !/\p{Script=Hangul}/u.test(w.word));

/** A text[] parameter as PostgreSQL's array literal (Drizzle would spread a JS array into a list). */
const textArray = (items: readonly string[]) =>
  `{${items.map((i) => `"${i.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * The column a condition reads: as itself for an index to answer it, or as an expression no index
 * has, so that it only filters the rows the other words' index entries found (see whereOf).
 */
const columnOf = (name: 'name_jamo' | 'name_chosung' | 'name_loose', filter: boolean) =>
  sql.raw(filter ? `(${name} || '')` : name);

/**
 * One word's condition: `column like any(patterns)`, which the trigram index answers in one scan
 * together with the other words on the same column (its entries intersected there, not row by row).
 */
function wordCondition(w: WordPlan, prefixOnly: boolean, filter = false): SQL {
  if (w.level === 'split' && w.parts)
    return sql`(${wordCondition(w.parts[0], false, filter)} and ${wordCondition(w.parts[1], false, filter)})`;
  const anyOf = (name: 'name_jamo' | 'name_chosung' | 'name_loose', patterns: string[]) =>
    sql`${columnOf(name, filter)} like any(${textArray(patterns)}::text[])`;
  if (w.level === 'similar' && w.corrections) {
    if (w.corrections.length === 0) return sql`false`;
    return anyOf('name_loose', w.corrections.map(contains));
  }
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
    return anyOf('name_loose', [...patterns]);
  }
  if (w.level === 'loose') return anyOf('name_loose', [...new Set(w.patterns.map(looseJamo))].map(contains));
  const name = w.chosung ? 'name_chosung' : 'name_jamo';
  if (!prefixOnly) return anyOf(name, w.patterns.map(contains));
  // At the start of a name: the prefix btree, which reads a LIKE of one pattern only.
  const parts = w.patterns.map((p) => sql`${columnOf(name, filter)} like ${`${escapeLike(p)}%`}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

interface Candidate {
  id: number;
  name: string;
  nameJamo: string;
}

/** At most this many index scans for a query: each word's spellings multiply them (like any() on one index). */
const MAX_INDEX_SCANS = 64;

/**
 * The WHERE of all words: a query of short words only matches the first at the start of a name (a
 * prefix index serves it). The words whose spellings multiply the index scans past MAX_INDEX_SCANS
 * (most spellings first) only filter. A row written without its search forms (by SQL outside the
 * shop's code, until the start fills them) is found by its name itself, through the btree on
 * name_jamo, so this scans nothing. `indexedOnly`: the words an index answers only (none: true).
 */
function whereOf(words: WordPlan[], category: string | undefined, indexedOnly = false): SQL {
  const anyIndexed = words.some((w) => w.indexed);
  const spellings = (w: WordPlan) => (w.level === 'split' ? 1 : (w.corrections?.length ?? w.patterns.length));
  // A word with a spelling too short for trigrams (`mb`, `우`) would make its index scan read every entry.
  const filters = new Set<WordPlan>(words.filter((w, i) => !w.indexed && (anyIndexed || i > 0)));
  let scans = words.reduce((n, w) => (filters.has(w) ? n : n * Math.max(1, spellings(w))), 1);
  for (const w of [...words].filter((x) => !filters.has(x)).sort((a, b) => spellings(b) - spellings(a))) {
    if (scans <= MAX_INDEX_SCANS) break;
    filters.add(w);
    scans /= Math.max(1, spellings(w));
  }
  const used = indexedOnly ? words.filter((w) => !filters.has(w)) : words;
  if (used.length === 0) return sql`true`;
  let cond = sql.join(
    used.map((w) => wordCondition(w, !anyIndexed && w === words[0], filters.has(w))),
    sql` and `,
  );
  if (words.every((w) => w.level === 'exact' && !w.chosung)) {
    const byName = used.map((w) => sql`name ilike ${contains(w.word)}`);
    cond = sql`((${cond}) or (name_jamo = '' and ${sql.join(byName, sql` and `)}))`;
  }
  return category ? sql`${cond} and category = ${category}` : cond;
}

/** Rows walked in id order before a query is taken as sparse and read through its index entries instead. */
const WALK_ROWS = 1000;
/** Rows the words an index answers give to those it does not (docs/search.md#what-a-search-costs). */
const FILTERED_ROWS = 4000;
/** The longest second walk in id order, for a query dense enough to finish by walking on. */
const MAX_WALK_ROWS = 30_000;

const CANDIDATE_COLUMNS = sql.raw(`id, name, name_jamo as "nameJamo"`);

/** The matches among `rows` products in id order after id `after`: a walk that reads no more than `rows` rows. */
function walk(db: Db, where: SQL, after: number, rows: number, need: number) {
  return queryPrepared<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from (select id, name, name_jamo, name_chosung, name_loose, category from products
      where id > ${after} order by id limit ${rows}) products where ${where} order by id limit ${need}`,
  );
}

// ---------------------------------------------------------------- common words' windows

/**
 * A common word's matches among the first WINDOW_ROWS products, in id order
 * (docs/search.md#what-a-search-costs): a query of common words ('BMW 패드', 초성) walked 10,000
 * rows or more to find its first RANKED_ROWS products, testing every word's LIKE on each (0.7 µs a
 * row: 7-10 ms of the database for each search). Kept a minute per word, the first RANKED_ROWS ids
 * that every word's window holds are those the walk would find, and one lookup by id checks them.
 */
interface WordWindow {
  /** The matching ids, ascending. */
  ids: Int32Array;
  /** The last id walked: the window is every match up to it. */
  upTo: number;
}
const WINDOW_ROWS = 30_000;
const WINDOW_TTL_MS = 60_000;
const WINDOW_CACHE_SIZE = 200;

/** A value being worked out for a key, kept from when it was started; `value` once it is known. */
interface Pending<T> {
  at: number;
  promise: Promise<T>;
  value?: T;
}

/**
 * Values worked out per key, per database (a process may hold more than one: the tests), at most
 * `size` of them (the oldest goes first). One under way is kept too, so that the searches asking for
 * it meanwhile wait for it; a failed one is not kept: the next search asks again.
 */
function pendingCache<T>(size: number) {
  const caches = new WeakMap<Db, Map<string, Pending<T>>>();
  const of = (db: Db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    return cache;
  };
  const start = (db: Db, key: string, promise: Promise<T>): Pending<T> => {
    const cache = of(db);
    const entry: Pending<T> = { at: Date.now(), promise };
    if (cache.size >= size) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
    promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry;
  };
  return { of, start };
}

const windowCache = pendingCache<WordWindow | null>(WINDOW_CACHE_SIZE);

/** One word's own condition as used in a query (with the name for rows without their forms), and its key. */
function windowCondition(db: Db, w: WordPlan, prefixOnly: boolean): { cond: SQL; key: string } {
  let cond = wordCondition(w, prefixOnly);
  if (w.level === 'exact' && !w.chosung) cond = sql`(${cond} or (name_jamo = '' and name ilike ${contains(w.word)}))`;
  const { sql: text, params } = (
    db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }
  ).dialect.sqlToQuery(cond);
  return { cond, key: `${text}\u0000${JSON.stringify(params)}` };
}

/** Builds the windows of the words that have none (once each at a time); errors are only logged by the next build. */
function buildWindows(db: Db, words: WordPlan[]): void {
  const cache = windowCache.of(db);
  const anyIndexed = words.some((w) => w.indexed);
  for (const w of words) {
    const { cond, key } = windowCondition(db, w, !anyIndexed && w === words[0]);
    const known = cache.get(key);
    if (known && Date.now() - known.at < WINDOW_TTL_MS) continue;
    windowCache.start(
      db,
      key,
      queryPrepared<{ ids: number[] | null; upTo: number | null }>(
        db,
        sql`select array_agg(id order by id) filter (where ${cond}) as ids, max(id) as "upTo" from (
          select id, name, name_jamo, name_chosung, name_loose from products order by id limit ${WINDOW_ROWS}) products`,
      ).then(([row]) => (row?.upTo == null ? null : { ids: Int32Array.from(row.ids ?? []), upTo: row.upTo })),
    );
  }
}

/**
 * The first `limit` products matching every word, from the words' windows, checked by one lookup of
 * their ids with the whole condition; null when a word has no window yet, or the windows hold fewer
 * than `limit` products of every word (the walk goes on from there), or a product changed since.
 */
async function byWindows(db: Db, words: WordPlan[], where: SQL, limit: number): Promise<Candidate[] | null> {
  const cache = windowCache.of(db);
  const anyIndexed = words.some((w) => w.indexed);
  const lists: WordWindow[] = [];
  for (const w of words) {
    const known = cache.get(windowCondition(db, w, !anyIndexed && w === words[0]).key);
    if (!known?.value || Date.now() - known.at >= WINDOW_TTL_MS) return null;
    lists.push(known.value);
  }
  lists.sort((a, b) => a.ids.length - b.ids.length);
  const upTo = Math.min(...lists.map((l) => l.upTo));
  const others = lists.slice(1).map((l) => ({ ids: l.ids, at: 0 }));
  const ids: number[] = [];
  for (const id of lists[0]!.ids) {
    if (id > upTo || ids.length >= limit) break;
    let inAll = true;
    for (const o of others) {
      while (o.at < o.ids.length && o.ids[o.at]! < id) o.at++;
      if (o.ids[o.at] !== id) {
        inAll = false;
        break;
      }
    }
    if (inAll) ids.push(id);
  }
  if (ids.length < limit) return null;
  const rows = await queryPrepared<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from products where id = any(${`{${ids.join(',')}}`}::int[]) and ${where} order by id`,
  );
  return rows.length === limit ? rows : null;
}

/**
 * At most `limit` products matching every word (docs/search.md#what-a-search-costs), read so that
 * no query walks the table: the planner, left to itself, walks it in id order until `limit` rows
 * match, and reads all of it when words each common have no product together ('패드 필터': 3.5 s at
 * a million products). So: the first WALK_ROWS products in id order; a query that matched often
 * there (1 % or more) walks on as far as its density says it needs; any other is read through the
 * index entries of its words alone (byIndexOnly), in the table's order, as many rows as the limit.
 */
async function candidates(db: Db, words: WordPlan[], category: string | undefined, limit: number) {
  const where = whereOf(words, category);
  const known = await byWindows(db, words, where, limit);
  if (known) return known;
  const first = await walk(db, where, 0, WALK_ROWS, limit);
  // A query of common words: the windows of its words answer the next ones.
  if (first.length * 100 >= WALK_ROWS) buildWindows(db, words);
  if (first.length >= limit) return first;
  if (first.length * 100 >= WALK_ROWS) {
    const need = limit - first.length;
    const rows = Math.min(MAX_WALK_ROWS, Math.ceil((2 * need * WALK_ROWS) / first.length));
    first.push(...(await walk(db, where, first[first.length - 1]!.id, rows, need)));
    if (first.length >= limit) return first;
  }
  // Words no name has together ('패드 필터'): the distinct names say so, where the products' index
  // entries of two common words take 10-30 ms to intersect.
  if (first.length === 0 && !(await anyNameForm(db, words))) return first;
  const seen = new Set(first.map((r) => r.id));
  // The words no index answers (a spelling too short for trigrams: `mb`) filter the first
  // FILTERED_ROWS rows the others' index entries give: 'BMW 벤츠' reads 4,000 BMW rows, not 166,000.
  const indexed = whereOf(words, category, true);
  const more = await byIndexOnly<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from (select id, name, name_jamo, name_chosung, name_loose, category from products
      where ${indexed} limit ${FILTERED_ROWS}) products where ${where} limit ${limit + seen.size}`,
  );
  for (const r of more) if (first.length < limit && !seen.has(r.id)) first.push(r);
  return first;
}

/**
 * Whether some product's name may match every word: the words on the distinct search forms of the
 * names (product_name_forms, migration 0026: a row per distinct name, never missing one a product
 * has), or a row written without its forms by its name. Through the indexes only.
 */
async function anyNameForm(db: Db, words: WordPlan[]): Promise<boolean> {
  // pg_trgm's word similarity needs its threshold set: such a word is left to the products' search.
  if (words.some((w) => w.level === 'similar' && !w.corrections)) return true;
  const anyIndexed = words.some((w) => w.indexed);
  const forms = sql.join(
    words.map((w) => wordCondition(w, !anyIndexed && w === words[0])),
    sql` and `,
  );
  const byName = words.every((w) => w.level === 'exact' && !w.chosung)
    ? sql` or exists(select 1 from products where name_jamo = '' and ${sql.join(
        words.map((w) => sql`name ilike ${contains(w.word)}`),
        sql` and `,
      )})`
    : sql``;
  const [row] = await byIndexOnly<{ hit: boolean }>(
    db,
    sql`select exists(select 1 from product_name_forms where ${forms})${byName} as hit`,
  );
  return row?.hit ?? true;
}

/**
 * The stretches of `text` (jamo) nearest `word` (jamo) within `budget` edits, as written in `text`:
 * the alignment of jamoDistanceWithin, keeping where each match starts. Of the nearest, the one
 * closest to the word's length.
 */
export function nearestStretch(word: string, text: string, budget: number): string | null {
  const x = [...word];
  const y = [...text];
  let cost = new Array<number>(y.length + 1).fill(0);
  let start = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const c = [i];
    const s = [0];
    for (let j = 1; j <= y.length; j++) {
      const diag = cost[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      const up = cost[j]! + 1;
      const left = c[j - 1]! + 1;
      if (diag <= up && diag <= left) {
        c[j] = diag;
        s[j] = start[j - 1]!;
      } else if (up <= left) {
        c[j] = up;
        s[j] = start[j]!;
      } else {
        c[j] = left;
        s[j] = s[j - 1]!;
      }
    }
    cost = c;
    start = s;
  }
  let best: string | null = null;
  let bestCost = budget + 1;
  for (let j = 1; j <= y.length; j++) {
    const stretch = y.slice(start[j]!, j).join('');
    const better =
      cost[j]! < bestCost ||
      (cost[j]! === bestCost &&
        best !== null &&
        Math.abs(j - start[j]! - x.length) < Math.abs([...best].length - x.length));
    if (better && stretch !== '') {
      best = stretch;
      bestCost = cost[j]!;
    }
  }
  return best;
}

/**
 * A word no name has even loosely (docs/search.md#typos): a sample of the names within its typo
 * budget (the LIKE patterns of one edit, or pg_trgm's word similarity for a long word) is read by
 * the trigram index alone — no ordering, so no walk of the table — and the stretches of those names
 * nearest the word become its corrections, searched as the word is. So a typo costs what the right
 * spelling costs, and a word nothing is near costs a few index lookups.
 */
async function correctTypo(db: Db, w: WordPlan): Promise<void> {
  const long = typoBudget([...w.jamo].length) > 1;
  // From the distinct names (product_name_forms): 30 names, not 30 copies of one, and a small index.
  const sample = sql`select distinct name_loose as loose from (select name_loose from product_name_forms
    where ${wordCondition({ ...w, level: 'similar', corrections: undefined }, false)} limit ${TYPO_SAMPLE}) s`;
  const rows = await byIndexOnly<{ loose: string }>(db, sample, long);
  const loose = looseJamo(w.jamo);
  const budget = typoBudget([...w.jamo].length);
  // The word's own spelling first: a product written with it later is found by the kept reading.
  const found = new Set<string>([loose]);
  for (const r of rows) {
    const stretch = nearestStretch(loose, r.loose, budget);
    if (stretch && [...stretch].length >= TRIGRAM) found.add(stretch);
    if (found.size > MAX_CORRECTIONS) break;
  }
  w.corrections = [...found];
}

/**
 * `query` read through the indexes only: in a transaction where a sequential scan and a walk in id
 * order are off. Whether a word exists, or which names are near a typo, must not read the table when
 * nothing matches (the planner, expecting a match soon, chose a scan of a million rows: 2 s).
 */
async function byIndexOnly<T>(db: Db, query: SQL, similarity = false): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)${
        similarity ? sql`, set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)` : sql``
      }`,
    );
    return queryPrepared<T>(tx, query);
  });
}

/** Rows walked in id order to find a common word before asking its index entries (ANY_WALK_ROWS). */
const ANY_WALK_ROWS = 1000;

/**
 * Whether any product matches a word: a common word is found in the first rows (`walkFirst`), any
 * other through its index entries (which, for a word in a third of the names, cost more than the walk).
 */
async function anyMatch(db: Db, w: WordPlan, walkFirst = true): Promise<boolean> {
  const where = whereOf([w], undefined);
  if (walkFirst && (await walk(db, where, 0, ANY_WALK_ROWS, 1)).length > 0) return true;
  // No distinct name has it: no product has it (the common answer for a typo, without the products' index).
  if (!(await anyNameForm(db, [w]))) return false;
  const [row] = await byIndexOnly<{ hit: boolean }>(
    db,
    sql`select exists(select 1 from products where ${where}) as hit`,
  );
  return row?.hit ?? false;
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
    // Two words together are rarely common: their index entries answer.
    if (await anyMatch(db, trial, false)) {
      Object.assign(w, trial);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------- ranking

interface NameWord extends Distances {
  /** As written in the name (for a reason shown to the buyer). */
  text: string;
  jamo: string;
  chosung: string;
  /** The jamo's letters (code points). */
  letters: number;
}

/**
 * A name word's or a name's distances to the typo words ranked against it (docs/search.md#what-a-search-costs):
 * the same typo meets the same names search after search, and an edit distance per name word per
 * search was most of a typo's CPU. Kept with the name's shape, a few words at most.
 */
interface Distances {
  distances?: Map<string, number>;
}
const DISTANCES_KEPT = 32;

/** jamoDistanceWithin(word, of.jamo or text), kept on `of`. */
function distanceWithin(of: Distances, word: string, text: string): number {
  let known = of.distances?.get(word);
  if (known === undefined) {
    known = jamoDistanceWithin(word, text);
    of.distances ??= new Map();
    if (of.distances.size >= DISTANCES_KEPT) of.distances.clear();
    of.distances.set(word, known);
  }
  return known;
}

interface NameShape extends Distances {
  /** nearestWord of the typo words ranked against the name. */
  nearest?: Map<string, string>;
  /** Each word of the name. */
  words: NameWord[];
  /** The last word outside parentheses (what the part is: '… 브레이크 패드', '… 쇼바 (쇼크업소버)'). */
  head: NameWord;
  /** The name's syllables and letters (compactName). */
  letters: string;
  /** looseJamo of the name's jamo. */
  loose: string;
}

const splitName = (s: string) => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const letterCount = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
const nameWord = (text: string): NameWord => {
  const jamo = wordJamo(text);
  return { text, jamo, chosung: wordChosung(text), letters: letterCount(jamo) };
};
const NO_WORD: NameWord = { text: '', jamo: '', chosung: '', letters: 0 };

/**
 * The shapes of names ranked lately, by name (docs/search.md#what-a-search-costs): decomposing a
 * name's words into jamo and 초성 was most of a common query's CPU (3-4 ms for 200 rows), and the
 * names a common word finds are the same from one search to the next. Bounded; oldest out first.
 */
const shapes = new Map<string, NameShape>();
const SHAPE_CACHE_SIZE = 20_000;

function nameShape(name: string): NameShape {
  const known = shapes.get(name);
  if (known) return known;
  const plain = splitName(name.replace(/\([^)]*\)/g, ' '));
  const words = splitName(name).map(nameWord);
  const last = plain[plain.length - 1];
  const shape: NameShape = {
    words,
    head: last === undefined ? NO_WORD : (words.find((w) => w.text === last) ?? nameWord(last)),
    letters: compactName(name),
    loose: looseJamo(jamoForm(name)),
  };
  if (shapes.size >= SHAPE_CACHE_SIZE) shapes.delete(shapes.keys().next().value!);
  shapes.set(name, shape);
  return shape;
}

/** How a name matched every word: the same for every row of the name. */
interface NameScore {
  score: number;
  /** Why the row came up, written only for the rows of the page shown (once per name). */
  reason?: () => string;
  similar: boolean;
}

interface Scored {
  id: number;
  /** Shared by the rows of one name (not copied per row). */
  of: NameScore;
}

interface WordScore {
  score: number;
  reason?: () => string;
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
    const reason = a.reason ?? b.reason;
    return { score: (a.score + b.score) / 2 - 0.5, ...(reason ? { reason } : {}) };
  }
  if (w.chosung) {
    let s = 2;
    if (shape.words.some((x) => x.chosung.startsWith(w.jamo))) s += 0.5;
    if (shape.head.chosung.endsWith(w.jamo) || (last && shape.head.chosung.startsWith(w.jamo))) s += 2;
    return { score: s };
  }
  let s: number;
  let matched = w.jamo;
  let reason: (() => string) | undefined;
  let similar = false;
  if (w.level === 'exact') {
    if (row.nameJamo.includes(w.jamo)) s = 3;
    else {
      const synonym = w.patterns.find((p) => row.nameJamo.includes(p)) ?? w.jamo;
      matched = synonym;
      // A synonym: more the more of the typed word's syllables the name has ('로어암' → 로어 컨트롤 암 over 어퍼 컨트롤 암).
      const typed = [...w.word];
      s = 2.5 + (0.5 * typed.filter((c) => shape.letters.includes(c)).length) / typed.length;
      reason = () => `동의어 (${w.word} → ${synonymShown(shape, synonym)})`;
    }
  } else {
    const typed = (w.loose ??= looseJamo(w.jamo));
    const d = distanceWithin(shape, typed, shape.loose);
    if (w.level === 'similar' && d > typoBudget([...w.jamo].length)) return null;
    s = w.level === 'loose' ? 1.5 : 1.2 - 0.1 * d;
    similar = true;
    reason = () => `비슷한 이름 (${w.word} → ${nearestWord(shape, w.jamo)})`;
    matched = '';
  }
  const near = (x: NameWord) => distanceWithin(x, w.jamo, x.jamo) <= 1;
  if (shape.words.some((x) => (matched ? x.jamo.startsWith(matched) : near(x)))) s += 0.5;
  const head = shape.head;
  if (
    head.jamo !== '' &&
    (matched ? head.jamo.endsWith(matched) || (last && head.jamo.startsWith(matched)) : near(head))
  )
    s += 2;
  return { score: s, ...(reason ? { reason } : {}), ...(similar ? { similar } : {}) };
}

/**
 * How a row matched every word, or null when a typo candidate is further than a typo away. The
 * score is the name's: rows of one name (the same part in other warehouses, or of other makers'
 * numbers) are scored once per search (`byName`).
 */
function score(row: Candidate, words: WordPlan[], byName: Map<string, NameScore | null>): Scored | null {
  // A row written without its search forms (found through its name) is scored on its own.
  const key = row.nameJamo === '' ? `\u0000${row.name}` : row.name;
  let known = byName.get(key);
  if (known === undefined) {
    const shape = nameShape(row.name);
    let total = 0;
    let reason: (() => string) | undefined;
    let similar = false;
    let matched = true;
    for (const [i, w] of words.entries()) {
      const s = wordScore(row, shape, w, i === words.length - 1);
      if (!s) {
        matched = false;
        break;
      }
      total += s.score;
      reason ??= s.reason;
      if (s.similar) similar = true;
    }
    known = matched ? { score: total, similar, ...(reason ? { reason: once(reason) } : {}) } : null;
    byName.set(key, known);
  }
  return known && { id: row.id, of: known };
}

/** A reason written once per name, however many of the page's rows have it. */
function once(reason: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= reason());
}

/** The word of a name whose jamo hold `jamo`, as written (for a reason shown to the buyer). */
function synonymShown(shape: NameShape, jamo: string): string {
  return shape.words.find((w) => w.jamo.includes(jamo))?.text ?? shape.letters;
}

/** The word of a name nearest a typed word (for '비슷한 이름 (헤드렘프 → 헤드램프)'), kept with the name's shape. */
function nearestWord(shape: NameShape, jamo: string): string {
  const known = shape.nearest?.get(jamo);
  if (known !== undefined) return known;
  const letters = letterCount(jamo);
  let best = '';
  let bestD = Infinity;
  for (const w of shape.words) {
    const d = distanceWithin(w, jamo, w.jamo) + Math.abs(w.letters - letters) * 0.01;
    if (d < bestD) {
      bestD = d;
      best = w.text;
    }
  }
  shape.nearest ??= new Map();
  if (shape.nearest.size >= DISTANCES_KEPT) shape.nearest.clear();
  shape.nearest.set(jamo, best);
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
 * How a word no product has is read (docs/search.md#typos), kept a minute per word and mode: a
 * misspelling buyers type is asked for again and again, and each first reading costs several index
 * lookups. A product written since is found by the next reading.
 */
/** A word's reading: how to search it instead, 'nothing' (no product has it, nor a reading), or null (products have it). */
type Reading = Pick<WordPlan, 'level' | 'parts' | 'corrections'> | 'nothing' | null;
const READING_TTL_MS = 60_000;
const READING_CACHE_SIZE = 2000;
const readingCache = pendingCache<Reading>(READING_CACHE_SIZE);

/** The reading of a word known within READING_TTL_MS, if any (undefined: not known, or still being read). */
function knownReading(db: Db, w: WordPlan, typos: 'all' | 'loose'): Reading | undefined {
  const known = readingCache.of(db).get(`${typos}:${w.word}`);
  return known && Date.now() - known.at < READING_TTL_MS ? known.value : undefined;
}

/**
 * How `w` is read when no product has every word: null when some product has it as typed (another
 * word is the one missing), else its reading anew (readAnew), or 'nothing'. Kept per word and mode,
 * the reading under way included: the searches that ask for a word while its first reading runs
 * wait for that one instead of each running its lookups (32 at once did not answer within 2 s).
 * `alone`: the word is the whole query, which found nothing, so no product has it.
 */
function readingOf(db: Db, w: WordPlan, index: SynonymIndex, typos: 'all' | 'loose', alone: boolean) {
  const key = `${typos}:${w.word}`;
  const known = readingCache.of(db).get(key);
  if (known && Date.now() - known.at < READING_TTL_MS) return known.promise;
  const reading = (async (): Promise<Reading> => {
    const trial: WordPlan = { ...w };
    if (!alone && (await anyMatch(db, trial))) return null;
    await readAnew(db, trial, index, typos);
    if (trial.level === w.level) return 'nothing';
    return { level: trial.level, parts: trial.parts, corrections: trial.corrections };
  })();
  return readingCache.start(db, key, reading).promise;
}

/** A word no product has: a compound of two words ('어퍼암'), else a typo (the loose spelling, then one edit). */
async function readAnew(db: Db, w: WordPlan, index: SynonymIndex, typos: 'all' | 'loose' | 'none') {
  if (await splitCompound(db, w, index)) return;
  if (!typoAllowed(w)) return;
  w.level = 'loose';
  if (await anyMatch(db, w)) return;
  if (typos === 'all') {
    w.level = 'similar';
    await correctTypo(db, w);
  } else w.level = 'exact';
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
  const typos = opts.typos;
  if (typos !== 'none') {
    // A word read within the minute was no product's: it is searched as read at once, not first as
    // typed (docs/search.md#what-a-search-costs). Every reading still finds a product written since
    // with the word as typed (a compound's parts, the loose spelling, a correction of its own).
    for (const w of words) {
      const known = w.chosung || !w.indexed ? undefined : knownReading(db, w, typos);
      if (known && known !== 'nothing') Object.assign(w, known);
    }
  }
  let rows = await candidates(db, words, opts.category, limit);
  if (rows.length === 0 && typos !== 'none') {
    // Nothing has every word as typed: a word no product has at all is read as a compound of two
    // words ('어퍼암'), else taken with a typo.
    let changed = false;
    // One word in no category that found nothing has no product: no need to ask again.
    const alone = words.length === 1 && !opts.category;
    for (const w of words) {
      if (w.chosung || !w.indexed || w.level !== 'exact') continue;
      const reading = await readingOf(db, w, index, typos, alone);
      if (reading && reading !== 'nothing') {
        Object.assign(w, reading);
        changed = true;
      }
    }
    if (changed) rows = await candidates(db, words, opts.category, limit);
  }
  const scored: Scored[] = [];
  const byName = new Map<string, NameScore | null>();
  for (const row of rows) {
    const s = score(row, words, byName);
    if (s) scored.push(s);
  }
  scored.sort((a, b) => b.of.score - a.of.score || a.id - b.id);
  const from = (opts.page - 1) * opts.size;
  const page = scored.slice(from, from + opts.size);
  const more = scored.length > from + opts.size || rows.length === limit;
  if (page.length === 0) return { hits: [], more: false, similar: false };
  const ids = page.map((s) => s.id);
  const full = await queryPrepared<ProductRow>(
    db,
    sql`select ${sql.raw(LIST_COLUMNS)} from products where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const byId = new Map(full.map((r) => [r.seq, r]));
  const hits: WordSearchHit[] = [];
  for (const s of page) {
    const row = byId.get(s.id);
    if (!row) continue;
    const hit: WordSearchHit = { row, similar: s.of.similar };
    if (s.of.reason) hit.reason = s.of.reason();
    hits.push(hit);
  }
  return { hits, more, similar: words.some((w) => w.level === 'loose' || w.level === 'similar') };
}
