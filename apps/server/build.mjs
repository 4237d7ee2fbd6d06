// Builds the server into plain JavaScript (dist/main.js, dist/seed.js) for `npm run start:prod`:
// no TypeScript loader at run time. The workspace contract is bundled in; every other package is
// imported from node_modules as it is (PGlite, sharp, node-redis... load their own files).
// Arguments `name=entry` (entry relative to this folder) add entry points built the same way into
// dist/name.js: the benchmarks' baselines, measured in the form the server runs in production
// (docs/performance.md#how-the-benchmarks-run).
import { build } from 'esbuild';

const extra = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=', 2)));

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts', ...extra },
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
});
