import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { faultEnvelope, refusalEnvelope } from '@partsmall/contract';

/**
 * Answers are serialised from the contract's zod schemas (one source): each schema becomes a JSON
 * schema, compiled once by fast-json-stringify. Fields the schema does not name never reach the
 * wire, and a missing required field is an error, not a silently different answer.
 */

/** The JSON schema of an answer (draft-07, the dialect fast-json-stringify and Fastify speak). */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const compiled = new WeakMap<z.ZodType, (value: unknown) => string>();

/** The compiled serializer of an answer schema (compiled once per schema). */
export function compileAnswer(schema: z.ZodType): (value: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(answerJsonSchema(schema)) as (value: unknown) => string;
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** An answer that broke its own schema: a fault of the server, reported with the schema's complaint. */
export class AnswerContractError extends Error {
  constructor(route: string, issues: z.core.$ZodIssue[]) {
    super(`${route}: answer does not match its contract schema: ${JSON.stringify(issues.slice(0, 3))}`);
  }
}

/**
 * Fastify's serializer compiler for zod response schemas. With `verify` (the test suite), every
 * answer is first checked against its schema, so each integration test is a contract test too.
 */
export function answerSerializerCompiler(opts: { verify?: boolean } = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const serialize = compileAnswer(schema);
    if (!opts.verify) return serialize;
    return (value: unknown) => {
      const checked = schema.safeParse(value);
      if (!checked.success) throw new AnswerContractError(`${method} ${url}`, checked.error.issues);
      return serialize(value);
    };
  };
}

/** A route's `response`: the success answer, a refusal's envelope (4xx) and a fault's (5xx, with the request id). */
export function answers<T extends z.ZodType>(success: T) {
  return { 200: success, '4xx': refusalEnvelope, '5xx': faultEnvelope } as const;
}

/**
 * An answer serialised ahead of sending (to cache its bytes) goes out as it is: the same bytes the
 * route's compiled answer schema made (reply.serialize), sent as JSON.
 */
export function sendSerialized(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
