// Builds the server into plain JavaScript (dist/main.js, dist/seed.js) for `npm run start:prod`:
// no TypeScript loader at run time. The workspace contract is bundled in; every other package is
// imported from node_modules as it is (PGlite, sharp, node-redis... load their own files).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { removeUnusedChunks } from './build-chunks.mjs';

const options = {
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@partsmall/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

// Arguments `name=entry` (entry relative to this folder) build those entry points instead, the same
// way, into dist/name.js: the benchmarks' baselines, measured in the form the server runs in production
// (docs/performance.md#how-the-benchmarks-run). They are split: what an entry imports only when
// asked (the products baseline's optional whole app) becomes a chunk of its own, loaded then. In one
// file, the packages of such code would be imported at start, and the baseline would carry the
// whole app's packages it was written not to load.
const extra = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=', 2)));
if (Object.keys(extra).length > 0) {
  await build({ ...options, entryPoints: extra, splitting: true, chunkNames: 'bench-chunk-[hash]' });
  removeUnusedChunks(path.join(import.meta.dirname, 'dist'));
} else {
  // The worker threads' code (src/shared/worker-pool.ts): each src/workers/*-worker.ts is an entry
  // of its own, dist/<name>.js beside main.js, where the pool looks for it.
  const workers = fs
    .readdirSync(path.join(import.meta.dirname, 'src/workers'))
    .filter((f) => f.endsWith('-worker.ts'))
    .map((f) => [f.slice(0, -3), `src/workers/${f}`]);
  await build({
    ...options,
    entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts', ...Object.fromEntries(workers) },
  });
}
