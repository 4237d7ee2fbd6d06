import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * An error as it may be logged: a failed query's values (a password or session hash, a phone code's
 * hash, a phone number), which drizzle puts in the error's message and `params`, are left out; the
 * statement and the database's own error stay (docs/security.md#secrets-and-logs).
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof DrizzleQueryError)) return err;
  const safe = new Error(`Failed query: ${err.query}`);
  safe.name = 'DrizzleQueryError';
  // The stack's head repeats the message (and so the values): only its frames are kept.
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  if (err.cause !== undefined) safe.cause = err.cause;
  return safe;
}
