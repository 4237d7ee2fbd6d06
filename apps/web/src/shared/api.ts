import { CALL_ROUTES, type ApiEnvelope, type CallAnswer, type CallId, type CallPayload } from '@partsmall/contract';
import { session } from './session';
import { T } from './texts';

/**
 * The one API client of the web app. Every call answers the envelope `{ code, message, results,
 * total }` (docs/requirements.md#answers-and-errors); the client turns it into the data of an accepted code or throws an
 * ApiError that carries the server's Korean message, the code, the HTTP status and the field a
 * 400 answer is about. TanStack Query calls it from each feature's api.ts.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    message: string,
    /** The envelope's code (0 when no answer arrived). */
    readonly code: number,
    /** The HTTP status (0 when the network failed). */
    readonly status: number,
    /** The form field a 400 answer names. */
    readonly field?: string,
    /** Present on 500 answers so a user can quote it to support. */
    readonly requestId?: string,
    /** What a refusal tells beside its message (a refused payment's current prices). */
    readonly results?: unknown,
  ) {
    super(message);
  }
}

/** HTTP 401 on a call made with a token: the session is gone and the app moves to /login (docs/requirements.md#accounts-and-sessions). */
export class TokenExpiredError extends ApiError {
  override readonly name = 'TokenExpiredError';
  constructor() {
    super(T.common.tokenExpired, 401, 401);
  }
}

export interface CallOptions {
  /** Envelope codes that count as success; others throw. Default 200 and 201. */
  accept?: readonly number[];
  signal?: AbortSignal;
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => undefined;
/** The app frame registers how a 401 moves the user to /login. */
export function setUnauthorizedHandler(handler: Unauthorized) {
  onUnauthorized = handler;
}

/**
 * A 401 on a call made with a token: the session ends as expired on the open screen, so the
 * routing guard sends a member-only screen to login, where it sends a logged-out visitor's home
 * (docs/requirements.md#accounts-and-sessions); the frame's handler tells the user and moves the
 * other screens.
 */
function sessionExpired(): TokenExpiredError {
  endExpiredSession();
  return new TokenExpiredError();
}

/**
 * The session found revoked or expired (a call's 401, or the trade socket's): it ends as expired on
 * the open screen and the user is told, as above. Not for a session already gone, nor for one this
 * tab is ending itself (its logout's or withdrawal's socket 401 comes before the call's answer).
 */
export function endExpiredSession(): void {
  if (session.get().token === null || session.leaving()) return;
  session.expire(location.pathname + location.search);
  onUnauthorized();
}

/**
 * What a call is sent: its body or query as the contract's schema takes it; nothing (or `{}`) for
 * a call that takes no input. A wrong field is a type error.
 */
export type Payload<I extends CallId> =
  CallPayload<I> extends void ? Record<string, never> | undefined : CallPayload<I>;
/** The calls that take no input (their payload may be left out). */
type NoInputCall = { [K in CallId]: CallPayload<K> extends void ? K : never }[CallId];

const TIMEOUT_MS = 100_000;
const OK_CODES = [200, 201] as const;

function urlOf(method: 'GET' | 'POST', path: string, payload?: object): string {
  if (method !== 'GET' || !payload) return path;
  const query = new URLSearchParams(
    Object.entries(payload)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  return `${path}?${query}`;
}

/**
 * Makes one call of the table of calls (the contract's CALL_ROUTES gives its method and path): the
 * payload and the answer are typed by the call's entry (docs/architecture.md#how-a-call-is-declared).
 * Codes other than `accept` (default 200 and 201) throw an ApiError. Only the plain route table is
 * loaded at run time; the answer's schema is loaded in development alone, to check the answer, so a
 * visitor's first page builds none of the contract's zod schemas.
 */
export function api<I extends NoInputCall>(call: I, payload?: Payload<I>, opts?: CallOptions): Promise<CallAnswer<I>>;
export function api<I extends CallId>(call: I, payload: Payload<I>, opts?: CallOptions): Promise<CallAnswer<I>>;
export async function api<I extends CallId>(
  call: I,
  payload: Payload<I>,
  opts: CallOptions = {},
): Promise<CallAnswer<I>> {
  const { method, path } = CALL_ROUTES[call];
  const headers: Record<string, string> = {};
  const token = session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A file upload (FormData) sets its own multipart type and boundary.
  const form = payload instanceof FormData ? payload : null;
  if (method === 'POST' && !form) headers['Content-Type'] = 'application/json';
  const signal = opts.signal
    ? AbortSignal.any([opts.signal, AbortSignal.timeout(TIMEOUT_MS)])
    : AbortSignal.timeout(TIMEOUT_MS);
  const sent = (payload ?? undefined) as object | undefined;
  let res: Response;
  try {
    res = await fetch(urlOf(method, path, sent), {
      method,
      headers,
      body: method === 'POST' ? (form ?? JSON.stringify(sent ?? {})) : undefined,
      signal,
    });
  } catch (e) {
    // A query that was cancelled (left the screen) rejects with the abort itself.
    if (opts.signal?.aborted) throw e;
    throw new ApiError(T.common.networkError, 0, 0);
  }
  if (res.status === 401 && token) throw sessionExpired();
  const body = (await res.json().catch(() => null)) as ApiEnvelope | null;
  if (!body || typeof body.code !== 'number') throw new ApiError(T.common.networkError, res.status, res.status);
  const accept = opts.accept ?? OK_CODES;
  if (!res.ok || !accept.includes(body.code)) {
    throw new ApiError(
      body.message || T.common.networkError,
      body.code,
      res.status,
      body.field,
      body.requestId,
      body.results,
    );
  }
  // While developing, an answer that left its contract says so (the build trusts the contract).
  if (import.meta.env.DEV) {
    const { CALL_SCHEMAS } = await import('@partsmall/contract');
    const checked = CALL_SCHEMAS[call].answer.safeParse(body);
    if (!checked.success) console.warn(`${path}: answer differs from the contract`, checked.error.issues);
  }
  return body as CallAnswer<I>;
}

/** A file a GET call answered (거래명세서 PDF, 캐시 원장 CSV/PDF) and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/** The file name of a content-disposition header: its UTF-8 form first, else the plain one. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * A GET call that answers a file: sent with the session's bearer token in the header, as every
 * call is, so no token ever travels in a URL (docs/requirements.md#paperwork-screens). A refusal
 * answers the envelope, thrown as an ApiError with the server's Korean message.
 */
export async function apiFile<I extends CallId>(call: I, payload: Payload<I>): Promise<ApiFile> {
  const { path } = CALL_ROUTES[call];
  const headers: Record<string, string> = {};
  const token = session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(urlOf('GET', path, (payload ?? undefined) as object | undefined), {
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(T.common.networkError, 0, 0);
  }
  if (res.status === 401 && token) throw sessionExpired();
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const body = (await res.json().catch(() => null)) as ApiEnvelope | null;
    throw new ApiError(body?.message || T.common.networkError, body?.code ?? res.status, res.status, body?.field);
  }
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('content-disposition'), 'document') };
}

/** The Korean message of any error a call or a query ended with. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return T.common.networkError;
}

/** The field an error names, when it is one of the form's fields. */
export function fieldOf<F extends string>(error: unknown, fields: readonly F[] | Record<F, unknown>): F | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  const name = error.field.replace(/^shippingInfo\./, '');
  const known = Array.isArray(fields) ? (fields as readonly string[]).includes(name) : name in fields;
  return known ? (name as F) : null;
}
