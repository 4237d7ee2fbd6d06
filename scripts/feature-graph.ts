import path from 'node:path';
import { importCircles, importGraph } from '../apps/web/build/import-graph';

/**
 * The import graph of a source tree folded to its features: one node per feature, an edge when a
 * file of one imports a file of another. `featureOf` names a file's feature (relative to `root`) or
 * null for files outside every feature, which are left out. Used by the tests that keep features
 * free of circles (docs/architecture.md#boundaries): a circle of files through several features
 * folds to a circle of features, and so does a pair of features that import each other through
 * different files, which no file-level circle shows.
 */
export function featureGraph(root: string, featureOf: (file: string) => string | null): Map<string, string[]> {
  const features = new Map<string, Set<string>>();
  for (const [file, imports] of importGraph(root)) {
    const from = featureOf(path.relative(root, file));
    if (from === null) continue;
    const edges = features.get(from) ?? new Set<string>();
    features.set(from, edges);
    for (const target of imports) {
      const to = featureOf(path.relative(root, target));
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return new Map([...features].map(([feature, edges]) => [feature, [...edges].sort()]));
}

/** The circles between features, each written 'a → b → a'. */
export function featureCircles(root: string, featureOf: (file: string) => string | null): string[] {
  return importCircles(featureGraph(root, featureOf)).map((circle) => circle.join(' → '));
}

/** A folder's features: `features/<name>/…` is feature `<name>`; other files belong to none. */
export function featureFolder(file: string): string | null {
  const match = /^features\/([^/]+)\//.exec(file.split(path.sep).join('/'));
  return match ? match[1]! : null;
}
