import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, LoginResult } from '@partsmall/contract';
import { png } from '../apps/server/test/chat-images.js';
import { call, desktopPage, shot, startShop } from './helpers.js';

/**
 * Chat file addresses live 10 to 15 minutes (docs/security.md#uploads): a chat left open longer exchanges an
 * expired address for a fresh one before opening the picture.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const expOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('exp'));

describe('chat pictures in a chat left open', () => {
  it('a thumbnail clicked after its address expired opens the picture through a fresh address', async () => {
    const login = await call<LoginResult>(shop.server, 'POST', 'api/login', {
      id: 'demo@partsmall.kr',
      pw: 'demo1234',
    });
    const { token, userInfo } = login.body.results!;
    const form = new FormData();
    form.append('imgFiles', new Blob([await png(80, 50)], { type: 'image/png' }), '견적서.png');
    const sent = await fetch(`${shop.server.base}/uploadChatFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const message = ((await sent.json()) as { results: ChatMessage }).results;
    const first = message.fileList[0]!;

    const { page, context } = await desktopPage(shop.browser);
    await context.grantPermissions(['notifications']);
    await context.addInitScript(
      (r: { token: string; userInfo: unknown }) => {
        try {
          if (!sessionStorage.getItem('token')) {
            sessionStorage.setItem('token', r.token);
            sessionStorage.setItem('userInfo', JSON.stringify(r.userInfo));
          }
        } catch {
          // A document without storage (the image window).
        }
      },
      { token, userInfo },
    );
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`${shop.server.base}/chat`);
    const thumb = page.locator('.chat-thumb img').first();
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
    const shown = (await thumb.getAttribute('src'))!;
    expect(shown).toMatch(new RegExp(`^/api/chatFile/${first.seq}/thumb\\?exp=\\d+&sig=`));

    // The tab stays open 20 minutes: every address it was given has expired by then.
    await page.clock.setFixedTime(Date.now() + 20 * 60_000);
    const [imageWindow, renewed] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((r) => r.url().endsWith('/api/chatFileLink')),
      thumb.click(),
    ]);
    expect([renewed.status(), renewed.request().postDataJSON()]).toEqual([200, { seq: first.seq }]);
    await expect.poll(() => imageWindow.url()).toMatch(new RegExp(`/api/chatFile/${first.seq}/full\\?exp=\\d+&sig=`));
    await imageWindow.waitForLoadState();
    const opened = imageWindow.url();
    // Signed by the server at its own time, valid for minutes from the click.
    expect(expOf(opened)).toBeGreaterThanOrEqual(expOf(first.url));
    expect(expOf(opened) * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    const picture = await fetch(opened);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    await shot(imageWindow as Page, 'chat-image-fresh-link');
    await context.close();
  });
});
