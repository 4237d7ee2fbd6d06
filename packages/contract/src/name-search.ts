/**
 * Korean product-name search (docs/search.md#korean-name-search), the same code on the server and in the browser. A product
 * stores three normal forms of its name (`productNameColumns`); a query becomes LIKE patterns on one
 * of them (`nameQuery`), which PostgreSQL answers from trigram or prefix indexes. The design, and
 * when a search engine would be worth it, is in docs/search.md#korean-name-search.
 */
import { disassemble, getChoseong } from 'es-hangul';

/**
 * Case, width and spacing fold away; letters (Hangul, Latin) and digits stay. '브레이크 패드(앞)' and
 * '브레이크패드 앞' compare equal, as 'Mercedes-Benz' and 'mercedes benz' do.
 */
export function compactName(value: string): string {
  // NFKC folds full width, but would also turn the jamo a keyboard types (ㅂ, U+3142) into the
  // conjoining jamo of old texts (U+1107), so those are left as they are.
  return value
    .replace(/[^\u3131-\u318e]+/gu, (s) => s.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export interface ProductNameColumns {
  /** compactName: for typo tolerance (trigram similarity) and Latin/digit parts of a name. */
  nameCompact: string;
  /** The 초성 of each syllable, other letters and digits kept: 'BMW 브레이크 패드' → 'bmwㅂㄹㅇㅋㅍㄷ'. */
  nameChosung: string;
  /** Each syllable in its jamo, compound ones split as typed: '브레이크 패드' → 'ㅂㅡㄹㅔㅇㅣㅋㅡㅍㅐㄷㅡ'. */
  nameJamo: string;
}

/** The jamo of a typed text in its compact form (what `name_jamo` holds for a name). */
export function jamoForm(value: string): string {
  return disassemble(compactName(value));
}

/** The stored columns of a product name (written on insert and on every change of the name). */
export function productNameColumns(name: string): ProductNameColumns {
  const nameCompact = compactName(name);
  const nameJamo = disassemble(nameCompact);
  return {
    nameCompact,
    nameChosung: getChoseong(nameCompact, { keepNonHangul: true }),
    nameJamo,
  };
}

/**
 * The jamo a Korean typist confuses, folded to one: ㅐ/ㅔ (and ㅒ/ㅖ, which sound the same), and
 * each double consonant to its single one. Stored per product (`name_loose`), so the commonest typos
 * ('헤드렘프', '마모쎈서', '쇼크업쏘버') are found by the same index lookup as the right spelling.
 * PostgreSQL computes that column with the same folding (translate() in migration 0022): a change
 * here is a change there.
 */
const LOOSE: Record<string, string> = {
  ㅐ: 'ㅔ',
  ㅒ: 'ㅔ',
  ㅖ: 'ㅔ',
  ㄲ: 'ㄱ',
  ㄸ: 'ㄷ',
  ㅃ: 'ㅂ',
  ㅆ: 'ㅅ',
  ㅉ: 'ㅈ',
};

/** The loose form of a jamo text (see LOOSE). */
export function looseJamo(jamo: string): string {
  let out = '';
  for (const ch of jamo) out += LOOSE[ch] ?? ch;
  return out;
}

// ---------------------------------------------------------------- synonyms

export interface SynonymIndex {
  /** Every term in compact form, longest first, with the other terms of its group. */
  terms: { term: string; latin: boolean; others: string[] }[];
}

export interface SynonymProblem {
  group: number;
  term: string;
  message: string;
}

/** Groups that may not be stored: an empty term, or a term in two groups (which one would it mean?). */
export function checkSynonymGroups(groups: readonly (readonly string[])[]): SynonymProblem[] {
  const problems: SynonymProblem[] = [];
  const owner = new Map<string, number>();
  groups.forEach((group, g) => {
    for (const raw of group) {
      const term = compactName(raw);
      if (term === '') problems.push({ group: g, term: raw, message: '동의어에 글자나 숫자가 없습니다.' });
      else if (owner.has(term) && owner.get(term) !== g)
        problems.push({ group: g, term: raw, message: `'${raw}'은(는) 이미 다른 동의어 묶음에 있습니다.` });
      else owner.set(term, g);
    }
    if (new Set(group.map(compactName)).size < 2)
      problems.push({
        group: g,
        term: group[0] ?? '',
        message: '동의어 묶음에는 서로 다른 단어가 두 개 이상 있어야 합니다.',
      });
  });
  return problems;
}

export function buildSynonymIndex(groups: readonly (readonly string[])[]): SynonymIndex {
  const terms: SynonymIndex['terms'] = [];
  for (const group of groups) {
    const compact = [...new Set(group.map(compactName).filter((t) => t !== ''))];
    for (const term of compact)
      terms.push({ term, latin: !/\p{Script=Hangul}/u.test(term), others: compact.filter((t) => t !== term) });
  }
  terms.sort((a, b) => b.term.length - a.term.length);
  return { terms };
}

/** At most this many spellings of one query, so a query of many synonyms stays a few patterns. */
export const MAX_QUERY_VARIANTS = 12;

/**
 * The spellings of a compact query with its synonyms swapped in: '벤츠쇼바' → ['벤츠쇼바',
 * '메르세데스쇼바', …, '벤츠쇼크업소버', …]. A Latin term counts only as a whole word ('mb' in
 * 'mb패드', not inside 'combo'); a Korean term anywhere, the longest first.
 */
export function synonymVariants(compactQuery: string, index: SynonymIndex): string[] {
  const parts: string[][] = [];
  // A term half typed at the end ('헤드라이' of 헤드라이트) is swapped as the whole term is.
  const half = halfTypedTerm(compactQuery, index);
  let rest = half ? compactQuery.slice(0, half.at) : compactQuery;
  // Split the query into alternating plain text and matched terms (each with its alternatives).
  while (rest !== '') {
    let best: { at: number; term: string; others: string[] } | null = null;
    for (const t of index.terms) {
      let at = rest.indexOf(t.term);
      while (at >= 0 && t.latin && !latinWordAt(rest, at, t.term.length)) at = rest.indexOf(t.term, at + 1);
      if (at >= 0 && (!best || at < best.at || (at === best.at && t.term.length > best.term.length)))
        best = { at, term: t.term, others: t.others };
    }
    if (!best) {
      parts.push([rest]);
      break;
    }
    if (best.at > 0) parts.push([rest.slice(0, best.at)]);
    parts.push([best.term, ...best.others]);
    rest = rest.slice(best.at + best.term.length);
  }
  if (half) parts.push(half.choices);
  let variants = [''];
  for (const choices of parts) {
    const next: string[] = [];
    for (const v of variants) for (const c of choices) if (next.length < MAX_QUERY_VARIANTS) next.push(v + c);
    variants = next;
  }
  return variants;
}

/** The jamo of each term of an index, worked out once per index. */
const termJamo = new WeakMap<SynonymIndex, { jamo: string; term: string; others: string[]; latin: boolean }[]>();
function termsWithJamo(index: SynonymIndex) {
  let terms = termJamo.get(index);
  if (!terms) termJamo.set(index, (terms = index.terms.map((t) => ({ ...t, jamo: disassemble(t.term) }))));
  return terms;
}

/**
 * The end of a query that a term starts with, half typed (docs/search.md#korean-name-search): '헤드라이'
 * of 헤드라이트, '물펌' of 물펌프, with the IME's borrowed consonant ('헤드라잍'). Names are matched
 * by a half-typed word as they are by the whole one; the synonyms' words were matched whole only, so
 * '헤드라이' found nothing where '헤드라이트' found every headlamp. Two syllables at least (or four
 * Latin letters, from a word's start), no term itself, and completed by the terms of one group
 * only ('브레' starts 브레이크 and 브레이크디스크, which mean different parts): its choices are what
 * was typed and that group's terms.
 */
function halfTypedTerm(compactQuery: string, index: SynonymIndex): { at: number; choices: string[] } | null {
  const chars = [...compactQuery];
  let at = 0;
  for (let i = 0; i < chars.length; at += chars[i]!.length, i++) {
    const tail = compactQuery.slice(at);
    const latin = /^[a-z]+$/.test(tail);
    if (latin ? tail.length < 4 || /[a-z0-9]/.test(compactQuery[at - 1] ?? '') : countSyllables(tail) < 2) continue;
    const jamo = disassemble(tail);
    const completed = termsWithJamo(index).filter((t) => t.jamo.startsWith(jamo) && t.latin === latin);
    if (completed.length === 0) continue;
    const group = new Set([completed[0]!.term, ...completed[0]!.others]);
    if (group.has(tail) || !completed.every((t) => group.has(t.term))) return null;
    return { at, choices: [tail, ...group] };
  }
  return null;
}

const countSyllables = (text: string) => [...text].filter((c) => SYLLABLE.test(c)).length;

function latinWordAt(text: string, at: number, length: number): boolean {
  const isLatin = (ch: string | undefined) => ch !== undefined && /[a-z0-9]/.test(ch);
  return !isLatin(text[at - 1]) && !isLatin(text[at + length]);
}

// ---------------------------------------------------------------- queries

const CONSONANT = /[\u3131-\u314e]/u;
const SYLLABLE = /[\uac00-\ud7a3]/u;

/** Patterns shorter than this match at the start of a name only (the server's `wordCondition` does the same). */
export const MIN_CONTAINS_LENGTH = 3;

/**
 * How a typed name is matched: its column holds any p of `patterns` (the server's LIKE conditions,
 * `apps/server/src/features/products/word-plan.ts` `wordCondition`; `nameMatches` in memory).
 * - 초성 only ('ㅂㄹㅇㅋ ㅍㄷ', 'bmw ㅂㄹ'): on name_chosung.
 * - Otherwise on name_jamo, where a half-typed last syllable is a prefix of the jamo of the whole
 *   one: '브레이' and '브레잌' (the ㅋ that the next syllable takes) are in 'ㅂㅡㄹㅔㅇㅣㅋㅡ'.
 * Patterns of fewer than three characters match at the start of the name only: a trigram index cannot
 * serve them, and a prefix index can (1M rows must not be scanned for 'ㅂ').
 */
export interface NameQuery {
  column: 'name_chosung' | 'name_jamo';
  patterns: string[];
}

export function nameQuery(typed: string, synonyms?: SynonymIndex): NameQuery | null {
  const compact = compactName(typed);
  if (compact === '') return null;
  const chars = [...compact];
  const bare = chars.filter((c) => CONSONANT.test(c)).length;
  const syllables = chars.filter((c) => SYLLABLE.test(c)).length;
  // One bare consonant at the end after syllables is a syllable being typed ('브레이ㅋ'); bare
  // consonants anywhere else mean the buyer types 초성 ('브레이크 ㅍㄷ' searches as 'ㅂㄹㅇㅋㅍㄷ').
  const typing = bare === 1 && CONSONANT.test(chars[chars.length - 1]!) && syllables > 0;
  if (bare > 0 && !typing) {
    return { column: 'name_chosung', patterns: [getChoseong(compact, { keepNonHangul: true })] };
  }
  const variants = synonyms ? synonymVariants(compact, synonyms) : [compact];
  return { column: 'name_jamo', patterns: [...new Set(variants.map((v) => disassemble(v)))] };
}

function isPrefixOnly(pattern: string): boolean {
  return [...pattern].length < MIN_CONTAINS_LENGTH;
}

/**
 * What the SQL does, in memory: for the web's own lists (categories) and to test the design. A
 * spelling that ends in a vowel is not the first half of a compound vowel ('우' is no 워: ㅇㅜ|ㅓ),
 * as the server's ranking holds (placeInName).
 */
export function nameMatches(columns: ProductNameColumns, query: NameQuery): boolean {
  if (query.column === 'name_chosung')
    return query.patterns.some((p) =>
      isPrefixOnly(p) ? columns.nameChosung.startsWith(p) : columns.nameChosung.includes(p),
    );
  const value = columns.nameJamo;
  const fits = (p: string, at: number) => !(VOWEL.test(p.slice(-1)) && VOWEL.test(value.charAt(at + p.length)));
  return query.patterns.some((p) => {
    if (isPrefixOnly(p)) return value.startsWith(p) && fits(p, 0);
    for (let at = value.indexOf(p); at >= 0; at = value.indexOf(p, at + 1)) if (fits(p, at)) return true;
    return false;
  });
}

// ---------------------------------------------------------------- where a word stands in a name

/** A Hangul vowel jamo: two in a row in a jamo text are one compound vowel (ㅝ is ㅜㅓ). */
const VOWEL = /[\u314f-\u3163]/u;

/** A name's jamo (jamoForm) with where its letters (a syllable's jamo, a Latin letter, a digit) and its words start and end. */
export interface NameJamoBounds {
  jamo: string;
  /** Where a letter starts or ends in `jamo` (0 and its length included). */
  letterEdges: Set<number>;
  wordStarts: Set<number>;
  wordEnds: Set<number>;
}

/**
 * Where a word of a query may stand in a name, for placeInName and spellingFitsAt. A word may end
 * anywhere inside a compound ('브레이크패드'), which only the name's spaces tell.
 */
export function nameJamoBounds(name: string): NameJamoBounds {
  let jamo = '';
  const letterEdges = new Set<number>([0]);
  const wordStarts = new Set<number>();
  const wordEnds = new Set<number>();
  // Folded as compactName folds (so `jamo` is the stored name_jamo), then cut into words.
  const folded = name.replace(/[^\u3131-\u318e]+/gu, (t) => t.normalize('NFKC')).toLowerCase();
  for (const word of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    wordStarts.add(jamo.length);
    for (const letter of word) {
      jamo += disassemble(letter);
      letterEdges.add(jamo.length);
    }
    wordEnds.add(jamo.length);
  }
  return { jamo, letterEdges, wordStarts, wordEnds };
}

/**
 * How a spelling may end in a name: at a letter's end (`whole`: a synonym the buyer did not type);
 * or with the consonant an IME lends the next syllable ('브레잌' of 브레이크: `lent`, a word typed
 * before others); or anywhere in a letter (`half`: the last word typed, as typed, its syllable
 * being typed: '달' of 닭, '밸' of 밸브 and 배럴).
 */
export type SpellingEnd = 'whole' | 'lent' | 'half';

/**
 * Whether a spelling of a query's word may stand at `at` of a name's jamo (docs/search.md#korean-name-search):
 * from a letter's start; to where `end` lets it end, and never as a compound vowel's first half
 * ('우' is no half-typed 워 or 위: ㅇㅜ|ㅓ); and, `apart`, not inside a word of the name: it starts
 * a word or ends one ('우' of 오른쪽 is the (우) of a name, not the 우 of 아우디; 'pads' is the 패드
 * of 브레이크패드). A spelling of one letter (a syllable) stands apart only as a word's start, and,
 * a synonym's (`end` 'whole'), as a whole word: RH's 우 is no 윈도우's or 스노우's.
 */
export function spellingFitsAt(
  name: NameJamoBounds,
  spelling: string,
  at: number,
  rules: { end: SpellingEnd; apart: boolean },
): boolean {
  const end = at + spelling.length;
  if (!name.letterEdges.has(at)) return false;
  if (VOWEL.test(spelling.slice(-1)) && VOWEL.test(name.jamo.charAt(end))) return false;
  const ends =
    name.letterEdges.has(end) || rules.end === 'half' || (rules.end === 'lent' && name.letterEdges.has(end - 1));
  if (!ends || !rules.apart) return ends;
  let oneLetter = true;
  for (let i = at + 1; i < end && oneLetter; i++) if (name.letterEdges.has(i)) oneLetter = false;
  if (!oneLetter) return name.wordStarts.has(at) || name.wordEnds.has(end);
  return name.wordStarts.has(at) && (rules.end !== 'whole' || name.wordEnds.has(end));
}

/** The rules of spellingFitsAt for a spelling of a word: `typed` (the word's own spelling), `last` (the last word typed). */
export function spellingRules(word: string, typed: boolean, last: boolean): { end: SpellingEnd; apart: boolean } {
  return {
    end: !typed ? 'whole' : last ? 'half' : 'lent',
    apart: !typed || /^[\uac00-\ud7a3]$/u.test(compactName(word)),
  };
}

/**
 * The first of a word's spellings (nameQuery's patterns: the word's own jamo first, then its
 * synonyms') that stands somewhere in a name as spellingFitsAt allows, with where, and whether it is
 * the spelling typed; null when none does. A synonym the buyer did not type, and a syllable typed
 * alone ('우'), must not stand inside a word of the name; only the spelling typed of the `last` word
 * may end in a half-typed syllable (a word typed before it, with the consonant lent to the next one).
 */
export function placeInName(
  name: NameJamoBounds,
  word: string,
  spellings: readonly string[],
  last: boolean,
): { spelling: string; at: number; typed: boolean } | null {
  const typedJamo = jamoForm(word);
  for (const spelling of spellings) {
    if (spelling === '') continue;
    const typed = spelling === typedJamo;
    const rules = spellingRules(word, typed, last);
    for (let at = name.jamo.indexOf(spelling); at >= 0; at = name.jamo.indexOf(spelling, at + 1))
      if (spellingFitsAt(name, spelling, at, rules)) return { spelling, at, typed };
  }
  return null;
}
