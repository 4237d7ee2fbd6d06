import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@partsmall/contract';
import { products } from '../apps/server/src/db/schema.js';
import { ack, clientId, newCustomer, openChat } from '../apps/server/test/chat-helpers.js';
import { chatLogin, useChatSession } from './chat-session.js';
import { newCompany } from './fixtures.js';
import { call, CHROMIUM, desktopPage, phonePage, shot, startShop } from './helpers.js';

/**
 * The chat (docs/requirements.md#chat) in the browser: a member and staff chat in two contexts (text, a pasted image shown on
 * both sides, the unread mark cleared on reading), the chat sign-up from the chat entry, a
 * product inquiry arriving in the console, and the QR login of a phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** Logs a context in as the login screen would (token and user info in the tab's storage). */
const loginContext = (context: BrowserContext, id: string, pw: string) => chatLogin(context, shop.server, id, pw);

/** A small red PNG, pasted as the clipboard's file (what a screenshot tool puts there). */
async function pasteImage(page: Page) {
  await page.getByTestId('chat-input').evaluate(async (el) => {
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#c0392b';
    ctx.fillRect(0, 0, 60, 40);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'image.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
}

const bubbles = (page: Page) => page.getByTestId('chat-message');

/**
 * The chat window fits under the demo banner: nothing to scroll, the send button in sight (above the
 * phone's fixed bottom bar, `bar`, when the page has one).
 */
async function expectFitsWindow(page: Page, bar?: string) {
  await page.getByTestId('demo-banner').waitFor();
  await page.getByTestId('chat-send').waitFor();
  const fit = await page.evaluate(
    (bar) => ({
      page: document.scrollingElement!.scrollHeight,
      window: window.innerHeight,
      send: document.querySelector('[data-testid="chat-send"]')!.getBoundingClientRect().bottom,
      bar: bar ? document.querySelector(bar)!.getBoundingClientRect().top : window.innerHeight,
    }),
    bar,
  );
  expect(fit.page).toBe(fit.window);
  expect(fit.send).toBeLessThanOrEqual(fit.bar);
}

describe('chat between a member and staff', () => {
  it('text both ways, a pasted image on both sides, the unread mark cleared when staff read', async () => {
    const member = await desktopPage(shop.browser);
    await loginContext(member.context, 'demo@partsmall.kr', 'demo1234');
    const staff = await desktopPage(shop.browser);
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');

    await member.page.setViewportSize({ width: 400, height: 800 });
    await member.page.goto(`${shop.server.base}/chat`);
    await member.page.getByTestId('chat-user-name').getByText('박준호').waitFor();
    await member.page.getByTestId('chat-level').getByText('골드').waitFor();
    await member.page.getByText('아직 주고받은 메시지가 없습니다.').waitFor();
    await expectFitsWindow(member.page);

    // A blank message is refused with the original message.
    await member.page.getByTestId('chat-input').fill('   ');
    await member.page.getByTestId('chat-input').press('Enter');
    await member.page.getByText('전송할 내용을 입력하세요.').waitFor();
    await member.page.getByRole('button', { name: '확인' }).click();

    // Shift+Enter is a new line, Enter sends.
    const input = member.page.getByTestId('chat-input');
    await input.fill('브레이크 패드 재고 있나요?');
    await input.press('Shift+Enter');
    await input.type('2개 필요합니다.');
    await input.press('Enter');
    await bubbles(member.page).filter({ hasText: '2개 필요합니다.' }).getByText('전송됨').waitFor();
    expect(await bubbles(member.page).first().locator('.chat-text').textContent()).toBe(
      '브레이크 패드 재고 있나요?\n2개 필요합니다.',
    );

    // The console: the member is listed with the new-message highlight and selected first.
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    const row = staff.page.getByTestId('chat-user').filter({ hasText: '박준호' });
    await row.waitFor();
    await bubbles(staff.page).filter({ hasText: '2개 필요합니다.' }).waitFor();
    await expectFitsWindow(staff.page);
    // Selecting (the first user) reads the conversation: the highlight goes and the member sees '읽음'.
    await expect.poll(() => row.getAttribute('data-new')).toBe('0');
    await bubbles(member.page).filter({ hasText: '2개 필요합니다.' }).getByText('읽음').waitFor();
    await shot(staff.page, 'chat-admin-desktop');

    // Staff answer; the member sees it with the staff name.
    await staff.page.getByTestId('chat-input').fill('네, 재고 있습니다. 바로 보내 드릴게요.');
    await staff.page.getByTestId('chat-send').click();
    await bubbles(member.page).filter({ hasText: '네, 재고 있습니다.' }).getByText('상담원 김하늘').waitFor();

    // The member pastes an image: both sides show the thumbnail, served through its signed address.
    await pasteImage(member.page);
    const memberThumb = member.page.locator('.chat-thumb img').first();
    await memberThumb.waitFor();
    const staffThumb = staff.page.locator('.chat-thumb img').first();
    await staffThumb.waitFor();
    await expect.poll(() => staffThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
    await expect.poll(() => memberThumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
    expect(await staffThumb.getAttribute('src')).toMatch(/^\/api\/chatFile\/\d+\/thumb\?exp=\d+&sig=/);
    await shot(member.page, 'chat-popup-desktop');
    await shot(staff.page, 'chat-admin-image');

    // Clicking a thumbnail opens the 400x300 image window.
    const [imageWindow] = await Promise.all([member.page.waitForEvent('popup'), memberThumb.click()]);
    await imageWindow.waitForLoadState();
    expect(imageWindow.url()).toMatch(/\/api\/chatFile\/\d+\/full\?/);
    await imageWindow.close();

    // Beside the conversation: the customer's company, level, cash; resolving moves it under '완료'.
    await staff.page.getByRole('button', { name: '고객 정보' }).click();
    const info = staff.page.getByTestId('chat-customer-info');
    await info.getByText('5,000,000원').waitFor();
    expect(await info.textContent()).toContain('한빛수입차부품');
    await shot(staff.page, 'chat-admin-customer-info');
    await staff.page.getByRole('button', { name: '상담 완료' }).click();
    await staff.page.getByRole('button', { name: '다시 열기' }).waitFor();
    await staff.page.getByRole('tab', { name: '상담 중' }).click();
    await row.waitFor({ state: 'detached' });
    await staff.page.getByRole('tab', { name: '완료' }).click();
    await row.waitFor();

    await member.context.close();
    await staff.context.close();
  });
});

describe('staff console: customers staff are not looking at', () => {
  it('a message, a product inquiry and a first chat highlight the row, count unread per customer and in the title, move it to the top, and survive a reload', async () => {
    const viewed = await newCustomer(shop.server, '콘솔보는중');
    const asking = await newCustomer(shop.server, '콘솔문의');
    const first = await newCustomer(shop.server, '콘솔첫상담');
    const [product] = await shop.server.db
      .select({ id: products.id, name: products.name, pid: products.pid })
      .from(products)
      .orderBy(products.id)
      .limit(1);
    const viewedSocket = await openChat(shop.server, viewed.token);
    const askingSocket = await openChat(shop.server, asking.token);
    expect(
      (
        await ack(viewedSocket, 'userMessage', {
          sendMessage: '지금 보고 있는 상담입니다.',
          clientMessageId: clientId(),
        })
      ).code,
    ).toBe(201);

    const staff = await desktopPage(shop.browser);
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    const rowOf = (name: string) => staff.page.getByTestId('chat-user').filter({ hasText: name });
    const names = () => staff.page.getByTestId('chat-user').locator('b').allInnerTexts();
    // Staff look at one customer; the other is online and listed without anything unread.
    await rowOf(viewed.name).click();
    await bubbles(staff.page).filter({ hasText: '지금 보고 있는 상담입니다.' }).waitFor();
    await expect.poll(() => rowOf(asking.name).getAttribute('data-new')).toBe('0');
    await expect.poll(() => staff.page.title()).toBe('상담 콘솔');

    // A message from the customer not being viewed: highlight, count, preview, title, top of the list.
    expect(
      (
        await ack(askingSocket, 'userMessage', {
          sendMessage: '브레이크 디스크 재고 있나요?\n2개 필요합니다.',
          clientMessageId: clientId(),
        })
      ).code,
    ).toBe(201);
    await expect.poll(() => rowOf(asking.name).getAttribute('data-new')).toBe('1');
    await expect.poll(() => rowOf(asking.name).locator('.chat-badge').textContent()).toBe('1');
    await expect
      .poll(() => rowOf(asking.name).locator('.chat-user-last').textContent())
      .toBe('브레이크 디스크 재고 있나요?');
    await expect.poll(() => staff.page.title()).toBe('(1) 상담 콘솔');
    await expect.poll(async () => (await names())[0]).toBe(asking.name);

    // A product inquiry of the same customer counts too.
    const inquiry = `[상품 문의]\n상품명: ${product!.name}\n품번: ${product!.pid}\n수량: 1개`;
    expect(
      (
        await ack(askingSocket, 'userMessage', {
          sendMessage: inquiry,
          clientMessageId: clientId(),
          productId: product!.id,
        })
      ).code,
    ).toBe(201);
    await expect.poll(() => rowOf(asking.name).locator('.chat-badge').textContent()).toBe('2');
    await expect.poll(() => rowOf(asking.name).locator('.chat-user-last').textContent()).toBe('[상품 문의]');
    await expect.poll(() => staff.page.title()).toBe('(2) 상담 콘솔');

    // A customer's very first chat, opened after the console: listed, highlighted and on top.
    const firstSocket = await openChat(shop.server, first.token);
    expect(
      (await ack(firstSocket, 'userMessage', { sendMessage: '처음 문의드립니다.', clientMessageId: clientId() })).code,
    ).toBe(201);
    await expect.poll(() => rowOf(first.name).getAttribute('data-new')).toBe('1');
    await expect.poll(() => rowOf(first.name).locator('.chat-badge').textContent()).toBe('1');
    await expect.poll(() => staff.page.title()).toBe('(3) 상담 콘솔');
    await expect.poll(async () => (await names()).slice(0, 3)).toEqual([first.name, asking.name, viewed.name]);
    // The conversation being viewed stays read, and its customer's line is still the one shown.
    expect(await rowOf(viewed.name).getAttribute('data-new')).toBe('0');
    expect(await rowOf(viewed.name).getAttribute('aria-current')).toBe('true');
    await shot(staff.page, 'chat-admin-unread');

    // A reload takes the counts from the server's read state: the newest conversation is selected
    // first (and so read); the other keeps its highlight and count.
    await staff.page.reload();
    await bubbles(staff.page).filter({ hasText: '처음 문의드립니다.' }).waitFor();
    await expect.poll(() => rowOf(first.name).getAttribute('data-new')).toBe('0');
    await expect.poll(() => rowOf(asking.name).getAttribute('data-new')).toBe('1');
    await expect.poll(() => rowOf(asking.name).locator('.chat-badge').textContent()).toBe('2');
    await expect.poll(() => staff.page.title()).toBe('(2) 상담 콘솔');
    await expect.poll(async () => (await names()).slice(0, 3)).toEqual([first.name, asking.name, viewed.name]);
    await shot(staff.page, 'chat-admin-unread-reloaded');

    for (const s of [viewedSocket, askingSocket, firstSocket]) s.disconnect();
    await staff.context.close();
  });
});

describe('floating chat button', () => {
  it('counts staff answers the member has not read, on the button and in the tab title; reading clears it', async () => {
    const joined = await call<LoginResult>(
      shop.server,
      'POST',
      'api/chatJoin',
      {
        companyName: '플로팅상사',
        companyArea: '부산',
        phone: '01066665555',
        id: 'fab@partsmall.kr',
        pw: 'fab12345',
        cpw: 'fab12345',
      },
      undefined,
      { 'x-forwarded-for': '10.9.8.7' },
    );
    const member = await desktopPage(shop.browser);
    await useChatSession(member.context, joined.body.results!);
    await member.page.goto(`${shop.server.base}/home`);
    await member.page.getByTestId('chat-fab').waitFor();

    const staff = await desktopPage(shop.browser);
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    // Online (the button's connection) and so listed.
    await staff.page.getByTestId('chat-user').filter({ hasText: '플로팅상사' }).click();
    for (const text of ['안녕하세요, 파츠몰입니다.', '문의 남겨 주시면 바로 답변드리겠습니다.']) {
      await staff.page.getByTestId('chat-input').fill(text);
      await staff.page.getByTestId('chat-input').press('Enter');
    }
    await member.page.getByTestId('chat-fab-count').getByText('2').waitFor();
    expect(await member.page.title()).toMatch(/^\(2\) /);
    await shot(member.page, 'chat-fab-unread-desktop');

    // Opening the chat reads them: the count goes.
    const [popup] = await Promise.all([member.page.waitForEvent('popup'), member.page.getByTestId('chat-fab').click()]);
    await bubbles(popup).filter({ hasText: '바로 답변드리겠습니다.' }).waitFor();
    await expect.poll(() => member.page.getByTestId('chat-fab-count').count()).toBe(0);
    expect(await member.page.title()).not.toMatch(/^\(/);
    await member.context.close();
    await staff.context.close();
  });
});

describe('chat entry and sign-up', () => {
  it('a visitor opening /chat is sent to the entry after 0.5 s', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`${shop.server.base}/chat`);
    await page.waitForURL(/\/chatStart$/);
    await page.getByText('평일 10:00 ~ 16:30 (주말·공휴일 휴무)').waitFor();
    await shot(page, 'chat-start-desktop');
    await context.close();
  });

  it('a visitor signs up in the chat popup from the floating button; the shop behind it is logged in too', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await page.goto(`${shop.server.base}/home`);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('chat-fab').click()]);
    await popup.getByRole('link', { name: '간편가입' }).click();
    await popup.waitForURL(/\/chatStart\/chatJoin$/);
    await popup.getByLabel('상호').fill('채팅가입상사');
    await popup.getByLabel('사업 지역').fill('서울 성동구');
    await popup.getByLabel('휴대폰 번호').fill('01077778888');
    await popup.getByLabel('로그인 계정 (메일 주소)').fill('chatjoin@partsmall.kr');
    await popup.getByLabel('비밀번호', { exact: true }).fill('chat1234');
    await popup.getByLabel('비밀번호 확인').fill('chat1234');
    await shot(popup, 'chat-join-desktop');
    await popup.getByRole('button', { name: '가입하고 상담 시작' }).click();
    // Logged in: on to the chat, and the login was posted to the opener (same origin), which shows the member.
    await popup.waitForURL(/\/chat$/);
    await page.getByRole('button', { name: '로그아웃' }).waitFor();
    expect(
      await page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('userInfo') ?? 'null') as { id: string } | null)?.id,
      ),
    ).toBe('chatjoin@partsmall.kr');
    const input = popup.getByTestId('chat-input');
    await input.fill('가입했습니다. 상담 부탁드립니다.');
    // Right after the sign-up the chat may still be taking the new login (its composer refuses a
    // message until then and keeps the text): Enter again, as a person would, until it is taken.
    await expect
      .poll(async () => {
        if ((await input.inputValue()) !== '') await input.press('Enter');
        return input.inputValue();
      })
      .toBe('');
    await bubbles(popup).getByText('전송됨').waitFor();
    expect(await bubbles(popup).count()).toBe(1);
    await context.close();
  });

  it('the chat entry on a phone, and the mobile chat after login', async () => {
    const { page, context } = await phonePage(shop.browser);
    // Notifications decided beforehand, as useChatSession does: the question's answer is an alert whose
    // backdrop, coming late on a busy machine, would cover the send button.
    await context.grantPermissions(['notifications']);
    await page.goto(`${shop.server.base}/chatMobile`);
    await page.waitForURL(/\/chatStart\?m=1$/);
    await page.getByText('상담 시간').waitFor();
    await shot(page, 'chat-start-phone');
    await page.getByRole('link', { name: '로그인' }).click();
    await page.getByLabel('아이디 (메일 주소)').fill('other@partsmall.kr');
    await page.getByLabel('비밀번호').fill('demo1234');
    await page.getByRole('button', { name: '로그인하고 상담 시작' }).click();
    await page.waitForURL(/\/chatMobile$/);
    await expectFitsWindow(page, '.m-bottom');
    // A phone's keyboard has no Shift+Enter: the hint names the send button.
    expect(await page.getByTestId('chat-input').getAttribute('placeholder')).toBe(
      '메시지를 입력하고 [전송]을 누르세요.',
    );
    await page.getByTestId('chat-input').fill('모바일에서 문의합니다.');
    await page.getByTestId('chat-send').click();
    await bubbles(page).getByText('전송됨').waitFor();
    await shot(page, 'chat-mobile-phone');
    await context.close();
  });
});

describe('chat prompts', () => {
  it('the notification question and its refusal come once, not at every chat open', async () => {
    const { page, context } = await desktopPage(shop.browser);
    // Logged in without granting notifications: the browser has not decided, and refuses when asked.
    const res = await call<LoginResult>(shop.server, 'POST', 'api/login', { id: 'other@partsmall.kr', pw: 'demo1234' });
    await context.addInitScript((r: LoginResult) => {
      sessionStorage.setItem('token', r.token);
      sessionStorage.setItem('userInfo', JSON.stringify(r.userInfo));
    }, res.body.results!);
    let asked = 0;
    await context.exposeFunction('__countAsk', () => (asked += 1));
    await context.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
      Notification.requestPermission = () => {
        (window as unknown as { __countAsk(): void }).__countAsk();
        return Promise.resolve('denied');
      };
    });
    await page.goto(`${shop.server.base}/chat`);
    const refused = page.getByRole('alertdialog').getByText('알림 권한이 거부되었습니다.');
    await refused.waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await page.getByTestId('chat-input').waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
    }
    expect(asked).toBe(1);
    await context.close();
  });

  it("the staff console's empty conversation speaks to staff", async () => {
    // A company of this test's own: no message has been exchanged with it yet.
    const quiet = await newCompany(shop.server, {
      id: 'quiet-chat@partsmall.kr',
      name: '조용한상사',
      phone: '01077790016',
    });
    const member = await desktopPage(shop.browser);
    await loginContext(member.context, quiet.id, quiet.pw);
    await member.page.goto(`${shop.server.base}/chat`);
    await member.page.getByText('아직 주고받은 메시지가 없습니다. 궁금한 점을 남겨 주세요.').waitFor();
    const staff = await desktopPage(shop.browser);
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    await staff.page.getByTestId('chat-user').filter({ hasText: '조용한상사' }).click();
    await staff.page.getByText('이 회원과 주고받은 메시지가 아직 없습니다.').waitFor();
    expect(await staff.page.getByText('궁금한 점을 남겨 주세요.').count()).toBe(0);
    await shot(staff.page, 'chat-admin-empty-conversation');
    await member.context.close();
    await staff.context.close();
  });
});

describe('mobile home chat slide', () => {
  it('a member opens the chat as a slide over /mobile and chats; a visitor goes to the chat entry', async () => {
    const phone = await phonePage(shop.browser);
    await loginContext(phone.context, 'other@partsmall.kr', 'demo1234');
    await phone.page.goto(`${shop.server.base}/mobile`);
    await phone.page.getByTestId('m-chat').click();
    const slide = phone.page.getByTestId('chat-slide');
    await slide.getByTestId('chat-input').fill('슬라이드에서 보냅니다.');
    await slide.getByTestId('chat-send').click();
    await slide.getByTestId('chat-message').filter({ hasText: '슬라이드에서 보냅니다.' }).getByText('전송됨').waitFor();
    // The slide is fixed over the long product list: the visible screen is what a person sees.
    await shot(phone.page, 'chat-slide-phone', { fullPage: false });
    await slide.getByRole('button', { name: '닫기' }).click();
    await slide.waitFor({ state: 'detached' });
    // It slides in, unless the phone asks for less motion (docs/requirements.md#windows-and-sizes).
    const slideAnimation = async () => {
      await phone.page.getByTestId('m-chat').click();
      const name = await slide.evaluate((el) => getComputedStyle(el).animationName);
      await slide.getByRole('button', { name: '닫기' }).click();
      await slide.waitFor({ state: 'detached' });
      return name;
    };
    expect(await slideAnimation()).toBe('chat-slide-in');
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await slideAnimation()).toBe('none');
    await phone.context.close();

    const visitor = await phonePage(shop.browser);
    await visitor.page.goto(`${shop.server.base}/mobile`);
    await visitor.page.getByTestId('m-chat').click();
    await visitor.page.waitForURL(/\/chatStart\?m=1$/);
    await visitor.context.close();
  });
});

describe('product inquiry', () => {
  it("the product page's chat inquiry sends the pre-written message once, shown as a product card in the console", async () => {
    const member = await desktopPage(shop.browser);
    await loginContext(member.context, 'sub@partsmall.kr', 'demo1234');
    await member.page.goto(`${shop.server.base}/productDetail/1`);
    const name = (await member.page.locator('main h1').first().textContent())!.trim();
    const [popup] = await Promise.all([
      member.page.waitForEvent('popup'),
      member.page.getByRole('button', { name: '채팅 문의' }).click(),
    ]);
    await popup.getByTestId('chat-product-card').waitFor();
    const text = await bubbles(popup).first().locator('.chat-text').textContent();
    expect(text).toContain('[상품 문의]');
    expect(text).toContain(`상품명: ${name}`);
    expect(text).toMatch(/가격: [\d,]+원/);
    expect(text).toContain('수량: 1개');
    expect(await member.page.evaluate(() => sessionStorage.getItem('chatInquiry'))).toBeNull();
    // Opening the chat again does not send it a second time.
    await popup.reload();
    await popup.getByTestId('chat-product-card').waitFor();
    await popup.waitForTimeout(500);
    expect(await popup.getByTestId('chat-product-card').count()).toBe(1);

    const staff = await desktopPage(shop.browser);
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    await staff.page.getByTestId('chat-user').filter({ hasText: '최민지' }).click();
    const card = staff.page.getByTestId('chat-product-card');
    await card.waitFor();
    expect(await card.textContent()).toContain(name);
    expect(await card.getAttribute('href')).toBe('/productDetail/1');
    await shot(staff.page, 'chat-admin-product-inquiry');
    await member.context.close();
    await staff.context.close();
  });

  it('a part inquiry left by the catalogue is sent once when the chat opens', async () => {
    const member = await desktopPage(shop.browser);
    await loginContext(member.context, 'other@partsmall.kr', 'demo1234');
    await member.page.goto(`${shop.server.base}/home`);
    await member.page.evaluate(() =>
      sessionStorage.setItem(
        'chatInquiry',
        JSON.stringify({
          kind: 'part',
          vin: 'WDD2050421F123456',
          brand: '벤츠',
          part: '프론트 브레이크 패드',
          pid: 'A0004209204',
          quantity: 2,
        }),
      ),
    );
    const [popup] = await Promise.all([
      member.page.waitForEvent('popup'),
      member.page.evaluate(() => window.open('/chat', 'chat', 'width=400,height=728')),
    ]);
    const bubble = bubbles(popup).filter({ hasText: '[부품 문의]' });
    await bubble.waitFor();
    expect(await bubble.locator('.chat-text').textContent()).toBe(
      '[부품 문의]\n차대번호(VIN): WDD2050421F123456\n브랜드: 벤츠\n부품명: 프론트 브레이크 패드\n품번: A0004209204\n수량: 2개\n위 부품 문의드립니다.',
    );
    expect(await member.page.evaluate(() => sessionStorage.getItem('chatInquiry'))).toBeNull();
    await member.context.close();
  });
});

/**
 * A camera that films `text` as a QR code: a YUV4MPEG2 file for Chromium's fake capture device
 * (black modules on white, four modules of quiet zone, 8 pixels a module).
 */
function qrVideo(text: string, file: string) {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const width = 640;
  const height = 480;
  const scale = 8;
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!data[r * size + c]) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (top + (r + 4) * scale + dy) * width + left + (c + 4) * scale,
          (top + (r + 4) * scale + dy) * width + left + (c + 5) * scale,
        );
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
}

describe('part inquiry into a chat window that is already open', () => {
  it('the catalogue window leaves the inquiry and re-opens the named chat window: it is sent once', async () => {
    const member = await desktopPage(shop.browser);
    await loginContext(member.context, 'demo@partsmall.kr', 'demo1234');
    await member.page.goto(`${shop.server.base}/home`);
    const [chat] = await Promise.all([member.page.waitForEvent('popup'), member.page.getByTestId('chat-fab').click()]);
    await chat.getByTestId('chat-input').waitFor();
    // A catalogue-like popup of the shop (its own storage) writes the inquiry and opens 'chat' again.
    const [catalogue] = await Promise.all([
      member.page.waitForEvent('popup'),
      member.page.evaluate(() => void window.open('/carInfo', 'epc', 'width=800,height=600')),
    ]);
    await catalogue.locator('main h1').first().waitFor();
    await catalogue.evaluate(() => {
      sessionStorage.setItem(
        'chatInquiry',
        JSON.stringify({
          kind: 'part',
          vin: 'WBA5R1C50LFH12345',
          brand: 'BMW',
          part: '오일 필터',
          pid: '11428575211',
          quantity: 1,
        }),
      );
      window.open('/chat', 'chat', 'width=400,height=728');
    });
    const bubble = bubbles(chat).filter({ hasText: '차대번호(VIN): WBA5R1C50LFH12345' });
    await bubble.waitFor();
    // The same chat window was re-used (no fourth window); re-targeted by the catalogue, it reads the inquiry there (its opener).
    expect(member.context.pages()).toHaveLength(3);
    expect(await catalogue.evaluate(() => sessionStorage.getItem('chatInquiry'))).toBeNull();
    await chat.reload();
    await bubble.waitFor();
    await chat.waitForTimeout(700);
    expect(await bubble.count()).toBe(1);
    await member.context.close();
  });
});

describe('mobile QR login', () => {
  it('the desktop member area shows a QR code; a phone filming it is logged in as that member', async () => {
    const desktop = await desktopPage(shop.browser);
    await loginContext(desktop.context, 'demo@partsmall.kr', 'demo1234');
    await desktop.page.goto(`${shop.server.base}/management/profile`);
    await desktop.page.getByTestId('qr-open').click();
    const box = desktop.page.getByTestId('qr-box');
    await box.locator('img').waitFor();
    const code = (await box.getAttribute('data-code'))!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await desktop.page.getByText(/\d+초 남음/).waitFor();
    await shot(desktop.page, 'qr-login-desktop');

    const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-qr-')), 'qr.y4m');
    qrVideo(code, video);
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const phone = await phonePage(cameraBrowser);
      await phone.context.grantPermissions(['camera']);
      await phone.page.goto(`${shop.server.base}/mobileLogin`);
      await phone.page.getByTestId('qr-scan').click();
      // The camera view may read the code and hand over to /mobile before a wait could see it, so the
      // phone's arrival logged in is what is awaited.
      await phone.page.waitForURL(/\/mobile$/, { timeout: 15_000 });
      await phone.page.getByText('로그인되었습니다.').first().waitFor();
      const user = await phone.page.evaluate(
        () => JSON.parse(sessionStorage.getItem('userInfo') ?? 'null') as { id: string } | null,
      );
      expect(user?.id).toBe('demo@partsmall.kr');
      await shot(phone.page, 'qr-login-phone-done');
      await phone.context.close();
    } finally {
      await cameraBrowser.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
    // The code was spent: posting it again is refused with the original message.
    const again = await call(shop.server, 'POST', 'api/qrcodeLogin', { token: code });
    expect(again.body.message).toBe('로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.');
    await desktop.context.close();
  });

  it("the QR code is the mobile login's address with the code, which a phone opens; the short code beside it is typed on a phone", async () => {
    const desktop = await desktopPage(shop.browser);
    await loginContext(desktop.context, 'demo@partsmall.kr', 'demo1234');
    await desktop.page.goto(`${shop.server.base}/management/profile`);
    await desktop.page.getByTestId('qr-open').click();
    const box = desktop.page.getByTestId('qr-box');
    const img = box.locator('img');
    await img.waitFor();
    const code = (await box.getAttribute('data-code'))!;
    // No PUBLIC_URL in the test shop: the address is built from the page's own origin.
    const url = `${shop.server.base}/mobileLogin?qr=${code}`;
    // What a camera reads from the picture on screen.
    const pixels = await img.evaluate((el: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = el.naturalWidth;
      canvas.height = el.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(el, 0, 0);
      return {
        width: canvas.width,
        height: canvas.height,
        data: Array.from(ctx.getImageData(0, 0, canvas.width, canvas.height).data),
      };
    });
    expect(jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data).toBe(url);
    const short = (await desktop.page.getByTestId('qr-short-code').textContent())!;
    expect(short).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
    await shot(desktop.page, 'qr-login-desktop-url-and-code');

    // A phone's camera app opens the address: the phone is logged in and on the mobile home.
    const opened = await phonePage(shop.browser);
    await opened.page.goto(url);
    await opened.page.waitForURL(/\/mobile$/, { timeout: 15_000 });
    await opened.page.getByText('로그인되었습니다.').first().waitFor();
    const user = await opened.page.evaluate(
      () => JSON.parse(sessionStorage.getItem('userInfo') ?? 'null') as { id: string } | null,
    );
    expect(user?.id).toBe('demo@partsmall.kr');
    await opened.context.close();

    // A new code; its short form typed on a phone whose camera is blocked (lower case, no hyphen).
    await box.getByRole('button', { name: '새 코드 받기' }).click();
    await expect.poll(async () => desktop.page.getByTestId('qr-short-code').textContent()).not.toBe(short);
    const typedCode = (await desktop.page.getByTestId('qr-short-code').textContent())!.replace('-', '').toLowerCase();
    const typing = await phonePage(shop.browser);
    await typing.page.goto(`${shop.server.base}/mobileLogin`);
    await typing.page.getByLabel('로그인 코드').fill(typedCode);
    await shot(typing.page, 'qr-login-phone-code');
    await typing.page.getByRole('button', { name: '코드로 로그인' }).click();
    await typing.page.waitForURL(/\/mobile$/, { timeout: 15_000 });
    const typedUser = await typing.page.evaluate(
      () => JSON.parse(sessionStorage.getItem('userInfo') ?? 'null') as { id: string } | null,
    );
    expect(typedUser?.id).toBe('demo@partsmall.kr');
    // Spent: the same short code again is refused with the original message.
    const again = await call(shop.server, 'POST', 'api/qrcodeLogin', { token: typedCode });
    expect(again.body.message).toBe('로그인 중 문제가 발생하였습니다. 다시 시도해 주세요.');
    await typing.context.close();
    await desktop.context.close();
  });

  it('a phone without a camera is told so', async () => {
    const phone = await phonePage(shop.browser);
    await phone.page.goto(`${shop.server.base}/mobileLogin`);
    await shot(phone.page, 'qr-login-phone');
    await phone.page.getByTestId('qr-scan').click();
    await phone.page.getByText('카메라를 사용할 수 없습니다.', { exact: false }).waitFor();
    await phone.context.close();
  });
});
