import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Files that read another feature's tables today (docs/architecture.md#the-database): shrink, never grow. */
const SERVER_TABLE_READERS = {};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'scratch/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Web boundaries (docs/architecture.md#boundaries): a feature reaches another only through its
  // index.ts, and shared/ knows no feature. The route table (src/routes.tsx) loads pages by file.
  ...webBoundaries(),
  // Server boundaries (docs/architecture.md#boundaries): another feature is reached through its
  // index.ts or its open files, its tables only inside it, and shared/ names no feature's code.
  // Tests (apps/server/test, *.test.ts) and benches may import internals; they are not matched here.
  ...serverBoundaries(),
  ...webSyntax(),
  ...numberFormat(),
  ...functionLength(),
);

/**
 * The web's rule resolves each import to its file (import-x/no-restricted-paths), whatever its
 * depth or spelling: a file of features/x may import another feature's index.ts and nothing else
 * of it, and shared/ imports no feature. The route table (src/routes.tsx) loads pages by file.
 * Which features may import which (one way, no circle) is the test apps/web/test/feature-cycles.test.ts.
 */
function webBoundaries() {
  const root = path.join(import.meta.dirname, 'apps/web/src');
  const features = fs
    .readdirSync(path.join(root, 'features'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const message =
    "Another web feature is reached through its index.ts ('../<feature>'), never its files (docs/architecture.md#boundaries).";
  const zones = features.map((feature) => ({
    target: `${root}/features/${feature}/**`,
    from: [`${root}/features/!(${feature})/**`],
    except: [`${root}/features/*/index.ts`],
    message,
  }));
  zones.push({
    target: `${root}/shared/**`,
    from: [`${root}/features/**`],
    except: [],
    message: 'shared/ is used by features and knows none of them (docs/architecture.md#boundaries).',
  });
  return [
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'] })] },
      rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
    },
  ];
}

/**
 * Two rules of the web written as syntax (docs/architecture.md#a-features-anatomy):
 * - a query key comes from its feature's factory (`<feature>Keys` in its api.ts, the roots others
 *   act on in shared/query.ts), never an array written at the `queryKey`;
 * - what a user reads is in the feature's texts module (texts.ts; shared/texts.ts, legal, paperwork),
 *   never a Korean literal in a component.
 */
function webSyntax() {
  const queryKey = {
    selector: [
      "Property[key.name='queryKey'] > ArrayExpression",
      "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
    ].join(', '),
    message:
      "A query key comes from its feature's factory (xxxKeys.all, .list(q), .detail(id)), never an inline array.",
  };
  const hangul = ['Literal[value=/[가-힣]/]', 'JSXText[value=/[가-힣]/]', 'TemplateElement[value.raw=/[가-힣]/]'].map(
    (selector) => ({
      selector,
      message: "Korean text lives in the feature's texts module (texts.ts), not in its components.",
    }),
  );
  const files = ['apps/web/src/**/*.{ts,tsx}'];
  const texts = ['apps/web/src/**/*texts.ts', 'apps/web/src/**/*.test.{ts,tsx}'];
  return [
    { files, ignores: texts, rules: { 'no-restricted-syntax': ['error', queryKey, ...hangul] } },
    { files: texts, rules: { 'no-restricted-syntax': ['error', queryKey] } },
  ];
}

/**
 * Numbers and won are written by the contract's groupDigits and formatWon, the one rule for them
 * (docs/requirements.md#look-and-language): toLocaleString spelled it again in a dozen places, and a
 * page's first Korean number format costs Chromium its locale data (rules.ts says why).
 */
function numberFormat() {
  const message =
    "Write numbers with the contract's groupDigits and won with formatWon (docs/requirements.md#look-and-language).";
  return [
    {
      files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
      ignores: ['**/*.test.{ts,tsx}', 'packages/contract/src/rules.ts'],
      rules: { 'no-restricted-properties': ['error', { property: 'toLocaleString', message }] },
    },
  ];
}

/**
 * A function stays within 120 lines, blank lines and comments not counted
 * (docs/architecture.md#a-features-anatomy): a longer one is split into named functions, hooks,
 * components or steps. No file is excused; the server's and the contract's tests (long describes of
 * one topic) are not held to it.
 */
function functionLength() {
  const rule = { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] };
  return [
    { files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'], rules: rule },
    { files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'], ignores: ['**/*.test.ts'], rules: rule },
  ];
}

/**
 * The server's rule (scripts/eslint-boundaries.js), judged on the file an import resolves to, at
 * any depth: another feature is reached through its index.ts or its open files, which import no
 * feature's index, so importing them makes no circle: types.ts (a provider's interface, the
 * session), config.ts (its settings), repository.ts (its reads others share) and schema.ts (its
 * tables, for foreign keys). A feature's tables are read and written only inside it: the schemas,
 * db/ and the seed may import any, and SERVER_TABLE_READERS lists today's other readers, a list that
 * only shrinks. shared/ names only a feature's types.ts, config.ts and schema.ts.
 */
function serverBoundaries() {
  return [
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      plugins: { local: boundaries },
      rules: {
        'local/feature-boundaries': [
          'error',
          {
            root: path.resolve(here, 'apps/server/src'),
            open: ['index', 'types', 'config', 'repository', 'schema'],
            sharedOpen: ['types', 'config', 'schema'],
            tables: 'schema',
            tableFloor: ['features/*/schema.ts', 'db/**', 'seed/**'],
            aggregate: 'db/schema.ts',
            tableReaders: SERVER_TABLE_READERS,
            entryPoints: ['workers/*.ts'],
          },
        ],
      },
    },
  ];
}
