import { afterEach } from 'vitest';
import { expectQuietConsole, screenshotIfFailed } from './helpers.js';

/**
 * Run before each browser test file (the e2e project's setupFiles): the files share their
 * modules (no isolation, docs/operations.md#tests), so hooks every file needs are registered
 * here, once per file, and not by importing e2e/helpers.ts.
 */
afterEach(screenshotIfFailed);
afterEach(expectQuietConsole);
