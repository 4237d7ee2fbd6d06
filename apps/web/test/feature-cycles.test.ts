import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Features of the web app depend on each other one way only (docs/architecture.md#boundaries): a page
 * composes the buttons of other features (the cart's, the chat's, the favourites'), and those
 * features never reach back. The graph is built here from every relative import (static, re-export,
 * lazy) of apps/web/src/features/<feature>/**, folded to one node per feature; any circle of two or
 * more features fails, whatever files it runs through.
 */
const IMPORT = /(?:^\s*(?:import|export)\s[^'"]*?from\s+|\bimport\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The feature → features it imports, from the files under root/features. */
function featureGraph(root: string): Map<string, Set<string>> {
  const features = path.join(root, 'features');
  const graph = new Map<string, Set<string>>();
  const featureOf = (file: string): string | null => {
    const rel = path.relative(features, file);
    return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0]!;
  };
  const files = fs
    .readdirSync(features, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name));
  for (const entry of files) {
    const file = path.join(entry.parentPath, entry.name);
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = featureOf(path.resolve(path.dirname(file), m[1]!));
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The groups of features that reach each other (strongly connected, two or more), each sorted. */
function featureCircles(graph: Map<string, Set<string>>): string[][] {
  const reach = (start: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [...(graph.get(start) ?? [])];
    while (todo.length > 0) {
      const next = todo.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(...(graph.get(next) ?? []));
    }
    return seen;
  };
  const reaches = new Map([...graph.keys()].map((f) => [f, reach(f)]));
  const groups = new Map<string, string[]>();
  for (const f of [...graph.keys()].sort()) {
    const group = [...graph.keys()].filter((g) => g === f || (reaches.get(f)!.has(g) && reaches.get(g)!.has(f)));
    if (group.length > 1) groups.set(group.sort().join(' ↔ '), group);
  }
  return [...groups.values()];
}

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-feature-cycles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function circlesOf(files: Record<string, string>): string[][] {
  const root = fs.mkdtempSync(path.join(dir, 't-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return featureCircles(featureGraph(root));
}

describe('feature circles of the web app', () => {
  it('finds a pair through an index, a circle of three through deep files and a lazy import', () => {
    expect(
      circlesOf({
        'features/a/index.ts': "export { A } from './A';\n",
        'features/a/A.tsx': "import { B } from '../b';\nexport const A = B;\n",
        'features/b/index.ts': "export const B = 1;\nexport type X = import('../a').A;\n",
        'features/b/x.ts': "import type { A } from '../a';\nexport type Y = A;\n",
        'features/c/components/C.tsx': "import { D } from '../../d/deep/D';\nexport const C = D;\n",
        'features/d/deep/D.tsx': "const E = () => import('../../e/E');\nexport const D = E;\n",
        'features/e/E.tsx': "import '../c/components/C';\nexport const E = 1;\n",
        'shared/s.ts': "import { A } from '../features/a';\nexport const S = A;\n",
      }),
    ).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('finds none where features depend one way', () => {
    expect(
      circlesOf({
        'features/page/P.tsx':
          "import { Heart } from '../fav';\nimport { Cart } from '../cart';\nexport const P = [Heart, Cart];\n",
        'features/fav/index.ts': "import { img } from '../../shared/img';\nexport const Heart = img;\n",
        'features/cart/index.ts': "import { Heart } from '../fav';\nexport const Cart = Heart;\n",
        'shared/img.ts': 'export const img = 1;\n',
      }),
    ).toEqual([]);
  });

  it('apps/web/src/features has none (docs/architecture.md#boundaries)', () => {
    expect(featureCircles(featureGraph(src)).map((group) => group.join(' ↔ '))).toEqual([]);
  });
});
