import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, members, products, shippingAddresses } from '../apps/server/src/db/schema.js';
import { insertOrder } from '../apps/server/test/order-helpers.js';
import { addProduct, newCompany } from './fixtures.js';
import { desktopPage, phonePage, formLogin, memberLogin, shot, snap, staffLogin, startShop } from './helpers.js';
import type { Page } from 'playwright-core';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** A product in stock with special notes, as the seed made it. */
async function sampleProduct(opts: { notes: boolean }) {
  const rows = await shop.server.db.select().from(products).orderBy(products.id);
  return rows.find((r) => r.hasAmount > 1 && (r.detailInfo !== '') === opts.notes && r.brand !== '')!;
}

async function login(page: Page, to: string, id: string, pw = 'demo1234') {
  await memberLogin(page, to, id, pw);
}

describe('the public shop in the browser', () => {
  it('a visitor searches by part number, opens the popup and sees the login hint, not a price', async () => {
    const product = await sampleProduct({ notes: true });
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home`);
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    await page.getByLabel('검색 구분').selectOption('pid');
    // Lower case with hyphens and spaces: the alpha-number form must still match.
    const typed = product.pid.toLowerCase().replace(/(.{3})/, '$1- ');
    await page.getByLabel('검색어').fill(typed);
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL(/searchType=pid/);
    await page.getByRole('button', { name: product.name }).first().click();
    const popup = page.getByRole('dialog', { name: product.name });
    await popup.waitFor();
    expect(await popup.getByText('로그인 후 가격 확인').count()).toBe(1);
    expect(await popup.getByTestId('price').count()).toBe(0);
    // 550 high because this product has special notes.
    const box = await popup.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([800, 550]);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await popup.getByLabel('수량', { exact: true }).isDisabled()).toBe(true);
    await shot(page, 'home-popup-visitor');
    await popup.getByRole('button', { name: '장바구니' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('an address no route takes answers 404 and shows the not-found page, which then goes home', async () => {
    const { page, context } = await desktopPage(shop.browser);
    const res = await page.goto(`${shop.server.base}/no-such-page?from=old-link`);
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { name: '여기가 끝인가요?' }).waitFor();
    expect(await page.getByText('잠시 후 홈으로 이동합니다.').count()).toBe(1);
    await shot(page, 'not-found');
    await page.waitForURL(/\/home$/, { timeout: 10_000 });
    await context.close();
  });

  it('a search without result alerts that nothing was found', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home?searchType=pid&keyword=ZZZ999NOTHING`);
    await page.getByRole('alertdialog').getByText('검색된 정보가 없습니다.').waitFor();
    await context.close();
  });

  it('the demo member sees the gold tier price and the quantity is clamped to the stock', async () => {
    // Four different tiers: the demo company is gold (B), 32,000 won; seven in stock.
    const product = await addProduct(shop.server, {
      name: '테스트 등급가 패드',
      prices: [41_000, 32_000, 23_000, 14_000],
      stock: 7,
    });
    const { page, context } = await desktopPage(shop.browser);
    const search = `${shop.server.base}/home?searchType=pid&keyword=${encodeURIComponent(product.pid)}`;
    await login(page, search, 'demo@partsmall.kr');
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    await page.getByRole('button', { name: product.name }).first().click();
    const popup = page.getByRole('dialog', { name: product.name });
    await popup.getByTestId('price').getByText('32,000원').waitFor();
    const box = await popup.boundingBox();
    expect(Math.round(box!.height)).toBe(500);
    const qty = popup.getByLabel('수량', { exact: true });
    await qty.fill('57');
    expect(await qty.inputValue()).toBe('7');
    await popup.getByText('224,000원').waitFor();
    // 224,000 / 1.1 = 203,636.36… rounds down to 203,636.
    await expect.poll(() => popup.getByTestId('vat-split').textContent()).toBe('공급가액 203,636원 · 세액 20,364원');
    await shot(page, 'home-popup-member');
    await context.close();
  });

  it('a phone on /home lands on /mobile and sees the same price as the desktop, the one charged', async () => {
    const product = await addProduct(shop.server, {
      name: '테스트 모바일 등급가',
      prices: [41_000, 32_000, 23_000, 14_000],
      stock: 7,
    });
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/home`);
    await page.waitForURL(/\/mobile$/);
    await page.getByRole('list', { name: '카테고리' }).getByRole('button', { name: '디스크' }).waitFor();
    await memberLogin(page, `${shop.server.base}/mobile?searchType=pid&keyword=${encodeURIComponent(product.pid)}`);
    // The gold price as the desktop shows it and as it is charged (VAT included); never 32,000 × 1.1.
    await expect.poll(() => page.getByTestId('price').first().textContent()).toBe('32,000원');
    await shot(page, 'mobile-home-member');
    await context.close();
  });
});

describe('the public shop: notices, the product page and the demo banner', () => {
  it("the notice popup stays closed after 'do not show again' in that tab", async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home`);
    const popup = page.getByRole('dialog', { name: '연말 배송 일정 안내' });
    await popup.waitFor();
    const box = await popup.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([300, 300]);
    await popup.getByLabel('다시 보지 않기').check();
    await popup.getByRole('button', { name: '닫기' }).click();
    await page.reload();
    await page.getByRole('button', { name: '더보기' }).waitFor();
    expect(await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).count()).toBe(0);
    // Another tab has its own storage, so it shows the notice again.
    const other = await context.newPage();
    await other.goto(`${shop.server.base}/home`);
    await other.getByRole('dialog', { name: '연말 배송 일정 안내' }).waitFor();
    await context.close();
  });

  it('the product page shows every field, sets its meta tags, and /productView redirects to the part-number search', async () => {
    const product = await sampleProduct({ notes: true });
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/productDetail/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    expect(await page.title()).toContain(product.pid);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${shop.server.base}/productDetail/${product.id}`,
    );
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(product.name);
    await page.getByText(product.detailInfo).first().waitFor();
    await page.getByRole('link', { name: '회원가입' }).last().waitFor();
    await shot(page, 'product-detail-visitor');
    await page.goto(`${shop.server.base}/productView/${product.id}`);
    await page.waitForURL(/\/home\?searchType=pid&keyword=/);
    const [row] = await shop.server.db.select().from(products).where(eq(products.id, product.id));
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('keyword')!)).toBe(row!.pid);
    await context.close();
  });

  it("shows the banner '데모 상점' on every page of the demo shop from the first paint, inside a landmark", async () => {
    // The server writes the banner into the page it sends: it is there before any script runs.
    const still = await shop.browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const bare = await still.newPage();
    for (const path of ['/home', '/login', '/notice', '/no-such-page', '/mobile', '/admin']) {
      await bare.goto(`${shop.server.base}${path}`);
      expect(await bare.getByRole('region', { name: '데모 상점 안내' }).innerText(), path).toContain('데모 상점');
    }
    await still.close();

    // With the app running there is one banner, at the top, and it stays where it was painted.
    const { page, context } = await desktopPage(shop.browser);
    for (const path of ['/home', '/login', '/notice', '/no-such-page']) {
      await page.goto(`${shop.server.base}${path}`);
      await page.getByRole('heading').first().waitFor();
      expect(await page.getByTestId('demo-banner').count(), path).toBe(1);
      expect((await page.getByTestId('demo-banner').boundingBox())?.y, path).toBe(0);
    }
    await shot(page, 'demo-banner-desktop');
    await context.close();

    const phone = await phonePage(shop.browser);
    await phone.page.goto(`${shop.server.base}/mobile`);
    await phone.page.getByRole('button', { name: '더보기' }).waitFor();
    expect(await phone.page.getByTestId('demo-banner').count()).toBe(1);
    expect(await phone.page.getByTestId('demo-banner').getByText('데모 상점').count()).toBe(1);
    await shot(phone.page, 'demo-banner-phone');
    await phone.context.close();
  });
});

describe('smaller things of the shop', () => {
  it('the warning bar names what is missing: the company details, then only the delivery address, then nothing', async () => {
    const who = await newCompany(shop.server, {
      id: 'warning-bar@partsmall.kr',
      name: '경고막대상사',
      phone: '01077790015',
    });
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, who.id));
    const bar = async () => {
      const { page, context } = await desktopPage(shop.browser);
      await login(page, `${shop.server.base}/home`, who.id, who.pw);
      await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
      await page.locator('.product-card').first().waitFor();
      const texts = await page.locator('.company-warning').allInnerTexts();
      const links = await page.locator('.company-warning a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      return { page, context, texts, links };
    };
    const first = await bar();
    expect(first.texts).toEqual(['회사 정보가 설정되지 않았습니다. 회사 정보를 먼저 입력해 주세요. 회사 정보 입력']);
    expect(first.links).toEqual(['/management/editCompanyInfo']);
    await first.context.close();

    // The details filled in (representative, phone, address), no delivery address yet.
    await shop.server.db
      .update(companies)
      .set({ ceo: '김대표', phone: '0212345678', addrMain: '서울특별시 성동구 성수이로 77', postMain: '04790' })
      .where(eq(companies.id, m!.companyId!));
    const second = await bar();
    expect(second.texts).toEqual(['배송지가 등록되지 않았습니다. 배송지를 먼저 등록해 주세요. 배송지 등록']);
    expect(second.links).toEqual(['/management/deliveryAddress']);
    await shot(second.page, 'home-warning-address-only');
    await second.context.close();

    await shop.server.db.insert(shippingAddresses).values({
      companyId: m!.companyId!,
      name: '김수령',
      phone: '01055550000',
      postNum: '04790',
      address: '서울특별시 성동구 성수이로 77',
      addrSub: '3층',
    });
    const third = await bar();
    expect(third.texts).toEqual([]);
    await third.context.close();
  });

  it('toasts stay clear of the top bar on the desktop and of the header and bottom menu on a phone', async () => {
    const overlap = (
      a: { x: number; y: number; width: number; height: number },
      b: { x: number; y: number; width: number; height: number },
    ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const desk = await desktopPage(shop.browser);
    const product = await addProduct(shop.server, {
      name: '토스트 위치 패드',
      prices: [9000, 8000, 7000, 6000],
      stock: 5,
    });
    const search = `${shop.server.base}/home?searchType=pid&keyword=${encodeURIComponent(product.pid)}`;
    await login(desk.page, search, 'demo@partsmall.kr');
    await desk.page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    await desk.page.getByRole('button', { name: product.name }).first().click();
    await desk.page.getByRole('dialog', { name: product.name }).getByRole('button', { name: '장바구니' }).click();
    const added = desk.page.locator('.toast', { hasText: '장바구니에 담았습니다.' }).first();
    await added.waitFor();
    expect(overlap((await added.boundingBox())!, (await desk.page.locator('.topbar').boundingBox())!)).toBe(false);
    await shot(desk.page, 'toast-desktop');
    await desk.context.close();

    const phone = await phonePage(shop.browser);
    // The login's own toast, on the phone's login page.
    await formLogin(phone.page, `${shop.server.base}/mobileLogin`);
    const phoneToast = phone.page.locator('.toast', { hasText: '로그인되었습니다.' }).first();
    await phoneToast.waitFor();
    const box = (await phoneToast.boundingBox())!;
    expect(overlap(box, (await phone.page.locator('.m-header').boundingBox())!)).toBe(false);
    expect(overlap(box, (await phone.page.locator('.m-bottom').boundingBox())!)).toBe(false);
    await shot(phone.page, 'toast-phone');
    await phone.context.close();
  });

  it('a new page starts at its top, not at the place the last page was left', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home`);
    await page.getByRole('dialog', { name: '연말 배송 일정 안내' }).getByRole('button', { name: '닫기' }).click();
    await page.locator('.product-card').nth(30).waitFor();
    const footerLink = page.locator('footer').getByRole('link', { name: '이용약관' });
    await footerLink.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);
    await footerLink.click();
    await page.waitForURL(/\/policy$/);
    await page.getByRole('heading', { name: '이용약관' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('the product page asks for its product once, even when its code arrives after the answer', async () => {
    const product = await sampleProduct({ notes: false });
    const { page, context } = await desktopPage(shop.browser);
    // The page's code is held back, so the answer the route's loader asked for arrives first.
    await context.route(/\/assets\/ProductDetailPage-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/getProductInfo')) asked.push(r.postData() ?? '');
    });
    await page.goto(`${shop.server.base}/productDetail/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([JSON.stringify({ seq: product.id })]);
    await context.close();
  });
});

describe('the page in its window: its height and its words', () => {
  it('a short page fits the window under the banner: the page ends at the window, nothing scrolls', async () => {
    // What scrolls past the window: 0 when the page fits (it was the banner's 33 px, or 52 on a phone).
    const past = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
    const { page, context } = await desktopPage(shop.browser);
    for (const path of ['/login', '/no-such-page']) {
      await page.goto(`${shop.server.base}${path}`);
      await page.getByRole('heading').first().waitFor();
      expect(await past(page), path).toBe(0);
      // The footer is the last thing on the page, at the window's bottom.
      const footer = (await page.locator('footer').last().boundingBox())!;
      expect(Math.round(footer.y + footer.height), path).toBe(800);
    }
    await staffLogin(page, shop.server.base);
    expect(await past(page), 'back office dashboard').toBe(0);
    // The menu ends at the window's bottom and scrolls inside.
    const menu = (await page.getByRole('complementary', { name: '관리자 메뉴' }).boundingBox())!;
    expect(Math.round(menu.y + menu.height)).toBe(800);
    await context.close();

    const phone = await phonePage(shop.browser);
    await phone.page.goto(`${shop.server.base}/mobileJoin`);
    await phone.page.getByRole('heading', { name: '사업자 확인' }).waitFor();
    expect(await past(phone.page)).toBe(0);
    // On a phone the back office's menu sits on top of the page at its full height: nothing of it
    // is hidden in a scroll of its own.
    await staffLogin(phone.page, shop.server.base);
    const phoneMenu = phone.page.getByRole('complementary', { name: '관리자 메뉴' });
    expect(await phoneMenu.evaluate((el) => [el.scrollHeight > el.clientHeight, el.clientHeight > 200])).toEqual([
      false,
      true,
    ]);
    await phone.context.close();
  });

  it("Korean wraps between words: the banner on a phone, the privacy table's narrow first column", async () => {
    /** Whether every letter of `word` inside the element sits on one line. */
    const onOneLine = (page: Page, selector: string, word: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el, w) => {
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const at = n.textContent!.indexOf(w);
            if (at < 0) continue;
            const tops = new Set<number>();
            for (let k = at; k < at + w.length; k++) {
              const letter = document.createRange();
              letter.setStart(n, k);
              letter.setEnd(n, k + 1);
              tops.add(Math.round(letter.getBoundingClientRect().top));
            }
            return tops.size === 1;
          }
          throw new Error(`'${w}' is not in ${el.outerHTML.slice(0, 80)}`);
        }, word);
    const phone = await phonePage(shop.browser);
    await phone.page.goto(`${shop.server.base}/mobileJoin`);
    const banner = phone.page.getByTestId('demo-banner');
    // The banner takes two lines on a phone; the break falls between two words.
    expect((await banner.boundingBox())!.height).toBeGreaterThan(40);
    for (const word of ['처리되며', '실제로', '청구되지'])
      expect(await onOneLine(phone.page, '.demo-banner', word), word).toBe(true);
    await phone.context.close();

    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/privacy`);
    const cell = page.getByRole('cell', { name: '회원가입 (필수)' });
    await cell.waitFor();
    expect(await onOneLine(page, 'td:has-text("회원가입 (필수)"), th:has-text("회원가입 (필수)")', '필수')).toBe(true);
    await context.close();
  });
});

describe('while a list loads', () => {
  it('the footer waits out of sight on the first load only; a list refetching with its rows keeps it', async () => {
    const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
    const [product] = await shop.server.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
    await insertOrder(shop.server, {
      companyId: demo!.companyId!,
      memberId: demo!.id,
      status: 1,
      productId: product!.id,
    });
    const { page, context } = await desktopPage(shop.browser);
    await login(page, `${shop.server.base}/home`, 'demo@partsmall.kr');
    // The order list's answer waits while `hold` is set, so the page is seen mid-load.
    let hold = true;
    let release = () => {};
    await page.route('**/api/getMallOrderInfo*', async (route) => {
      if (hold) await new Promise<void>((go) => (release = go));
      await route.continue();
    });
    const footer = page.locator('.layout-desktop > .footer');
    const visibility = () => footer.evaluate((el) => getComputedStyle(el).visibility);
    const busyTable = page.locator('table[aria-busy="true"]');

    await page.goto(`${shop.server.base}/management/orders`);
    await busyTable.waitFor();
    expect(await page.locator('tbody tr td:not(.empty-row)').count()).toBe(0);
    expect(await visibility()).toBe('hidden');
    release();
    await page.locator('table[aria-busy="false"] tbody tr td:not(.empty-row)').first().waitFor();
    expect(await visibility()).toBe('visible');

    // A new range: the old rows stay on screen while the new page comes, and so does the footer.
    await page.getByRole('button', { name: '1주일' }).click();
    await busyTable.waitFor();
    expect(await busyTable.locator('tbody tr td:not(.empty-row)').count()).toBeGreaterThan(0);
    expect(await visibility()).toBe('visible');
    hold = false;
    release();
    await page.locator('table[aria-busy="false"]').waitFor();
    await context.close();
  });

  it('a table wider than a phone scrolls in a box the keyboard reaches, its empty line in the middle of what is in view', async () => {
    /** The back office's invoices for a company number no company has: empty whatever else the shop holds. */
    const emptyInvoices = async (page: Page) => {
      await staffLogin(page, shop.server.base);
      await page.goto(`${shop.server.base}/admin/taxInvoices`);
      await page.getByLabel('업체 번호').fill('999999');
      await page.getByRole('button', { name: '검색' }).click();
      const text = page.getByText('조건에 맞는 세금계산서가 없습니다.');
      await text.waitFor();
      // What scrolls: the table's box.
      const view = await page.getByRole('table', { name: '세금계산서' }).evaluate((table) => {
        const el = table.closest('.table-scroll')!;
        return { left: el.getBoundingClientRect().left, width: el.clientWidth, full: el.scrollWidth };
      });
      const box = (await text.boundingBox())!;
      return { view, box, offCentre: Math.abs(box.x + box.width / 2 - (view.left + view.width / 2)) };
    };
    const phone = await phonePage(shop.browser);
    const small = await emptyInvoices(phone.page);
    // The table is wider than the screen (it scrolls sideways)...
    expect(small.view.full).toBeGreaterThan(small.view.width + 40);
    // ...and the line is whole and centred in the part in view (it was centred on the whole table).
    expect(small.box.x).toBeGreaterThanOrEqual(small.view.left);
    expect(small.box.x + small.box.width).toBeLessThanOrEqual(small.view.left + small.view.width);
    expect(small.offCentre).toBeLessThan(2);
    // The box that scrolls is a named region the keyboard reaches (Tab, then the arrow keys).
    expect(await phone.page.getByRole('region', { name: '세금계산서' }).getAttribute('tabindex')).toBe('0');
    await snap(phone.page, 'admin-empty-table-phone');
    await phone.context.close();

    const { page, context } = await desktopPage(shop.browser);
    const wide = await emptyInvoices(page);
    expect(wide.view.full).toBe(wide.view.width);
    expect(wide.offCentre).toBeLessThan(2);
    // A box with nothing to scroll adds no stop to the Tab order.
    expect(await page.getByRole('region', { name: '세금계산서' }).count()).toBe(0);
    await context.close();
  });
});
