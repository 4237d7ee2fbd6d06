import path from 'node:path';

/**
 * apps/server, found from this module: the same from the TypeScript source (src/paths.ts) and from
 * the built bundle (dist/main.js), which sit one folder below it.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
/** True in the built server (dist/*.js, plain node), false from the TypeScript source. */
export const runningBuilt = path.basename(import.meta.dirname) === 'dist';
/** The repository (the web app's build and ./data are found from it). */
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
