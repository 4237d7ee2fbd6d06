import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import type { AuthContext } from '../features/auth/sessions.js';
import { installAccessControl, type Api } from './context.js';
import { installErrorHandler } from './http.js';

/** The access declaration of routes, on a bare Fastify instance (no database: the caller is set by a test hook). */
function appWith(caller: Partial<AuthContext['member']> | null) {
  const app = Fastify() as unknown as Api;
  installErrorHandler(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = caller
      ? ({
          sessionId: 1,
          token: 't',
          member: { id: 1, type: 0, role: 'member', companyId: 7, ...caller },
          company: null,
        } as AuthContext)
      : null;
  });
  installAccessControl(app);
  return app;
}

const json = { 'content-type': 'application/json' };

describe('route access declarations', () => {
  it('an API route without a declaration cannot be registered: the server does not start', () => {
    const app = appWith(null);
    expect(() => app.post('/api/forgotten', async () => ({ code: 200, message: 'ok' }))).toThrow(
      'POST /api/forgotten: declare who may call it (config.access)',
    );
  });

  it('checks before the body is parsed: broken JSON from a visitor is 401, from a member on a staff call 403', async () => {
    for (const [caller, status] of [
      [null, 401],
      [{ role: 'member' }, 403],
    ] as const) {
      const app = appWith(caller);
      app.post('/api/admin/thing', { config: { access: 'staff' } }, async () => ({ code: 201, message: 'done' }));
      const res = await app.inject({ method: 'POST', url: '/api/admin/thing', headers: json, payload: '{"broken": ' });
      expect([res.statusCode, res.json().code]).toEqual([status, status]);
    }
  });

  it('a main-account call refuses a sub-account with the member-area message', async () => {
    const app = appWith({ type: 1 });
    app.post('/api/mainOnly', { config: { access: 'main' } }, async () => ({ code: 201, message: 'done' }));
    const res = await app.inject({ method: 'POST', url: '/api/mainOnly', headers: json, payload: '{}' });
    expect([res.statusCode, res.json().message]).toEqual([403, MSG_MEMBER.mainOnly]);
  });

  it('guards a declared route outside the API paths too (the chat upload)', async () => {
    const app = appWith(null);
    app.post('/uploadChatFile', { config: { access: 'member' } }, async () => ({ code: 201, message: 'done' }));
    const res = await app.inject({ method: 'POST', url: '/uploadChatFile', headers: json, payload: '{}' });
    expect([res.statusCode, res.json().message]).toEqual([401, MSG.loginRequired]);
  });

  it('lets the right caller through and lists every declaration', async () => {
    const app = appWith({ role: 'staff', companyId: null });
    app.post('/api/admin/thing', { config: { access: 'staff' } }, async () => ({ code: 201, message: 'done' }));
    app.post('/api/open', { config: { access: 'public' } }, async () => ({ code: 200, message: 'ok' }));
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/thing', headers: json, payload: '{}' })).json(),
    ).toEqual({ code: 201, message: 'done' });
    expect(app.accessTable).toEqual([
      { method: 'POST', url: '/api/admin/thing', access: 'staff' },
      { method: 'POST', url: '/api/open', access: 'public' },
    ]);
  });
});
