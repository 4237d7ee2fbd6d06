import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, queryRows, type Db } from '../src/db/client.js';
import { phoneCodes } from '../src/db/schema.js';
import { seedDemo } from '../src/seed/demo.js';
import { AppError } from '../src/shared/http.js';
import { copyPrefix, databaseUrl, onServer, templatesFromEnv } from './template-databases.js';
import { CALL_ROUTES, startOfSeoulDay, type CallAnswer, type CallId, type CallPayload } from '@partsmall/contract';

/**
 * A fresh database per test file: with TEST_DATABASE_URL, a new PostgreSQL database copied from
 * the run's migrated template, or from its seeded one when `seeded` (test/template-databases.ts);
 * else an in-memory embedded one, migrated. `seeded` in the answer says whether the copy already
 * holds the demo shop. Test databases run without waiting for their commits to reach the disk
 * (synchronous_commit off): nothing here crashes the PostgreSQL server, and a killed test process
 * loses nothing it was told was committed. A copy's `drop` closes its connections and leaves the
 * database to the run's end, where the global setup drops the copies together
 * (test/template-databases.ts); a database made without templates is dropped at once.
 */
export async function freshDatabase(opts: { seeded?: boolean } = {}) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase(null, 'memory://');
    return { ...database, url: null as string | null, seeded: false, drop: async () => database.close() };
  }
  const templates = templatesFromEnv();
  const template = templates ? (opts.seeded ? templates.seeded : templates.migrated) : null;
  const name = `${templates ? copyPrefix(templates) : 'pm_test_'}${randomBytes(6).toString('hex')}`;
  await onServer(url, [template ? `create database ${name} template ${template}` : `create database ${name}`]);
  const dbUrl = databaseUrl(url, name, { options: '-c synchronous_commit=off' });
  const database = await openDatabase(dbUrl, '');
  return {
    ...database,
    url: dbUrl,
    seeded: Boolean(template && opts.seeded),
    drop: async () => {
      await database.close();
      // A connection the test left open (a pool it never closed) goes now, as a drop would end it.
      if (templates)
        await onServer(url, [
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        ]);
      else await onServer(url, [`drop database if exists ${name} with (force)`]);
    },
  };
}

/** The pictures the seeded template's seed drew, into a server's own upload folder. */
function copyTemplateUploads(uploadDir: string) {
  const templates = templatesFromEnv();
  if (templates) fs.cpSync(templates.uploads, uploadDir, { recursive: true });
}

export interface TestServer {
  db: Db;
  /** http://127.0.0.1:PORT */
  base: string;
  close(): Promise<void>;
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  /** What the routes are given (realtime channels, configuration). */
  ctx?: Awaited<ReturnType<typeof buildApp>>['ctx'];
}

/**
 * The whole server on a random port with the demo shop seeded, in demo mode unless `env` says
 * otherwise (e.g. NODE_ENV=production with the ALLOW_* switches). PUBLIC_URL is the address the
 * server is reached at (http://127.0.0.1:PORT) unless `env` names one.
 */
export async function startTestServer(
  opts: { seed?: boolean; webDist?: string; productListCacheMs?: number; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const database = await freshDatabase({ seeded: opts.seed !== false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-test-'));
  const baseConfig = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    UPLOAD_DIR: '',
    TRUST_PROXY_HOPS: '1',
    // Tests change products behind the API's back; the grid cache has its own test.
    PRODUCT_LIST_CACHE_MS: String(opts.productListCacheMs ?? 0),
    ...opts.env,
  });
  if (database.seeded) copyTemplateUploads(baseConfig.uploadDir);
  else if (opts.seed !== false) await seedDemo(database.db, { uploadDir: baseConfig.uploadDir });
  const config = {
    ...baseConfig,
    webDist: opts.webDist ?? '/nonexistent',
    redisUrl: null,
  };
  // Every answer is checked against its contract schema: each integration test is a contract test too.
  const { app, ctx } = await buildApp({ config, db: database.db, logger: false, checkAnswers: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // The port is known only now; links the server builds read the configuration when they are made.
  if (!opts.env?.PUBLIC_URL) config.publicUrl = `http://127.0.0.1:${port}`;
  return {
    db: database.db,
    base: `http://127.0.0.1:${port}`,
    app,
    ctx,
    close: async () => {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  body: { code: number; message: string; results?: T; total?: number; field?: string };
}

/** What a typed call is sent: the payload the call's schema takes (nothing for a call without input). */
export type TestPayload<I extends CallId> =
  CallPayload<I> extends void ? Record<string, never> | undefined : CallPayload<I>;
/** A typed call's result: the envelope, with the results of the call's answer when it succeeded. */
export type TypedResult<I extends CallId> = CallResult<CallAnswer<I> extends { results: infer R } ? R : never>;
export interface CallOpts {
  token?: string | undefined;
  /** Extra headers, e.g. X-Forwarded-For to call from another address (the test server believes one proxy). */
  headers?: Record<string, string>;
}

/**
 * Calls the API like the web app does. Typed by the table of calls: `call(server, 'addToCart',
 * payload, { token })` (docs/architecture.md#how-a-call-is-declared). The untyped form
 * `call(server, 'POST', 'api/x', body, token)` stays for what a typed payload cannot say: malformed
 * or foreign bodies sent on purpose, and paths that are not calls.
 */
export async function call<I extends CallId>(
  server: TestServer,
  id: I,
  payload?: TestPayload<I>,
  opts?: CallOpts,
): Promise<TypedResult<I>>;
export async function call<T = unknown>(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  token?: string,
  extraHeaders?: Record<string, string>,
): Promise<CallResult<T>>;
export async function call(
  server: TestServer,
  methodOrId: string,
  pathOrPayload?: unknown,
  payloadOrOpts?: unknown,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<CallResult> {
  if (methodOrId !== 'GET' && methodOrId !== 'POST') {
    const { method, path } = CALL_ROUTES[methodOrId as CallId];
    const opts = (payloadOrOpts ?? {}) as CallOpts;
    return rawJson(
      server,
      method,
      path,
      pathOrPayload as Record<string, unknown> | undefined,
      opts.token,
      opts.headers ?? {},
    );
  }
  return rawJson(
    server,
    methodOrId,
    pathOrPayload as string,
    payloadOrOpts as Record<string, unknown> | undefined,
    token,
    extraHeaders,
  );
}

async function rawJson(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown> | undefined,
  token: string | undefined,
  extraHeaders: Record<string, string>,
): Promise<CallResult> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.authorization = `Bearer ${token}`;
  let url = `${server.base}/${path.replace(/^\//, '')}`;
  let body: string | undefined;
  if (method === 'GET' && payload) url += `?${new URLSearchParams(payload as Record<string, string>)}`;
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, body: (await res.json()) as CallResult['body'] };
}

export async function loginAs(server: TestServer, id: string, pw: string): Promise<string> {
  const res = await call<{ token: string }>(server, 'POST', 'api/login', { id, pw });
  if (res.body.code !== 200) throw new Error(`login failed for ${id}: ${res.body.message}`);
  return res.body.results!.token;
}

/** The newest verification code the console SMS provider sent to a phone. */
export async function latestCode(server: TestServer, phone: string): Promise<string> {
  const res = await call<{ code: string }[]>(server, 'GET', 'dev/outbox', { phone });
  const code = res.body.results?.[0]?.code;
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

export function tradeSocket(server: TestServer, token: string | undefined): Socket {
  return connect(`${server.base}/trade`, { auth: token ? { token } : {}, transports: ['websocket'], forceNew: true });
}

export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(t);
      resolve(payload);
    });
  });
}

export interface RawResult {
  status: number;
  /** The parsed JSON answer, or null when the answer is not JSON. */
  body: { code: number; message: string; results?: unknown; field?: string; requestId?: string } | null;
  text: string;
  headers: Headers;
}

/** A request with any body text and headers, for malformed-input tests. */
export async function rawCall(
  server: TestServer,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string> } = {},
): Promise<RawResult> {
  const res = await fetch(`${server.base}/${path.replace(/^\//, '')}`, {
    method,
    headers: opts.headers,
    body: opts.body,
  });
  const text = await res.text();
  let body: RawResult['body'] = null;
  try {
    body = JSON.parse(text) as RawResult['body'];
  } catch {
    body = null;
  }
  return { status: res.status, body, text, headers: res.headers };
}

/** An answer as it travelled: its headers and body bytes untouched (fetch would decompress the body). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request that sends exactly these headers (and `body` as JSON) and keeps the answer's body as sent. */
export function rawRequest(
  server: { base: string },
  method: 'GET' | 'POST',
  urlPath: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      `${server.base}${urlPath}`,
      { method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET that sends exactly these headers and keeps the body as sent. */
export function rawGet(server: { base: string }, urlPath: string, headers: Record<string, string> = {}) {
  return rawRequest(server, 'GET', urlPath, headers);
}

/**
 * Requests a phone code through the join call (api/mobileVerification) or the find call
 * (api/mobileVerificationInq) and returns it from the dev outbox.
 */
export async function sendPhoneCode(
  server: TestServer,
  phone: string,
  flow: 'join' | 'find' = 'join',
): Promise<string> {
  const path = flow === 'join' ? 'api/mobileVerification' : 'api/mobileVerificationInq';
  const res = await call(server, 'GET', path, { phone, authType: 'message' });
  if (res.body.code !== 200) throw new Error(`code request for ${phone} refused: ${res.body.message}`);
  return latestCode(server, phone);
}

/**
 * Makes the phone's latest code 61 s older, so a new one may be requested at once (no 60 s wait).
 * Only the latest: shifting every code each time pushed the first of ten codes 10 minutes back,
 * out of the Seoul day when a test ran just after midnight.
 */
export async function allowCodeResend(server: TestServer, phone: string): Promise<void> {
  await server.db
    .update(phoneCodes)
    .set({ createdAt: sql`${phoneCodes.createdAt} - interval '61 seconds'` })
    .where(
      eq(phoneCodes.id, sql`(select max(${phoneCodes.id}) from ${phoneCodes} where ${phoneCodes.phone} = ${phone})`),
    );
}

/**
 * Waits, when needed, until the Seoul day is at least `marginSec` old and at least `marginSec` from
 * its end. Tests of daily caps count the codes of one Seoul day, and a code 61 s old cannot be of
 * today in the day's first minute; outside those minutes of the day this returns at once.
 */
export async function clearOfSeoulMidnight(marginSec = 120): Promise<void> {
  const dayMs = 24 * 60 * 60 * 1000;
  const sinceMidnight = Date.now() - startOfSeoulDay().getTime();
  const margin = marginSec * 1000;
  if (sinceMidnight < margin) await new Promise((r) => setTimeout(r, margin - sinceMidnight));
  else if (dayMs - sinceMidnight < margin) await new Promise((r) => setTimeout(r, dayMs - sinceMidnight + margin));
}

/** A documentation address (TEST-NET) of its own per call: for limits counted per client address. */
let addressCounter = 0;
export function newAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}
export const fromAddress = (address: string) => ({ 'x-forwarded-for': address });

/** A 6-digit code that differs from `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** A service's answer as `{ ok: true, ...answer }`, or the AppError it threw as `{ ok: false, status, message }`. */
export type Settled<T> = ({ ok: true } & T) | { ok: false; status: number; message: string };

/** Wraps a service that throws AppError, for tests that compare its answers and refusals side by side. */
export function settled<A extends unknown[], T extends object>(
  fn: (...args: A) => Promise<T>,
): (...args: A) => Promise<Settled<T>> {
  return async (...args) => {
    try {
      return { ok: true, ...(await fn(...args)) };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { ok: false, status: err.status, message: err.message };
    }
  };
}

/** Polls `check` every 50 ms until it answers something truthy, at most `ms`; throws naming `what` otherwise. */
export async function until<T>(what: string, check: () => Promise<T>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * How many statements on this test database wait for a lock now, those whose text is like `like`
 * (all when not given): a race test holds a row and waits until the request it started is stopped
 * there. Read outside any transaction: pg_stat_activity is a snapshot taken once per transaction.
 */
export async function lockWaiters(db: Db, like = '%'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like ${like}`,
  );
  return row!.n;
}

/**
 * The job runner's settings for tests that watch jobs run and fail: polled every half second, a
 * failed try retried after one second without back-off, `retries` times.
 */
export const fastJobs = (retries: number) => ({
  JOBS_RETRY_LIMIT: String(retries),
  JOBS_RETRY_DELAY_SECONDS: '1',
  JOBS_RETRY_BACKOFF: 'false',
  JOBS_POLL_SECONDS: '0.5',
});
