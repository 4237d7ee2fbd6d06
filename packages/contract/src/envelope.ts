import { z } from 'zod';

/** Every answer of the API: `{ code, message, results?, total? }` (docs/requirements.md#answers-and-errors). */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  results?: T;
  total?: number;
  /** Lists paged without a count: whether another page follows. */
  more?: boolean;
  /** The form field a 400 answer is about. */
  field?: string;
  /** Present on 5xx answers so a user can quote it to support. */
  requestId?: string;
}

/**
 * Answer schemas. Each call's answer is one of these shapes around a results schema; routes
 * declare them as their `response`, so the OpenAPI document describes every answer and the
 * server serialises with a compiled serializer. The web takes its types from them.
 */
const code = z.number().int().describe('200 read, 201 write, or the code the original API names');
const message = z.string().describe('Korean, fit to show to the user');

/** An answer without results: `{ code, message }`. */
export const emptyAnswer = z.object({ code, message });
export type EmptyAnswer = z.infer<typeof emptyAnswer>;

/** An answer carrying `results`. */
export const answerOf = <T extends z.ZodType>(results: T) => z.object({ code, message, results });

/** A page of a list: `results` and the `total` count of every page. */
export const pageAnswerOf = <T extends z.ZodType>(item: T) =>
  z.object({ code, message, results: z.array(item), total: z.number().int().min(0) });

/**
 * What a refusal tells beside its message, rarely: a payment refused because prices changed carries
 * the current prices (`changedPrices`, docs/requirements.md#cart-and-checkout).
 */
const refusalResults = z
  .unknown()
  .optional()
  .describe('Rare: what a refusal tells beside its message (a payment refused for changed prices: { prices })');

/** A refusal (4xx): what was wrong, and the field it is about. */
export const refusalEnvelope = z.object({
  code,
  message,
  /** The form field a 400 answer is about (a dotted path for nested fields). */
  field: z.string().optional(),
  results: refusalResults,
});

/** A fault (5xx): the request's id, which a user can quote to support and the logs carry. */
export const faultEnvelope = z.object({
  code,
  message,
  requestId: z.string().optional().describe("The request's id, on the faults the error handler answers (500, 503)"),
});

/** Every refusal and fault: 4xx and 5xx answers (and the trade channel's refusals). */
export const errorEnvelope = z.object({
  code,
  message,
  /** The form field a 400 answer is about (a dotted path for nested fields). */
  field: z.string().optional(),
  /** Present on 500 answers so a user can quote it to support. */
  requestId: z.string().optional(),
  results: refusalResults,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** The results of an answer schema built with answerOf or pageAnswerOf. */
export type ResultsOf<A extends z.ZodType> = z.infer<A> extends { results: infer R } ? R : never;
