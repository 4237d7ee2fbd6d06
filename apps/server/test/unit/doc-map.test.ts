import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';

/**
 * The documents are a current map of the repository (docs/architecture.md#a-features-anatomy): the
 * feature lists of README.md and docs/architecture.md are the feature folders as they are now, the
 * table of the web's texts modules is the texts modules that exist, and every file a document names
 * in backticks exists. Everything is read from the tree when the test runs, so adding, moving or
 * removing a folder or file fails here until the documents say so.
 */

const SKIP_DIR = new Set(['node_modules', 'dist', 'data', 'screenshots', '.git', '.tools', '.vite', 'coverage']);

/** Every file of the tree, as repository paths. */
function treeFiles(dir = ''): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIR.has(entry.name)) files.push(...treeFiles(rel));
    } else files.push(rel);
  }
  return files;
}

const read = (f: string) => fs.readFileSync(path.join(repoRoot, f), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    // A folder left empty by a move holds no feature (git keeps no empty folder).
    .filter((e) => e.isDirectory() && fs.readdirSync(path.join(repoRoot, dir, e.name)).length > 0)
    .map((e) => e.name)
    .sort();

/** Drops parenthesised text, nested or not: a feature's description may name other things. */
function withoutParentheses(text: string): string {
  let out = '';
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}

/**
 * The features a document lists: the paragraph that starts with `label` (e.g. 'Server features'), up
 * to the next blank line, its backticked names outside parentheses after the first colon.
 */
export function listedFeatures(markdown: string, label: string): string[] | null {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith(label));
  if (start < 0) return null;
  const paragraph: string[] = [];
  for (let i = start; i < lines.length && lines[i]!.trim() !== ''; i++) paragraph.push(lines[i]!);
  const text = withoutParentheses(paragraph.join(' '));
  const list = text.slice(text.indexOf(':') + 1);
  return [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
}

/** The file names of the backticked paths in a Markdown table's first column. */
export function tableFirstColumnPaths(markdown: string, pattern: RegExp): string[] {
  return markdown
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) => /^\|\s*`([^`]+)`/.exec(l)?.[1])
    .filter((p): p is string => p !== undefined && pattern.test(p))
    .sort();
}

/**
 * A backticked file (a name with a known extension) or folder (two or more names ending in '/'), with
 * no placeholder, no address and no environment variable (`UPLOAD_DIR/epc/`); folders the programs
 * write (dist, data, screenshots) are not in the tree.
 */
const FILE_EXT = /\.(ts|tsx|mts|js|mjs|cjs|json|md|css|html|ya?ml|sh|sql|conf)$/;
const FOLDER = /^[a-z0-9_.@-]+(\/[a-z0-9_.@-]+)+\/$/;
const WRITTEN = /(^|\/)(dist|data|screenshots)\//;
export function codePaths(markdown: string): string[] {
  const found: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/`([^`\s]+)`/g)) {
      const token = m[1]!.replace(/:\d+(-\d+)?$/, '');
      if (/[<>*…{}$]|:\/\/|^\//.test(token) || WRITTEN.test(token)) continue;
      if (!FILE_EXT.test(token) && !FOLDER.test(token)) continue;
      found.push(token);
    }
  }
  return found;
}

/** Where a document's relative path may start: the repository, a part, its source or its features. */
const BASES = [
  '',
  'apps/server/',
  'apps/server/src/',
  'apps/server/src/features/',
  'apps/server/test/',
  'apps/web/',
  'apps/web/src/',
  'apps/web/src/features/',
  'packages/contract/',
  'packages/contract/src/',
  'docs/',
];

const files = treeFiles();
const fileSet = new Set(files);
const folderSet = new Set(
  files.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ),
);
const basenames = new Set(files.map((f) => path.posix.basename(f)));
const exists = (token: string) => {
  if (token.endsWith('/')) return BASES.some((b) => folderSet.has(b + token));
  return token.includes('/') ? BASES.some((b) => fileSet.has(path.posix.normalize(b + token))) : basenames.has(token);
};

const DOCS = ['README.md', ...files.filter((f) => /^docs\/[^/]+\.md$/.test(f)).sort()];
const SERVER_FEATURES = folders('apps/server/src/features');
const WEB_FEATURES = folders('apps/web/src/features');
/** The web's texts modules: `texts.ts` of `shared/` and of a feature. */
const TEXTS_MODULES = files.filter((f) => /^apps\/web\/src\/.*\/texts\.tsx?$/.test(f)).sort();

describe('the documents list the feature folders as they are', () => {
  it('reads the folders (an empty list would pass for the wrong reason)', () => {
    expect(SERVER_FEATURES).toContain('orders');
    expect(WEB_FEATURES).toContain('cart');
    expect(TEXTS_MODULES).toContain('apps/web/src/shared/texts.ts');
  });

  for (const doc of ['README.md', 'docs/architecture.md']) {
    it(`${doc}: 'Server features' names every folder of apps/server/src/features and nothing else`, () => {
      expect(listedFeatures(read(doc), 'Server features')).toEqual(SERVER_FEATURES);
    });

    it(`${doc}: 'Web features' names every folder of apps/web/src/features and nothing else`, () => {
      expect(listedFeatures(read(doc), 'Web features')).toEqual(WEB_FEATURES);
    });
  }

  it("docs/architecture.md's table of texts modules is the texts modules that exist", () => {
    expect(tableFirstColumnPaths(read('docs/architecture.md'), /(^|\/)texts\.tsx?$/)).toEqual(TEXTS_MODULES);
  });
});

describe('the documents name files that exist', () => {
  it('every backticked file and folder of README.md and docs/*.md exists', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const doc of DOCS) {
      for (const token of codePaths(read(doc))) {
        checked++;
        if (!exists(token)) missing.push(`${doc}: ${token}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});

/**
 * Code and docs name [the original API](docs/requirements.md#the-original-api) by that name and
 * cite the docs' headings, never "the spec" or a tracker's issue number, which a clone does not hold.
 * Applied migrations are history: a database that ran one keeps it as it was, so they are not edited.
 */
const CITABLE = /\.(ts|tsx|js|mjs|cjs|css|html|sql|md)$/;
const OLD_NAMES = [/\b(issue|task) ?#?\d+/i, /\bthe spec\b/i];
export function oldCitations(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, at: i + 1 }))
    .filter(({ line }) => OLD_NAMES.some((name) => name.test(line)))
    .map(({ line, at }) => `${at}: ${line.trim()}`);
}

describe('comments cite the docs', () => {
  it('no file says "the spec" or names an issue number (the rule itself excepted)', () => {
    const found: string[] = [];
    const sources = files.filter(
      (f) => CITABLE.test(f) && !f.startsWith('apps/server/drizzle/') && f !== 'apps/server/test/unit/doc-map.test.ts',
    );
    for (const f of sources) {
      for (const hit of oldCitations(read(f))) {
        // docs/requirements.md states the rule, quoting the name it forbids.
        if (f === 'docs/requirements.md' && hit.includes('never "the spec"')) continue;
        found.push(`${f}:${hit}`);
      }
    }
    expect(found).toEqual([]);
    expect(sources.length).toBeGreaterThan(500);
  });
});

describe('the readers', () => {
  it("take a paragraph's backticked names, not what its parentheses name", () => {
    const md =
      'Intro.\n\nServer features (`x.ts` checks): `auth` (login, `sessions.ts`), `mall`\n(shop (nested)), `orders`.\n\nNext `x`.';
    expect(listedFeatures(md, 'Server features')).toEqual(['auth', 'mall', 'orders']);
    expect(listedFeatures(md, 'Web features')).toBeNull();
  });

  it('take files with an extension and leave calls, placeholders, addresses and code blocks', () => {
    const md = [
      'See `epc/quota.ts`, `shared/http.ts:12`, `api/getDeliInfo`, `features/<name>/index.ts`,',
      '`*-worker.ts`, `https://x.kr/a.json`, `/usr/bin/chromium`, `npm run build` and `README.md`;',
      '`db/tables/`, `UPLOAD_DIR/epc/`, `dist/`, `screenshots/failed/`, `docs/`.',
      '```',
      '`inside/a/block.ts`',
      '```',
    ].join('\n');
    expect(codePaths(md)).toEqual(['epc/quota.ts', 'shared/http.ts', 'README.md', 'db/tables/']);
  });

  it('find "the spec" and issue numbers, not specs, tissues or versions', () => {
    const text = ['// see issue 22', '/* Task #7 */', "the spec's payload", 'spec-list', 'tissue 4', 'v2 issues'].join(
      '\n',
    );
    expect(oldCitations(text)).toEqual(['1: // see issue 22', '2: /* Task #7 */', "3: the spec's payload"]);
  });

  it("take the backticked paths of a table's first column", () => {
    const md = '| module | holds |\n| --- | --- |\n| `a/texts.ts` | x |\n| `b/other.ts` | y |\n| c | `d/texts.ts` |';
    expect(tableFirstColumnPaths(md, /texts\.ts$/)).toEqual(['a/texts.ts']);
  });
});
