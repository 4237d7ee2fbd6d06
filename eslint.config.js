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
