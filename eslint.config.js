import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Functions of the server and the contract longer than 120 lines today, each capped at its length
 * (docs/architecture.md#a-features-anatomy): shrink, never grow.
 */
const LONG_SERVER_FUNCTIONS = {
  'apps/server/src/config.ts': 171,
  'apps/server/src/features/chat/namespace.ts': 282,
  'apps/server/src/features/epc/demo/generate.ts': 183,
  'apps/server/src/features/epc/import/validate.ts': 303,
  'apps/server/src/features/epc/routes.ts': 139,
  'apps/server/src/features/orders/payment.ts': 153,
  'apps/server/src/features/payments/routes.ts': 168,
  'apps/server/src/features/payments/toss-routes.ts': 154,
  'apps/server/src/features/tax-invoices/popbill.ts': 177,
};

/** Files that read another feature's tables today (docs/architecture.md#the-database): shrink, never grow. */
const SERVER_TABLE_READERS = {
  'features/admin/audit.ts': ['members'],
  'features/admin/companies.ts': ['members', 'payments', 'wallet'],
  'features/admin/dashboard.ts': ['inquiry', 'orders', 'payments'],
  'features/admin/inquiries.ts': ['inquiry'],
  'features/admin/notices.ts': ['notices'],
  'features/admin/orders.ts': ['members', 'orders', 'wallet'],
  'features/admin/part-numbers.ts': ['members', 'products'],
  'features/admin/payments.ts': ['members', 'payments'],
  'features/admin/product-rows.ts': ['products'],
  'features/admin/products.ts': ['products'],
  'features/admin/staff.ts': ['members'],
  'features/auth/service.ts': ['members'],
  'features/auth/user-info.ts': ['members'],
  'features/cart/service.ts': ['products'],
  'features/chat/conversations.ts': ['members'],
  'features/favorites/service.ts': ['products'],
  'features/inquiry/repository.ts': ['members'],
  'features/jobs/restock.ts': ['members', 'products'],
  'features/members/repository.ts': ['wallet'],
  'features/notify/provider.ts': ['sms'],
  'features/notify/send.ts': ['members'],
  'features/notify/settings.ts': ['members'],
  'features/orders/payment.ts': ['cart', 'mall', 'members', 'products'],
  'features/orders/repository.ts': ['members'],
  'features/orders/service.ts': ['products', 'wallet'],
  'features/paperwork/ledger.ts': ['members', 'wallet'],
  'features/paperwork/statements.ts': ['members', 'orders'],
  'features/payments/repository.ts': ['members'],
  'features/payments/service.ts': ['members'],
  'features/quick-order/to-cart.ts': ['cart', 'orders', 'products'],
  'features/retention/effect-logs.ts': ['jobs', 'sms'],
  'features/retention/sweep.ts': ['chat', 'inquiry', 'members', 'orders', 'payments', 'tax-invoices', 'wallet'],
  'features/retention/withdrawal.ts': [
    'auth',
    'cart',
    'epc',
    'favorites',
    'inquiry',
    'members',
    'orders',
    'sms',
    'vehicles',
  ],
  'features/shipping/delivery-options.ts': ['mall'],
  'features/shipping/service.ts': ['members'],
  'features/tax-invoices/issue.ts': ['members', 'orders', 'wallet'],
  'features/tax-invoices/list.ts': ['admin', 'members'],
  'features/tax-invoices/orders.ts': ['members', 'orders', 'wallet'],
  'features/tax-invoices/routes.ts': ['members'],
  'features/tracking/service.ts': ['orders'],
  'features/vehicles/repository.ts': ['epc', 'products'],
  'features/wallet/repository.ts': ['members'],
  'features/wallet/wallet.ts': ['members'],
  'shared/audit.ts': ['admin'],
  'shared/rate-limit.ts': ['auth'],
};

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
  // A function stays under 120 lines, blank lines and comments aside (docs/architecture.md#a-features-anatomy).
  ...serverFunctionLength(),
);

function serverFunctionLength() {
  const rule = (max) => ({ 'max-lines-per-function': ['error', { max, skipBlankLines: true, skipComments: true }] });
  return [
    {
      files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: rule(120),
    },
    ...Object.entries(LONG_SERVER_FUNCTIONS).map(([file, max]) => ({ files: [file], rules: rule(max) })),
  ];
}

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
