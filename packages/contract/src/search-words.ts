/**
 * The words of one search box (docs/search.md#one-box): a typed query split into words, each matched
 * on its own; whether the query reads as a part number; and the typo measures on decomposed jamo.
 * Browser-safe: the server builds its SQL from these, the tests and the relevance suite use them as they are.
 */
import { convertHangulToQwerty, convertQwertyToHangul, disassemble, getChoseong } from 'es-hangul';
import { compactName } from './name-search.js';
import { alphaNumber } from './rules.js';

const HANGUL = /[\u3131-\u318e\uac00-\ud7a3]/u;

/**
 * The words of a query: split at spaces and punctuation, and where a Latin word of two or more
 * letters meets Hangul ('bmw패드' → bmw, 패드). A single letter or digits stay with the Hangul they
 * touch ('E클래스', '3시리즈', 'O2센서' are one word each). Each word is in compact form.
 */
export function searchWords(typed: string): string[] {
  const words: string[] = [];
  for (const raw of typed.split(/[^\p{L}\p{N}]+/u)) {
    const word = compactName(raw);
    if (word === '') continue;
    // Runs of Latin letters (2+) next to Hangul are words of their own.
    const parts = word.split(
      /(?<=[a-z]{2})(?=[\u3131-\u318e\uac00-\ud7a3])|(?<=[\u3131-\u318e\uac00-\ud7a3])(?=[a-z]{2})/u,
    );
    for (const p of parts) if (p !== '') words.push(p);
  }
  return words;
}

/**
 * A query that reads as a part number: no Hangul, at least one digit, and at least four letters and
 * digits ('07119906743', 'LR190583', 'HU 816 X', 'a 000 420 12 20'). 'X5' or 'G20' are too short to
 * be one and stay vehicle words. A part-number reading is tried first and the name next, so a model
 * code such as 'A6 C8' that is no product's number still finds by name.
 */
export function looksLikePartNumber(typed: string): boolean {
  const compact = compactName(typed);
  if (compact === '' || HANGUL.test(compact)) return false;
  if (!/\d/.test(compact)) return false;
  return alphaNumber(typed).length >= 4;
}

/**
 * Whether a query is searched as a part number first: in the 품번 search type any letters or digits
 * are, unless the query has Hangul, when only its other words are, and only if they read as a number
 * ('현대 58101-2SA70'); '3시리즈 패드' or 'x5 패드' typed there is a name, whose Korean a number search
 * would drop (docs/search.md#one-box: the type is a hint, not a wall). Otherwise looksLikePartNumber.
 */
export function searchedAsNumberFirst(typed: string, numberType: boolean): boolean {
  if (!numberType) return looksLikePartNumber(typed);
  if (!HANGUL.test(typed)) return alphaNumber(typed) !== '';
  return looksLikePartNumber(
    typed
      .split(/\s+/u)
      .filter((w) => !HANGUL.test(w))
      .join(' '),
  );
}

/** Two-letter makes buyers type before a number ('MB A 000 420 12 20'); other two-letter words may be a number's first group ('HU 816 X'). */
const MAKE_ABBREVIATIONS = new Set(['mb', 'vw']);
/** A make typed before a part number: a word of letters, three or more, or MB or VW. */
const isMakeBefore = (word: string) => /^[a-z]+$/.test(word) && (word.length >= 3 || MAKE_ABBREVIATIONS.has(word));

/**
 * Whether a text is a part number standing on its own among other words: one that reads as a number
 * (looksLikePartNumber) of six letters and digits at least ('BMW X5', 'W213' or 'BMW 816' are names).
 */
export function isPartNumberWord(text: string): boolean {
  return alphaNumber(text).length >= 6 && looksLikePartNumber(text);
}

/** The most part numbers of one query searched (docs/search.md#one-box); a longer list is quick order's. */
export const MAX_NUMBERS_IN_QUERY = 10;

/**
 * The part numbers a query lists, when it lists two or more (docs/search.md#one-box): pieces apart
 * at commas, semicolons or line breaks ('42215489599, 42212089199'), and in a piece words that are
 * each a number of their own ('42215489599 42212089199'; 'HU 816 X' or '34 11 6 860 242' is one
 * number of several groups). A piece's Hangul words and a make before its numbers are dropped, as
 * numberAmongWords drops them. Each number once, at most MAX_NUMBERS_IN_QUERY; none for a number typed
 * once (the whole query is that number), one for a number typed more than once ('42215489599,
 * 42215489599': an estimate pasted repeats its numbers).
 */
export function partNumbersInQuery(typed: string): string[] {
  const numbers = typed.split(/[,;\n]+/u).flatMap((piece) => {
    const words = piece.split(/\s+/u).filter((w) => w !== '' && !HANGUL.test(w));
    if (words.length > 1 && isMakeBefore(words[0]!.toLowerCase())) words.shift();
    if (words.length > 1 && words.every(isPartNumberWord)) return words;
    const whole = words.join(' ');
    return isPartNumberWord(whole) ? [whole] : [];
  });
  // Each number once, as first typed.
  const seen = new Set<string>();
  const distinct = numbers.filter((n) => !seen.has(alphaNumber(n)) && seen.add(alphaNumber(n)));
  return numbers.length >= 2 ? distinct.slice(0, MAX_NUMBERS_IN_QUERY) : [];
}

/** Korean particles (조사) a buyer may leave on a word ('브레이크를'), the longest first. */
const PARTICLES = ['으로', '을', '를', '이', '가', '은', '는', '의', '에', '로', '와', '과', '도'];

/**
 * A Korean word without the particle it ends in ('브레이크를' → 브레이크, '써모스탯으로' → 써모스탯),
 * null when it ends in none or nothing Korean is left (docs/search.md#typos: read so only when no
 * product has the word as typed, so '가스켓' or a name's own word is never cut).
 */
export function withoutParticle(word: string): string | null {
  const particle = PARTICLES.find((p) => word.endsWith(p));
  if (particle === undefined) return null;
  const rest = word.slice(0, -particle.length);
  return /[\uac00-\ud7a3]$/u.test(rest) ? rest : null;
}

/**
 * The part number a query holds beside other words, for a query that found nothing as a whole
 * (docs/search.md#one-box): its Hangul words dropped, and a make typed before the number ('BMW',
 * 'MANN', 'MB'); null when nothing was dropped (the whole was the reading) or what is left is no
 * number of six letters and digits at least ('BMW X5', 'BMW 816' are no part numbers).
 */
export function numberAmongWords(typed: string): string | null {
  const words = typed.trim().split(/\s+/u);
  const kept = words.filter((w) => !HANGUL.test(w));
  if (kept.length > 1 && isMakeBefore(kept[0]!.toLowerCase())) kept.shift();
  if (kept.length === words.length) return null;
  const rest = kept.join(' ');
  return isPartNumberWord(rest) ? rest : null;
}

/**
 * The Hangul a Latin word spells on the Korean two-set (두벌식) keyboard, for a word typed with the
 * input left in English (한/영: 'qmfpdlzm' → 브레이크, 'tyqk' → 쇼바); null unless the keys make
 * whole syllables only (`bmw` → ㅠㅡㅈ, `asdf` → ㅁㄴㅇㄹ are no Korean word). Read in lower case, as
 * the search's words are: a shifted key (ㅃ ㅉ ㄸ ㄲ ㅆ ㅒ ㅖ) reads as its plain one, which the
 * loose spelling folds again (docs/search.md#korean-typed-in-english).
 */
export function hangulTypedInLatin(word: string): string | null {
  const keys = word.toLowerCase();
  if (!/^[a-z]{2,}$/.test(keys)) return null;
  let hangul: string;
  try {
    hangul = convertQwertyToHangul(keys);
  } catch {
    // es-hangul throws on some key runs ('hose': ㅗ ㅙ ㄴ…) instead of leaving the jamo apart.
    return null;
  }
  return /^[\uac00-\ud7a3]+$/u.test(hangul) ? hangul : null;
}

/** Hangul compatibility jamo typed alone (ㄱ…ㅣ): no Korean word is written with them, but keys typed in the wrong input are. */
const LONE_JAMO = /[\u3131-\u3163]/u;
/** Whether a word holds a jamo typed alone ('ㅠㅐㄴ초'), which no Korean word is written with (a 초성 query aside). */
export const holdsLoneJamo = (word: string): boolean => LONE_JAMO.test(word);
const CONSONANTS_ONLY = /^[\u3131-\u314e]+$/u;

/** The keys of Hangul on the two-set keyboard, in lower case; null when a letter is no key's (ㆍ, ㅿ). */
function keysOf(hangul: string): string | null {
  const keys = convertHangulToQwerty(hangul).toLowerCase();
  return /[\u3131-\u318e\uac00-\ud7a3]/u.test(keys) ? null : keys;
}

/**
 * The Latin letters a Hangul word's keys spell, for a word typed with the input left in Korean (한/영
 * the other way: 'bmw' → ㅠㅡㅈ, 'mb' → ㅡㅠ, 'bosch' → ㅠㅐㄴ초); null unless the word is Hangul only
 * and the keys make two letters or more. Consonants only are a 초성 query ('ㅂㄹㅇㅋ'), not read. Keys
 * that happen to make whole syllables read too ('audi' → 며야): the server tries such a word after
 * its own readings (docs/search.md#latin-typed-in-korean). Lower case, as the search's words are.
 */
export function latinTypedInHangul(word: string): string | null {
  if (!/^[\u3131-\u318e\uac00-\ud7a3]+$/u.test(word) || CONSONANTS_ONLY.test(word)) return null;
  const keys = keysOf(word);
  return keys !== null && /^[a-z]{2,}$/.test(keys) ? keys : null;
}

/**
 * A part number whose letters were typed with the input left in Korean ('ㅁ2371291199' for
 * A2371291199, 'ㅗㅕ 816 ㅌ' for HU 816 X), as the number search reads it (looksLikePartNumber), in
 * lower case with its spaces; null unless each word with Hangul holds a lone jamo or a run of four
 * digits ('좃003858' for WHT003858): '3시리즈' or 'o2센서' are Korean words with a model's digits.
 */
export function partNumberTypedInHangul(typed: string): string | null {
  if (!/\d/.test(typed) || !HANGUL.test(typed)) return null;
  const words = typed.trim().split(/\s+/u);
  if (!words.every((w) => !HANGUL.test(w) || holdsLoneJamo(w) || /\d{4}/.test(w))) return null;
  const keys = keysOf(words.join(' '));
  return keys !== null && looksLikePartNumber(keys) ? keys : null;
}

// ---------------------------------------------------------------- typos on jamo

/** The 초성 of a word, other letters and digits kept ('bmw패드' → 'bmwㅍㄷ'), as name_chosung holds them. */
export function wordChosung(word: string): string {
  return getChoseong(compactName(word), { keepNonHangul: true });
}

/** The jamo of a word, decomposed as typed ('쇼바' → 'ㅅㅛㅂㅏ'). */
export function wordJamo(word: string): string {
  return disassemble(compactName(word));
}

/**
 * Edit distance on decomposed jamo: each jamo inserted, dropped or replaced is one edit, so ㅐ for ㅔ,
 * ㅆ for ㅅ or a dropped ㅇ ('라디에터') is one, where on syllables '렘' for '램' would be a whole
 * syllable wrong. Inputs are jamo texts (wordJamo).
 */
export function jamoEditDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[y.length]!;
}

/**
 * The fewest edits that turn `word` into some part of `text` (both jamo): how far a typed word is
 * from the nearest stretch of a name, wherever it stands in it ('ㅎㅔㄷㅡㄹㅔㅁㅍㅡ' is one edit
 * from a part of 'bmwㄹㅔㄷㅡ…ㅎㅔㄷㅡㄹㅐㅁㅍㅡ').
 */
export function jamoDistanceWithin(word: string, text: string): number {
  if (text.includes(word)) return 0;
  const x = codePoints(word, 0);
  const y = codePoints(text, 1);
  const n = x.length;
  const m = y.length;
  // One row of the table, reused: row[j] is the cost of the word's first i jamo ending at text[j].
  // Sellers: a match may start anywhere in text (first row all zeros) and end anywhere (min of last row).
  const row = scratchRow(m + 1);
  row.fill(0, 0, m + 1);
  for (let i = 1; i <= n; i++) {
    const xi = x[i - 1];
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= m; j++) {
      const up = row[j]!;
      const cost = diag + (xi === y[j - 1] ? 0 : 1);
      const left = row[j - 1]! + 1;
      row[j] = Math.min(up + 1, left, cost);
      diag = up;
    }
  }
  let best = row[0]!;
  for (let j = 1; j <= m; j++) if (row[j]! < best) best = row[j]!;
  return best;
}

/** Reused buffers of jamoDistanceWithin: code points of its two texts and its row (no allocation per call). */
const points: [number[], number[]] = [[], []];
let rowBuffer = new Int32Array(64);
function scratchRow(length: number): Int32Array {
  if (rowBuffer.length < length) rowBuffer = new Int32Array(length * 2);
  return rowBuffer;
}
/** A text's code points (a jamo text is one code unit each; a surrogate pair is one letter), in a reused array. */
function codePoints(text: string, which: 0 | 1): number[] {
  const out = points[which];
  out.length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    out.push(c);
  }
  return out;
}

/**
 * How many jamo edits a typed word of this many jamo may carry: none under four (a two-syllable
 * word one jamo off is another word: 패드/패들), one up to eleven, two from twelve on.
 */
export function typoBudget(jamoLength: number): number {
  if (jamoLength < 4) return 0;
  return jamoLength < 12 ? 1 : 2;
}

/** Whether a typed word (in jamo) is within its typo budget of some part of a name's jamo. */
export function withinTypo(wordJamoText: string, nameJamo: string): boolean {
  const budget = typoBudget([...wordJamoText].length);
  return budget > 0 && jamoDistanceWithin(wordJamoText, nameJamo) <= budget;
}
