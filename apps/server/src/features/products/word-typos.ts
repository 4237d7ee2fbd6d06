import { sql } from 'drizzle-orm';
import {
  hangulTypedInLatin,
  holdsLoneJamo,
  jamoEditDistance,
  latinTypedInHangul,
  looseJamo,
  typoBudget,
  withoutParticle,
  wordJamo,
  type SynonymIndex,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { fewAtOnce } from './few-at-once.js';
import { pendingCache } from './pending-cache.js';
import { isCategoryLabel, readAsCategory } from './word-categories.js';
import { readAsMaker, readAsMakerAndRest } from './word-makers.js';
import { anyMatch, byIndexOnly, namesOfForms } from './word-candidates.js';
import { planWord, TRIGRAM, typoAllowed, wordCondition, type WordPlan } from './word-plan.js';
import { nearestStretch, syllableEdge } from './typo-stretch.js';
import { nameWordStarts } from './word-rank.js';

/**
 * A word no product has (docs/search.md#typos): read as a compound of two words, else as the loose
 * spelling, else corrected within its typo budget; each reading kept a minute per word.
 */

/** Names read to correct a typo (docs/search.md#typos), and corrections kept of them. */
const TYPO_SAMPLE = 30;
const MAX_CORRECTIONS = 8;

/** Where the words of a name start in its jamo, for each name's jamo of `jamos` (one product's name each). */
async function wordStartsOf(db: Db, jamos: string[]): Promise<Map<string, Set<number>>> {
  const names = await namesOfForms(db, jamos);
  return new Map([...names].map(([jamo, name]) => [jamo, nameWordStarts(name)]));
}

/**
 * A word no name has even loosely (docs/search.md#typos): a sample of the names within its typo
 * budget (the LIKE patterns of one edit, or pg_trgm's word similarity for a long word) is read by
 * the trigram index alone — no ordering, so no walk of the table — and the stretches of those names
 * nearest the word become its corrections, searched as the word is. So a typo costs what the right
 * spelling costs, and a word nothing is near costs a few index lookups. False when no name had a
 * stretch near the word: its only correction is its own loose spelling, which found nothing.
 */
async function correctTypo(db: Db, w: WordPlan): Promise<boolean> {
  const long = typoBudget([...w.jamo].length) > 1;
  // From the distinct names (product_name_forms): 30 names, not 30 copies of one, and a small index.
  const sample = sql`select distinct name_loose as loose, name_jamo as jamo from (select name_loose, name_jamo
    from product_name_forms where ${wordCondition({ ...w, level: 'similar', corrections: undefined }, false)}
    limit ${TYPO_SAMPLE}) s`;
  const rows = await byIndexOnly<{ loose: string; jamo: string }>(db, sample, long);
  const loose = looseJamo(w.jamo);
  const budget = typoBudget([...w.jamo].length);
  // A word of up to three syllables one jamo off the inside of a name's word is another word: 호스
  // is not the 모스 of 써모스탯, 드럼 not the 드램 of 헤드램프, 어퍼암 not the 이퍼암 of 와이퍼 암. Such a
  // word is corrected to a stretch that starts a word of the name (their names are read for that).
  const starts = /^[\uac00-\ud7a3]{1,3}$/u.test(w.word)
    ? await wordStartsOf(
        db,
        rows.map((r) => r.jamo),
      )
    : null;
  // The word's own spelling first: a product written with it later is found by the kept reading.
  const found = new Set<string>([loose]);
  for (const r of rows) {
    const text = [...r.loose];
    const wordStarts = starts?.get(r.jamo);
    const fits = (from: number, to: number) =>
      syllableEdge(text, from) && syllableEdge(text, to) && (wordStarts?.has(from) ?? starts === null);
    const stretch = nearestStretch(loose, r.loose, budget, fits);
    if (stretch && [...stretch].length >= TRIGRAM) found.add(stretch);
    if (found.size > MAX_CORRECTIONS) break;
  }
  w.corrections = [...found];
  return found.size > 1;
}

/**
 * The most units (Hangul syllables, runs of letters and digits) a word read as a compound has: two
 * words typed together ('프론트브레이크패드' is 9). Each split tried costs two index lookups; a longer
 * run is no compound a buyer types, and trying its every split cost about a second (150 syllables).
 */
const MAX_COMPOUND_SYLLABLES = 12;

/**
 * The places a word of Hangul syllables, letters and digits may be split into two words: where
 * letters and digits meet Hangul ('w213패드', '아우디a6패드'), then between two syllables, left to
 * right ('e클래스패드', '프론트패드'); never inside a run of letters and digits (a model code).
 */
export function splitPlaces(word: string): number[] {
  if (!/^[a-z0-9\uac00-\ud7a3]+$/u.test(word) || !/[\uac00-\ud7a3]/u.test(word)) return [];
  const units = word.match(/[a-z0-9]+|[\uac00-\ud7a3]/gu)!;
  if (units.length < 2 || units.length > MAX_COMPOUND_SYLLABLES) return [];
  const latin = (unit: string) => /^[a-z0-9]/u.test(unit);
  const between: number[] = [];
  const syllables: number[] = [];
  let at = 0;
  for (let i = 1; i < units.length; i++) {
    at += units[i - 1]!.length;
    (latin(units[i - 1]!) !== latin(units[i]!) ? between : syllables).push(at);
  }
  return [...between, ...syllables];
}

/** Two words a word may be read as; `bare` when a side is one syllable or letter of no synonym group. */
interface Split {
  left: WordPlan;
  right: WordPlan;
  bare: boolean;
}

/**
 * The splits of `w` worth a lookup, in the order of splitPlaces: one side at least long enough for
 * the index, which answers while the other filters its rows ('프론트패드': 프론트 has the synonym
 * `fr`). A bare side is in many names: '에어콘' is 에어컨 misspelt, not 에어 and the 콘 of 콘덴서, so
 * such a split is tried after the typo reading ('어퍼암' still reads as 어퍼 and 암); 앞 (프론트) is a
 * word of its own.
 */
function splitsOf(w: WordPlan, index: SynonymIndex): Split[] {
  return splitPlaces(w.word).flatMap((at) => {
    const left = planWord(w.word.slice(0, at), index);
    const right = planWord(w.word.slice(at), index);
    if (!left || !right || (!left.indexed && !right.indexed)) return [];
    const lone = [left, right].filter((side) => side.word.length === 1 && side.patterns.length === 1);
    // Two lone syllables are in countless names apart: '링크' is not the 링 of 리어 and the 크 of 쇼크.
    if (lone.length === 2) return [];
    return [{ left, right, bare: lone.length === 1 }];
  });
}

/**
 * A word no name has may be two words whose parts a name has apart: a model code typed against the
 * part ('w213패드', 'g20쇼바'), or Hangul words typed together ('어퍼암' in '어퍼 컨트롤 암',
 * '프론트패드'). The split taken is the first of `splits` whose two sides some product has together.
 * Sets the word's level to 'split'.
 */
async function splitCompound(db: Db, w: WordPlan, splits: Split[]): Promise<boolean> {
  for (const { left, right } of splits) {
    const trial: WordPlan = { ...w, level: 'split', parts: [left, right] };
    // Two words together are rarely common: their index entries answer.
    if (await anyMatch(db, trial, false)) {
      Object.assign(w, trial);
      return true;
    }
  }
  return false;
}

/**
 * How a word no product has is read (docs/search.md#typos), kept a minute per word and mode: a
 * misspelling buyers type is asked for again and again, and each first reading costs several index
 * lookups. A product written since is found by the next reading.
 */
/** A word's reading: how to search it instead, 'nothing' (no product has it, nor a reading), or null (products have it). */
type Reading =
  | (Pick<WordPlan, 'level' | 'parts' | 'corrections' | 'maker' | 'category'> &
      Partial<Pick<WordPlan, 'word' | 'jamo' | 'chosung' | 'patterns' | 'indexed' | 'loose' | 'readFrom'>>)
  | 'nothing'
  | null;
const READING_TTL_MS = 60_000;
const READING_CACHE_SIZE = 2000;
const readingCache = pendingCache<Reading>(READING_CACHE_SIZE);
/** Readings under way at once in the process; the rest wait, and other searches' statements go between. */
const READINGS_AT_ONCE = 2;
const readingSlot = fewAtOnce(READINGS_AT_ONCE);

/** The reading of a word known within READING_TTL_MS, if any (undefined: not known, or still being read). */
export function knownReading(db: Db, w: WordPlan, typos: 'all' | 'loose'): Reading | undefined {
  const known = readingCache.of(db).get(`${typos}:${w.word}`);
  return known && Date.now() - known.at < READING_TTL_MS ? known.value : undefined;
}

/** Whether `w` has a reading known or under way: asking for it starts no lookups. */
export function readingStarted(db: Db, w: WordPlan, typos: 'all' | 'loose'): boolean {
  const known = readingCache.of(db).get(`${typos}:${w.word}`);
  return known !== undefined && Date.now() - known.at < READING_TTL_MS;
}

/**
 * Whether some product has `w` as typed, without reading it otherwise: a word past the readings one
 * search may start (docs/search.md#typos). One that some product has is kept as such (null).
 */
export async function foundAsTyped(db: Db, w: WordPlan, typos: 'all' | 'loose'): Promise<boolean> {
  if (!(await anyMatch(db, { ...w }))) return false;
  if (!readingStarted(db, w, typos)) readingCache.start(db, `${typos}:${w.word}`, Promise.resolve(null));
  return true;
}

/**
 * How `w` is read when no product has every word: null when some product has it as typed (another
 * word is the one missing), else its reading anew (readAnew), or 'nothing' (no reading finds a
 * product; a word so known is searched as typed, which finds a product written since). Kept per
 * word and mode, the reading under way included: the searches that ask for a word while its first
 * reading runs wait for that one instead of each running its lookups (32 at once did not answer
 * within 2 s). `alone`: the word is the whole query, which found nothing, so no product has it.
 */
export function readingOf(db: Db, w: WordPlan, index: SynonymIndex, typos: 'all' | 'loose', alone: boolean) {
  const key = `${typos}:${w.word}`;
  const known = readingCache.of(db).get(key);
  if (known && Date.now() - known.at < READING_TTL_MS) return known.promise;
  const reading = readingSlot(async (): Promise<Reading> => {
    const trial: WordPlan = { ...w };
    if (!alone && (await anyMatch(db, trial))) return null;
    await readAnew(db, trial, index, typos);
    if (trial.readFrom !== undefined) {
      // Keys read as another word take its every field: 'ㅠㅡㅈ' was a 초성 query, bmw is none.
      const { word, jamo, chosung, patterns, indexed, level, parts, corrections, maker, category, readFrom } = trial;
      const keys = { word, jamo, chosung, patterns, indexed, level, parts, corrections, maker, category, readFrom };
      return { ...keys, loose: undefined };
    }
    if (trial.level === w.level) return 'nothing';
    const { level, parts, corrections, maker, category } = trial;
    return { level, parts, corrections, maker, category };
  });
  return readingCache.start(db, key, reading).promise;
}

/**
 * A word no product has: Hangul typed with the input left in English ('qmfpdlzm'), or Latin letters
 * typed with it left in Korean when the word holds a lone jamo ('ㅠㅡㅈ'), else the word without a
 * Korean particle left on it ('브레이크를'), else, for a label of the shop's categories, that
 * category ('기어', and nothing else: docs/search.md#typos), else a maker of the factory numbers
 * ('보쉬', docs/search.md#makers), else two words typed together ('프론트패드'), else a typo
 * (the loose spelling, then one edit for the grid only, then a synonym's word misspelt: '밋션', then a
 * maker's name misspelt: 'gosch'), else two words of which one misspells a synonym's word
 * ('오일휠타'), else two words of which one is a bare syllable ('어퍼암'), else the word without its
 * particle read as any word ('헤드렘프가'), else, for whole syllables,
 * the Latin letters their keys spell ('며야' → audi), else a maker's name typed against the part
 * ('브렘보패드'). The word's level stays 'exact' when none reads
 * it. Suggestions ('loose') skip only the one edit, whose sample of names costs a keystroke too much;
 * the synonym table is compared in memory, then one index lookup. `keys`: false for a word that is
 * itself the reading of keys or the rest after a maker's name (it is neither read back into the
 * other input, nor stripped of a particle, nor split off a maker again).
 */
async function readAnew(db: Db, w: WordPlan, index: SynonymIndex, typos: 'all' | 'loose', keys = true) {
  const latin = keys ? latinTypedInHangul(w.word) : null;
  // Jamo typed alone are no Korean word: their keys first. Whole syllables are Korean first.
  const jamoAlone = latin !== null && holdsLoneJamo(w.word);
  if (keys && (await typedInOtherInput(db, w, index, typos, hangulTypedInLatin(w.word), true))) return;
  if (jamoAlone && (await typedInOtherInput(db, w, index, typos, latin, true))) return;
  if (keys && (await withoutItsParticle(db, w, index, typos, false))) return;
  // A label of the shop's categories ('기어') is its category's, never a typo of another word.
  if (isCategoryLabel(w.word)) {
    await readAsCategory(db, w);
    return;
  }
  if (await readAsMaker(db, w, false)) return;
  const splits = splitsOf(w, index);
  const whole = splits.filter((split) => !split.bare);
  // Of the splits with a lone syllable, those whose other side is a synonym group's word first:
  // '어퍼암' is 어퍼 (a group's) and 암, not 어 and a 퍼암 ('리어 와이퍼 암' has both).
  const known = (split: Split) => Number([split.left, split.right].some((side) => side.patterns.length > 1));
  const bare = splits.filter((split) => split.bare).sort((a, b) => known(b) - known(a));
  if (await splitCompound(db, w, whole)) return;
  if (typoAllowed(w)) {
    w.level = 'loose';
    if (await anyMatch(db, w)) return;
    if (typos === 'all') {
      w.level = 'similar';
      if (await correctTypo(db, w)) return;
    }
    Object.assign(w, { level: 'exact', corrections: undefined });
    if (await synonymMisspelt(db, w, index)) return;
    if (await readAsMaker(db, w, true)) return;
  }
  if (await splitCompound(db, w, misspeltSplits(whole, index))) return;
  if (await splitCompound(db, w, bare)) return;
  // Its particle left off, the word read as any ('헤드렘프가': 헤드렘프, a typo of 헤드램프).
  if (keys && (await withoutItsParticle(db, w, index, typos, true))) return;
  // A Korean-looking word no reading finds: its keys as typed, or their synonyms, only ('며야' → audi).
  if (latin !== null && !jamoAlone && (await typedInOtherInput(db, w, index, typos, latin, false))) return;
  // Last, when nothing else read it: a maker's name typed against the part ('브렘보패드'), the rest
  // read as a word is (docs/search.md#makers), but neither split again nor read as keys.
  if (keys) await readAsMakerAndRest(db, w, index, (rest) => readAnew(db, rest, index, typos, false));
}

/**
 * A Korean word with a particle left on it ('브레이크를', '헤드램프가': withoutParticle), read as the
 * word without it when some product has that (docs/search.md#typos): as typed, or (`readOn`, after
 * the word's own readings found nothing) by that word's readings. `w` becomes that word's plan.
 */
async function withoutItsParticle(db: Db, w: WordPlan, index: SynonymIndex, typos: 'all' | 'loose', readOn: boolean) {
  const bare = withoutParticle(w.word);
  const read = bare === null ? null : planWord(bare, index);
  if (!read) return false;
  if (readOn) {
    await readAnew(db, read, index, typos, false);
    if (read.level === 'exact' && read.readFrom === undefined) return false;
  }
  if (!(await anyMatch(db, read))) return false;
  const readFrom = read.readFrom ? { ...read.readFrom, typed: w.word } : { typed: w.word, by: 'particle' as const };
  Object.assign(w, read, { readFrom });
  return true;
}

/** The synonym table's words with their loose jamo, worked out once per table (its index object). */
const looseTerms = new WeakMap<SynonymIndex, { term: string; jamo: string }[]>();
function looseTermsOf(index: SynonymIndex) {
  let terms = looseTerms.get(index);
  if (!terms) {
    terms = index.terms.map(({ term }) => ({ term, jamo: looseJamo(wordJamo(term)) }));
    looseTerms.set(index, terms);
  }
  return terms;
}

/**
 * The synonym group's word nearest `w` within its typo budget, loose spellings compared (the longest
 * first on a tie), read as that word's plan with what was typed kept in `readFrom`; null when none is.
 */
function nearestSynonymWord(w: WordPlan, index: SynonymIndex): WordPlan | null {
  const loose = looseJamo(w.jamo);
  const budget = typoBudget([...w.jamo].length);
  let nearest: { term: string; edits: number } | null = null;
  for (const { term, jamo } of looseTermsOf(index)) {
    const edits = jamoEditDistance(loose, jamo);
    if (edits <= budget && (!nearest || edits < nearest.edits)) nearest = { term, edits };
  }
  const read = nearest && planWord(nearest.term, index);
  return read && { ...read, readFrom: { typed: w.word, by: 'typo' } };
}

/**
 * A word no name has, nor a name within its typo budget, that misspells a synonym group's word
 * (docs/search.md#typos): workshop spellings are in the synonym table, not in the names ('밋션' for
 * 미션, whose names say 변속기; '휠타' for 휠터, 필터). Read as the nearest such word when some
 * product has it; `w` becomes that word's plan.
 */
async function synonymMisspelt(db: Db, w: WordPlan, index: SynonymIndex): Promise<boolean> {
  const read = nearestSynonymWord(w, index);
  if (!read || !(await anyMatch(db, read))) return false;
  Object.assign(w, read);
  return true;
}

/**
 * Two words typed together of which one misspells a synonym group's word ('오일휠타': 오일 and 휠타,
 * which is 휠터, 필터; docs/search.md#typos): each of `splits` again with a side no group holds read
 * as the group's word nearest it, for the splits as typed found nothing.
 */
function misspeltSplits(splits: Split[], index: SynonymIndex): Split[] {
  const read = (side: WordPlan) =>
    side.patterns.length === 1 && typoAllowed(side) ? nearestSynonymWord(side, index) : null;
  return splits.flatMap(({ left, right, bare }) => {
    const [l, r] = [read(left), read(right)];
    return [...(l ? [{ left: l, right, bare }] : []), ...(r ? [{ left, right: r, bare }] : [])];
  });
}

/**
 * A word typed in the other input (한/영 not pressed): a Latin word whose keys spell Hangul
 * (docs/search.md#korean-typed-in-english: 'qmfpdlzm' → 브레이크), or Hangul whose keys spell Latin
 * letters (docs/search.md#latin-typed-in-korean: 'ㅠㅡㅈ' → bmw), `other` being what they spell. Read
 * as that word when some product has it, as typed or (`readOn`) by that word's own reading (a
 * compound, a typo); `w` becomes that word's plan, with the keys kept in `readFrom` for the reason
 * shown. A word is tried this way only after no product had it, so `bmw` or 브레이크 never are.
 */
async function typedInOtherInput(
  db: Db,
  w: WordPlan,
  index: SynonymIndex,
  typos: 'all' | 'loose',
  other: string | null,
  readOn: boolean,
) {
  // The word read may have a spelling too short for trigrams (벤츠's synonym MB, or mb itself): searched as any such word.
  const read = other === null ? null : planWord(other, index);
  if (!read) return false;
  if (!(await anyMatch(db, read))) {
    if (!readOn) return false;
    await readAnew(db, read, index, typos, false);
    if (read.level === 'exact' || !(await anyMatch(db, read))) return false;
  }
  Object.assign(w, read, { readFrom: { typed: w.word, by: 'keys' } });
  return true;
}
