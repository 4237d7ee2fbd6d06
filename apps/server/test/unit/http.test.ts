import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG, loginRequest } from '@partsmall/contract';
import { AppError, badRequest, installErrorHandler, okPage } from '../../src/shared/http.js';

/** The one error handler: every failure becomes the Korean envelope, and only real faults are 500. */

/** An error shaped like Drizzle's: the PostgreSQL error sits in `cause`. */
function pgFailure(code: string, constraint?: string): Error {
  return Object.assign(new Error('Failed query: insert …'), {
    cause: Object.assign(new Error('database error'), { code, constraint }),
  });
}

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
installErrorHandler(app);
app.post('/login', { schema: { body: loginRequest } }, async () => ({ code: 200, message: MSG.ok }));
app.post('/nested', { schema: { body: z.object({ a: z.object({ b: z.string() }) }) } }, async () => ({
  code: 200,
  message: MSG.ok,
}));
app.get('/app-error', async () => {
  throw new AppError(400, MSG.idInUse, 499, 'id');
});
app.get('/bad-request', async () => {
  throw badRequest(MSG.phoneInUse, 'phone');
});
app.get('/nul', async () => {
  throw pgFailure('22021');
});
app.get('/untranslatable', async () => {
  throw pgFailure('22P05');
});
app.get('/unique', async () => {
  throw pgFailure('23505', 'members_login_id');
});
app.get('/boom', async () => {
  throw new Error('secret detail: connection string postgres://user:pw@db');
});

beforeAll(async () => {
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('installErrorHandler', () => {
  it('an AppError answers its status, body code, message and field', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-error' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 499, message: MSG.idInUse, field: 'id' });
    const bad = await app.inject({ method: 'GET', url: '/bad-request' });
    expect(bad.json()).toEqual({ code: 400, message: MSG.phoneInUse, field: 'phone' });
  });

  it('a schema failure answers 400 with the contract message and the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/login', payload: { id: 'demo@partsmall.kr', pw: 'ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.passwordLength, field: 'pw' });
  });

  it('an English schema message is replaced by the generic Korean one; nested fields are dotted', async () => {
    const res = await app.inject({ method: 'POST', url: '/nested', payload: { a: { b: 5 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.badRequest, field: 'a.b' });
  });

  it('broken JSON answers 400 with the generic Korean message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.badRequest });
  });

  it.each(['/nul', '/untranslatable'])('text PostgreSQL cannot store (%s) is the input’s fault: 400', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: MSG.textInvalid });
  });

  it('any other database error is a 500 with a request id and no details', async () => {
    const res = await app.inject({ method: 'GET', url: '/unique' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ code: 500, message: MSG.serverError, requestId: expect.any(String) });
  });

  it('an unexpected error is a 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, message: MSG.serverError, requestId: expect.any(String) });
    expect(res.body).not.toContain('secret');
  });
});

describe('okPage', () => {
  it("answers a page's rows with the count of all of them, and the empty message only without rows", () => {
    expect(okPage({ results: [{ seq: 4 }, { seq: 3 }], total: 12 }, MSG.noInfo)).toEqual({
      code: 200,
      message: MSG.ok,
      results: [{ seq: 4 }, { seq: 3 }],
      total: 12,
    });
    expect(okPage({ results: [], total: 0 }, MSG.noInfo)).toEqual({
      code: 200,
      message: MSG.noInfo,
      results: [],
      total: 0,
    });
    expect(okPage({ results: [], total: 7 })).toEqual({ code: 200, message: MSG.ok, results: [], total: 7 });
  });
});
