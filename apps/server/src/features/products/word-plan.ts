import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import {
  holdsLoneJamo,
  latinTypedInHangul,
  looseJamo,
  nameQuery,
  typoBudget,
  wordJamo,
  type SynonymIndex,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { isEmbedded, preparedFor, runPrepared } from '../../db/prepared.js';

/**
 * A word of a name search as it is searched (docs/search.md#words-in-any-order): its spellings, how
 * it is read (as typed, a compound, loosely, with a typo) and its SQL condition, which a trigram or
 * prefix index answers.
 */

/** Patterns shorter than this cannot be served by a trigram index. */
export const TRIGRAM = 3;

export type Level = 'exact' | 'split' | 'loose' | 'similar' | 'maker' | 'category';

export interface WordPlan {
  word: string;
  jamo: string;
  chosung: boolean;
  /** The jamo (or 초성) patterns of the word and its synonyms, the word's own first. */
  patterns: string[];
  /** Whether every pattern is long enough for the trigram index. */
  indexed: boolean;
  level: Level;
  /** For level 'split': the two words a compound was read as ('어퍼암' → 어퍼, 암; '브렘보패드' → the maker BREMBO, 패드). */
  parts?: [WordPlan, WordPlan];
  /** For level 'similar': the loose spellings names have within the word's typo budget ('써머스탯' → 써모스탯's). */
  corrections?: string[];
  /** For level 'maker': the maker whose factory numbers the word names ('보쉬' → BOSCH, docs/search.md#makers). */
  maker?: string;
  /** For level 'category': the category whose label the word is ('기어' → gear, docs/search.md#typos). */
  category?: string;
  /** looseJamo of `jamo`, once the ranking asked for it. */
  loose?: string;
  /**
   * What the buyer typed when the word is read as another word (every other field is then that
   * word's): keys typed with the input left in English ('qmfpdlzm' → 브레이크,
   * docs/search.md#korean-typed-in-english), a misspelling of a synonym group's word ('밋션' → 미션,
   * docs/search.md#typos), or the word with a Korean particle ('브레이크를' → 브레이크, the same words).
   */
  readFrom?: { typed: string; by: 'keys' | 'typo' | 'particle' };
}

/**
 * Whether a word is searched other than as typed: loosely, with a typo, as another word, or as a
 * compound with such a side ('오일휠타'); a search with one says so (searchedAs 'similar').
 */
export const readOtherwise = (w: WordPlan): boolean =>
  w.level === 'loose' ||
  w.level === 'similar' ||
  (w.readFrom !== undefined && w.readFrom.by !== 'particle') ||
  (w.parts?.some(readOtherwise) ?? false);

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const contains = (p: string) => `%${escapeLike(p)}%`;

/**
 * A statement of this search as a prepared statement named by its text (docs/search.md#what-a-search-costs):
 * the patterns are parameters, so a search's few statement shapes are planned once per connection;
 * planned anew, each cost 1-1.5 ms of the database's time (the trigram indexes' estimates).
 */
export async function queryPrepared<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = queryText(db, query);
  await givingWay(db);
  return runPrepared<T>(db, preparedFor('word_search', text), params);
}

/**
 * One turn of the event loop before a statement on the embedded database: PGlite runs a statement
 * in this thread and answers it without I/O, so a search's statements, one after another, were one
 * chain of promises during which the server read no request. Twenty typo queries at once held
 * every other buyer's search, unread, until they had all answered (docs/search.md#typos).
 */
export async function givingWay(db: Db | Tx): Promise<void> {
  if (isEmbedded(db)) await nextTurn();
}

/** A statement's SQL text and parameters as the database client would send them. */
export function queryText(db: Db | Tx, query: SQL): { sql: string; params: unknown[] } {
  return (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(
    query,
  );
}

export function planWord(word: string, index: SynonymIndex): WordPlan | null {
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
export const typoAllowed = (w: WordPlan) =>
  !w.chosung &&
  w.indexed &&
  typoBudget([...w.jamo].length) > 0 &&
  !(/\d/.test(w.word) && !/\p{Script=Hangul}/u.test(w.word));

/**
 * Whether a word that found nothing is read otherwise (docs/search.md#typos): not a 초성, and long
 * enough for the index; or keys typed with the input left in Korean, which a lone jamo tells from a
 * Korean word (docs/search.md#latin-typed-in-korean), short ('ㅡㅠ' → mb; '우' is no such word) or
 * searched as a 초성 by its bare consonants ('ㅠㅡㅈ' → bmw: a 초성 holds no vowel).
 */
export const readable = (w: WordPlan): boolean =>
  (!w.chosung && w.indexed) || (holdsLoneJamo(w.word) && latinTypedInHangul(w.word) !== null);

/** A text[] parameter as PostgreSQL's array literal (Drizzle would spread a JS array into a list). */
export const textArray = (items: readonly string[]) =>
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
 * `forms`: on the distinct names' forms (product_name_forms), which know no makers nor categories, so
 * a maker or a category passes.
 */
export function wordCondition(w: WordPlan, prefixOnly: boolean, filter = false, forms = false): SQL {
  // A maker's products: factory numbers its name leads ('BOSCH 0 265 008 089'), by factory_key's prefix index.
  if (w.level === 'maker' && w.maker) {
    if (forms) return sql`true`;
    const key = sql.raw(filter ? `(factory_key || '')` : 'factory_key');
    return sql`(${key} like ${`${escapeLike(w.maker)}%`} and upper(factory_num) like ${`${escapeLike(w.maker)} %`})`;
  }
  // A category's products ('기어'), by the category's btree.
  if (w.level === 'category' && w.category) {
    if (forms) return sql`true`;
    return sql`${sql.raw(filter ? `(category || '')` : 'category')} = ${w.category}`;
  }
  // A part with a spelling too short for trigrams ('프론트' has `fr`) only filters the other's rows.
  if (w.level === 'split' && w.parts) {
    const [a, b] = w.parts;
    return sql`(${wordCondition(a, false, filter || !a.indexed, forms)} and ${wordCondition(b, false, filter || !b.indexed, forms)})`;
  }
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
  // A spelling too short for trigrams at the start of a name only: the prefix btree, which reads a
  // LIKE of one pattern. The word's other spellings anywhere, as always: '프론트' alone is found in
  // '벤츠 … 프론트 브레이크 패드' though its synonym `fr` is short.
  const short = w.patterns.filter((p) => [...p].length < TRIGRAM);
  const parts = short.map((p) => sql`${columnOf(name, filter)} like ${`${escapeLike(p)}%`}`);
  const long = w.patterns.filter((p) => [...p].length >= TRIGRAM);
  if (long.length > 0) parts.unshift(anyOf(name, long.map(contains)));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Adjacent words that together are a synonym term become one ('land rover' → landrover,
 * 'mercedes benz' → mercedesbenz): a Latin term of two words is still one word of a name.
 */
export function joinSynonymTerms(words: string[], index: SynonymIndex): string[] {
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
