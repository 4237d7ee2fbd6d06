import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cspViolations, standInForEmbeds, watchCsp } from './csp-watch.js';
import { desktopPage, loginAs, memberLogin, shot, startShop } from './helpers.js';
import { waitForQuiet } from './quiet.js';

/**
 * The Content-Security-Policy holds in a real browser (docs/security.md#headers): the outside embeds
 * at work (stood in for at their real addresses, e2e/csp-watch.ts), the sandbox payment page with its
 * own policy and the API documentation load with no CSP violation, no console error and no page
 * error. Every screen of the tour is held to the same by the axe audit's walk (e2e/a11y-audit.ts).
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** Every CSP violation, console error and page error of a context's pages. */
interface Trouble {
  page: string;
  what: string;
}

async function watch(context: BrowserContext): Promise<Trouble[]> {
  const troubles: Trouble[] = [];
  await watchCsp(context);
  await standInForEmbeds(context);
  context.on('page', (page) => {
    page.on('console', (m) => {
      if (m.type() === 'error') troubles.push({ page: page.url(), what: `console: ${m.text()}` });
    });
    page.on('pageerror', (e) => troubles.push({ page: page.url(), what: `page error: ${e.message}` }));
  });
  return troubles;
}

/** Opens a path and waits until it has settled; returns the violations the page itself saw. */
async function visit(page: Page, path: string, troubles: Trouble[]) {
  const res = await page.goto(`${shop.server.base}${path}`);
  expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await waitForQuiet(page);
  for (const v of await cspViolations(page)) troubles.push({ page: path, what: `CSP: ${v}` });
}

describe('the Content-Security-Policy in Chromium', () => {
  // Every screen of the tour is watched for violations by the axe audit's walk (e2e/a11y-audit.ts).
  // Here: what that walk does not show at work (the embeds, the sandbox payment page, /docs).
  it('the map page shows its embed: its probe image and its frame are allowed', async () => {
    const { context, page } = await desktopPage(shop.browser);
    const troubles = await watch(context);
    await visit(page, '/map', troubles);
    await page.locator('iframe[src^="https://maps.google.com/maps"]').waitFor();
    await shot(page, 'csp-map');
    await context.close();
    expect(troubles).toEqual([]);
  });

  it('a member: the postcode widget in its frame, the sandbox payment page', async () => {
    const { context, page } = await desktopPage(shop.browser);
    const troubles = await watch(context);
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    // The tab keeps its session in sessionStorage, as the login page leaves it.
    await memberLogin(page, `${shop.server.base}/home`);

    await visit(page, '/management/editCompanyInfo', troubles);
    await page.getByRole('button', { name: '우편번호 찾기' }).first().click();
    await page.frameLocator('iframe[src^="https://postcode.map.daum.net"]').getByText('주소 검색').waitFor();
    await shot(page, 'csp-postcode');

    // The sandbox payment page has its own, stricter policy: its inline code runs by nonce only.
    const started = await fetch(`${shop.server.base}/payCenter/showCashPaymentWinow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ pgcode: 'creditcard', amount: 10_000 }),
    });
    const { online_url } = (await started.json()) as { online_url: string };
    await page.goto(online_url);
    await page.getByRole('button', { name: '거절' }).click();
    await page.getByText('결제가 거절되었습니다.').waitFor();
    await waitForQuiet(page);
    for (const v of await cspViolations(page)) troubles.push({ page: 'sandbox', what: `CSP: ${v}` });
    await context.close();
    expect(troubles).toEqual([]);
  });

  it('the API documentation under /docs draws with its own policy', async () => {
    const { context, page } = await desktopPage(shop.browser);
    const troubles = await watch(context);
    await visit(page, '/docs', troubles);
    await page.getByText('파츠몰 API').first().waitFor();
    await context.close();
    expect(troubles).toEqual([]);
  });
});
