import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { CALLS, MSG, safeParseInput, type CallEntry } from '@partsmall/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { callTableProblems, registeredCalls } from '../../src/shared/calls.js';
import { freshDatabase, rawCall, startTestServer } from '../helpers.js';

/**
 * The OpenAPI document (docs/architecture.md#how-a-call-is-declared) names, tags, describes and gives an example for every
 * operation (from the contract's table of calls), describes the multipart uploads, and its error
 * schemas say what errors send. Routes and table agree, or the server does not start.
 */
const server = await startTestServer({ seed: false });
afterAll(async () => {
  await server.close();
});

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; example?: unknown }[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: { properties?: Record<string, unknown>; required?: string[] }; example?: unknown }
    >;
  };
  responses: Record<
    string,
    {
      content?: Record<
        string,
        { schema?: { properties?: Record<string, unknown>; required?: string[] }; example?: unknown }
      >;
    }
  >;
}
const doc = (await (await fetch(`${server.base}/docs/json`)).json()) as {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([p, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${p}`, method, path: p, op })),
);

describe('every operation of the document', () => {
  it('is there: the 100 calls of the table, each once', () => {
    expect(operations.length).toBeGreaterThanOrEqual(100);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(operations.map((o) => [o.name, o] as const))(
    '%s: operationId, declared tags, summary, description and an example',
    (_name, { method, op }) => {
      expect(op.operationId).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
      expect(op.tags!.length).toBeGreaterThan(0);
      for (const tag of op.tags!) expect(doc.tags.map((t) => t.name)).toContain(tag);
      expect(op.summary!.trim()).not.toBe('');
      expect(op.description!.trim().length).toBeGreaterThan(10);
      const bodies = Object.values(op.requestBody?.content ?? {});
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      if (method === 'post') {
        expect(bodies.length).toBeGreaterThan(0);
        expect(
          bodies.every((b) => b.example !== undefined || op.requestBody!.content!['multipart/form-data'] !== undefined),
        ).toBe(true);
      } else if (query.length > 0) {
        for (const p of query.filter((q) => q.required)) expect(p.example, p.name).toBeDefined();
      } else {
        expect(op.responses['200']!.content!['application/json']!.example).toBeDefined();
      }
    },
  );

  it('declares each tag once with a description', () => {
    expect(new Set(doc.tags.map((t) => t.name)).size).toBe(doc.tags.length);
    for (const t of doc.tags) expect(t.description.length).toBeGreaterThan(2);
  });
});

describe('the multipart uploads', () => {
  it.each(['/uploadChatFile', '/uploadChatFiles'])(
    '%s: multipart/form-data with the imgFiles field of binary files, and its headers',
    (p) => {
      const op = doc.paths[p]!.post!;
      const body = op.requestBody!.content!['multipart/form-data']!.schema as {
        required: string[];
        properties: { imgFiles: { type: string; items: { format: string } } };
      };
      expect(body.required).toEqual(['imgFiles']);
      expect(body.properties.imgFiles).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
      const headers = (op.parameters ?? []).filter((h) => h.in === 'header').map((h) => [h.name, h.required]);
      expect(headers).toEqual(
        p === '/uploadChatFiles'
          ? [
              ['targetuser', true],
              ['x-client-message-id', false],
            ]
          : [['x-client-message-id', false]],
      );
    },
  );
});

describe('the error schemas say what errors send', () => {
  const login = doc.paths['/api/login']!.post!;
  const refusal = login.responses['4XX']!.content!['application/json']!.schema!;
  const fault = login.responses['5XX']!.content!['application/json']!.schema!;

  it('a refusal (4xx) declares code, message, field and the rare results, no request id; a fault (5xx) declares the request id', () => {
    expect(Object.keys(refusal.properties!).sort()).toEqual(['code', 'field', 'message', 'results']);
    expect(Object.keys(fault.properties!).sort()).toEqual(['code', 'message', 'requestId']);
  });

  it('a real refusal carries only what the 4xx schema declares', async () => {
    const res = await rawCall(server, 'POST', 'api/login', {
      body: '{"id":"x","pw":"abcd"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    for (const key of Object.keys(res.body!)) expect(Object.keys(refusal.properties!)).toContain(key);
    expect(res.body).not.toHaveProperty('requestId');
  });
});

describe('the examples of the table', () => {
  const calls = registeredCalls(server.app);
  it.each(calls.map((c) => [`${c.method} ${c.url}`, c] as const))(
    '%s: its example passes the route schema',
    (_name, c) => {
      const entry = (Object.values(CALLS) as CallEntry[]).find((e) => e.method === c.method && e.path === c.url)!;
      const schema = c.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
      const input = schema?.body ?? schema?.querystring;
      if (!input) {
        expect(entry.example).toEqual({});
        return;
      }
      const parsed = safeParseInput(input, entry.example);
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );
});

describe('routes and the table agree, or the server does not start', () => {
  const entry = (over: Partial<CallEntry>): CallEntry => ({
    method: 'POST',
    path: '/api/x',
    access: 'public',
    summary: '요약',
    description: '설명입니다.',
    tags: ['mall'],
    example: {},
    ...over,
  });

  it('names a route without an entry and an entry without a route; an entry of one configuration may lack its route', () => {
    const calls = {
      a: entry({ path: '/api/a' }),
      b: entry({ path: '/api/b' }),
      t: entry({ path: '/api/t', only: 'toss' }),
    };
    expect(
      callTableProblems(
        [
          { method: 'POST', url: '/api/a' },
          { method: 'POST', url: '/api/b' },
        ],
        calls,
      ),
    ).toEqual([]);
    expect(
      callTableProblems(
        [
          { method: 'POST', url: '/api/a' },
          { method: 'POST', url: '/api/b' },
          { method: 'GET', url: '/api/a' },
        ],
        calls,
      ),
    ).toEqual(['route GET /api/a has no entry in CALLS']);
    expect(callTableProblems([{ method: 'POST', url: '/api/a' }], calls)).toEqual([
      'CALLS.b (POST /api/b) has no route',
    ]);
    expect(
      callTableProblems(
        [
          { method: 'POST', url: '/api/a' },
          { method: 'POST', url: '/api/b' },
        ],
        { ...calls, c: entry({ path: '/api/a', description: ' ' }) },
      ),
    ).toEqual(['CALLS.c lacks a summary, description or tag']);
  });

  it('a documented route added without an entry stops the start', async () => {
    const database = await freshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-calls-'));
    try {
      const config = {
        ...loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0' }),
        webDist: '/nonexistent',
        redisUrl: null,
      };
      const { app } = await buildApp({ config, db: database.db, logger: false });
      app.post(
        '/api/notInTheTable',
        { config: { access: 'public' }, schema: { body: z.object({ a: z.string() }) } },
        async () => ({ code: 200, message: 'ok' }),
      );
      await expect(app.ready()).rejects.toThrow('route POST /api/notInTheTable has no entry in CALLS');
      await app.close().catch(() => undefined);
    } finally {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a wrong method on a known path', () => {
  it.each([
    ['GET', 'api/login', 'POST'],
    ['PUT', 'api/getMallConfig', 'POST'],
    ['DELETE', 'api/admin/changeStock', 'POST'],
    ['POST', 'healthz', 'GET, HEAD'],
    ['POST', 'api/checkLicense?license=1234567891', 'GET, HEAD'],
  ])('%s %s answers 405 with Allow: %s', async (method, p, allow) => {
    const res = await fetch(`${server.base}/${p}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({ code: 405, message: MSG.methodNotAllowed });
  });

  it('an unknown path stays a 404', async () => {
    const res = await rawCall(server, 'GET', 'api/noSuchCall');
    expect([res.status, res.body]).toEqual([404, { code: 404, message: MSG.notFound }]);
  });
});
