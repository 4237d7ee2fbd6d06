import fs from 'node:fs';
import path from 'node:path';

/**
 * A source tree's module graph from its relative imports: `import … from './x'`, `export … from
 * './x'` and lazy `import('./x')` (a page loaded lazily still depends on its loader's file, and a
 * circle through it is still a circle). Used by the test that keeps the web app and the server free of import circles
 * (docs/architecture.md#boundaries).
 */
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
const LAZY_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(from: string, spec: string): string | null {
  // The server writes its relative imports as Node runs them ('./x.js' for ./x.ts).
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  if (/\.(ts|tsx)$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name));
  for (const entry of files) {
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, 'utf8');
    const specs = [...text.matchAll(STATIC_IMPORT), ...text.matchAll(LAZY_IMPORT)].map((m) => m[1]!);
    const edges = specs.map((spec) => resolve(file, spec)).filter((f): f is string => f !== null);
    graph.set(file, [...new Set(edges)]);
  }
  return graph;
}

/** Every circle of the graph, each as the files along it (first file repeated at the end). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}
