import { defineConfig } from 'vitest/config';

/**
 * unit: pure rules (contract, server helpers); server: integration against PostgreSQL
 * (TEST_DATABASE_URL) or the embedded one; e2e: the built app in Debian's Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // Vitest 4 needs a distinct group per worker setting; groups also run one after another,
          // so the browser tests never compete with the integration tests for the two cores.
          sequence: { groupOrder: 0 },
          // Pure rules keep their tests beside them (src/**/x.test.ts); older ones live under test/.
          include: [
            'packages/contract/{src,test}/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/unit/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/test/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'server',
          sequence: { groupOrder: 1 },
          include: ['apps/server/test/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two files at a time keeps PostgreSQL and scrypt from starving each other.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
