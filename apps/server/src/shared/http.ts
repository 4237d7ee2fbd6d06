import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { MSG, type ApiEnvelope } from '@partsmall/contract';
import { invalidText } from './db-errors.js';
import { loggableError } from './loggable-error.js';

/** An error a user caused or may see: its message is Korean and safe to show. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body's `code`; defaults to the HTTP status. */
    readonly code: number = status,
    readonly field?: string,
    /** What the refusal tells beside its message (the current prices of a refused payment). */
    readonly results?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, 400, field);
export const unauthorized = (message: string = MSG.tokenExpired) => new AppError(401, message);
/**
 * The 401 of a member-only call (docs/requirements.md#answers-and-errors): '로그인이 필요합니다.' when the
 * request carries no bearer token, '로그인이 만료되었습니다. …' when its token is unknown, revoked or expired.
 */
export const unauthorizedFor = (request: { headers: { authorization?: string | undefined } }) =>
  unauthorized(/^Bearer\s+\S+$/i.test(request.headers.authorization ?? '') ? MSG.tokenExpired : MSG.loginRequired);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const tooMany = (message: string = MSG.tooMany) => new AppError(429, message);

/**
 * A document answer (a PDF or CSV of the company's paper): the bytes with the name the browser saves
 * them under (ASCII and UTF-8), kept by no browser or proxy as every API answer (docs/security.md#headers).
 */
export function sendDocument(reply: FastifyReply, body: Buffer | string, type: string, filename: string) {
  return reply
    .type(type)
    .header('cache-control', 'no-store')
    .header('content-disposition', `inline; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .send(body);
}

export function ok<T>(results?: T, message: string = MSG.ok, total?: number): ApiEnvelope<T> {
  const body: ApiEnvelope<T> = { code: 200, message };
  if (results !== undefined) body.results = results;
  if (total !== undefined) body.total = total;
  return body;
}

/** A page of a list: its rows and the count of all of them; `whenEmpty` is the message of a page without rows. */
export function okPage<R extends unknown[]>(page: { results: R; total: number }, whenEmpty?: string): ApiEnvelope<R> {
  return ok(page.results, page.results.length ? undefined : whenEmpty, page.total);
}

export function created<T>(results?: T, message: string = MSG.ok): ApiEnvelope<T> {
  return { ...ok(results, message), code: 201 };
}

const HANGUL = /[가-힣]/;

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/**
 * One error handler for the whole API: rule breaks become 400 with the field named and the
 * contract's Korean message (the body code the route names, 400 without one; for every refusal where
 * the route says so, RouteExtras.everyRefusal); anything unexpected becomes a generic 500 with a
 * request id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const { refusalCode, everyRefusal } = request.routeOptions.config;
    // The body code of a refusal (HTTP status under 500): the route's for all of them where it says so.
    const refused = (status: number, code: number) =>
      everyRefusal && refusalCode !== undefined && status < 500 ? refusalCode : code;
    if (err instanceof AppError) {
      const body: ApiEnvelope = { code: refused(err.status, err.code), message: err.message };
      if (err.field) body.field = err.field;
      if (err.results !== undefined) body.results = err.results;
      // A fault (503: a provider or the database unavailable) carries the id the logs know it by.
      if (err.status >= 500) body.requestId = request.id;
      return reply.status(err.status).send(body);
    }
    const validation = (err as FastifyError).validation as ValidationItem[] | undefined;
    if (validation && validation.length > 0) {
      const first = validation[0]!;
      const path = first.params?.issue?.path?.map(String) ?? (first.instancePath ?? '').split('/').filter(Boolean);
      const message = first.message && HANGUL.test(first.message) ? first.message : MSG.badRequest;
      const body: ApiEnvelope = { code: refusalCode ?? 400, message };
      if (path.length > 0) body.field = path.join('.');
      return reply.status(400).send(body);
    }
    // Backstop for free text that slipped past a schema: the user's input, so a 400, not a 500.
    if (invalidText(err)) return reply.status(400).send({ code: refused(400, 400), message: MSG.textInvalid });
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: refused(413, 413), message: MSG.payloadTooLarge });
    if (status === 429) return reply.status(429).send({ code: refused(429, 429), message: MSG.tooMany });
    if (status >= 400 && status < 500)
      return reply.status(status).send({ code: refused(status, status), message: MSG.badRequest });
    request.log.error({ err: loggableError(err) }, 'unhandled error');
    return reply.status(500).send({ code: 500, message: MSG.serverError, requestId: request.id });
  });
}
