import {
  compactName,
  jamoDistanceWithin,
  jamoForm,
  looseJamo,
  nameJamoBounds,
  placeInName,
  spellingFitsAt,
  spellingRules,
  typoBudget,
  wordChosung,
  wordJamo,
  type NameJamoBounds,
} from '@partsmall/contract';
import type { Candidate } from './rows.js';
import type { WordPlan } from './word-plan.js';

/**
 * The ranking of a name search's candidates (docs/search.md#one-box): each name scored
 * once per search against every word, and why it came up written for the page's rows only.
 */

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

/**
 * A name's words run together (its jamo, or its 초성), with where each word starts and where the
 * head word lies: a typed word may hold several of the name's words ('브레이크패드'), and spacing
 * must not decide the rank (docs/search.md#words-in-any-order).
 */
interface Run {
  text: string;
  starts: number[];
  headStart: number;
  headEnd: number;
}

interface NameShape extends Distances {
  /** nearestWord of the typo words ranked against the name. */
  nearest?: Map<string, string>;
  /** Each word of the name. */
  words: NameWord[];
  /** The last word outside parentheses (what the part is: '… 브레이크 패드', '… 쇼바 (쇼크업소버)'). */
  head: NameWord;
  jamoRun: Run;
  chosungRun: Run;
  /** The name's syllables and letters (compactName). */
  letters: string;
  /** Each run of Latin letters and digits of the name's words, whole ('led', 'f', 'pace', 'a6'). */
  runs: Set<string>;
  /** looseJamo of the name's jamo. */
  loose: string;
  /** Where the name's letters and words start and end in its jamo (where a word of a query may stand). */
  bounds: NameJamoBounds;
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

const LATIN_RUNS = /[a-z0-9]+/gu;

/**
 * The share of a typed word the name has, for a synonym's bonus (docs/search.md#words-in-any-order):
 * of its syllables side by side, pairs ('로어암': 로어, 어암 — 로어 컨트롤 암 has one, 랜드로버's 로
 * none), a run of Latin letters and digits one unit whole ('audi' is no a, d of LED; a word of one
 * unit counts whole: a syllable in the name, a run as a run of a name's word).
 */
function typedShare(shape: NameShape, word: string): number {
  const units = word.match(/[a-z0-9]+|[^a-z0-9]/gu) ?? [];
  if (units.length === 0) return 0;
  if (units.length === 1) {
    const unit = units[0]!;
    return Number(/^[a-z0-9]/u.test(unit) ? shape.runs.has(unit) : shape.letters.includes(unit));
  }
  let had = 0;
  for (let i = 1; i < units.length; i++) if (shape.letters.includes(units[i - 1]! + units[i]!)) had++;
  return had / (units.length - 1);
}

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
  const words = splitName(name).map(nameWord);
  // The head word is the last word outside parentheses: its place among the words is the count of
  // words up to its end in the name with the parentheses blanked.
  const outside = name.replace(/\([^)]*\)/g, (m) => ' '.repeat(m.length));
  const lastEnd = [...outside.matchAll(/[\p{L}\p{N}]+/gu)].pop();
  const head = lastEnd ? splitName(name.slice(0, lastEnd.index + lastEnd[0].length)).length - 1 : -1;
  const shape: NameShape = {
    words,
    head: words[head] ?? NO_WORD,
    jamoRun: runOf(words, 'jamo', head),
    chosungRun: runOf(words, 'chosung', head),
    letters: compactName(name),
    runs: new Set(words.flatMap((w) => compactName(w.text).match(LATIN_RUNS) ?? [])),
    loose: looseJamo(jamoForm(name)),
    bounds: nameJamoBounds(name),
  };
  if (shapes.size >= SHAPE_CACHE_SIZE) shapes.delete(shapes.keys().next().value!);
  shapes.set(name, shape);
  return shape;
}

/** The words' jamo or 초성 run together, where each starts, and the head word's place (`head`: its index). */
function runOf(words: NameWord[], key: 'jamo' | 'chosung', head: number): Run {
  const starts: number[] = [];
  let text = '';
  for (const w of words) {
    starts.push(text.length);
    text += w[key];
  }
  const headStart = head < 0 ? 0 : starts[head]!;
  return { text, starts, headStart, headEnd: head < 0 ? 0 : headStart + words[head]![key].length };
}

/**
 * What a word of a query adds where it stands in a name: 0.5 where it starts a word of the name, 2
 * more where it is what the part is: it ends the head word ('패드', or '브레이크패드' of '… 브레이크
 * 패드'), or, for the last word typed, runs into the head word from a word's start ('브레이크 패', '브레이크패').
 */
function placeBonus(run: Run, matched: string, last: boolean): number {
  const at = run.starts.filter((p) => run.text.startsWith(matched, p));
  let s = at.length > 0 ? 0.5 : 0;
  if (run.headEnd === run.headStart) return s;
  const endsHead = run.headEnd >= matched.length && run.text.startsWith(matched, run.headEnd - matched.length);
  const intoHead =
    last &&
    at.some((p) => p <= run.headStart && p + matched.length > run.headStart && p + matched.length <= run.headEnd);
  if (endsHead || intoHead) s += 2;
  return s;
}

/**
 * Where each word of a name starts in its jamo (jamoForm, and so in its loose jamo, which folds
 * jamo one for one): a typo of a short word is corrected only to a stretch that starts one
 * (docs/search.md#typos).
 */
export function nameWordStarts(name: string): Set<number> {
  const starts = new Set<number>();
  let at = 0;
  for (const word of nameShape(name).words) {
    starts.add(at);
    at += word.letters;
  }
  return starts;
}

/**
 * Whether a word (a model code, a 초성) starts a word of the name by one of its spellings: 'xf' starts
 * XF and 'ㅋㄷ' 콘덴서, while 'c9' is inside XC90 and 'ㅋㅋ' is the 컨콘 of 에어컨 콘덴서 run together.
 */
export function startsANameWord(name: string, w: WordPlan): boolean {
  const shape = nameShape(name);
  if (w.chosung) return shape.words.some((x) => w.patterns.some((p) => x.chosung.startsWith(p)));
  // Where a word of a query may stand (placeInName): 'rh' (우) does not start 워터펌프 by half its 워.
  const { bounds } = shape;
  const fits = (p: string, at: number) => spellingFitsAt(bounds, p, at, spellingRules(w.word, p === w.jamo, true));
  return w.patterns.some((p) => [...bounds.wordStarts].some((at) => bounds.jamo.startsWith(p, at) && fits(p, at)));
}

/** How a name matched every word: the same for every row of the name. */
export interface NameScore {
  score: number;
  /** Why the row came up, written only for the rows of the page shown (once per name). */
  reason?: () => string;
  similar: boolean;
}

export interface Scored {
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
  const s = matchScore(row, shape, w, last);
  // Keys typed in English (docs/search.md#korean-typed-in-english) or a synonym's word misspelt: the
  // reason says the word read, then how that word matched when not as spelt ('한/영 전환 (tyqk → 쇼바) ·
  // 동의어 (쇼바 → 쇼크업소버)', '비슷한 이름 (밋션 → 미션) · 동의어 (미션 → 변속기)').
  // A particle left off ('브레이크를' → 브레이크) is the same word: nothing more to say.
  if (!s || w.readFrom === undefined || w.readFrom.by === 'particle') return s;
  const read = `${w.readFrom.by === 'keys' ? '한/영 전환' : '비슷한 이름'} (${w.readFrom.typed} → ${w.word})`;
  const how = s.reason;
  return { score: s.score, similar: true, reason: how ? () => `${read} · ${how()}` : () => read };
}

/** wordScore of the word as searched (for keys typed in English, of the Hangul they spell). */
function matchScore(row: Candidate, shape: NameShape, w: WordPlan, last: boolean): WordScore | null {
  if (w.level === 'split' && w.parts) {
    // A side may be a synonym's word misspelt ('오일휠타': 휠타 read as 휠터), which its reason says.
    const a = wordScore(row, shape, w.parts[0], false);
    const b = wordScore(row, shape, w.parts[1], last);
    if (!a || !b) return null;
    // Both sides' reasons, as two words typed apart say theirs ('미션오일휠타').
    const [ra, rb] = [a.reason, b.reason];
    const reason = ra && rb ? () => `${ra()}, ${rb()}` : (ra ?? rb);
    const similar = a.similar || b.similar;
    return { score: (a.score + b.score) / 2 - 0.5, ...(reason ? { reason } : {}), ...(similar ? { similar } : {}) };
  }
  if (w.level === 'maker' && w.maker) {
    // The maker of the factory number (docs/search.md#makers): no word of the name, so no more for where it stands.
    const maker = w.maker;
    return {
      score: 2,
      reason: () => (w.word.toUpperCase() === maker ? `제조사 ${maker}` : `제조사 (${w.word} → ${maker})`),
    };
  }
  // The category a label names (docs/search.md#typos): no word of the name either.
  if (w.level === 'category') return { score: 2, reason: () => `분류 (${w.word})` };
  if (w.chosung) return { score: 2 + placeBonus(shape.chosungRun, w.jamo, last) };
  let s: number;
  let matched = w.jamo;
  let reason: (() => string) | undefined;
  let similar = false;
  if (w.level === 'exact') {
    // Where the word stands, as typed or by a synonym (docs/search.md#korean-name-search): a row the
    // LIKE found only inside another word ('우' in 아우디) or by half a syllable ('우' of 워) is none.
    const { bounds } = shape;
    const place =
      bounds.jamo === row.nameJamo ? placeInName(bounds, w.word, w.patterns, last) : { spelling: w.jamo, at: -1 };
    if (!place) return null;
    if (place.spelling === w.jamo) s = 3;
    else {
      const synonym = place.spelling;
      matched = synonym;
      // A synonym: more the more of the typed word the name has ('로어암' → 로어 컨트롤 암 over 어퍼 컨트롤 암).
      s = 2.5 + 0.5 * typedShare(shape, w.word);
      reason = () => `동의어 (${w.word} → ${synonymShown(shape, synonym, place.at)})`;
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
  if (matched) s += placeBonus(shape.jamoRun, matched, last);
  else {
    if (shape.words.some(near)) s += 0.5;
    if (shape.head.jamo !== '' && near(shape.head)) s += 2;
  }
  return { score: s, ...(reason ? { reason } : {}), ...(similar ? { similar } : {}) };
}

/** A name that some word does not match (where it stands, or within its typo budget): the first such word. */
export type NameMiss = { missed: WordPlan };

/**
 * How a row matched every word, or the first word that does not match it (a typo too far, a word
 * inside another word). The score is the name's: rows of one name (the same part in other
 * warehouses, or of other makers' numbers) are scored once per search (`byName`).
 */
type ByName = Map<string, NameScore | NameMiss>;
export function score(row: Candidate, words: WordPlan[], byName: ByName): Scored | NameMiss {
  // A row written without its search forms (found through its name) is scored on its own.
  const key = row.nameJamo === '' ? `\u0000${row.name}` : row.name;
  let known = byName.get(key);
  if (known === undefined) {
    const shape = nameShape(row.name);
    // Such a row is scored on its name's jamo as the start will write them: with an empty
    // name_jamo every word would read as a synonym of itself ('동의어 (키트 → 키트)').
    const scored = row.nameJamo === '' ? { ...row, nameJamo: jamoForm(row.name) } : row;
    let total = 0;
    const reasons: (() => string)[] = [];
    let similar = false;
    let miss: WordPlan | undefined;
    for (const [i, w] of words.entries()) {
      const s = wordScore(scored, shape, w, i === words.length - 1);
      if (!s) {
        miss = w;
        break;
      }
      total += s.score;
      if (s.reason) reasons.push(s.reason);
      if (s.similar) similar = true;
    }
    const reason = reasons.length ? { reason: once(joined(reasons)) } : {};
    known = miss ? { missed: miss } : { score: total, similar, ...reason };
    byName.set(key, known);
  }
  return 'missed' in known ? known : { id: row.id, of: known };
}

/**
 * Every word's reason in the order typed, each once ('한/영 전환 (qmfpdlzm → 브레이크), 한/영 전환 (voem →
 * 패드)'): a row found through two readings says both (docs/search.md#one-box).
 */
function joined(reasons: (() => string)[]): () => string {
  return reasons.length === 1 ? reasons[0]! : () => [...new Set(reasons.map((r) => r()))].join(', ');
}

/** A reason written once per name, however many of the page's rows have it. */
function once(reason: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= reason());
}

/**
 * The words of a name a synonym stands in, found at `at` of its jamo (placeInName), as written (for a
 * reason shown to the buyer): '에어필터' in '… 에어 필터' is '에어 필터', not the whole name run together.
 */
function synonymShown(shape: NameShape, jamo: string, at: number): string {
  const { starts } = shape.jamoRun;
  const held = shape.words.filter((w, i) => starts[i]! < at + jamo.length && starts[i]! + w.jamo.length > at);
  return held.length > 0 ? held.map((w) => w.text).join(' ') : shape.letters;
}

/** The most words of a name side by side that a reason names for one typed word ('브레이크패더' → '브레이크 패드'). */
const RUN_WORDS = 3;

/**
 * The words of a name nearest a typed word, side by side as written (for '비슷한 이름 (헤드렘프 →
 * 헤드램프)', '(브레이크패더 → 브레이크 패드)'), kept with the name's shape: of the nearest, the run
 * closest to the word's length.
 */
function nearestWord(shape: NameShape, jamo: string): string {
  const known = shape.nearest?.get(jamo);
  if (known !== undefined) return known;
  const letters = letterCount(jamo);
  let best = '';
  let bestD = Infinity;
  const { words } = shape;
  for (let start = 0; start < words.length; start++)
    for (let end = start + 1; end <= Math.min(words.length, start + RUN_WORDS); end++) {
      const run = words.slice(start, end);
      const d =
        (end - start === 1
          ? distanceWithin(run[0]!, jamo, run[0]!.jamo)
          : jamoDistanceWithin(jamo, run.map((w) => w.jamo).join(''))) +
        Math.abs(run.reduce((n, w) => n + w.letters, 0) - letters) * 0.01;
      if (d < bestD) {
        bestD = d;
        best = run.map((w) => w.text).join(' ');
      }
    }
  shape.nearest ??= new Map();
  if (shape.nearest.size >= DISTANCES_KEPT) shape.nearest.clear();
  shape.nearest.set(jamo, best);
  return best;
}
