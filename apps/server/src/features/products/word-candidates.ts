import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingCache } from './pending-cache.js';
import { contains, givingWay, queryPrepared, queryText, textArray, wordCondition, type WordPlan } from './word-plan.js';
import type { Candidate } from './rows.js';
import { startsANameWord } from './word-rank.js';

/**
 * The products that match every word of a name search, read so that no query walks the table
 * (docs/search.md#what-a-search-costs): the first rows in id order, the common words' windows, the
 * distinct names, else the words' index entries alone.
 */

/** pg_trgm's word similarity a long word's typo candidate needs (checked by jamo edit distance after). */
const WORD_SIMILARITY = 0.3;

/** At most this many index scans for a query: each word's spellings multiply them (like any() on one index). */
const MAX_INDEX_SCANS = 64;

/**
 * The WHERE of all words: a query of short words only matches the first at the start of a name (a
 * prefix index serves it). The words whose spellings multiply the index scans past MAX_INDEX_SCANS
 * (most spellings first) only filter. A row written without its search forms (by SQL outside the
 * shop's code, until the start fills them) is found by its name itself, through the btree on
 * name_jamo, so this scans nothing. `indexedOnly`: the words an index answers only (none: true).
 * `anywhere`: the first short word too is looked for anywhere (codeAnywhere).
 */
export function whereOf(words: WordPlan[], category: string | undefined, indexedOnly = false, anywhere = false): SQL {
  const anyIndexed = words.some((w) => w.indexed);
  const filters = filtersOf(words);
  const used = indexedOnly ? words.filter((w) => !filters.has(w)) : words;
  if (used.length === 0) return sql`true`;
  let cond = sql.join(
    used.map((w) => wordCondition(w, !anywhere && !anyIndexed && w === words[0], filters.has(w))),
    sql` and `,
  );
  if (words.every((w) => w.level === 'exact' && !w.chosung)) {
    const byName = used.map((w) => sql`name ilike ${contains(w.word)}`);
    cond = sql`((${cond}) or (name_jamo = '' and ${sql.join(byName, sql` and `)}))`;
  }
  return category ? sql`${cond} and category = ${category}` : cond;
}

/**
 * The words that only filter the rows the others' index entries give: those with a spelling too
 * short for trigrams (`mb`, `우`), whose index scan would read every entry, and, most spellings first,
 * those whose spellings multiply the index scans past MAX_INDEX_SCANS.
 */
function filtersOf(words: WordPlan[]): Set<WordPlan> {
  const anyIndexed = words.some((w) => w.indexed);
  const spellings = (w: WordPlan) =>
    w.level === 'split' || w.level === 'maker' || w.level === 'category'
      ? 1
      : (w.corrections?.length ?? w.patterns.length);
  const filters = new Set<WordPlan>(words.filter((w, i) => !w.indexed && (anyIndexed || i > 0)));
  let scans = words.reduce((n, w) => (filters.has(w) ? n : n * Math.max(1, spellings(w))), 1);
  for (const w of [...words].filter((x) => !filters.has(x)).sort((a, b) => spellings(b) - spellings(a))) {
    if (scans <= MAX_INDEX_SCANS) break;
    filters.add(w);
    scans /= Math.max(1, spellings(w));
  }
  return filters;
}

/** Rows walked in id order before a query is taken as sparse and read through its index entries instead. */
const WALK_ROWS = 1000;
/** Rows the words an index answers give to those it does not (docs/search.md#what-a-search-costs). */
const FILTERED_ROWS = 4000;
/** The longest second walk in id order, for a query dense enough to finish by walking on. */
const MAX_WALK_ROWS = 30_000;

export const CANDIDATE_COLUMNS = sql.raw(`id, name, name_jamo as "nameJamo"`);
/** The columns a word's condition reads, for a subquery that bounds the rows walked (a maker's: factory_key, factory_num). */
const SEARCHED_COLUMNS = sql.raw('id, name, name_jamo, name_chosung, name_loose, category, factory_key, factory_num');

/** The matches among `rows` products in id order after id `after`: a walk that reads no more than `rows` rows. */
function walk(db: Db, where: SQL, after: number, rows: number, need: number) {
  return queryPrepared<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from (select ${SEARCHED_COLUMNS} from products
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

const windowCache = pendingCache<WordWindow | null>(WINDOW_CACHE_SIZE);

/** One word's own condition as used in a query (with the name for rows without their forms), and its key. */
function windowCondition(db: Db, w: WordPlan, prefixOnly: boolean): { cond: SQL; key: string } {
  let cond = wordCondition(w, prefixOnly);
  if (w.level === 'exact' && !w.chosung) cond = sql`(${cond} or (name_jamo = '' and name ilike ${contains(w.word)}))`;
  const { sql: text, params } = queryText(db, cond);
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
          select ${SEARCHED_COLUMNS} from products order by id limit ${WINDOW_ROWS}) products`,
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
export async function candidates(db: Db, words: WordPlan[], category: string | undefined, limit: number) {
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
    sql`select ${CANDIDATE_COLUMNS} from (select ${SEARCHED_COLUMNS} from products
      where ${indexed} limit ${FILTERED_ROWS}) products where ${where} limit ${limit + seen.size}`,
  );
  for (const r of more) if (first.length < limit && !seen.has(r.id)) first.push(r);
  if (first.length >= limit || !words.some((w) => !w.indexed)) return first;
  // Those 4,000 rows may all lack the short word while later ones have it ('퀘이사줄 q9'): the
  // distinct names that hold every word lead to their products, wherever they lie.
  for (const r of first) seen.add(r.id);
  for (const r of await byNamesOfEveryWord(db, words, where, limit + seen.size))
    if (first.length < limit && !seen.has(r.id)) first.push(r);
  return first;
}

/** Distinct names read for the products of a query whose short words filtered too few rows. */
const NAMES_OF_EVERY_WORD = 200;

/**
 * The products of the distinct names (product_name_forms) that hold every word, at most
 * NAMES_OF_EVERY_WORD names, by name_jamo's btree: what the FILTERED_ROWS read misses when the
 * words an index answers have more products than it reads (docs/search.md#what-a-search-costs).
 */
async function byNamesOfEveryWord(db: Db, words: WordPlan[], where: SQL, limit: number) {
  const found = await byIndexOnly<{ jamo: string }>(
    db,
    sql`select name_jamo as jamo from product_name_forms where ${formsHoldEveryWord(words)} limit ${NAMES_OF_EVERY_WORD}`,
  );
  if (found.length === 0) return [];
  return byIndexOnly<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from products where name_jamo = any(${textArray(found.map((f) => f.jamo))}::text[])
      and ${where} limit ${limit}`,
  );
}

/** Distinct names walked for a model code no name starts with, and the most of them whose products are read. */
const CODE_FORMS_WALKED = 50_000;
const CODE_FORMS = 200;

/**
 * Whether a query is of short words only, the first a model code of two or more letters and digits
 * ('a6', 'x5', 'xf') or a 초성 of two ('ㅍㄷ'): codeAnywhere looks for it when no name starts with it.
 */
export const isCodeOrChosung = (words: WordPlan[]) =>
  words.length > 0 &&
  !words.some((w) => w.indexed) &&
  (/^[a-z0-9]{2,}$/u.test(words[0]!.word) || (words[0]!.chosung && [...words[0]!.word].length >= 2));

/**
 * A query of short words only whose first is a model code or a 초성 (isCodeOrChosung) that no name starts with
 * (docs/search.md#words-in-any-order): names start with the make ('아우디 A6 C8 …'), and a pattern of
 * two letters has no trigram for an index to answer. So the words are looked for anywhere in the
 * distinct names (product_name_forms), at most CODE_FORMS_WALKED of them walked, and the products of
 * the names found whose words one starts with it (two letters inside a word, or run across two, are
 * in many names by chance: 'ㅋㅋ' in 에어컨 콘덴서) are read by name_jamo's btree, at most `limit`
 * products, in the table's order.
 */
export async function codeAnywhere(db: Db, words: WordPlan[], category: string | undefined, limit: number) {
  const forms = sql.join(
    words.map((w) => wordCondition(w, false)),
    sql` and `,
  );
  const found = await queryPrepared<{ jamo: string }>(
    db,
    sql`select name_jamo as jamo from (select name_jamo, name_chosung, name_loose from product_name_forms
      limit ${CODE_FORMS_WALKED}) f where ${forms} limit ${CODE_FORMS}`,
  );
  const names = await namesOfForms(
    db,
    found.map((f) => f.jamo),
  );
  const kept = [...names].filter(([, name]) => startsANameWord(name, words[0]!)).map(([jamo]) => jamo);
  if (kept.length === 0) return [];
  return byIndexOnly<Candidate>(
    db,
    sql`select ${CANDIDATE_COLUMNS} from products where name_jamo = any(${textArray(kept)}::text[])
      and ${whereOf(words, category, false, true)} limit ${limit}`,
  );
}

/**
 * One product's name for each of `jamos` (distinct names' forms), by name_jamo's btree: a form
 * holds no spaces, and what starts a word of the name is read from the name. A form no product has
 * any more is left out.
 */
export async function namesOfForms(db: Db, jamos: string[]): Promise<Map<string, string>> {
  if (jamos.length === 0) return new Map();
  const rows = await queryPrepared<{ jamo: string; name: string | null }>(
    db,
    sql`select f.jamo, (select p.name from products p where p.name_jamo = f.jamo limit 1) as name
      from unnest(${textArray(jamos)}::text[]) as f(jamo)`,
  );
  return new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.jamo, r.name] as const])));
}

/**
 * The condition on a distinct name's search forms (product_name_forms) that it holds every word, with
 * the index scans bounded as whereOf bounds them: fifteen words of two spellings each were 32,768
 * scans of the trigram index, 4-6 s of the embedded database's one connection.
 */
function formsHoldEveryWord(words: WordPlan[]): SQL {
  const anyIndexed = words.some((w) => w.indexed);
  const filters = filtersOf(words);
  // A maker is no word of a name: the distinct names do not know it (its products' rows are read).
  return sql.join(
    words.map((w) => wordCondition(w, !anyIndexed && w === words[0], filters.has(w), true)),
    sql` and `,
  );
}

/**
 * Whether some product's name may match every word: the words on the distinct search forms of the
 * names (product_name_forms, migration 0026: a row per distinct name, never missing one a product
 * has), or a row written without its forms by its name. Through the indexes only.
 */
async function anyNameForm(db: Db, words: WordPlan[]): Promise<boolean> {
  // pg_trgm's word similarity needs its threshold set: such a word is left to the products' search.
  if (words.some((w) => w.level === 'similar' && !w.corrections)) return true;
  const forms = formsHoldEveryWord(words);
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
 * `query` read through the indexes only: in a transaction where a sequential scan and a walk in id
 * order are off. Whether a word exists, or which names are near a typo, must not read the table when
 * nothing matches (the planner, expecting a match soon, chose a scan of a million rows: 2 s).
 */
export async function byIndexOnly<T>(db: Db, query: SQL, similarity = false): Promise<T[]> {
  await givingWay(db);
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
export async function anyMatch(db: Db, w: WordPlan, walkFirst = true): Promise<boolean> {
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
