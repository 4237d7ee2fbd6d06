import { cutText } from '@partsmall/contract';

/**
 * When the search bar asks for suggestions (docs/search.md#suggestions): not while the keyboard's
 * IME is still composing a syllable ('블', '브렝', '브레잌' are states on the way to 브레이크), not
 * for a lone jamo ('ㅂ' matches half the shop and means nothing yet), and only once typing pauses
 * for SUGGEST_DELAY_MS — long enough that one-thumb typing on a phone (about 250 ms a jamo) sends
 * one request at a pause, not one per jamo.
 */
export const SUGGEST_DELAY_MS = 400;

const JAMO = /^[\u3131-\u318e]$/u;

/** The text to ask suggestions for, or '' for none: trimmed, at most 100 characters, no lone jamo. */
export function suggestionText(text: string): string {
  const typed = cutText(text.trim(), 100);
  if (JAMO.test(typed)) return '';
  return typed;
}
