import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../build/import-graph';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-import-graph-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function circlesOf(files: Record<string, string>): string[][] {
  const root = fs.mkdtempSync(path.join(dir, 't-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return importCircles(importGraph(root)).map((c) => c.map((f) => path.relative(root, f)));
}

describe('import circles', () => {
  it('finds circles through an index.ts, a type-only import and a lazy import', () => {
    expect(
      circlesOf({
        'a/index.ts': "export { A } from './A';\n",
        'a/A.tsx': "import type { B } from '../b/B';\nexport const A = 1;\n",
        'b/B.tsx': "import { A } from '../a';\nexport type B = typeof A;\n",
        'c/C.tsx': "const D = () => import('../d/D');\nexport const C = D;\n",
        'd/D.tsx': "import { C } from '../c/C';\nexport const D = C;\n",
      }),
    ).toEqual([
      ['a/A.tsx', 'b/B.tsx', 'a/index.ts', 'a/A.tsx'],
      ['c/C.tsx', 'd/D.tsx', 'c/C.tsx'],
    ]);
  });

  it('finds none in a chain', () => {
    expect(
      circlesOf({ 'a.ts': "import { b } from './b';\nexport const a = b;\n", 'b.ts': 'export const b = 1;\n' }),
    ).toEqual([]);
  });

  it('the web app has none (docs/architecture.md#boundaries)', () => {
    expect(importCircles(importGraph(src)).map((c) => c.map((f) => path.relative(src, f)).join(' → '))).toEqual([]);
  });

  it("the server has none, its '.js' imports read as the .ts files they are (docs/architecture.md#boundaries)", () => {
    expect(
      importCircles(importGraph(serverSrc)).map((c) => c.map((f) => path.relative(serverSrc, f)).join(' → ')),
    ).toEqual([]);
  });
});
