import type { FastifyInstance, RouteOptions } from 'fastify';
import { CALLS, CALL_TAGS, MSG, type CallEntry, type CallId } from '@partsmall/contract';

/**
 * The server's side of the table of calls (the contract's CALLS): every documented route must have
 * an entry and every entry a route, or the server does not start; the OpenAPI document takes each
 * operation's id, tags, summary, description and example from the table; and a known path asked with
 * another method answers 405 with `Allow` instead of a 404.
 */

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const ENTRIES = new Map<string, [CallId, CallEntry]>(
  (Object.entries(CALLS) as [CallId, CallEntry][]).map(([id, entry]) => [keyOf(entry.method, entry.path), [id, entry]]),
);

export interface RegisteredCall {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

/** A documented route: one with a schema not hidden from the document (pages, files and the docs viewer are not calls). */
function isDocumented(route: RouteOptions): boolean {
  const schema = route.schema as { hide?: boolean } | undefined;
  return schema !== undefined && schema.hide !== true;
}

/**
 * What differs between the routes and the table: routes without an entry, entries without a route
 * (entries marked `only` may be absent: their route exists in one configuration), and entries whose
 * example or tags are missing. Empty when they agree.
 */
export function callTableProblems(
  routes: readonly { method: string; url: string }[],
  calls: Readonly<Record<string, CallEntry>> = CALLS,
): string[] {
  const problems: string[] = [];
  const entries = new Map(Object.entries(calls).map(([id, e]) => [keyOf(e.method, e.path), id]));
  const routed = new Set(routes.map((r) => keyOf(r.method, r.url)));
  for (const r of routes)
    if (!entries.has(keyOf(r.method, r.url))) problems.push(`route ${keyOf(r.method, r.url)} has no entry in CALLS`);
  for (const [id, e] of Object.entries(calls)) {
    if (!routed.has(keyOf(e.method, e.path)) && !e.only)
      problems.push(`CALLS.${id} (${keyOf(e.method, e.path)}) has no route`);
    if (!e.description.trim() || !e.summary.trim() || e.tags.length === 0)
      problems.push(`CALLS.${id} lacks a summary, description or tag`);
  }
  return problems;
}

const registered = new WeakMap<FastifyInstance, RegisteredCall[]>();

/** The documented routes of an app as they registered (with their schemas): what the table is checked against. */
export function registeredCalls(app: FastifyInstance): readonly RegisteredCall[] {
  return registered.get(app) ?? [];
}

/** Installs the table's checks; call before any route is registered. */
export function installCallTable(app: FastifyInstance): void {
  const documented: RegisteredCall[] = [];
  registered.set(app, documented);
  /** Methods per static path of every route (documented or not), for the 405 answer. */
  const methods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const list = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of list) {
      if (!route.url.includes(':') && !route.url.includes('*')) {
        const set = methods.get(route.url) ?? new Set<string>();
        set.add(method.toUpperCase());
        methods.set(route.url, set);
      }
      // HEAD routes Fastify adds beside each GET are not calls of their own.
      if (isDocumented(route) && method !== 'HEAD')
        documented.push({ method: method.toUpperCase(), url: route.url, schema: route.schema });
    }
  });
  app.addHook('onReady', async () => {
    const problems = callTableProblems(documented);
    if (problems.length > 0)
      throw new Error(
        `the routes and the table of calls (packages/contract/src/calls.ts) disagree:\n${problems.join('\n')}`,
      );
  });
  // A callback hook, not an async one: every request passes it, and all but a wrong method without
  // a promise (docs/performance.md#any-number-and-korean-name-search).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split('?', 1)[0]!;
    const allowed = methods.get(path);
    if (!allowed || allowed.has(request.method)) return done();
    const allow = [...allowed].sort().join(', ');
    void reply.status(405).header('allow', allow).send({ code: 405, message: MSG.methodNotAllowed });
  });
}

type Json = Record<string, unknown>;
interface Operation extends Json {
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, Json> };
  responses?: Record<string, { content?: Record<string, Json> }>;
}

/** The OpenAPI document with the table's names, texts and examples on each operation (swagger's transformObject). */
export function decorateDocument<T>(document: T): T {
  const doc = document as unknown as { tags?: unknown; paths?: Record<string, Record<string, Operation>> };
  doc.tags = CALL_TAGS.map((t) => ({ ...t }));
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(operations)) {
      const found = ENTRIES.get(keyOf(method, path));
      if (!found) continue;
      const [id, entry] = found;
      op.operationId = id;
      op.summary = entry.summary;
      op.description = entry.description;
      op.tags = [...entry.tags];
      if (entry.upload) {
        const { field, maxFiles, headers } = entry.upload;
        op.requestBody = {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: [field],
                properties: {
                  [field]: {
                    type: 'array',
                    maxItems: maxFiles,
                    description: '이미지 파일 (jpg, jpeg, png, gif, webp, jfif, bmp), 한 장에 10 MB까지',
                    items: { type: 'string', format: 'binary' },
                  },
                },
              },
              encoding: { [field]: { contentType: 'image/*' } },
            },
          },
        };
        op.parameters = [
          ...(op.parameters ?? []).filter((p) => p.in !== 'header'),
          ...headers.map((h) => ({
            in: 'header',
            name: h.name,
            required: h.required,
            description: h.description,
            schema: { type: 'string' },
            example: h.example,
          })),
        ];
      } else if (entry.method === 'GET') {
        for (const p of op.parameters ?? [])
          if (p.in === 'query' && p.name in entry.example) p.example = entry.example[p.name];
        const ok = op.responses?.['200']?.content?.['application/json'];
        if (entry.answerExample && ok) ok.example = entry.answerExample;
      } else {
        const json = op.requestBody?.content?.['application/json'];
        if (json) json.example = entry.example;
        // A call that takes no input accepts an empty object (or no body): said so, with that example.
        else
          op.requestBody = {
            required: false,
            content: { 'application/json': { schema: { type: 'object' }, example: entry.example } },
          };
      }
    }
  }
  return document;
}
