import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { featureCircles, featureGraph } from '../../../../scripts/feature-graph';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverSrc = path.resolve(here, '../../src');
const contractSrc = path.resolve(here, '../../../../packages/contract/src');

/**
 * A server file's node: its feature, except a feature's data layer, its tables (`schema.ts`) and
 * the reads others share (`repository.ts`, with the `repository-<part>.ts` it re-exports when split),
 * each a node of its own: they import only tables and
 * other repositories (the test below holds them to it), so they sit below every feature
 * (docs/architecture.md#boundaries).
 */
function serverNode(file: string): string | null {
  const match = /^features\/([^/]+)\/(.+)$/.exec(file.split(path.sep).join('/'));
  if (!match) return null;
  const layer = /^(schema|repository)(?:-[a-z-]+)?\.ts$/.exec(match[2]!)?.[1];
  return layer ? `${match[1]}/${layer}` : match[1]!;
}

/** A contract module's area: `admin-orders.ts` belongs to `admin` (admin.ts), `quick-order-lines.ts` to `quick-order`. */
function contractArea(root: string): (file: string) => string | null {
  const modules = new Set(fs.readdirSync(root).map((name) => name.replace(/\.ts$/, '')));
  return (file) => {
    const parts = path.basename(file).replace(/\.ts$/, '').split('-');
    for (let n = 1; n < parts.length; n++) {
      const area = parts.slice(0, n).join('-');
      if (modules.has(area)) return area;
    }
    return parts.join('-');
  };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-feature-graph-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(dir, 't-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('feature circles', () => {
  it('finds two features that import each other through different files, which no file circle shows', () => {
    const root = tree({
      'features/jobs/kinds.ts': "import { send } from '../notify/index.js';\nexport const kinds = [send];\n",
      'features/jobs/types.ts': 'export type Handler = () => void;\n',
      'features/notify/index.ts': "export { send } from './send.js';\n",
      'features/notify/send.ts':
        "import type { Handler } from '../jobs/types.js';\nexport const send: Handler = () => {};\n",
      'features/notify/schema.ts':
        "import { members } from '../members/schema.js';\nexport const settings = members;\n",
      'features/members/schema.ts': 'export const members = 1;\n',
      'app.ts': "import { kinds } from './features/jobs/kinds.js';\nexport default kinds;\n",
    });
    expect(featureCircles(root, serverNode)).toEqual(['jobs → notify → jobs']);
    expect(featureGraph(root, serverNode).get('notify/schema')).toEqual(['members/schema']);
  });

  it('the server has none; a feature reaches another one way (docs/architecture.md#boundaries)', () => {
    expect(featureCircles(serverSrc, serverNode)).toEqual([]);
  });

  it('tables import only tables and repositories only tables and repositories, so both stay below every feature', () => {
    const graph = featureGraph(serverSrc, serverNode);
    const below = (node: string, to: string) =>
      to.endsWith('/schema') || (node.endsWith('/repository') && to.endsWith('/repository'));
    const reachingUp = [...graph]
      .filter(([node]) => /\/(schema|repository)$/.test(node))
      .flatMap(([node, edges]) => edges.filter((to) => !below(node, to)).map((to) => `${node} → ${to}`));
    expect(reachingUp).toEqual([]);
  });

  it('the contract has none between its areas', () => {
    const areaOf = contractArea(contractSrc);
    expect(areaOf('admin-orders.ts')).toBe('admin');
    expect(areaOf('quick-order-lines.ts')).toBe('quick-order');
    expect(areaOf('epc-vin-decode.ts')).toBe('epc');
    expect(featureCircles(contractSrc, areaOf)).toEqual([]);
  });
});
