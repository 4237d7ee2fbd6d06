import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteHandlerMethod } from 'fastify';
import {
  CALL_ROUTES,
  CALL_SCHEMAS,
  type ApiEnvelope,
  type CallAnswer,
  type CallId,
  type CallInput,
  type CallSchema,
} from '@partsmall/contract';
import { answers } from './answers.js';
import type { Api } from './context.js';

/**
 * Routes are registered from the table of calls (docs/architecture.md#how-a-call-is-declared):
 * `route(app, 'addToCart', handler)` takes the method, path and access from the contract's CALLS
 * and the body or query and answer schemas from CALL_SCHEMAS, so a route cannot drift from what the
 * web's client and the OpenAPI document say about it. The handler is typed by the same entry.
 */

/** The request of a call: its body (POST) or query (GET) as the schema left it. */
export type CallRequest<I extends CallId> = FastifyRequest<{
  Body: (typeof CALL_SCHEMAS)[I] extends { body: unknown } ? CallInput<I> : unknown;
  Querystring: (typeof CALL_SCHEMAS)[I] extends { query: unknown } ? CallInput<I> : unknown;
}>;

/** The results a call answers on success (what ok()/created() wrap). */
type ResultsOf<I extends CallId> = CallAnswer<I> extends { results: infer R } ? R : undefined;

/** A handler answers the envelope of its call, or sends the reply itself (cached bytes, a redirect). */
export type CallHandler<I extends CallId> = (
  req: CallRequest<I>,
  reply: FastifyReply,
) => Promise<ApiEnvelope<ResultsOf<I>> | FastifyReply> | ApiEnvelope<ResultsOf<I>> | FastifyReply;

/**
 * What a route may add to its entry: a larger body limit (uploads), a hook of its own, or the body
 * code its payload's rule breaks answer instead of 400, where the original client reads 400 as
 * something else (api/checkLicense: 400 is 'already a member').
 */
export interface RouteExtras {
  bodyLimit?: number;
  onRequest?: onRequestHookHandler;
  refusalCode?: number;
  /**
   * With `refusalCode`, every refusal of the call answers that body code, the HTTP status kept: the
   * service's (an AppError under 500) and the framework's (a body that is no JSON, too large) as well as
   * the payload's rule breaks. For a call whose original client shows only that code's message
   * (api/findMemberPw: 0, docs/requirements.md#account-screens).
   */
  everyRefusal?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's id in the table (the audit log and the logs name calls by it). */
    call?: CallId;
    /** The body code of a payload's rule break (RouteExtras.refusalCode); 400 without it. */
    refusalCode?: number;
    /** The refusal code holds for every refusal of the call (RouteExtras.everyRefusal). */
    everyRefusal?: boolean;
  }
}

/** Registers the route of one call of the table. */
export function route<I extends CallId>(app: Api, id: I, handler: CallHandler<I>, extras: RouteExtras = {}): void {
  const entry = CALL_ROUTES[id];
  const schemas: CallSchema = CALL_SCHEMAS[id];
  app.route({
    method: entry.method,
    url: entry.path,
    ...(extras.bodyLimit !== undefined && { bodyLimit: extras.bodyLimit }),
    ...(extras.onRequest && { onRequest: extras.onRequest }),
    config: {
      access: entry.access,
      call: id,
      ...(extras.refusalCode !== undefined && { refusalCode: extras.refusalCode }),
      ...(extras.everyRefusal && { everyRefusal: true }),
    },
    schema: {
      ...(schemas.body && { body: schemas.body }),
      ...(schemas.query && { querystring: schemas.query }),
      ...(schemas.multipart && {
        consumes: schemas.body ? ['application/json', 'multipart/form-data'] : ['multipart/form-data'],
      }),
      response: answers(schemas.answer),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
