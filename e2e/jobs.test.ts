import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../apps/server/src/features/jobs/index.js';
import type { TestServer } from '../apps/server/test/helpers.js';
import { makeCompany } from '../apps/server/test/member-helpers.js';
import { interceptSms } from '../apps/server/test/notify-helpers.js';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';

/**
 * The back office's 발송 작업 page (docs/architecture.md#jobs): a text whose provider keeps failing is parked and
 * shown with its error; staff try it once more, and it is sent.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let server: TestServer;
let browser: Browser;
const url = (p: string) => `${server.base}${p}`;

beforeAll(async () => {
  shop = await startShop({
    env: {
      JOBS_RETRY_LIMIT: '1',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_RETRY_BACKOFF: 'false',
      JOBS_POLL_SECONDS: '0.5',
    },
  });
  ({ server, browser } = shop);
});
afterAll(async () => {
  await shop?.close();
});

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('발송 작업', () => {
  it('staff see a parked text with its error, retry it, and it is sent', async () => {
    const company = await makeCompany(server, '발송실패', 0);
    const sent: string[] = [];
    let down = true;
    const restore = interceptSms(server.ctx!.sms, company.main.phone, (text) => {
      if (down) throw new Error('문자 서버가 응답하지 않습니다.');
      sent.push(text);
    });
    try {
      const id = await enqueue(
        server.db,
        'sms.cashCredited',
        { paymentId: 77, companyId: company.companyId, amount: 50_000, balanceAfter: 120_000 },
        { key: 'payment:77' },
      );
      server.app.jobs.wake();
      const parked = async () => (await server.app.jobs.boss.getJobById('sms.cashCredited', id))?.state === 'failed';
      // Two tries and a poll take about a second alone; beside a CI run's browsers they took over 10 s.
      await until(parked, 45_000);

      const { context, page } = await desktopPage(browser);
      await page.goto(url('/admin'));
      await page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
      await page.getByLabel('비밀번호').fill('staff1234');
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      await page.getByRole('link', { name: '발송 작업', exact: true }).click();
      await page.getByRole('heading', { name: '발송 작업', exact: true }).waitFor();
      // Said in Korean by what it is about (its company, the amount), never its data's JSON or key.
      const row = page.getByTestId('admin-job-row').filter({ hasText: '발송실패상사 · 캐시 50,000원 충전' });
      await row.waitFor();
      expect(await row.textContent()).toContain('실패(보류)');
      expect(await row.textContent()).toContain('문자 서버가 응답하지 않습니다.');
      expect(await row.textContent()).toContain('2/2');
      expect(await row.textContent()).not.toMatch(/payment:77|paymentId|[{}]/);
      // The key and the raw data stay in the summary's title, for support.
      const title = await row.getByText('발송실패상사 · 캐시 50,000원 충전').getAttribute('title');
      expect(title).toMatch(/^키: payment:77\n\{.*"paymentId":77.*\}$/);
      // At 1280 px the list needs no sideways scroll, its 다시 시도 included (it was 1,210 px wide).
      const list = page.getByRole('table', { name: '발송 작업' });
      expect(await list.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
      await shot(page, 'admin-jobs');

      const phone = await phonePage(browser);
      await phone.page.goto(url('/admin'));
      await phone.page.getByLabel('아이디(메일)').fill('staff@partsmall.kr');
      await phone.page.getByLabel('비밀번호').fill('staff1234');
      await phone.page.getByRole('button', { name: '로그인', exact: true }).click();
      await phone.page.getByRole('heading', { name: '대시보드' }).waitFor();
      await phone.page.goto(url('/admin/jobs'));
      await phone.page.getByTestId('admin-job-row').filter({ hasText: '발송실패상사' }).waitFor();
      await shot(phone.page, 'admin-jobs-phone');
      await phone.context.close();

      down = false;
      await row.getByRole('button', { name: '다시 시도' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: '다시 시도', exact: true }).click();
      await page.getByText('작업을 다시 시도합니다.').first().waitFor();
      await until(async () => sent.length === 1, 30_000);
      expect(sent).toEqual(['[파츠몰] 캐시 50,000원이 충전되었습니다. 충전 후 잔액은 120,000원입니다.']);
      // Done, it leaves the default list (jobs not done yet).
      await until(
        async () => (await server.app.jobs.boss.getJobById('sms.cashCredited', id))?.state === 'completed',
        30_000,
      );
      await page.reload();
      await page.getByRole('heading', { name: '발송 작업', exact: true }).waitFor();
      await page.getByText('처리를 기다리는 작업이 없습니다.').waitFor();
      await context.close();
    } finally {
      restore();
    }
    // Its waits (up to 105 s) beside the browser steps: more than the run's 90 s.
  }, 180_000);
});
