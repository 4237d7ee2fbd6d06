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
