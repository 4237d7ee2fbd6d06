import type { z } from 'zod';
import { MSG } from '@partsmall/contract';
import { badRequest } from './http.js';

const HANGUL = /[가-힣]/;

/** Parses a socket payload with a contract schema; a rule break becomes the same 400 as over HTTP. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message && HANGUL.test(issue.message) ? issue.message : MSG.badRequest;
  throw badRequest(message, issue?.path.map(String).join('.') || undefined);
}
