import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS, BROWSER_WS_ENV, CHROMIUM } from './browser.js';

/**
 * One Chromium for the whole browser run (docs/operations.md#tests): each test file connects to
 * it and works in contexts of its own, where every file used to launch and close a browser.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The browser tests read apps/web/dist: refused when it is missing or older than its sources (they
  // would test another app, and start-stop's `npm start` would rebuild it under them).
  const check = spawnSync(process.execPath, ['scripts/build-web.mjs', '--check'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(check.stderr.trim() || 'apps/web/dist is not current: run npm run build');
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  process.env[BROWSER_WS_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_WS_ENV];
    await server.close();
  };
}
