import { useMemo, useRef } from 'react';

/**
 * A random id for one attempt of a write the server keeps once (a checkout, a chat message, a
 * deposit staff type in): sent again with a retry, the server answers what the first did.
 * crypto.randomUUID needs a secure context (https or localhost), so other addresses fall back.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The request id of a form's write while it is unanswered: the same values sent again (after an
 * answer that never came) keep their id, so the server does the write once; other values, or a new
 * write after `answered()`, get a new one.
 */
export function useRequestAttempt() {
  const attempt = useRef<{ values: string; id: string } | null>(null);
  return useMemo(
    () => ({
      idFor(values: unknown): string {
        const key = JSON.stringify(values);
        if (attempt.current?.values !== key) attempt.current = { values: key, id: newRequestId() };
        return attempt.current.id;
      },
      answered() {
        attempt.current = null;
      },
    }),
    [],
  );
}
