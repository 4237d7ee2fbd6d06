import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer } from '../apps/server/test/chat-helpers.js';
import { chatLogin } from './chat-session.js';
import { desktopPage, shot, startShop } from './helpers.js';

/**
 * Nothing a buyer types into the chat is lost (docs/requirements.md#chat-screens): the chat popup, a
 * window with its own copy of the tab's session, goes on after 내 정보 is saved in the main window
 * (past the chat's 10 s session re-check), and the text box counts characters as the server does,
 * telling an over-long text instead of cutting it.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const TOO_LONG = '메시지는 2,000자 이내로 입력하세요.';

/** The buyer's chat popup, opened from the floating button of `page`. */
async function openPopup(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: /^채팅 상담/ }).click(),
  ]);
  await popup.getByTestId('chat-input').waitFor();
  await popup.getByText('아직 주고받은 메시지가 없습니다. 궁금한 점을 남겨 주세요.').waitFor();
  return popup;
}

describe('the chat popup while 내 정보 is saved in the main window', () => {
  it('stays logged in past the session re-check: what was typed is still there and is sent', async () => {
    const customer = await newCustomer(shop.server, '정보수정팝업');
    const { page, context } = await desktopPage(shop.browser);
    await chatLogin(context, shop.server, customer.id, customer.pw);
    await page.goto(`${shop.server.base}/management/editMyInfo`);
    const popup = await openPopup(page);
    await popup.getByTestId('chat-input').fill('주문번호 20261207-0001 배송 언제 되나요?');

    await page.bringToFront();
    await page.getByLabel('메일', { exact: true }).fill('edited@test.kr');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('회원정보를 수정했습니다.').waitFor();

    // Past the chat's session re-check (every 10 s).
    await popup.waitForTimeout(11_500);
    await popup.bringToFront();
    expect(popup.url()).toBe(`${shop.server.base}/chat`);
    expect(await popup.getByTestId('chat-input').inputValue()).toBe('주문번호 20261207-0001 배송 언제 되나요?');
    await popup.getByTestId('chat-send').click();
    await popup
      .getByTestId('chat-message')
      .filter({ hasText: '주문번호 20261207-0001 배송 언제 되나요?' })
      .getByText('전송됨')
      .waitFor();
    await shot(popup, 'chat-popup-after-my-info');
    await context.close();
  });
});

describe('the chat text box', () => {
  it('takes 1,500 emoji whole, and tells an over-long paste instead of cutting it', async () => {
    const customer = await newCustomer(shop.server, '이모지');
    const { page, context } = await desktopPage(shop.browser);
    await page.setViewportSize({ width: 400, height: 800 });
    await chatLogin(context, shop.server, customer.id, customer.pw);
    await page.goto(`${shop.server.base}/chat`);
    const input = page.getByTestId('chat-input');
    await input.waitFor();

    await input.focus();
    await page.keyboard.insertText('👍'.repeat(1500));
    expect(await input.evaluate((el: HTMLTextAreaElement) => [...el.value].length)).toBe(1500);
    expect(await page.getByText(TOO_LONG).count()).toBe(0);
    await page.getByTestId('chat-send').click();
    await expect.poll(() => page.getByTestId('chat-message').getByText('전송됨').count()).toBe(1);

    await input.focus();
    await page.keyboard.insertText('가'.repeat(2001));
    expect(await input.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(2001);
    await page.getByText(TOO_LONG).waitFor();
    await shot(page, 'chat-over-long', { fullPage: false });
    await page.getByTestId('chat-send').click();
    await page.getByRole('alertdialog').getByText(TOO_LONG).waitFor();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    expect(await input.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(2001);
    expect(await page.getByTestId('chat-message').count()).toBe(1);
    await context.close();
  });
});
