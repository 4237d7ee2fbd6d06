import fs from 'node:fs';
import path from 'node:path';

/**
 * Boundaries between a source tree's features, checked on the file an import resolves to (not on
 * how its path is spelled, so '../../features/x/file.js' and a file four folders deep are judged
 * alike). docs/architecture.md#boundaries says the rules; eslint.config.js sets them per tree.
 *
 * Options (one object):
 * - root: the tree's folder (absolute); imports that leave it are not judged.
 * - open: the files of a feature another may import (basenames without extension: 'index', …).
 * - sharedOpen: the same for files of `shared/` (which features build on and which names none).
 * - tables: the file holding a feature's tables ('schema'), read only inside its feature; or null.
 * - tableFloor: files (relative to root, globs with '*' and '**') that may import any feature's
 *   tables: the schemas themselves (foreign keys), the aggregate export, the seed.
 * - tableReaders: { 'features/a/file.ts': ['b', …] }, today's reads of another feature's tables
 *   (a list that only shrinks).
 * - aggregate: the file re-exporting every table ('db/schema.ts'), importable only from tableFloor.
 * - entryPoints: files (globs) that load one module of a feature on purpose, not its index (a worker
 *   thread's entry loads only what the thread runs); the table rule still holds for them.
 * A feature's files other than its tables file never re-export its tables (`export … from './schema.js'`
 * would open them to every feature through its index.ts); tests import the schema file itself.
 */
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec.replace(/\.js$/, ''));
  if (/\.tsx?$/.test(base)) return base;
  for (const ext of SOURCE_EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return base + '.ts';
}

function globRegex(glob) {
  const body = glob
    .split('**')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

const posix = (p) => p.split(path.sep).join('/');
const FEATURE = /^features\/([^/]+)\/(.+)$/;

/** The verdict on one import (`reexport`: an `export … from`): a message when it crosses a boundary, null when it may. */
export function judgeImport(options, fromFile, spec, reexport = false) {
  const root = options.root;
  const from = posix(path.relative(root, fromFile));
  const to = posix(path.relative(root, resolveImport(fromFile, spec)));
  if (from.startsWith('..') || to.startsWith('..')) return null;
  if (reexport && options.tables) {
    const [, toFeature, toRest] = FEATURE.exec(to) ?? [];
    if (toRest?.replace(/\.tsx?$/, '') === options.tables && FEATURE.exec(from)?.[1] === toFeature)
      return `A feature's tables are not re-exported: that opens them to every feature (docs/architecture.md#the-database); a test imports '${to}' itself.`;
  }
  const floor = (options.tableFloor ?? []).map(globRegex);
  const onFloor = floor.some((re) => re.test(from));
  if (options.aggregate && to === options.aggregate && !onFloor)
    return `${options.aggregate} lists every table for Drizzle; import a table from the feature that owns it (docs/architecture.md#the-database).`;
  const target = FEATURE.exec(to);
  if (!target) return null;
  const [, feature, rest] = target;
  const own = FEATURE.exec(from)?.[1];
  if (own === feature) return null;
  const name = rest.replace(/\.tsx?$/, '');
  const open = from.startsWith('shared/') ? options.sharedOpen : options.open;
  const entry = (options.entryPoints ?? []).map(globRegex).some((re) => re.test(from));
  if (!entry && (rest.includes('/') || !open.includes(name)))
    return from.startsWith('shared/')
      ? `shared/ names no feature's code, only its ${options.sharedOpen.map((f) => f + '.ts').join(', ')}: '${to}' (docs/architecture.md#boundaries).`
      : `'${to}' is inside feature ${feature}; another feature or module reaches it through its ${open.map((f) => f + '.ts').join(', ')} (docs/architecture.md#boundaries).`;
  if (options.tables && name === options.tables && !onFloor) {
    const allowed = options.tableReaders?.[from] ?? [];
    if (!allowed.includes(feature))
      return `The tables of ${feature} are read and written only inside features/${feature}; ask its repository.ts or index.ts (docs/architecture.md#the-database).`;
  }
  return null;
}

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports between features go through their open files, resolved to the file they name.' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const options = context.options[0];
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const reexport = node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration';
      const message = judgeImport(options, context.filename, source.value, reexport);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
