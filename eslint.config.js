import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
  ...webSyntax(),
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
 *   never a Korean literal in a component. hangulNotYet() lists the files not moved yet: it only shrinks.
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
  const notYet = hangulNotYet().map((f) => `apps/web/src/${f}`);
  return [
    { files, ignores: [...texts, ...notYet], rules: { 'no-restricted-syntax': ['error', queryKey, ...hangul] } },
    { files: [...texts, ...notYet], rules: { 'no-restricted-syntax': ['error', queryKey] } },
  ];
}

/** Web files that still hold Korean literals (moved to texts modules feature by feature; never add one). */
function hangulNotYet() {
  return [
    'features/admin/AuditPage.tsx',
    'features/admin/CataloguePage.tsx',
    'features/admin/CompaniesPage.tsx',
    'features/admin/ConfigPage.tsx',
    'features/admin/DashboardPage.tsx',
    'features/admin/InquiriesPage.tsx',
    'features/admin/JobsPage.tsx',
    'features/admin/NoticesPage.tsx',
    'features/admin/OrdersPage.tsx',
    'features/admin/PaymentsPage.tsx',
    'features/admin/ProductsPage.tsx',
    'features/admin/RichTextEditor.tsx',
    'features/admin/StaffPage.tsx',
    'features/admin/SynonymsPage.tsx',
    'features/admin/TaxInvoicesPage.tsx',
    'features/admin/XrefsPage.tsx',
    'features/admin/components/ImportModal.tsx',
    'features/admin/components/OrderDetail.tsx',
    'features/admin/components/OrderMoves.tsx',
    'features/admin/components/ProductModal.tsx',
  ];
}

/**
 * A function of the web app or the browser tests stays within 120 lines (blank lines and comments
 * not counted): a longer one is split into named hooks, components or steps. The functions longer
 * today keep their file's longest as its ceiling, so none grows; the list only shrinks.
 */
function functionLength() {
  const rule = (max) => ({ 'max-lines-per-function': ['error', { max, skipBlankLines: true, skipComments: true }] });
  const longer = [
    ['e2e/checkout.test.ts', 353],
    ['e2e/epc.test.ts', 288],
    ['apps/web/src/features/orders/OrderDetailPopup.tsx', 242],
    ['e2e/admin.test.ts', 213],
    ['e2e/management.test.ts', 178],
    ['apps/web/src/features/epc/EpcPage.tsx', 172],
    ['e2e/favorites.test.ts', 163],
    ['e2e/quick-order.test.ts', 159],
    ['apps/web/src/features/admin/OrdersPage.tsx', 153],
    ['apps/web/src/features/quick-order/QuickOrderPage.tsx', 153],
    ['apps/web/src/features/admin/CompaniesPage.tsx', 152],
    ['e2e/paperwork.test.ts', 146],
    ['e2e/checkout-mobile.test.ts', 143],
    ['e2e/shop.test.ts', 143],
    ['apps/web/src/features/checkout/CheckoutPage.tsx', 140],
    ['apps/web/src/features/cart/CartPage.tsx', 137],
    ['apps/web/src/shared/ui/DataTable.tsx', 135],
    ['apps/web/src/features/calendar/CalendarPage.tsx', 134],
    ['apps/web/src/features/chat/useStaffChat.ts', 131],
    ['apps/web/src/features/checkout/CheckoutFinishPage.tsx', 130],
    ['apps/web/src/features/legal/texts.ts', 130],
    ['apps/web/src/features/epc/components/PartsPanel.tsx', 127],
    ['e2e/tour.ts', 124],
    ['apps/web/src/features/management/UsersSection.tsx', 123],
  ];
  return [
    { files: ['apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'], rules: rule(120) },
    ...longer.map(([file, max]) => ({ files: [file], rules: rule(max) })),
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
  const inside = '(?!(?:index|types|schema|config)\\.js$)';
  const message =
    'Another server feature is reached through its index.js or its types.js, schema.js, config.js, never its other files (docs/architecture.md#boundaries).';
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
      rules: rule(`(^|/)features/[^/]+/(?!${floor})`),
    },
  ];
}
