import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages, products } from '../apps/server/src/db/schema.js';
import { ack, clientId, newCustomer, openChat } from '../apps/server/test/chat-helpers.js';
import { png } from '../apps/server/test/chat-images.js';
import { chatLogin } from './chat-session.js';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';
import { layoutFindings } from './layout-checks.js';

/**
 * The chat's layout (docs/requirements.md#chat-screens): a conversation ending with pictures opens at
 * its newest message in every chat window, and a picture sent while it is open is shown whole; the
 * staff console on a phone has 44 px controls, the conversation at the phone's width and asks before
 * deleting a shared canned reply.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const loginContext = (context: BrowserContext, id: string, pw: string) => chatLogin(context, shop.server, id, pw);

/** A customer's upload of pictures (width x height each) as one message, over HTTP as the chat sends it. */
async function upload(token: string, pictures: [number, number][]) {
  const form = new FormData();
  for (const [i, [w, h]] of pictures.entries())
    form.append('imgFiles', new Blob([new Uint8Array(await png(w, h))], { type: 'image/png' }), `사진${i + 1}.png`);
  const res = await fetch(`${shop.server.base}/uploadChatFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(((await res.json()) as { code: number }).code).toBe(201);
}

/**
 * Holds back the context's thumbnails until the returned function is called: pictures arriving after
 * their messages, as they do over a real network (here they came within the list's 100 ms scroll).
 */
async function holdPictures(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(/\/api\/chatFile\/\d+\/thumb/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Once the pictures the list shows have loaded (a lazy picture loads when it comes into view, and
 * may push the next into view): how many pixels of the newest message are hidden below the list.
 */
async function newestHiddenPx(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="chat-list"]')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLImageElement>('.chat-thumb img'))
      .filter((img) => {
        const r = img.getBoundingClientRect();
        return r.bottom >= list.top && r.top <= list.bottom;
      })
      .every((img) => img.complete && img.naturalWidth > 0);
  });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const list = document.querySelector('[data-testid="chat-list"]')!;
    const last = Array.from(list.querySelectorAll('[data-testid="chat-message"]')).at(-1)!;
    return Math.max(0, Math.round(last.getBoundingClientRect().bottom - list.getBoundingClientRect().bottom));
  });
}

const thumbs = (page: Page) => page.locator('.chat-thumb img');

/**
 * Opens a chat window with its pictures held back until its messages are drawn and the list's
 * 100 ms scroll is past, then lets them come; gives how much of the newest message is hidden.
 */
async function openWithPicturesLate(
  { page, context }: { page: Page; context: BrowserContext },
  path: string,
  pictures: number,
): Promise<number> {
  const release = await holdPictures(context);
  await page.goto(`${shop.server.base}${path}`);
  await expect.poll(() => thumbs(page).count()).toBe(pictures);
  await page.waitForTimeout(300);
  release();
  return newestHiddenPx(page);
}

/** A customer whose conversation is eight texts, then three uploads of six pictures in all. */
async function customerEndingWithPictures(label: string) {
  const customer = await newCustomer(shop.server, label);
  const socket = await openChat(shop.server, customer.token);
  for (let i = 1; i <= 8; i++)
    expect(
      (await ack(socket, 'userMessage', { sendMessage: `부품 문의 ${i}`, clientMessageId: clientId() })).code,
    ).toBe(201);
  socket.disconnect();
  await upload(customer.token, [
    [1200, 900],
    [900, 1200],
  ]);
  await upload(customer.token, [
    [1600, 900],
    [800, 800],
    [600, 1200],
  ]);
  await upload(customer.token, [[1200, 1600]]);
  return customer;
}

describe('a conversation ending with pictures', () => {
  it("opens at its newest picture in the customer's popup and on the phone; a picture sent while open is shown whole", async () => {
    const customer = await customerEndingWithPictures('사진끝');

    // The customer's popup (400x800). Each picture's box has its shape before the picture comes
    // (1200x900 drawn 160x120, 900x1200 120x160), so nothing moves when it does.
    const popup = await desktopPage(shop.browser);
    await popup.page.setViewportSize({ width: 400, height: 800 });
    await loginContext(popup.context, customer.id, customer.pw);
    const release = await holdPictures(popup.context);
    await popup.page.goto(`${shop.server.base}/chat`);
    await expect.poll(() => thumbs(popup.page).count()).toBe(6);
    await popup.page.waitForTimeout(300);
    const boxes = await thumbs(popup.page).evaluateAll((imgs) =>
      imgs.map((i) => [Math.round(i.getBoundingClientRect().width), Math.round(i.getBoundingClientRect().height)]),
    );
    expect(boxes).toEqual([
      [160, 120],
      [120, 160],
      [160, 90],
      [160, 160],
      [80, 160],
      [120, 160],
    ]);
    release();
    expect(await newestHiddenPx(popup.page)).toBe(0);

    // A tall picture sent from the popup, arriving after its message: shown whole above the composer.
    const releaseSent = await holdPictures(popup.context);
    await popup.page.getByTestId('chat-file').setInputFiles({
      name: '세로사진.png',
      mimeType: 'image/png',
      buffer: await png(500, 1500),
    });
    await expect.poll(() => thumbs(popup.page).count()).toBe(7);
    await popup.page.waitForTimeout(300);
    releaseSent();
    expect(await newestHiddenPx(popup.page)).toBe(0);
    await shot(popup.page, 'chat-pictures-popup');

    // A reader scrolled up into the history stays there while pictures load.
    await popup.page.getByTestId('chat-list').evaluate((el) => el.scrollTo({ top: 0 }));
    await newestHiddenPx(popup.page);
    expect(await popup.page.getByTestId('chat-list').evaluate((el) => el.scrollTop)).toBe(0);
    await popup.context.close();

    // The phone's chat page.
    const phone = await phonePage(shop.browser);
    await loginContext(phone.context, customer.id, customer.pw);
    expect(await openWithPicturesLate(phone, '/chatMobile', 7)).toBe(0);
    await shot(phone.page, 'chat-pictures-phone');
    await phone.context.close();
  });

  it('opens at its newest picture in the staff console, in its 500x728 window and on a phone', async () => {
    // The customer's message is the newest: selected first.
    const customer = await customerEndingWithPictures('사진끝콘솔');
    for (const open of [desktopPage, phonePage]) {
      const staff = await open(shop.browser);
      if (open === desktopPage) await staff.page.setViewportSize({ width: 500, height: 728 });
      await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
      expect(await openWithPicturesLate(staff, '/chatAdmin', 6)).toBe(0);
      await staff.page.locator('.chat-header').getByText(customer.name).waitFor();
      await shot(staff.page, `chat-pictures-console-${open === desktopPage ? 'desktop' : 'phone'}`);
      await staff.context.close();
    }
  });
});

/** How many lines `text`, inside `selector`'s first element, is drawn over. */
function linesOf(page: Page, selector: string, text: string): Promise<number> {
  return page.evaluate(
    ({ selector, text }) => {
      const box = document.querySelector(selector)!;
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      }
      return -1;
    },
    { selector, text },
  );
}

describe('the staff console on a phone', () => {
  it('has 44 px controls in its header and panels, the conversation at the phone width, the customer list a tap away, and asks before deleting a canned reply', async () => {
    const [product] = await shop.server.db
      .select({ id: products.id, name: products.name, pid: products.pid })
      .from(products)
      .orderBy(products.id)
      .limit(1);
    const other = await newCustomer(shop.server, '폰콘솔다른');
    const otherSocket = await openChat(shop.server, other.token);
    expect(
      (await ack(otherSocket, 'userMessage', { sendMessage: '다른 문의', clientMessageId: clientId() })).code,
    ).toBe(201);
    otherSocket.disconnect();
    const customer = await newCustomer(shop.server, '폰콘솔');
    const socket = await openChat(shop.server, customer.token);
    const inquiry = `[상품 문의]\n상품명: ${product!.name}\n품번: ${product!.pid}\n수량: 1개`;
    expect(
      (await ack(socket, 'userMessage', { sendMessage: inquiry, clientMessageId: clientId(), productId: product!.id }))
        .code,
    ).toBe(201);
    socket.disconnect();

    const { page, context } = await phonePage(shop.browser);
    await loginContext(context, 'staff@partsmall.kr', 'staff1234');
    await page.goto(`${shop.server.base}/chatAdmin`);
    const header = page.locator('.chat-header');
    await header.getByText(customer.name).waitFor();
    const card = page.getByTestId('chat-product-card');
    await card.waitFor();

    const findings = await layoutFindings(page, 'staff console', { phone: true });
    // The conversation takes the phone's width; the product card reads its name in at most two lines
    // and its part number whole on one.
    expect(await page.getByTestId('chat-list').evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(
      390,
    );
    expect(await linesOf(page, '[data-testid="chat-product-card"]', product!.pid)).toBe(1);
    expect(await linesOf(page, '[data-testid="chat-product-card"]', product!.name)).toBeLessThanOrEqual(2);
    // A phone's keyboard has no Shift+Enter: the composer's hint names the send button, as the customer's does.
    expect(await page.locator('.chat-composer textarea').getAttribute('placeholder')).toBe(
      '메시지를 입력하고 [전송]을 누르세요.',
    );
    await shot(page, 'chat-console-phone');

    await header.getByRole('button', { name: '고객 정보' }).click();
    await page.getByTestId('chat-customer-info').waitFor();
    findings.push(...(await layoutFindings(page, 'staff console: 고객 정보', { phone: true })));
    await header.getByRole('button', { name: '상용구' }).click();
    const panel = page.locator('.chat-panel');
    await panel.getByRole('textbox', { name: '제목' }).fill('재고 안내');
    await panel.getByRole('textbox', { name: '내용' }).fill('재고 확인 후 안내드리겠습니다.');
    await panel.getByRole('button', { name: '상용구 저장' }).click();
    const reply = panel.getByRole('listitem').filter({ hasText: '재고 안내' });
    await reply.waitFor();
    findings.push(...(await layoutFindings(page, 'staff console: 상용구', { phone: true })));
    expect(findings).toEqual([]);
    await shot(page, 'chat-console-phone-canned');

    // 삭제 asks first: cancelled, the reply stays; confirmed, it is gone.
    await reply.getByRole('button', { name: '삭제' }).click();
    const ask = page.getByRole('alertdialog', { name: '상용구 삭제' });
    await ask.getByText("'재고 안내' 상용구를 삭제할까요? 모든 상담 직원이 함께 쓰는 상용구입니다.").waitFor();
    findings.push(...(await layoutFindings(page, 'staff console: 상용구 삭제', { phone: true })));
    await shot(page, 'chat-console-phone-delete');
    await ask.getByRole('button', { name: '취소' }).click();
    await ask.waitFor({ state: 'detached' });
    await reply.waitFor();
    await reply.getByRole('button', { name: '삭제' }).click();
    await ask.getByRole('button', { name: '삭제' }).click();
    await reply.waitFor({ state: 'detached' });
    await page.getByText('상용구를 삭제했습니다.').waitFor();

    // The customer list, a tap away: another customer chosen there opens that conversation.
    await header.getByRole('button', { name: /^회원 목록/ }).click();
    const row = page.getByTestId('chat-user').filter({ hasText: other.name });
    expect(await row.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(390);
    findings.push(...(await layoutFindings(page, 'staff console: 회원 목록', { phone: true })));
    await shot(page, 'chat-console-phone-list');
    await row.click();
    await header.getByText(other.name).waitFor();
    await page.getByTestId('chat-message').filter({ hasText: '다른 문의' }).waitFor();
    expect(await page.getByTestId('chat-user').first().isVisible()).toBe(false);
    expect(findings).toEqual([]);
    await context.close();
  });
});

/** The colours drawn in the page's box `clip` (one: nothing but the background). */
async function coloursIn(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return seen.size;
}

describe('a message drawn taller than its line', () => {
  it('a letter with 1,800 accents stored before the rule draws inside its bubble, not over the messages above', async () => {
    // docs/requirements.md#chat-screens. The server refuses such a text now; an older one is still shown.
    const customer = await newCustomer(shop.server, '겹침표시');
    const socket = await openChat(shop.server, customer.token);
    expect((await ack(socket, 'userMessage', { sendMessage: '앞 메시지', clientMessageId: clientId() })).code).toBe(
      201,
    );
    socket.disconnect();
    const [conversation] = await shop.server.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.customerId, customer.seq));
    await shop.server.db.insert(chatMessages).values({
      conversationId: conversation!.id,
      senderId: customer.seq,
      senderSide: 'customer',
      clientMessageId: clientId(),
      type: 'text',
      body: 'Z' + '\u0301\u0300\u0302'.repeat(600),
    });

    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 400, height: 800 });
    await loginContext(context, customer.id, customer.pw);
    await page.goto(`${shop.server.base}/chat`);
    const messages = page.getByTestId('chat-message');
    await expect.poll(() => messages.count()).toBe(2);
    await page.waitForTimeout(300);
    // The 10 px between the first message and the second's sender line: the list's background alone.
    const above = (await messages.nth(0).boundingBox())!;
    const below = (await messages.nth(1).boundingBox())!;
    const gap = { x: above.x, y: above.y + above.height, width: 120, height: below.y - above.y - above.height };
    expect(gap.height).toBeGreaterThan(4);
    expect(await coloursIn(page, gap)).toBe(1);
    await shot(page, 'chat-piled-accents');
    await context.close();
  });
});
