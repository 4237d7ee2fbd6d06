import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, desktopPage, loginAs, phonePage, shot, startShop } from './helpers.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const url = (path: string) => `${shop.server.base}${path}`;

describe('the home notice popup with a long title', () => {
  /** 200 characters: a title of words and a run without a break. */
  const TITLE = `${'매우긴제목'.repeat(30)}${'A'.repeat(50)}`;

  it('cuts the title to 3 lines and leaves the text its room; the title links to the notice', async () => {
    const staff = await loginAs(shop.server, 'staff@partsmall.kr', 'staff1234');
    const saved = await call(
      shop.server,
      'adminSaveNotice',
      { type: 0, title: TITLE, content: '<p>연말 배송 일정을 안내드립니다.</p>', popup: true, published: true },
      { token: staff },
    );
    const seq = saved.body.results!.seq;
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(url('/home'));
    const popup = page.getByRole('dialog', { name: TITLE });
    await popup.waitFor();
    const drawn = await popup.evaluate((el) => {
      const title = el.querySelector('.notice-popup-title')!;
      const lineHeight = parseFloat(getComputedStyle(title).lineHeight);
      return {
        titleLines: Math.round(title.getBoundingClientRect().height / lineHeight),
        cut: title.scrollHeight > title.clientHeight,
        body: el.querySelector('.notice-popup-body')!.getBoundingClientRect().height,
        popup: [el.getBoundingClientRect().width, el.getBoundingClientRect().height],
      };
    });
    // The popup stays 300x300; the title was 11 lines and left the text 27 px.
    expect(drawn).toMatchObject({ titleLines: 3, cut: true, popup: [300, 300] });
    expect(drawn.body).toBeGreaterThanOrEqual(120);
    await shot(page, 'notice-popup-long-title', { fullPage: false });

    await popup.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(new RegExp(`/notice/${seq}$`));
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await context.close();
  });
});

describe('a notice page past the last', () => {
  it.each([
    ['desktop', '/notice'],
    ['phone', '/noticem'],
  ] as const)('says so on the %s, with a link back to the first page', async (device, base) => {
    const { page, context } = await (device === 'phone' ? phonePage : desktopPage)(shop.browser);
    await page.goto(url(`${base}?page=999`));
    await page.getByText(/^999페이지는 없습니다\. 공지사항은 \d+페이지까지 있습니다\.$/).waitFor();
    expect(await page.getByText('검색된 정보가 없습니다.').count()).toBe(0);
    expect(await page.locator('.board-summary').textContent()).toMatch(/^총 \d+건$/);
    await shot(page, `notice-past-end-${device}`);
    const first = page.getByRole('link', { name: '첫 페이지로' });
    if (device === 'phone') expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await first.click();
    await page.waitForURL(new RegExp(`${base}$`));
    await expect.poll(() => page.locator('.board-table tbody tr, .m-notice-list li').count()).toBe(20);
    await context.close();
  });
});
