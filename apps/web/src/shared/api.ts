import type { ApiEnvelope } from '@partsmall/contract';
import { T } from './texts';
import { session } from './session';

/** Raised for HTTP 401: the session is gone and the app moves to /login (spec 1 §4). */
export class TokenExpiredError extends Error {
  constructor() {
    super(T.common.tokenExpired);
  }
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => undefined;
/** The router registers how a 401 moves the user to /login. */
export function setUnauthorizedHandler(handler: Unauthorized) {
  onUnauthorized = handler;
}

const TIMEOUT_MS = 100_000;

async function call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<ApiEnvelope<T> & { status: number }> {
  const headers: Record<string, string> = {};
  const token = session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let url = path.startsWith('/') ? path : `/${path}`;
  let body: string | undefined;
  if (method === 'GET' && payload) {
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    url += `?${query}`;
  } else if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return { status: 0, code: 0, message: T.common.networkError };
  }
  if (res.status === 401 && token) {
    session.clear();
    onUnauthorized();
    throw new TokenExpiredError();
  }
  const data = (await res.json().catch(() => ({ code: res.status, message: T.common.networkError }))) as ApiEnvelope<T>;
  return { ...data, status: res.status };
}

/** POST call with the session token; resolves with the envelope whatever its code. */
export const post = <T = unknown>(path: string, payload?: object) => call<T>('POST', path, payload);
export const get = <T = unknown>(path: string, query?: object) => call<T>('GET', path, query);
