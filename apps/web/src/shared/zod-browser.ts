/**
 * What the web app gets for `import … from 'zod'` (vite.config.ts aliases it here): zod with its
 * eval probe switched off before any schema exists. zod probes `Function('')` when it builds an
 * object schema; the shop's Content-Security-Policy forbids eval, so every probe would be reported as
 * a violation. Set in the module that loads zod itself, the switch comes first in whatever chunk
 * the bundler puts a schema, which a call in the entry or in the contract cannot promise.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
