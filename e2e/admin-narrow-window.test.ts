import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopPage, shot, staffLogin, startShop } from './helpers.js';

/**
 * The back office in a window narrower than the 1280 px it is laid out for (docs/requirements.md#look-and-language):
 * no page scrolls sideways; panels side by side stack and a form's row wraps, while a wide list scrolls
 * in its own box. In a 1024 window 입금 확인 was 1,160 px wide (입금내역 파일 가져오기 beside 입금 등록)
 * and 호환품번 1,052 px (관계 추가 past the edge).
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** How much wider than the window the page is drawn, and the right edge of the named controls. */
const widthOf = (page: Page, selectors: string[]) =>
  page.evaluate((sels) => {
    const edge = (s: string) => Math.round(document.querySelector(s)!.getBoundingClientRect().right);
    return { over: document.documentElement.scrollWidth - window.innerWidth, edges: sels.map(edge) };
  }, selectors);

const PAGES = [
  {
    path: '/admin/deposits',
    ready: '입금 확인',
    // 입금 등록's form and the file's panel beside it.
    controls: ['form[aria-label="입금 등록"]', 'section[aria-label="입금내역 파일 가져오기"]'],
  },
  { path: '/admin/xrefs', ready: '호환품번', controls: ['form[aria-label="호환품번 추가"] button[type="submit"]'] },
];

describe('the back office in a 1024 px window', () => {
  it('입금 확인 and 호환품번 stay within the window; at 1280 the deposit panels stand side by side', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const p of PAGES) {
        await page.goto(`${shop.server.base}${p.path}`);
        await page.getByRole('heading', { name: p.ready, exact: true }).waitFor();
        const { over, edges } = await widthOf(page, p.controls);
        expect(over, `${p.path} at ${width}`).toBe(0);
        for (const right of edges) expect(right, `${p.path} at ${width}`).toBeLessThanOrEqual(width);
        await shot(page, `admin-${width}${p.path.replaceAll('/', '-')}`);
      }
      // The two panels of 입금 확인: one above the other in 1024, side by side in 1280.
      await page.goto(`${shop.server.base}/admin/deposits`);
      await page.getByRole('heading', { name: '입금 확인', exact: true }).waitFor();
      const [record, file] = await Promise.all(PAGES[0]!.controls.map((s) => page.locator(s).boundingBox()));
      expect(file!.y > record!.y + record!.height - 1, `stacked at ${width}`).toBe(width < 1280);
    }
    await context.close();
  });
});
