import fs from 'node:fs';
import path from 'node:path';

/** The chunk files build.mjs writes for the benchmarks' baselines (named by their content). */
const CHUNK = /^bench-chunk-[\w-]+\.js$/;
/** A chunk named in a bundle: a static import's `from "./x.js"` or a dynamic `import("./x.js")`. */
const CHUNK_REFERENCE = /["']\.\/(bench-chunk-[\w-]+\.js)["']/g;

/**
 * Each build of a baseline writes chunks named by their content, so a changed baseline leaves its
 * old chunks behind in `dist`. This removes the chunks no bundle in `dist` reaches (an entry's
 * imports, then the chunks' own), with their source maps; the chunks of every baseline built
 * before, and still there, stay. Returns the names removed.
 */
export function removeUnusedChunks(dist) {
  const files = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
  const reached = new Set(files.filter((f) => !CHUNK.test(f)));
  const pending = [...reached];
  while (pending.length > 0) {
    const text = fs.readFileSync(path.join(dist, pending.pop()), 'utf8');
    for (const [, chunk] of text.matchAll(CHUNK_REFERENCE)) {
      if (reached.has(chunk)) continue;
      reached.add(chunk);
      pending.push(chunk);
    }
  }
  const unused = files.filter((f) => CHUNK.test(f) && !reached.has(f));
  for (const f of unused) {
    fs.rmSync(path.join(dist, f));
    fs.rmSync(path.join(dist, `${f}.map`), { force: true });
  }
  return unused;
}
