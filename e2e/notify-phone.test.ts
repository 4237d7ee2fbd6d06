import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { members } from '../apps/server/src/db/schema.js';
import { notifySettings } from '../apps/server/src/features/notify/schema.js';
import { desktopPage, latestCode, memberLogin, phonePage, shot, startShop } from './helpers.js';

/**
 * '알림 설정' with a new phone (docs/requirements.md#notifications): the screen asks for the code
 * sent to it, a wrong code is shown at its field, the right one saves; desktop and phone.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

async function login(page: Page, to: string) {
  await memberLogin(page, to);
}

const savedPhone = async () => {
  const [demo] = await shop.server.db.select().from(members).where(eq(members.loginId, 'demo@partsmall.kr'));
  const [row] = await shop.server.db.select().from(notifySettings).where(eq(notifySettings.memberId, demo!.id));
  return row?.phone ?? null;
};

describe("'알림 설정' with a new phone", () => {
  for (const [mobile, phone] of [
    [false, '01077778801'],
    [true, '01077778802'],
  ] as const) {
    it(`asks for the code sent to it and saves with it (${mobile ? 'phone' : 'desktop'})`, async () => {
      const { context, page } = mobile ? await phonePage(shop.browser) : await desktopPage(shop.browser);
      await login(
        page,
        `${shop.server.base}${mobile ? '/mobileManagement?menu=notifySettings' : '/management/notifySettings'}`,
      );
      const field = page.getByLabel('받을 휴대폰 번호');
      await field.fill(phone);
      await page.getByText('새 번호는 인증이 필요합니다.', { exact: false }).waitFor();
      // Saved without the code: refused at the code field, nothing saved.
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await page.getByText('새 휴대폰 번호로 알림을 받으려면 인증번호를 받아 입력하세요.').waitFor();
      expect(await savedPhone()).not.toBe(phone);

      await page.getByRole('button', { name: '인증번호 받기' }).click();
      await page.getByText('인증번호를 발송했습니다. 3분 안에 입력하세요.').waitFor();
      const code = await latestCode(shop.server, phone);
      const codeField = page.getByLabel('인증번호', { exact: true });
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await page.getByText('인증번호가 일치하지 않습니다.').waitFor();
      await shot(page, `notify-phone-code-${mobile ? 'phone' : 'desktop'}`);
      expect(await savedPhone()).not.toBe(phone);

      await codeField.fill(code);
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await page.getByText('알림 설정을 저장했습니다.').first().waitFor();
      expect(await savedPhone()).toBe(phone);
      // The saved phone is no longer new: the code field is gone.
      await codeField.waitFor({ state: 'detached' });
      await shot(page, `notify-phone-saved-${mobile ? 'phone' : 'desktop'}`);
      await context.close();
    });
  }
});
