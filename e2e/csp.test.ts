import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { desktopPage, loginAs, memberLogin, phonePage, shot, startShop } from './helpers.js';

/**
 * The Content-Security-Policy holds in a real browser (docs/security.md#headers): the main pages, as a
 * visitor and as a member, on desktop and phone, load with no CSP violation, no console error and
 * no page error. The two outside embeds are stood in for (no network here) at their real
 * addresses, so the policy is tested against the hosts the app really uses: the Daum postcode
 * script and its search frame, the map's probe image and its embed frame.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** The postcode widget's script: embed() puts the widget's own search page in a frame, as the real one does. */
const POSTCODE_STUB = `window.daum = { Postcode: function () {
  this.embed = function (el) {
    var f = document.createElement('iframe');
    f.src = 'https://postcode.map.daum.net/search?region_name=&cpage=1';
    f.title = '우편번호 검색';
    f.style.width = '100%';
    f.style.height = '100%';
    el.appendChild(f);
  };
} };`;
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Every CSP violation, console error and page error of a context's pages. */
interface Trouble {
  page: string;
  what: string;
}

const COLLECT = `window.__csp = []; document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
});`;

async function watch(context: BrowserContext): Promise<Trouble[]> {
  const troubles: Trouble[] = [];
  await context.addInitScript(COLLECT);
  await context.route('https://t1.daumcdn.net/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: POSTCODE_STUB }),
  );
  await context.route('https://postcode.map.daum.net/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><meta charset="utf-8"><p>주소 검색</p>',
    }),
  );
  await context.route('https://maps.google.com/**', (route) =>
    route.request().url().includes('favicon')
      ? route.fulfill({ contentType: 'image/png', body: PIXEL })
      : route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><meta charset="utf-8"><p>지도</p>',
        }),
  );
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
  await page.waitForLoadState('networkidle');
  const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  for (const v of seen) troubles.push({ page: path, what: `CSP: ${v}` });
}

const VISITOR_DESKTOP = [
  '/home',
  '/login',
  '/join',
  '/JoinSub',
  '/memberIdInq',
  '/memberPwInq',
  '/inquiry',
  '/notice',
  '/map',
  '/productDetail/1',
  '/policy',
  '/no-such-page',
];
const VISITOR_PHONE = ['/mobile', '/mobileLogin', '/mobileJoin', '/noticem', '/mobileMap', '/mobileInquiry'];
const MEMBER_DESKTOP = [
  '/home',
  '/productDetail/1',
  '/cart',
  '/management/profile',
  '/management/orders',
  '/management/users',
  '/management/chargeCash',
  '/management/cashPayments',
  '/carInfo',
];

describe('the Content-Security-Policy in Chromium', () => {
  it('a visitor on desktop: no violation, no console error', async () => {
    const { context, page } = await desktopPage(shop.browser);
    const troubles = await watch(context);
    for (const path of VISITOR_DESKTOP) await visit(page, path, troubles);
    // The map page really shows the embed (its probe image and frame were allowed).
    await page.goto(`${shop.server.base}/map`);
    await page.locator('iframe[src^="https://maps.google.com/maps"]').waitFor();
    await shot(page, 'csp-map');
    await context.close();
    expect(troubles).toEqual([]);
  });

  it('a visitor on a phone: no violation, no console error', async () => {
    const { context, page } = await phonePage(shop.browser);
    const troubles = await watch(context);
    for (const path of VISITOR_PHONE) await visit(page, path, troubles);
    await context.close();
    expect(troubles).toEqual([]);
  });

  it('a member: member pages, the postcode widget in its frame, the sandbox payment page', async () => {
    const { context, page } = await desktopPage(shop.browser);
    const troubles = await watch(context);
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    // The tab keeps its session in sessionStorage, as the login page leaves it.
    await memberLogin(page, `${shop.server.base}/home`);
    for (const path of MEMBER_DESKTOP) await visit(page, path, troubles);

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
    await page.waitForLoadState('networkidle');
    for (const v of await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))
      troubles.push({ page: 'sandbox', what: `CSP: ${v}` });
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
