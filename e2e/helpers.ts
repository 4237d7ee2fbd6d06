import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { startTestServer, type TestServer } from '../apps/server/test/helpers.js';

export { call, latestCode, loginAs } from '../apps/server/test/helpers.js';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built web app and API on a random port, seeded, plus Debian's Chromium. */
export async function startShop(
  opts: { env?: Record<string, string> } = {},
): Promise<{ server: TestServer; browser: Browser; close(): Promise<void> }> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web app not built: run npm run build');
  const server = await startTestServer({ webDist, ...(opts.env ? { env: opts.env } : {}) });
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

/**
 * What the pages of a test wrote to the console (issue 8 item 15: the console stays clean). The
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

function watchConsole(context: BrowserContext) {
  context.on('console', (msg) => {
    if (!expectedNetworkLine(msg)) consoleLines.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
  });
  context.on('weberror', (error) => consoleLines.push(`uncaught: ${error.error().message}`));
}

afterEach(() => {
  const lines = consoleLines.splice(0);
  expect(lines, 'console messages of the pages').toEqual([]);
});

export async function desktopPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  watchConsole(context);
  return { context, page: await context.newPage() };
}

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...devices['iPhone 13'], locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  watchConsole(context);
  return { context, page: await context.newPage() };
}

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at. */
export async function shot(page: Page, name: string) {
  fs.mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/** Logs a staff member into the back office (the seeded staff account unless another is given). */
export async function staffLogin(page: Page, base: string, id = 'staff@partsmall.kr', pw = 'staff1234') {
  await page.goto(`${base}/admin`);
  await page.getByLabel('아이디(메일)').fill(id);
  await page.getByLabel('비밀번호').fill(pw);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
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
