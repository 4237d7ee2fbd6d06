/**
 * Where a typo's correction lies in a name (docs/search.md#typos): the stretch of the name's jamo
 * nearest the typed word, between two syllables.
 */

/**
 * The stretches of `text` (jamo) nearest `word` (jamo) within `budget` edits, as written in `text`:
 * the alignment of jamoDistanceWithin, keeping where each match starts. Of the nearest, the one
 * closest to the word's length. `fits(from, to)`: whether a stretch of text's code points may be one.
 */
export function nearestStretch(
  word: string,
  text: string,
  budget: number,
  fits: (from: number, to: number) => boolean = () => true,
): string | null {
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
    if (better && stretch !== '' && fits(start[j]!, j)) {
      best = stretch;
      bestCost = cost[j]!;
    }
  }
  return best;
}

const isConsonant = (c: string | undefined) => c !== undefined && c >= '\u3131' && c <= '\u314e';
const isVowel = (c: string | undefined) => c !== undefined && c >= '\u314f' && c <= '\u3163';
const isJamo = (c: string | undefined) => isConsonant(c) || isVowel(c);

/**
 * Whether `at` is between two syllables of a jamo text (or at its ends, or beside a letter or digit
 * that is no jamo): a syllable starts at a consonant followed by a vowel, so the ㄹ of '랜드로' is
 * 로's, not the end of a syllable.
 */
export function syllableEdge(jamo: readonly string[], at: number): boolean {
  if (at <= 0 || at >= jamo.length || !isJamo(jamo[at - 1]) || !isJamo(jamo[at])) return true;
  return isConsonant(jamo[at]) && isVowel(jamo[at + 1]);
}
