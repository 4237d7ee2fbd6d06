import { loginResult, type LoginResult } from '@partsmall/contract';

/** The message a chat popup posts to its opener after logging in there. */
export const LOGIN_MESSAGE = 'login';

/** The login a chat popup posted, when it comes from this shop's own origin and is well formed; else null. */
export function loginFromMessage(
  e: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string = window.location.origin,
): LoginResult | null {
  if (e.origin !== ownOrigin) return null;
  const data = e.data as { type?: string } | null;
  if (data?.type !== LOGIN_MESSAGE) return null;
  const parsed = loginResult.safeParse(data);
  return parsed.success ? parsed.data : null;
}
