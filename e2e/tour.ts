import { asc, eq } from 'drizzle-orm';
import { ADMIN_MENU } from '@partsmall/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cartItems, members, notices, products } from '../apps/server/src/db/schema.js';
import type { TestServer } from '../apps/server/test/helpers.js';
import { insertOrder } from '../apps/server/test/order-helpers.js';
import { MENU_PATHS } from '../apps/web/src/features/management/menu.js';
import { DESKTOP, PHONE } from './browser.js';
import { DEMO_MEMBER, memberLogin } from './login.js';
import { trackRequests, waitForQuiet } from './quiet.js';

/**
 * The tour of the shop's screens that the accessibility audit (e2e/a11y.test.ts) and the layout-
 * shift measurement (bench/cls.ts, e2e/layout-shift.test.ts) walk: every route of both route
 * tables a user reaches, the member area, the catalogue's panels, the chat windows, the back
 * office and the dialogs, as a visitor, a member and staff, on desktop and on a phone. It only
 * needs a seeded demo shop at `base`; it imports nothing of vitest, so a benchmark can use it.
 */

export type Device = 'desktop' | 'phone';
export type Role = 'visitor' | 'member' | 'staff';

export interface Stop {
  /** How reports name the screen. */
  name: string;
  /** Where the page is loaded; a stop without one goes on from where the previous stop left. */
  path?: string;
  /**
   * Waits for the screen's content and, for a dialog or a deeper panel, opens it. A screen that
   * opens in a popup window answers that window's page: the tour goes on there.
   */
  show?: (page: Page) => Promise<Page | unknown>;
}

export interface Leg {
  role: Role;
  device: Device;
  stops: Stop[];
}

/** Rows the tour's screens show: a notice, a product, an order of the demo member. */
export interface TourData {
  noticeSeq: number;
  productSeq: number;
  orderSeq: number;
}

export { DEMO_MEMBER };

/**
 * Readies the seeded demo shop for the tour: two lines in the demo member's cart (so the cart and
 * the checkout have something to show) and a paid order (the finished page, the order popup).
 */
export async function prepareTour(server: TestServer): Promise<TourData> {
  const db = server.db;
  const [notice] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(eq(notices.popup, true))
    .orderBy(asc(notices.id))
    .limit(1);
  const items = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(2);
  const [demo] = await db.select().from(members).where(eq(members.loginId, DEMO_MEMBER.id));
  await db.delete(cartItems).where(eq(cartItems.memberId, demo!.id));
  for (const p of items)
    await db.insert(cartItems).values({ memberId: demo!.id, companyId: demo!.companyId!, productId: p.id, qty: 1 });
  const orderSeq = await insertOrder(server, {
    companyId: demo!.companyId!,
    memberId: demo!.id,
    status: 1,
    productId: items[0]!.id,
  });
  return { noticeSeq: notice!.id, productSeq: items[0]!.id, orderSeq };
}
export const DEMO_ADMIN = { id: 'admin@partsmall.kr', pw: 'admin1234' };
const E220D = 'WDDZF8KB4JA201937';

/** A context of the device whose pages' requests are followed from their start (settle). */
export async function openContext(browser: Browser, device: Device): Promise<BrowserContext> {
  const context = await browser.newContext(device === 'desktop' ? DESKTOP : PHONE);
  trackRequests(context);
  return context;
}

/**
 * Waits until the page has its data: no request in flight, the page idle after the last one
 * (e2e/quiet.ts), and no loading spinner left (a screen audited half-drawn would pass for the wrong
 * reason).
 */
export async function settle(page: Page): Promise<void> {
  await waitForQuiet(page);
  // A function (a string would be eval'd in the page, which its CSP refuses), typed by hand: bench/
  // is type-checked without the DOM's types.
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(
        '[aria-busy="true"]',
      ) === null,
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Logs the tab in as the leg's role and opens its home (the shop's, or the back office's
 * dashboard), through the login call (e2e/login.ts): the login screens are stops of the visitor legs.
 */
export async function logIn(page: Page, base: string, role: Role, device: Device): Promise<void> {
  if (role === 'visitor') return;
  if (role === 'staff') {
    await memberLogin(page, `${base}/admin`, DEMO_ADMIN.id, DEMO_ADMIN.pw);
    await page.getByRole('heading', { name: '대시보드' }).waitFor();
    return;
  }
  await memberLogin(page, `${base}${device === 'phone' ? '/mobile' : '/home'}`, DEMO_MEMBER.id, DEMO_MEMBER.pw);
}

/** One context (and tab) per role and device, logged in; `prepare` runs on the context before its first page. */
export async function openLeg(
  browser: Browser,
  base: string,
  leg: Leg,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, leg.device);
  await prepare?.(context);
  const page = await context.newPage();
  await logIn(page, base, leg.role, leg.device);
  return { context, page };
}

/** Loads a stop's page (if it has one), waits for it and opens what the stop shows; answers the page the screen is in. */
export async function visitStop(page: Page, base: string, stop: Stop): Promise<Page> {
  if (stop.path !== undefined) {
    await page.goto(`${base}${stop.path}`);
    await settle(page);
  }
  if (stop.show) {
    const shown = await stop.show(page);
    if (isPage(shown)) page = shown;
    await settle(page);
  }
  return page;
}

function isPage(value: unknown): value is Page {
  return typeof value === 'object' && value !== null && 'goto' in value && 'context' in value;
}

const closeNotice = async (page: Page) => {
  const notice = page.locator('.notice-popup');
  if (await notice.isVisible()) await notice.getByRole('button', { name: '닫기' }).click();
};

/** The home grid's first product in its popup (desktop) or slide (phone). */
const productDialog = async (page: Page) => {
  await closeNotice(page);
  await page.locator('.product-card-btn, .m-item').first().click();
  await page.getByRole('dialog').locator('[data-testid="price"], .login-hint').first().waitFor();
};

/** The catalogue walked down from the search to a drawing with its parts table. */
function cataloguePanels(): Stop[] {
  return [
    {
      // The desktop catalogue lives in a popup window opened from the top bar.
      name: 'catalogue: search',
      path: '/home',
      show: async (p) => {
        await closeNotice(p);
        const [popup] = await Promise.all([
          p.context().waitForEvent('page'),
          p.getByRole('button', { name: 'EPC', exact: true }).click(),
        ]);
        await popup.getByTestId('epc-vin').waitFor();
        return popup;
      },
    },
    {
      name: 'catalogue: main groups',
      show: async (p) => {
        await p.getByTestId('epc-brand').selectOption('benz');
        await p.getByTestId('epc-vin').fill(E220D);
        await p.getByTestId('epc-search').click();
        await p.locator('.epc-data').getByText('E 220 d (W213)').waitFor();
      },
    },
    {
      name: 'catalogue: sub groups',
      show: async (p) => {
        await p.locator('.epc-card', { hasText: /^34/ }).first().click();
        await p.locator('.epc-nodes .epc-card[data-mid="34_10"]').waitFor();
      },
    },
    {
      name: 'catalogue: drawing and parts',
      show: async (p) => {
        await p.locator('.epc-nodes .epc-card[data-mid="34_10"]').click();
        await p.locator('.epc-nodes .epc-card[data-mid="34_10_11"]').click();
        await p.getByTestId('epc-parts-table').waitFor();
      },
    },
  ];
}

/** A stop that orders the cart page's chosen lines and waits for the checkout at `checkout`. */
const orderFromCart = (checkout: RegExp) => async (p: Page) => {
  await p.getByRole('button', { name: /선택 상품 주문하기/ }).click();
  await p.waitForURL(checkout);
};

/** The legs of the tour, in its order. */
export const LEGS: { role: Role; device: Device }[] = [
  { role: 'visitor', device: 'desktop' },
  { role: 'visitor', device: 'phone' },
  { role: 'member', device: 'desktop' },
  { role: 'member', device: 'phone' },
  { role: 'staff', device: 'desktop' },
  { role: 'staff', device: 'phone' },
];

/** Every leg of the tour (in the order of LEGS). */
export function tour(data: TourData): Leg[] {
  const { noticeSeq, productSeq, orderSeq } = data;
  return [
    {
      role: 'visitor',
      device: 'desktop',
      stops: [
        { name: 'home', path: '/home' },
        { name: 'home: notice popup', path: '/home', show: (p) => p.locator('.notice-popup').waitFor() },
        { name: 'home: product dialog', path: '/home', show: productDialog },
        { name: 'login', path: '/login' },
        { name: 'join', path: '/join' },
        { name: 'join a company', path: '/JoinSub' },
        { name: 'find id', path: '/memberIdInq' },
        { name: 'find password', path: '/memberPwInq' },
        { name: 'inquiry', path: '/inquiry' },
        { name: 'terms', path: '/policy' },
        { name: 'privacy', path: '/privacy' },
        { name: 'notices', path: '/notice' },
        { name: 'notice', path: `/notice/${noticeSeq}` },
        { name: 'map', path: '/map' },
        { name: 'product', path: `/productDetail/${productSeq}` },
        { name: 'calendar', path: '/test' },
        { name: 'not found', path: '/no-such-page' },
        { name: 'chat start', path: '/chatStart' },
        { name: 'chat login', path: '/chatStart/login' },
        { name: 'chat sign-up', path: '/chatStart/chatJoin' },
        { name: 'part popup', path: '/productPart' },
        { name: 'back office login', path: '/admin' },
      ],
    },
    {
      role: 'visitor',
      device: 'phone',
      stops: [
        { name: 'home', path: '/mobile' },
        { name: 'home: product slide', path: '/mobile', show: productDialog },
        { name: 'login', path: '/mobileLogin' },
        { name: 'join', path: '/mobileJoin' },
        // No phone route: the desktop page on a phone (linked from /mobileJoin), its targets 44 px too.
        { name: 'join a company', path: '/JoinSub' },
        { name: 'find id', path: '/mobileMemberIdInq' },
        { name: 'inquiry', path: '/mobileInquiry' },
        { name: 'terms', path: '/mobileService' },
        { name: 'notices', path: '/noticem' },
        { name: 'notice', path: `/noticem/${noticeSeq}` },
        { name: 'notice (old address)', path: `/mobileNotice/${noticeSeq}` },
        { name: 'map', path: '/mobileMap' },
        { name: 'chat start', path: '/chatStart?m=1' },
      ],
    },
    {
      role: 'member',
      device: 'desktop',
      stops: [
        { name: 'home', path: '/home' },
        { name: 'home: product dialog', path: '/home', show: productDialog },
        { name: 'product', path: `/productDetail/${productSeq}` },
        // Before the cart: the checkout stop orders from the cart page it finds.
        { name: 'quick order', path: '/quickOrder' },
        { name: 'cart', path: '/cart' },
        { name: 'checkout', show: orderFromCart(/\/checkOut$/) },
        {
          name: 'checkout: address book',
          show: async (p) => {
            await p.getByRole('button', { name: '배송지 목록' }).click();
            await p.getByRole('dialog', { name: '배송지 목록' }).locator('tbody tr').first().waitFor();
          },
        },
        { name: 'order finished', path: `/checkOutFinish?seq=${orderSeq}` },
        { name: 'order detail popup', path: `/orderDetail?seq=${orderSeq}` },
        { name: 'car info', path: '/carInfo' },
        ...MENU_PATHS.map((m) => ({ name: `member area: ${m}`, path: `/management/${m}` })),
        ...cataloguePanels(),
        { name: 'chat', path: '/chat', show: (p) => p.locator('.chat-window').first().waitFor() },
      ],
    },
    {
      role: 'member',
      device: 'phone',
      stops: [
        { name: 'home', path: '/mobile' },
        { name: 'home: product slide', path: '/mobile', show: productDialog },
        {
          name: 'home: chat slide',
          path: '/mobile',
          show: async (p) => {
            // The stop before left its product slide open, and loading the same address keeps the
            // entry's state (a reload reopens the slide, docs/requirements.md): it is closed first.
            const slide = p.getByRole('dialog');
            if (await slide.count()) {
              await slide.getByRole('button', { name: '닫기' }).click();
              await slide.waitFor({ state: 'detached' });
            }
            await p.getByTestId('m-chat').click();
            await p.getByTestId('chat-slide').locator('.chat-window').first().waitFor();
          },
        },
        { name: 'quick order', path: '/mobileQuickOrder' },
        { name: 'cart', path: '/cartm' },
        { name: 'checkout', show: orderFromCart(/\/checkOutm$/) },
        { name: 'order finished', path: `/mobileCheckOutFinish?seq=${orderSeq}` },
        { name: 'orders', path: '/ordersm' },
        { name: 'member area', path: '/mobileManagement' },
        { name: 'catalogue', path: '/mobileEpcMain', show: (p) => p.getByTestId('epc-vin').waitFor() },
        { name: 'chat', path: '/chatMobile', show: (p) => p.locator('.chat-window').first().waitFor() },
      ],
    },
    { role: 'staff', device: 'desktop', stops: staffStops() },
    // Staff answer from the warehouse floor too: the same screens on a phone.
    { role: 'staff', device: 'phone', stops: staffStops() },
  ];
}

/** A back office list's first row opened in its detail dialog, shown once `ready` is. */
const detailDialog = (ready: string) => async (p: Page) => {
  await p.locator('tbody tr').first().getByRole('button', { name: '상세' }).click();
  await p.getByRole('dialog').locator(ready).first().waitFor();
};

/**
 * The back office: every screen of its menu (the admin sees them all, so a new one is walked too),
 * the dialogs whose controls sit outside a form (a company's 등급; an order's carrier and waybill, the
 * tour's order being 출고확정), and the chat console.
 */
function staffStops(): Stop[] {
  return [
    ...ADMIN_MENU.map((m) => ({ name: `back office ${m.path}`, path: m.path })),
    { name: 'back office: company detail', path: '/admin/companies', show: detailDialog('.admin-dl select') },
    { name: 'back office: order detail', path: '/admin/orders', show: detailDialog('.ship-fields') },
    {
      name: 'staff chat console',
      path: '/chatAdmin',
      show: (p) => p.locator('.chat-window, .chat-admin').first().waitFor(),
    },
  ];
}
