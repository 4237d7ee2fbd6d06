import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Where the web's styles live (docs/architecture.md#styles): src/styles.css holds only what is
 * global (tokens, reset, typography, buttons and form basics, the shell's frame) within a line
 * budget; the UI kit's rules and the pieces several features share sit in shared/ui/ui.css, which
 * main.tsx imports once, right after styles.css; a feature's rules sit in a .css file in its folder, imported
 * only by that feature's own components, so a screen's styles arrive with its code (a lazy route's
 * chunk) and no feature leans on another's sheet.
 */
const STYLES_LINE_BUDGET = 700;

const IMPORT = /(?:^\s*(?:import|export)\s[^'"]*?from\s+|\bimport\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** Every file under root (relative, '/'-separated), sorted. */
function filesUnder(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The rule's breaches under root (a web src folder), one sentence each; none when the styles sit where they belong. */
function stylesBreaches(root: string, budget = STYLES_LINE_BUDGET): string[] {
  const files = filesUnder(root);
  const sheets = files.filter((f) => f.endsWith('.css'));
  const importers = new Map<string, string[]>(sheets.map((s) => [s, []]));
  for (const file of files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))) {
    for (const m of fs.readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
      importers.get(target)?.push(file);
    }
  }
  const out: string[] = [];
  const lines = fs.existsSync(path.join(root, 'styles.css'))
    ? fs.readFileSync(path.join(root, 'styles.css'), 'utf8').trimEnd().split('\n').length
    : 0;
  if (lines > budget) out.push(`styles.css has ${lines} lines, over its budget of ${budget}`);
  for (const [sheet, by] of importers) {
    const feature = /^features\/([^/]+)\//.exec(sheet)?.[1];
    if (by.length === 0) out.push(`${sheet} is imported by no file`);
    if (sheet === 'styles.css' || sheet === 'shared/ui/ui.css') {
      if (by.some((f) => f !== 'main.tsx')) out.push(`${sheet} is imported by ${by.join(', ')}, not only main.tsx`);
    } else if (feature !== undefined) {
      const outside = by.filter((f) => !f.startsWith(`features/${feature}/`));
      if (outside.length > 0) out.push(`${sheet} is imported from outside features/${feature}: ${outside.join(', ')}`);
    } else if (!sheet.startsWith('shared/ui/')) {
      out.push(`${sheet} is neither styles.css, the UI kit's (shared/ui) nor a feature's`);
    }
  }
  return out;
}

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-styles-home-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function breachesOf(files: Record<string, string>, budget?: number): string[] {
  const root = fs.mkdtempSync(path.join(dir, 't-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return stylesBreaches(root, budget);
}

const BASE = {
  'main.tsx': "import './styles.css';\nimport './shared/ui/ui.css';\n",
  'styles.css': ':root {\n  color: black;\n}\n',
  'shared/ui/ui.css': '.layer {\n  padding: 0;\n}\n',
};

describe('where the web styles live', () => {
  it('accepts a feature sheet imported by its own components and a kit sheet imported by features', () => {
    expect(
      breachesOf({
        ...BASE,
        'features/cart/cart.css': '.cart {\n}\n',
        'features/cart/CartPage.tsx': "import { x } from './x';\nimport './cart.css';\n",
        'features/cart/components/Lines.tsx': "import '../cart.css';\n",
        'shared/ui/paperwork.css': '.tax {\n}\n',
        'features/orders/Badge.tsx': "import '../../shared/ui/paperwork.css';\n",
      }),
    ).toEqual([]);
  });

  it("names a feature sheet imported by another feature, an orphan, a sheet out of place and styles.css's overgrowth", () => {
    expect(
      breachesOf(
        {
          ...BASE,
          'styles.css': '.a {\n}\n.b {\n}\n',
          'features/cart/cart.css': '.cart {\n}\n',
          'features/cart/CartPage.tsx': "import './cart.css';\n",
          'features/checkout/CheckoutPage.tsx': "import '../cart/cart.css';\n",
          'features/orders/orders.css': '.od {\n}\n',
          'routes.css': '.r {\n}\n',
          'routes.tsx': "import './routes.css';\nimport './styles.css';\n",
        },
        3,
      ),
    ).toEqual([
      'styles.css has 4 lines, over its budget of 3',
      'features/cart/cart.css is imported from outside features/cart: features/checkout/CheckoutPage.tsx',
      'features/orders/orders.css is imported by no file',
      "routes.css is neither styles.css, the UI kit's (shared/ui) nor a feature's",
      'styles.css is imported by main.tsx, routes.tsx, not only main.tsx',
    ]);
  });

  it(`apps/web/src keeps them where they belong, styles.css within ${STYLES_LINE_BUDGET} lines (docs/architecture.md#styles)`, () => {
    expect(stylesBreaches(src)).toEqual([]);
  });
});
