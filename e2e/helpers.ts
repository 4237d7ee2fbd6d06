import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../apps/server/test/helpers.js';

export { call, latestCode, loginAs } from '../apps/server/test/helpers.js';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built web app and API on a random port, seeded, plus Debian's Chromium. */
export async function startShop(): Promise<{ server: TestServer; browser: Browser; close(): Promise<void> }> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web app not built: run npm run build');
  const server = await startTestServer({ webDist });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

export async function desktopPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  return { context, page: await context.newPage() };
}

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...devices['iPhone 13'], locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  return { context, page: await context.newPage() };
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}
