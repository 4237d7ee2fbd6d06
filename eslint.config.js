import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // index.ts or its floor files (types.ts, schema.ts, config.ts), and shared/ names no feature's code.
  // Tests (apps/server/test, *.test.ts) and benches may import internals; they are not matched here.
  ...serverBoundaries(),
);

/**
 * One block per folder depth under apps/web/src/features: from features/x/a.ts another feature's
 * inside is '../y/…', from features/x/components/a.ts it is '../../y/…'. The feature's own folders
 * and shared/ stay open; '../y' (the index) is the only way in.
 */
function webBoundaries() {
  const message =
    "Another web feature is reached through its index.ts ('../<feature>'), never its files (docs/architecture.md#boundaries).";
  const depths = [1, 2, 3].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/`, message }] }],
    },
  }));
  return [
    ...depths,
    {
      files: ['apps/web/src/shared/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '(^|/)features/',
                message: 'shared/ is used by features and knows none of them (docs/architecture.md#boundaries).',
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * The server's rule, per folder depth under apps/server/src/features like the web's: from
 * features/x/a.ts another feature is '../y/…', from features/x/sub/a.ts '../../y/…'. Allowed into
 * another feature: its index.ts (its surface) and its floor files, which import no feature's index,
 * so importing them pulls in nothing above them and makes no circle: types.ts (types only: a
 * provider's interface, job handler types, the session), schema.ts (its tables, which db/schema.ts
 * lists for drizzle-kit) and config.ts (its settings read from the environment, for config.ts).
 * Outside features/ (app.ts, config.ts, db/, realtime/, seed/, web-app/) the same holds for
 * 'features/y/…'; shared/ may name only floor files (the request's session type, a provider's type).
 */
function serverBoundaries() {
  const floor = '(?:types|schema|config)\\.js$';
  const inside = '(?!(?:index|types|schema|config|repository)\\.js$)';
  const message =
    'Another server feature is reached through its index.js or its types.js, schema.js, repository.js, config.js, never its other files (docs/architecture.md#boundaries).';
  const rule = (regex, msg) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message: msg }] }] });
  const depths = [1, 2].map((depth) => ({
    files: [`apps/server/src/features/*/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: rule(`^${'\\.\\./'.repeat(depth)}[^./][^/]*/${inside}`, message),
  }));
  return [
    ...depths,
    {
      files: ['apps/server/src/*.ts', 'apps/server/src/{db,realtime,seed,web-app}/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: rule(`(^|/)features/[^/]+/${inside}`, message),
    },
    {
      files: ['apps/server/src/shared/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: rule(
        `(^|/)features/[^/]+/(?!${floor})`,
        'shared/ is used by features and names none of their code, only their types.js, schema.js, config.js (docs/architecture.md#boundaries).',
      ),
    },
  ];
}
