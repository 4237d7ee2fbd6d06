import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer.js';

/**
 * unit: pure rules (contract, server helpers); server: integration against PostgreSQL
 * (TEST_DATABASE_URL) or the embedded one; e2e: the built app in Debian's Chromium.
 * How the run is kept short (templates, one browser, the cache) is in docs/operations.md#tests.
 */
const serverSetup = 'apps/server/test/global-setup.ts';

/**
 * VITEST_JSON_REPORT=file adds Vitest's JSON report (each file's and test's duration) beside the
 * usual output; CI reads it for the slowest files and the totals (scripts/test-report.mjs).
 */
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  // Vitest keeps each file's last duration here and starts the slowest files first. CI points it
  // outside the clone (VITEST_CACHE_DIR) so the next run on the same machine finds it.
  cacheDir: process.env.VITEST_CACHE_DIR ?? path.join('node_modules', '.vite'),
  test: {
    // The longest files first on a machine whose cache is still empty, as CI's clean machine
    // (scripts/test-sequencer.ts; docs/operations.md#tests).
    sequence: { sequencer: LongestFirstSequencer },
    reporters: jsonReport ? ['default', ['json', { outputFile: path.resolve(jsonReport) }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          // Vitest 4 needs a distinct group per worker setting; groups also run one after another,
          // so the browser tests never compete with the integration tests for the two cores.
          sequence: { groupOrder: 0 },
          // Vitest's default on two cores is one worker (cores - 1); the unit files are pure CPU, and
          // two took 32 s against 51 s for one (docs/operations.md#tests).
          maxWorkers: Number(process.env.VITEST_UNIT_WORKERS ?? 2),
          // One module graph per worker, as the other projects: loading the modules anew for each of
          // 108 files was half the project's time (36 s against 20 s). A stubbed global or variable
          // is put back after each test (docs/operations.md#tests).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
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
          globalSetup: [serverSetup],
          // The files share one module graph per worker: importing the app for each of 80 files cost
          // about 2.7 s a file. No file changes a module's state for the next (docs/operations.md#tests).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Three files at a time on two cores: a file spends much of its time waiting on PostgreSQL
          // and on its own server's answers (docs/operations.md#tests).
          maxWorkers: Number(process.env.VITEST_SERVER_WORKERS ?? 3),
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          // start-stop.test.ts among them: its `npm start` finds dist current (the setup refuses a
          // stale one), so it rebuilds nothing the other files read.
          include: ['e2e/**/*.test.ts'],
          globalSetup: [serverSetup, 'e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // A page on a loaded machine may take seconds to show what a poll waits for: Vitest's
          // default of one second failed two polls of pages that were right a moment later
          // (docs/operations.md#tests). A poll that passes returns at once either way.
          expect: { poll: { timeout: 15_000 } },
          // Three files at a time, each with its own server and database, in contexts of the run's one
          // Chromium: a browser test spends much of its time waiting on the page, and two at a time
          // kept the two cores half busy (docs/operations.md#tests).
          maxWorkers: Number(process.env.VITEST_E2E_WORKERS ?? 3),
        },
      },
    ],
  },
});
