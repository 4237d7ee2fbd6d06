/**
 * What a Korean SMS/LMS can carry. Solapi sends texts in EUC-KR and refuses a message with anything
 * else (emoji, most symbols outside KS X 1001) with status 1029, the whole message then lost; so every
 * text is put in what it can carry before it goes (docs/operations.md#notifications-console-and-solapi).
 */

let eucKr: Set<string> | null = null;

/** ASCII, the characters of KS X 1001 and every Hangul syllable (CP949, which carriers take). */
function carriable(c: string): boolean {
  if (!eucKr) {
    eucKr = new Set();
    const decoder = new TextDecoder('euc-kr');
    for (let lead = 0xa1; lead <= 0xfe; lead++)
      for (let trail = 0xa1; trail <= 0xfe; trail++) {
        const d = decoder.decode(Uint8Array.of(lead, trail));
        if (d.length === 1 && d !== '\ufffd') eucKr.add(d);
      }
  }
  const code = c.codePointAt(0)!;
  return code < 0x80 || (code >= 0xac00 && code <= 0xd7a3) || eucKr.has(c);
}

/** The characters of `text` a Korean SMS/LMS cannot carry. */
export function outsideEucKr(text: string): string[] {
  const bad = new Set<string>();
  for (const c of text) if (!carriable(c)) bad.add(c);
  return [...bad];
}

/** The plain form of characters EUC-KR lacks (those it has, such as “ ” ‘ ’ … ·, stay as they are). */
const PLAIN: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\ufe58': '-',
  '\ufe63': '-',
  '\u201a': "'",
  '\u201b': "'",
  '\u02bc': "'",
  '\u201e': '"',
  '\u201f': '"',
  '\u2039': '<',
  '\u203a': '>',
  '\u00ab': '<<',
  '\u00bb': '>>',
  '\u2022': '·',
  '\u2219': '·',
  '\u301c': '~',
  '\u20a9': '￦',
  '\u00a9': '(c)',
  '\u00ae': '(R)',
};

/** Spaces other than the plain one: a space; marks meant to be invisible (zero-width, BOM): nothing. */
const SPACE = /^[\u00a0\u1680\u2000-\u200a\u202f\u205f]$/u;
const INVISIBLE = /^[\u200b-\u200f\u2060-\u2064\ufeff]$/u;
/** A cluster of several characters that is an emoji: a pictograph, a variation selector, a joiner, a skin tone, a flag, a keycap. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0e|\ufe0f|\u20e3/u;

const graphemes = new Intl.Segmenter('ko', { granularity: 'grapheme' });

/** One character's plain form, or '' when it has none (its compatibility form without accents, if that goes). */
function plainChar(c: string): string {
  if (carriable(c)) return c;
  if (PLAIN[c] !== undefined) return PLAIN[c];
  if (SPACE.test(c)) return ' ';
  if (INVISIBLE.test(c)) return '';
  const decomposed = c.normalize('NFKD').replace(/\p{M}/gu, '');
  return decomposed !== '' && [...decomposed].every(carriable) ? decomposed : '';
}

/**
 * `text` as an SMS/LMS can carry it: what EUC-KR carries stays; a character it lacks takes its
 * plain form (a dash '-', an odd space ' ', 'é' 'e', '₩' '￦') or, with none, is left out; an emoji
 * goes whole with its variation selector, skin tone or joined parts, and a space it leaves double
 * or at a line's end with it. Never the whole message lost for one character.
 */
export function smsText(text: string): string {
  let out = '';
  let dropped = false;
  for (const { segment } of graphemes.segment(text)) {
    let plain: string;
    const chars = [...segment];
    if (chars.every(carriable)) plain = segment;
    else if (chars.length > 1 && EMOJI.test(segment)) plain = '';
    else plain = chars.map(plainChar).join('');
    if (plain === '') {
      dropped = true;
      continue;
    }
    if (dropped) {
      // The space before what was left out stays; the one after it goes (or the one before, at a line's end).
      const atStart = out === '' || out.endsWith('\n');
      if (plain === ' ' && (atStart || out.endsWith(' '))) continue;
      if (/^\r?\n/.test(plain)) out = out.replace(/ +$/, '');
      dropped = false;
    }
    out += plain;
  }
  return dropped ? out.replace(/ +$/, '') : out;
}
