import { sql } from 'drizzle-orm';
import { searchWords, type SynonymIndex } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { LIST_COLUMNS } from './columns.js';
import type { ProductRow } from './rows.js';
import { candidates, codeAnywhere, isCodeOrChosung } from './word-candidates.js';
import { joinSynonymTerms, planWord, queryPrepared, readable, readOtherwise, type WordPlan } from './word-plan.js';
import type { Candidate } from './rows.js';
import { score, type NameMiss, type NameScore, type Scored } from './word-rank.js';
import { foundAsTyped, knownReading, readingOf, readingStarted } from './word-typos.js';

/**
 * Name search by words (docs/search.md#words-in-any-order): each word of a query is matched on its
 * own (as typed, its synonyms, its 초성, a half-typed last syllable) and every word must match, in
 * any order; a word that matches no product at all is then taken with the typos Korean typists make
 * (the loose column: ㅐ/ㅔ, ㅔ/ㅖ, double consonants), else one jamo edit away: corrected first
 * against a sample of the names within the edit (correctTypo), then searched as its corrections.
 * Every condition is a LIKE that a trigram or prefix index answers, so no word scans the table.
 */

/** At most this many matching rows are ranked (in id order); later pages beyond them page by id. */
export const RANKED_ROWS = 200;

/**
 * The deepest a name search pages: its first this many matches (50 pages of the grid's 60). A page
 * past them is empty and costs no statement; without the bound, page 100,000 of 100 read and scored
 * every product a common word has (docs/search.md#what-a-search-costs).
 */
export const SEARCHED_ROWS = 3_000;

/**
 * The most rows a search reads when the ranking drops rows its LIKE found (docs/search.md#what-a-search-costs):
 * '우' of 오른쪽 is in every 아우디 name, and a first read of them only is read again, four times
 * as many, until the page and one more are kept or the matches end.
 */
export const READ_ROWS = 5_000;

/**
 * The typo readings one search may start (docs/search.md#typos): a reading is several lookups, and
 * 200 characters hold dozens of typo words; twenty such queries at once held every other buyer's
 * search for over a minute. The words after them are taken as typed. Readings known or under way
 * (another search's) cost nothing and do not count.
 */
export const READINGS_PER_SEARCH = 4;

export interface WordSearchHit {
  row: ProductRow;
  similar: boolean;
  reason?: string;
}

export interface WordSearch {
  hits: WordSearchHit[];
  more: boolean;
  /** Some word was taken with a typo, or as Hangul typed with the input left in English. */
  similar: boolean;
  /** The word no product has, nor a reading of it, that left the search empty. */
  unmatched?: string;
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
  const from = (opts.page - 1) * opts.size;
  if (words.length === 0 || from >= SEARCHED_ROWS) return { hits: [], more: false, similar: false };
  const limit = Math.min(Math.max(RANKED_ROWS, opts.page * opts.size + 1), SEARCHED_ROWS);
  const typos = opts.typos;
  if (typos !== 'none') {
    // A word read within the minute was no product's: it is searched as read at once, not first as
    // typed (docs/search.md#what-a-search-costs). Every reading still finds a product written since
    // with the word as typed (a compound's parts, the loose spelling, a correction of its own).
    for (const w of words) {
      const known = readable(w) ? knownReading(db, w, typos) : undefined;
      if (known && known !== 'nothing') Object.assign(w, known);
    }
  }
  let found = await kept(candidates, db, words, opts.category, limit);
  if (found.read === 0 && isCodeOrChosung(words)) {
    // A model code or 초성 alone ('x5', 'ㅍㄷ') is in names after the make: looked for anywhere, else named.
    found = await kept(codeAnywhere, db, words, opts.category, limit);
    if (found.read === 0 && words.length === 1)
      return { hits: [], more: false, similar: false, unmatched: words[0]!.word };
  }
  if (found.rows.length === 0 && typos !== 'none') {
    // Nothing has every word as typed: a word no product has at all is read as a compound of two
    // words ('어퍼암'), else taken with a typo.
    let changed = false;
    // One word in no category that found nothing has no product: no need to ask again.
    const alone = words.length === 1 && !opts.category;
    let started = 0;
    // A word the rows read have only where it may not stand ('우' in 아우디) is no product's: one word
    // alone is read as one no product has, beside others it is named.
    const placedNowhere = found.missed;
    for (const w of words) {
      if (w === placedNowhere && !(alone && readable(w)))
        return { hits: [], more: false, similar: false, unmatched: w.word };
      if (!readable(w) || w.level !== 'exact') continue;
      if (!readingStarted(db, w, typos) && started++ >= READINGS_PER_SEARCH) {
        // Past the readings a search may start: as typed, and a word no product has so ends it.
        if (await foundAsTyped(db, w, typos)) continue;
        return { hits: [], more: false, similar: false, unmatched: w.word };
      }
      const reading = await readingOf(db, w, index, typos, alone);
      // No product has this word, nor a reading of it: no product has every word, whatever the
      // others read as (forty such words took 0.7 s read one by one).
      if (reading === 'nothing') return { hits: [], more: false, similar: false, unmatched: w.word };
      if (reading) {
        Object.assign(w, reading);
        changed = true;
      }
    }
    if (changed) found = await kept(candidates, db, words, opts.category, limit);
    // Still nothing, every other word some product's: a model code or 초성 of two beside them that
    // no name has ('x9 패드', 'vw 패드') is the word to name (docs/search.md#a-word-no-product-has).
    const code = found.rows.length === 0 && words.length > 1 ? await codeNoNameHas(db, words) : undefined;
    if (code !== undefined) return { hits: [], more: false, similar: false, unmatched: code };
  }
  // The first RANKED_ROWS matches kept ranked, the ones after them in id order: a later page, which
  // reads more rows, orders the first ones as page 1 did, so no row comes twice and none is skipped.
  const scored = found.rows.slice(0, RANKED_ROWS).sort((a, b) => b.of.score - a.of.score || a.id - b.id);
  scored.push(...found.rows.slice(RANKED_ROWS).sort((a, b) => a.id - b.id));
  const page = scored.slice(from, from + opts.size);
  // Kept rows past this page are read (`limit` is one more than the pages so far), or there are none.
  const more = scored.length > from + opts.size;
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
  return {
    hits,
    more,
    similar: words.some(readOtherwise),
  };
}

/** The first word of a query that is a model code or 초성 of two (isCodeOrChosung) no name has anywhere. */
async function codeNoNameHas(db: Db, words: WordPlan[]): Promise<string | undefined> {
  for (const w of words)
    if (w.level === 'exact' && isCodeOrChosung([w]) && (await codeAnywhere(db, [w], undefined, 1)).length === 0)
      return w.word;
  return undefined;
}

/** The rows a search keeps of those it read (in read order), how many it read, and the word most rows missed. */
interface Kept {
  rows: Scored[];
  read: number;
  missed?: WordPlan;
}

type Reader = (db: Db, words: WordPlan[], category: string | undefined, limit: number) => Promise<Candidate[]>;

/**
 * At least `limit` rows that every word matches where it stands (score), or all of them: a read
 * whose rows the ranking drops is read again, four times as many, up to READ_ROWS rows.
 */
async function kept(read: Reader, db: Db, words: WordPlan[], category: string | undefined, limit: number) {
  const byName = new Map<string, NameScore | NameMiss>();
  for (let size = limit; ; size = Math.min(READ_ROWS, size * 4)) {
    const rows = await read(db, words, category, size);
    const misses = new Map<WordPlan, number>();
    const out: Kept = { rows: [], read: rows.length };
    for (const row of rows) {
      const s = score(row, words, byName);
      if ('missed' in s) misses.set(s.missed, (misses.get(s.missed) ?? 0) + 1);
      else out.rows.push(s);
    }
    if (out.rows.length >= limit || rows.length < size || size >= READ_ROWS) {
      const missed = [...misses].sort((a, b) => b[1] - a[1])[0];
      if (missed) out.missed = missed[0];
      return out;
    }
  }
}
