// Builds the server into plain JavaScript (dist/main.js, dist/seed.js) for `npm run start:prod`:
// no TypeScript loader at run time. The workspace contract is bundled in; every other package is
// imported from node_modules as it is (PGlite, sharp, node-redis... load their own files).
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts', seed: 'src/seed/cli.ts' },
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
