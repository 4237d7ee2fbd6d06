import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ack, clientId, memberIdOf, newCustomer, openChat, tokenFor } from '../apps/server/test/chat-helpers.js';
import { members } from '../apps/server/src/db/schema.js';
import { png } from '../apps/server/test/chat-images.js';
import { axeRule } from './axe.js';
import { chatLogin } from './chat-session.js';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';

/**
 * The chat on small screens (docs/requirements.md#chat-screens): a picture however small is a 44 × 44 px
 * tap target on the buyer's phone chat (/chatMobile, the slide of /mobile) and the staff console on a
 * phone, and the console's header keeps a customer's phone number on one line in its 500 px window
 * and draws a stopped customer's '사용 중지' readable on its blue.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const loginContext = (context: BrowserContext, id: string, pw: string) => chatLogin(context, shop.server, id, pw);

/** A customer whose conversation is one 20 × 20 picture (an icon, a cropped part number). */
async function customerWithTinyPicture(label: string) {
  const customer = await newCustomer(shop.server, label);
  const form = new FormData();
  form.append('imgFiles', new Blob([new Uint8Array(await png(20, 20))], { type: 'image/png' }), '작은사진.png');
  const res = await fetch(`${shop.server.base}/uploadChatFile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
    body: form,
  });
  expect(((await res.json()) as { code: number }).code).toBe(201);
  return customer;
}

/** The picture's button, as a finger meets it: [width, height] in CSS px. */
async function thumbTarget(page: Page): Promise<number[]> {
  const thumb = page.locator('button.chat-thumb').first();
  await thumb.locator('img').waitFor();
  return thumb.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [Math.round(r.width), Math.round(r.height)];
  });
}

describe('a tiny picture in the chat on a phone', () => {
  it("is a 44 × 44 px target in the buyer's /chatMobile and /mobile slide, and in the staff console", async () => {
    const customer = await customerWithTinyPicture('작은사진');
    const buyer = await phonePage(shop.browser);
    await loginContext(buyer.context, customer.id, customer.pw);

    await buyer.page.goto(`${shop.server.base}/chatMobile`);
    expect(await thumbTarget(buyer.page)).toEqual([44, 44]);
    await shot(buyer.page, 'chat-tiny-picture-phone', { fullPage: false });

    await buyer.page.goto(`${shop.server.base}/mobile`);
    await buyer.page.getByTestId('m-chat').click();
    expect(await thumbTarget(buyer.page)).toEqual([44, 44]);
    await buyer.context.close();

    const staff = await phonePage(shop.browser);
    await loginContext(staff.context, 'staff@partsmall.kr', 'staff1234');
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    await staff.page.locator('.chat-header').getByText(customer.name).waitFor();
    expect(await thumbTarget(staff.page)).toEqual([44, 44]);
    await shot(staff.page, 'chat-tiny-picture-console-phone', { fullPage: false });
    await staff.context.close();
  });
});

describe("the staff console's header in its 500 px window", () => {
  it("draws the customer's phone number on one line, after the company's name", async () => {
    // The demo buyer, 박준호 (골드) of 한빛수입차부품, 010-1234-5601, writes: selected when the console opens.
    const buyer = await openChat(
      shop.server,
      await tokenFor(shop.server, await memberIdOf(shop.server, 'demo@partsmall.kr')),
    );
    expect(
      (await ack(buyer, 'userMessage', { sendMessage: '재고 문의드립니다.', clientMessageId: clientId() })).code,
    ).toBe(201);
    buyer.disconnect();
    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 500, height: 728 });
    await loginContext(context, 'staff@partsmall.kr', 'staff1234');
    await page.goto(`${shop.server.base}/chatAdmin`);
    const header = page.locator('.chat-header');
    await header.getByText('박준호').waitFor();
    const lines = await header.evaluate((box, number) => {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(number);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + number.length);
        return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      }
      return -1;
    }, '010-1234-5601');
    expect(lines).toBe(1);
    await shot(page, 'chat-console-header-500', { fullPage: false });
    await context.close();
  });
});

describe("a stopped customer in the staff console's header", () => {
  it("'사용 중지' reads on the header's blue (contrast 4.5:1 at least), as it does in the list", async () => {
    const customer = await newCustomer(shop.server, '정지배지');
    const socket = await openChat(shop.server, customer.token);
    expect(
      (await ack(socket, 'userMessage', { sendMessage: '반품 문의드립니다.', clientMessageId: clientId() })).code,
    ).toBe(201);
    socket.disconnect();
    await shop.server.db.update(members).set({ status: 'stopped' }).where(eq(members.id, customer.seq));
    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 500, height: 728 });
    await loginContext(context, 'staff@partsmall.kr', 'staff1234');
    await page.goto(`${shop.server.base}/chatAdmin`);
    await page.getByTestId('chat-user').filter({ hasText: customer.name }).click();
    const badge = page.locator('.chat-header .chat-stopped');
    expect(await badge.innerText()).toBe('사용 중지');
    const { violations } = await axeRule(page, 'color-contrast');
    expect(violations.filter((target) => target.includes('chat-stopped'))).toEqual([]);
    await shot(page, 'chat-console-header-stopped', { fullPage: false });
    await context.close();
  });
});
