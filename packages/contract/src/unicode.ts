import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Every string the contract accepts is well-formed Unicode. JSON, query strings and socket frames
 * can all carry half of a UTF-16 surrogate pair ("\ud800"); JavaScript keeps such a string, but
 * PostgreSQL refuses it in a jsonb value and the driver silently turns it into U+FFFD in a text
 * column. The check runs once, where input enters (before any schema), so no field can forget it.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** `String.prototype.isWellFormed` (ES2024: Node 20, current browsers), where the runtime has it. */
const hasIsWellFormed = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function';

/** True when a string holds no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return hasIsWellFormed ? (value as string & { isWellFormed(): boolean }).isWellFormed() : !LONE_SURROGATE.test(value);
}

/** The text with each lone surrogate made U+FFFD (`String.prototype.toWellFormed`, where the runtime has it). */
export function wellFormedText(value: string): string {
  const own = (value as string & { toWellFormed?: () => string }).toWellFormed;
  return own ? own.call(value) : value.replace(/\p{Cs}/gu, '\ufffd');
}

/**
 * The first `maxUnits` UTF-16 units of a text (the unit zod's `max` counts), less the first half
 * of a surrogate pair the cut would split: an emoji is kept whole or left out, never sent half.
 */
export function cutText(value: string, maxUnits: number): string {
  if (value.length <= maxUnits) return value;
  const last = value.charCodeAt(maxUnits - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? maxUnits - 1 : maxUnits);
}

/** Whether a value holds no string deeper than itself (a string, number, boolean, null or undefined). */
const isFlat = (value: unknown) => value === null || typeof value !== 'object';

/**
 * The path of the first ill-formed string in an input (a value, or an object's key), or null when
 * every string is well-formed. Walks without recursion, so a deeply nested input cannot overflow.
 */
export function illFormedTextPath(input: unknown): (string | number)[] | null {
  // Most payloads are one object of plain fields: checked in order without building the walk's entries.
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.every((key) => isFlat(record[key]))) {
      for (const key of keys) {
        const value = record[key];
        if (!isWellFormedText(key) || (typeof value === 'string' && !isWellFormedText(value))) return [key];
      }
      return null;
    }
  }
  // Paths are kept as links to the parent's entry and written out only for the string found.
  interface Entry {
    value: unknown;
    key: string | number | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let e = entry; e && e.key !== null; e = e.parent) path.push(e.key);
    return path.reverse();
  };
  const stack: Entry[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return pathOf(entry);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: entry });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (!isWellFormedText(key)) return pathOf(entry, key);
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * `schema.safeParse(input)` after the well-formedness check: an ill-formed string is refused with the
 * text fields' message on its own path, as any other rule break of that field would be.
 */
export function safeParseInput<T extends z.ZodType>(schema: T, input: unknown): z.ZodSafeParseResult<z.output<T>> {
  const path = illFormedTextPath(input);
  if (path) {
    return {
      success: false,
      error: new z.ZodError([{ code: 'custom', message: MSG.textInvalid, path, input }]),
    } as z.ZodSafeParseResult<z.output<T>>;
  }
  return schema.safeParse(input) as z.ZodSafeParseResult<z.output<T>>;
}
