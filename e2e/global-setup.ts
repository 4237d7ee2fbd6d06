import { chromium } from 'playwright-core';
import { BROWSER_ARGS, BROWSER_WS_ENV, CHROMIUM } from './browser.js';

/**
 * One Chromium for the whole browser run (docs/operations.md#tests): each test file connects to
 * it and works in contexts of its own, where every file used to launch and close a browser.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: BROWSER_ARGS });
  process.env[BROWSER_WS_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[BROWSER_WS_ENV];
    await server.close();
  };
}
