/**
 * Text a person types, kept plain (docs/requirements.md#validation): no control character and no bidi
 * override, so nothing stored can break a document, a log line or the order a reader sees it in.
 * `text-fields.test.ts` checks that every call's text fields keep the rule. Only the contract's own
 * modules import these: index.ts does not export this module.
 */
import { z } from 'zod';
import { MSG } from './messages.js';
import { hasVisibleText, isPlainLines, isPlainText } from './rules.js';

/** A one-line text with length rules of its own. */
export const plainText = (schema: z.ZodString) => schema.refine(isPlainText, MSG.textInvalid);

/** A text area's text: as `plainText`, but line breaks and tabs stay. */
export const plainLines = (schema: z.ZodString) => schema.refine(isPlainLines, MSG.textInvalid);

/**
 * Trimmed, `min` to `max` characters; a required one (`min` 1 or more) shows a character: Hangul
 * fillers or U+200B alone, which `trim()` keeps, are a blank text (a blank area, address or product
 * name showed empty to whoever read it; docs/requirements.md#validation).
 */
const trimmed = (min: number, max: number, msg: string) => {
  const text = z.string({ error: msg }).trim().min(min, msg).max(max, msg);
  return min > 0 ? text.refine(hasVisibleText, msg) : text;
};

/** The usual one-line field: trimmed, `min` to `max` characters, one message for a wrong type or length. */
export const textField = (min: number, max: number, msg: string) => plainText(trimmed(min, max, msg));

/** The usual text area: as `textField`, with its line breaks. */
export const linesField = (min: number, max: number, msg: string) => plainLines(trimmed(min, max, msg));
