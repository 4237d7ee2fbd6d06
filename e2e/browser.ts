import { chromium, devices, type Browser, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium 156 opens two WebUI omnibox popups (each a renderer of its own) for every window, and
 * every context of a test is a window: in a headless run nobody sees them, and they took about a
 * sixth of the browser run's CPU (docs/operations.md#tests).
 */
const HEADLESS_WASTE = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/**
 * Chromium keeps only the last --disable-features it is given, and playwright-core passes its own
 * list first: ours repeats playwright-core 1.x's list so that passing ours loses none of it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...HEADLESS_WASTE].join(',')}`,
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

/** The desktop of the browser tests: a 1280×800 window in Korean and Seoul's time. */
export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};

/** The phone of the browser tests: an iPhone 13 in Korean and Seoul's time. */
export const PHONE: BrowserContextOptions = {
  ...devices['iPhone 13'],
  locale: 'ko-KR',
  timezoneId: 'Asia/Seoul',
};
