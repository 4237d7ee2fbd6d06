import { z } from 'zod';

/**
 * In the browser, zod must not probe for eval (`Function('')`) to speed up object parsing: the
 * shop's Content-Security-Policy forbids eval, and every probe would be reported as a violation.
 * The server keeps zod's fast path.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });
