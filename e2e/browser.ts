import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
/** Where the browser run's global setup (e2e/global-setup.ts) leaves its Chromium's address. */
export const BROWSER_WS_ENV = 'PM_TEST_BROWSER_WS';

/**
 * The run's shared Chromium when the global setup started one, else a Chromium of this file's own
 * (a file run outside Vitest). Closing a connected browser closes its contexts, not the browser.
 */
export async function openBrowser(): Promise<Browser> {
  const endpoint = process.env[BROWSER_WS_ENV];
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
}
