import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type ConsoleMessage, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/helpers.js';

import { memberLogin } from './login.js';
import { DESKTOP, openBrowser, PHONE } from './browser.js';
import { trackRequests } from './quiet.js';

export { formLogin, memberLogin } from './login.js';

export { call, latestCode, loginAs } from '../apps/server/test/helpers.js';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
export { CHROMIUM } from './browser.js';

/** The built web app and API on a random port, seeded, plus the run's Chromium (e2e/browser.ts). */
export async function startShop(
  opts: { env?: Record<string, string> } = {},
): Promise<{ server: TestServer; browser: Browser; close(): Promise<void> }> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web app not built: run npm run build');
  const server = await startTestServer({ webDist, ...(opts.env ? { env: opts.env } : {}) });
  const browser = await openBrowser();
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * What the pages of a test wrote to the console (the console stays clean). The
 * browser's own line for an answer a test provoked on purpose (a 4xx of the API, a blocked or
 * offline external script or map) is a network event, not a message of the app, and is let
 * through; every other line — a warning, an error, a log, an uncaught exception — fails the test.
 */
const consoleLines: string[] = [];

function expectedNetworkLine(msg: ConsoleMessage): boolean {
  const text = msg.text();
  if (!text.startsWith('Failed to load resource')) return false;
  if (/status of 4\d\d/.test(text)) return true;
  // A request to another host that the test blocked or that cannot reach the internet here.
  const url = msg.location().url;
  return /net::ERR_/.test(text) && url !== '' && !/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url);
}

/** The contexts of the running test, for the screenshots taken when it fails. */
const openContexts = new Set<BrowserContext>();

/** The context's pages are held to a quiet console (expectQuietConsole); a failed test pictures them. */
export function watchConsole(context: BrowserContext) {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  context.on('console', (msg) => {
    if (!expectedNetworkLine(msg)) consoleLines.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  context.on('weberror', (error) => consoleLines.push(`uncaught: ${error.error().message}`));
}

/** After each test (e2e/setup.ts): the pages wrote nothing to the console. */
export function expectQuietConsole() {
  const lines = consoleLines.splice(0);
  expect(lines, 'console messages of the pages').toEqual([]);
}

/**
 * A desktop tab in a context of its own. Its requests are followed from the start, so a test can wait
 * until a screen has its data (`settle`, e2e/tour.ts).
 */
export async function desktopPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(DESKTOP);
  watchConsole(context);
  trackRequests(context);
  return { context, page: await context.newPage() };
}

/** A phone tab (iPhone 13) in a context of its own, followed as desktopPage's. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  watchConsole(context);
  trackRequests(context);
  return { context, page: await context.newPage() };
}

/**
 * Screenshots are taken only when asked (SCREENSHOTS=1, e.g. `SCREENSHOTS=1 npx vitest run
 * --project e2e`) or when a test fails: no test compares them, and 200 full-page pictures cost a
 * minute and a half of every run. They land under screenshots/ (git-ignored) for a person to look at.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1' || process.env.SCREENSHOTS === 'true';

/** Saves a screenshot under screenshots/ when screenshots are asked for. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean; dir?: string } = {}) {
  if (!SCREENSHOTS) return;
  const dir = opts.dir ?? 'screenshots';
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? true });
}

/**
 * A screenshot of the page as a person sees it once it has loaded: spinners gone, scrolled to the
 * top. Screenshots also go to SHOTS_DIR when it is set (a folder of one session's pictures).
 */
export async function snap(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await page.waitForFunction(() => document.querySelectorAll('.spinner').length === 0).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  if (process.env.SHOTS_DIR) await shot(page, name, { dir: process.env.SHOTS_DIR });
}

/**
 * After each test (e2e/setup.ts): a failed test leaves a picture of every page it still has open,
 * screenshots/failed/<test>-<n>.png.
 */
export async function screenshotIfFailed({ task }: { task: { name: string; result?: { state?: string } } }) {
  if (task.result?.state !== 'fail') return;
  const dir = path.join('screenshots', 'failed');
  fs.mkdirSync(dir, { recursive: true });
  const base = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  let n = 0;
  for (const context of openContexts)
    for (const page of context.pages()) {
      n += 1;
      await page.screenshot({ path: path.join(dir, `${base}-${n}.png`), fullPage: true }).catch(() => undefined);
    }
}

/**
 * Opens the back office's dashboard logged in as a staff member (the seeded staff account unless
 * another is given), through the login call rather than its form (e2e/login.ts; the form is
 * tested in e2e/login.test.ts).
 */
export async function staffLogin(page: Page, base: string, id = 'staff@partsmall.kr', pw = 'staff1234') {
  await memberLogin(page, `${base}/admin`, id, pw);
  await page.getByRole('heading', { name: '대시보드' }).waitFor();
}

/** Opens an order's detail window from the back office's order list (staff logged in). */
export async function openAdminOrder(page: Page, seq: number) {
  await page.getByRole('link', { name: '주문 관리' }).click();
  await page.getByRole('button', { name: `주문 ${seq} 상세` }).click();
  return page.getByRole('dialog', { name: `주문 #${seq}` });
}

/**
 * Ships a 출고확정 order from its open detail window: the carrier from the list, the waybill, 출고완료
 * and its confirmation, until the window shows the carrier's name and the waybill as stored (`shown`).
 */
export async function shipFromDetail(
  page: Page,
  detail: Locator,
  ship: { carrier: string; waybill: string; shown: string },
) {
  await detail.getByLabel('택배사').selectOption(ship.carrier);
  await detail.getByLabel('송장번호').fill(ship.waybill);
  await detail.getByRole('button', { name: '출고완료', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '출고완료', exact: true }).click();
  await detail.getByText(ship.shown).waitFor();
}

/** What a phone order card (`/ordersm`) says on its row `label` ('배송', '보내는 분'): the text beside that label. */
export function mobileOrderFact(card: Locator, label: string): Promise<string | null> {
  return card
    .locator('.m-order-facts dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('+ dd')
    .textContent();
}
