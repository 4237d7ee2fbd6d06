import type { BrowserContext } from 'playwright-core';
import type { LoginResult } from '@partsmall/contract';
import type { TestServer } from '../apps/server/test/helpers.js';
import { call } from './helpers.js';

/**
 * A chat window's session, as the login page leaves it: the token and member in sessionStorage of
 * every page the context opens, and notifications allowed beforehand (the chat asks only when the
 * browser has not decided yet).
 */
export async function useChatSession(context: BrowserContext, result: LoginResult): Promise<LoginResult> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript((r: LoginResult) => {
    try {
      if (!sessionStorage.getItem('token')) {
        sessionStorage.setItem('token', r.token);
        sessionStorage.setItem('userInfo', JSON.stringify(r.userInfo));
      }
    } catch {
      // Documents without storage (an image opened in a window).
    }
  }, result);
  return result;
}

/** Logs `id` in over the API and gives the context its session (`useChatSession`). */
export async function chatLogin(context: BrowserContext, server: TestServer, id: string, pw: string) {
  const res = await call<LoginResult>(server, 'POST', 'api/login', { id, pw });
  return useChatSession(context, res.body.results!);
}
