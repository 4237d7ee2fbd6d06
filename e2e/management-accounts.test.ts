import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG, MSG_MEMBER } from '@partsmall/contract';
import { companies, members, sessions } from '../apps/server/src/db/schema.js';
import { DEMO_COMPANY } from '../apps/server/src/seed/demo.js';
import { addProduct, newCompany, setCash } from './fixtures.js';
import { longWordFindings } from './layout-checks.js';
import { settle } from './tour.js';
import { call, latestCode, loginAs, snap, startShop } from './helpers.js';
import { closeAlert, desktop, login, menu, opens, phone, resetDemoCompany, seoulToday } from './member-area.js';

let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  await resetDemoCompany(shop.server);
});

describe('the security number', () => {
  it('renews the security number; a new sub-account joins with it, not with the old one', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/setSecurity`, 'demo@partsmall.kr');
    const num = page.getByTestId('security-num');
    await num.getByText(DEMO_COMPANY.securityNum).waitFor();
    await page.getByRole('button', { name: '새로 발급' }).click();
    const dialog = page.getByRole('alertdialog', { name: '보안번호 새로 발급' });
    await dialog.getByText('이전 보안번호는 바로 사용할 수 없게 됩니다.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '새로 발급' }).click();
    await page.getByText(MSG_MEMBER.securityNumRenewed).waitFor();
    const renewed = (await num.textContent())!;
    expect(renewed).toMatch(/^\d{6}$/);
    expect(renewed).not.toBe(DEMO_COMPANY.securityNum);
    await snap(page, 'management-setSecurity-renewed-desktop');

    const join = async (securityNum: string, phone: string, id: string) => {
      const code = await call(shop.server, 'GET', 'api/mobileVerification', { phone, authType: 'message' });
      expect(code.body.code).toBe(200);
      const authCode = await latestCode(shop.server, phone);
      return call(shop.server, 'POST', 'api/join', {
        license: DEMO_COMPANY.license,
        securityNum,
        id,
        pw: 'newsub1234',
        cpw: 'newsub1234',
        phone,
        authCode,
        policy: true,
        privacy: true,
        name: '한지훈',
      });
    };
    const old = await join(DEMO_COMPANY.securityNum, '01077780001', 'jihoon@partsmall.kr');
    expect(old.body.message).toBe(MSG.securityNumWrong);
    const joined = await join(renewed, '01077780002', 'jihoon@partsmall.kr');
    expect(joined.body.code).toBe(201);

    // The new account is in the company's list.
    await menu(page).getByRole('link', { name: '계정 관리' }).click();
    await page.getByLabel('검색 구분').selectOption('id');
    await page.getByLabel('검색어').fill('jihoon');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    const row = page.getByRole('row', { name: /jihoon@partsmall\.kr/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('한지훈');
    expect(await row.getByRole('checkbox').isChecked()).toBe(false);
    await context.close();
  });
});

describe('sub-accounts', () => {
  it('registers, edits and resets a sub-account, switches its type, and stops the sub-account whose open tab then ends', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/users`, 'demo@partsmall.kr');
    await page.getByRole('row', { name: /sub@partsmall\.kr/ }).waitFor();
    await page.getByRole('button', { name: '계정 등록' }).click();
    const form = page.getByRole('dialog', { name: '계정 등록' });
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '계정을 입력하세요.');
    await form.getByLabel('계정 (메일 주소)').fill('parts.kim@partsmall.kr');
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '비밀번호를 입력하세요.');
    await form.getByLabel('비밀번호').fill('kim12345');
    await form.getByRole('button', { name: '등록' }).click();
    await closeAlert(page, '이름을 입력하세요.');
    await form.getByLabel('이름').fill('김부품');
    await form.getByLabel('연락처').fill('010-5555-7777');
    expect(await form.getByLabel('연락처').inputValue()).toBe('01055557777');
    await form.getByLabel('메일', { exact: true }).fill('parts.kim@partsmall.kr');
    await snap(page, 'management-users-register-desktop');
    await form.getByRole('button', { name: '등록' }).click();
    await page.getByText(MSG_MEMBER.memberCreated).waitFor();
    const row = page.getByRole('row', { name: /parts\.kim@partsmall\.kr/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('010-5555-7777');

    // Edit: account and password are not in the edit form.
    await row.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('dialog', { name: '계정 수정' });
    expect(await edit.getByLabel('비밀번호').count()).toBe(0);
    expect(await edit.getByLabel('계정 (메일 주소)').isEditable()).toBe(false);
    await edit.getByLabel('이름').fill('김부장');
    await edit.getByRole('button', { name: '저장' }).click();
    await row.getByRole('cell', { name: '김부장' }).waitFor();

    // Password reset: shown once, and it works.
    await row.getByRole('button', { name: '비밀번호 초기화' }).click();
    await page
      .getByRole('alertdialog', { name: '비밀번호 초기화' })
      .getByRole('button', { name: '비밀번호 초기화' })
      .click();
    const shown = page.getByRole('dialog', { name: '새 비밀번호' });
    const pw = (await shown.getByTestId('new-password').textContent())!;
    expect(pw.length).toBeGreaterThanOrEqual(4);
    await snap(page, 'management-users-reset-desktop');
    await shown.getByRole('button', { name: '확인' }).click();
    expect(await page.getByTestId('new-password').count()).toBe(0);
    expect(await loginAs(shop.server, 'parts.kim@partsmall.kr', pw)).toBeTruthy();

    // Type checkbox: checked means main account.
    const box = row.getByRole('checkbox', { name: 'parts.kim@partsmall.kr 대표 권한' });
    // The box follows the server: it changes once the answer came and the list reloaded.
    await box.click();
    await page.getByText(MSG_MEMBER.memberTypeChanged).first().waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(false);
    // The own row cannot be switched or stopped.
    const own = page.getByRole('row', { name: /demo@partsmall\.kr/ });
    expect(await own.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await own.getByRole('button', { name: '사용중지' }).isDisabled()).toBe(true);

    // The new sub-account logs in in another browser with its reset password.
    const sub = await desktop(shop.browser);
    await login(sub.page, `${shop.server.base}/management/profile`, 'parts.kim@partsmall.kr', pw);
    await sub.page.getByText('김부장님, 안녕하세요.').waitFor();
    const subToken = await sub.page.evaluate(() => sessionStorage.getItem('token'));
    expect(subToken).toBeTruthy();

    // Stop the logged-in sub-account: its tab is sent away and its token is refused.
    const subRow = row;
    await subRow.getByRole('button', { name: '사용중지' }).click();
    const stop = page.getByRole('alertdialog', { name: '계정 사용중지' });
    await snap(page, 'management-users-stop-desktop');
    await stop.getByRole('button', { name: '사용중지' }).click();
    await subRow.getByText('사용중지', { exact: true }).first().waitFor();
    await subRow.locator('.mg-member-status.stopped').waitFor();
    await sub.page.waitForURL((url) => !url.pathname.startsWith('/management'), { timeout: 10_000 });
    expect(await sub.page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const refused = await call(shop.server, 'POST', 'api/getMallOrderInfo', { page: 1, size: 15 }, subToken!);
    expect(refused.status).toBe(401);
    const relogin = await call(shop.server, 'POST', 'api/login', { id: 'parts.kim@partsmall.kr', pw });
    expect(relogin.body.message).toBe(MSG.accountStopped);
    await snap(page, 'management-users-after-desktop');
    await sub.context.close();
    await context.close();
  });
});

describe('a long account id on the phone', () => {
  it("keeps a 40-character id's card inside the 390 px page, its 사용중 badge on screen", async () => {
    // Joined without a name, the account is named by its id's part before '@' (docs/requirements.md#join).
    const local = 'a'.repeat(40);
    const id = `${local}@x.kr`;
    const phoneNo = '01077780021';
    // The company's number now: the security number's test renews it.
    const [demo] = await shop.server.db.select().from(companies).where(eq(companies.license, DEMO_COMPANY.license));
    await call(shop.server, 'GET', 'api/mobileVerification', { phone: phoneNo, authType: 'message' });
    const joined = await call(shop.server, 'POST', 'api/join', {
      license: DEMO_COMPANY.license,
      securityNum: demo!.securityNum,
      id,
      pw: 'longsub1234',
      cpw: 'longsub1234',
      phone: phoneNo,
      authCode: await latestCode(shop.server, phoneNo),
      policy: true,
      privacy: true,
    });
    expect(joined.body.code).toBe(201);

    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=users`, 'demo@partsmall.kr');
    const card = page.locator('.data-card', { hasText: id });
    await card.getByText(local, { exact: true }).waitFor();
    await settle(page);
    // No screen is wider than the phone (docs/requirements.md#look-and-language).
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])).toEqual([390, 390]);
    const badge = await card.locator('.mg-member-status').boundingBox();
    expect(badge!.x).toBeGreaterThan(0);
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(390);
    const boxes = ['.data-card .mg-card-head b', '.data-card .mg-card-title', '.data-card p'];
    expect(await longWordFindings(page, 'phone accounts', boxes)).toEqual([]);
    await snap(page, 'management-users-long-id-mobile');
    await context.close();
  });
});

describe('my info and company info', () => {
  it('edits my info, and leaving the password form clears it', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/editMyInfo`, 'demo@partsmall.kr');
    const phoneField = page.getByLabel('연락처');
    expect(await phoneField.inputValue()).toBe('01012345601');
    await page.getByLabel('이름').fill('박');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.nameLength).waitFor();
    await page.getByLabel('이름').fill('박준호');
    await page.getByLabel('메일').fill('junho.park@hanbitparts.kr');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.infoUpdated).waitFor();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')!).mail)).toBe(
      'junho.park@hanbitparts.kr',
    );
    // The new token works after a reload.
    await page.reload();
    expect(await page.getByLabel('메일').inputValue()).toBe('junho.park@hanbitparts.kr');

    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByRole('heading', { name: '비밀번호 변경', level: 2 }).waitFor();
    await page.getByLabel('현재 비밀번호').fill('wrong-one');
    await page.getByLabel('새 비밀번호', { exact: true }).fill('next1234');
    await page.getByLabel('새 비밀번호 확인').fill('next1234');
    await snap(page, 'management-editMyInfo-password-desktop');
    await page.getByRole('button', { name: '비밀번호 변경' }).last().click();
    await closeAlert(page, MSG_MEMBER.opwWrong);
    await page.getByRole('button', { name: '정보 수정으로' }).click();
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    expect(await page.getByLabel('현재 비밀번호').inputValue()).toBe('');
    expect(await page.getByLabel('새 비밀번호', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('새 비밀번호 확인').inputValue()).toBe('');
    await context.close();
  });

  it('edits the company info with its alerts and the postcode widget', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/editCompanyInfo`, 'demo@partsmall.kr');
    const license = page.getByLabel('사업자등록번호');
    expect(await license.inputValue()).toBe(DEMO_COMPANY.license);
    await page
      .getByText(
        `${DEMO_COMPANY.license.slice(0, 3)}-${DEMO_COMPANY.license.slice(3, 5)}-${DEMO_COMPANY.license.slice(5)}`,
      )
      .waitFor();
    expect(await page.getByLabel('우편번호').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('주소', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await license.fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '사업자등록번호를 입력하세요.');
    await license.fill(DEMO_COMPANY.license);
    await page.getByLabel('상호').fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '상호를 입력하세요.');
    await page.getByLabel('상호').fill(DEMO_COMPANY.name);
    await page.getByLabel('대표', { exact: true }).fill('');
    await page.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '대표를 입력하세요.');
    await page.getByLabel('대표', { exact: true }).fill('박준호');
    await page.getByLabel('팩스').fill('0224681359');
    await page.getByRole('button', { name: '우편번호 찾기' }).click();
    await page
      .getByRole('dialog', { name: '주소 검색' })
      .getByRole('button', { name: '서울특별시 성동구 아차산로 113' })
      .click();
    expect(await page.getByLabel('우편번호').inputValue()).toBe('04782');
    expect(await page.getByLabel('주소', { exact: true }).inputValue()).toBe(
      '서울특별시 성동구 아차산로 113 (성수동2가)',
    );
    await page.getByLabel('상세주소').fill('7층');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText(MSG_MEMBER.companyUpdated).waitFor();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')!).companyInfo);
    expect([stored.fax, stored.postMain, stored.addrSub]).toEqual(['0224681359', '04782', '7층']);
    await snap(page, 'management-editCompanyInfo-saved-desktop');
    await context.close();
  });
});

describe('delivery addresses', () => {
  it('keeps delivery addresses: alerts, postcode widget, default toggle, search, delete', async () => {
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/deliveryAddress`, 'demo@partsmall.kr');
    const table = page.getByRole('table', { name: '배송지 관리' });
    const seeded = table.getByRole('row', { name: /성수이로 77/ });
    await seeded.waitFor();
    // The default address says so and sends nothing.
    await seeded.getByRole('button', { name: '박준호 배송지를 기본주소로 설정' }).click();
    await closeAlert(page, '현재 기본주소로 설정된 항목입니다.');

    await page.getByRole('button', { name: '배송지 추가' }).click();
    const form = page.getByRole('dialog', { name: '배송지 추가' });
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '받는 분 이름을 입력하세요.');
    await form.getByLabel('받는 분 이름').fill('이창고');
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '받는 분 연락처를 입력하세요.');
    await form.getByLabel('받는 분 연락처').fill('01098765432');
    await form.getByRole('button', { name: '저장' }).click();
    await closeAlert(page, '배송주소를 설정하세요.');
    expect(await form.getByLabel('우편번호').isEditable()).toBe(false);
    await form.getByRole('button', { name: '우편번호 찾기' }).click();
    await form
      .getByRole('dialog', { name: '주소 검색' })
      .getByRole('button', { name: '서울특별시 성동구 아차산로 113' })
      .click();
    expect(await form.getByLabel('우편번호').inputValue()).toBe('04782');
    await form.getByLabel('상세주소').fill('물류동 1층');
    await snap(page, 'management-deliveryAddress-form-desktop');
    await form.getByRole('button', { name: '저장' }).click();
    await page.getByText('배송지를 저장했습니다.').waitFor();
    const added = table.getByRole('row', { name: /이창고/ });
    await added.waitFor();
    expect(await added.getByRole('cell').nth(2).textContent()).toBe('010-9876-5432');

    // Make the new one the default: the list reloads with it on top.
    await added.getByRole('button', { name: '이창고 배송지를 기본주소로 설정' }).click();
    await page.getByText(MSG_MEMBER.addressBasicSet).waitFor();
    await table.locator('tbody tr').first().getByText('이창고').waitFor();
    expect(await added.getByRole('button', { name: /기본주소로 설정/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await seeded.getByRole('button', { name: /기본주소로 설정/ }).getAttribute('aria-pressed')).toBe('false');
    // Editing the default shows its box ticked and fixed, and why: another address takes the mark.
    await added.getByRole('button', { name: '수정' }).click();
    const edit = page.getByRole('dialog', { name: '배송지 수정' });
    const mark = edit.getByRole('checkbox', { name: '기본 배송지로 설정' });
    expect([await mark.isChecked(), await mark.isDisabled()]).toEqual([true, true]);
    expect(await mark.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(
      '기본 배송지는 다른 배송지를 기본으로 설정하면 바뀝니다.',
    );
    await snap(page, 'management-deliveryAddress-edit-default-desktop');
    await edit.getByRole('button', { name: '취소' }).click();
    await edit.waitFor({ state: 'detached' });
    // The other address's form leaves the box free.
    await seeded.getByRole('button', { name: '수정' }).click();
    const other = edit.getByRole('checkbox', { name: '기본 배송지로 설정' });
    expect([await other.isChecked(), await other.isDisabled()]).toEqual([false, false]);
    await edit.getByRole('button', { name: '취소' }).click();
    await edit.waitFor({ state: 'detached' });

    // Search by phone.
    await page.getByLabel('검색 구분').selectOption('phone');
    await page.getByLabel('검색어').fill('9876');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByText('총 1건').waitFor();
    await page.getByLabel('검색어').fill('');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByText('총 2건').waitFor();

    // Delete with the confirm popup.
    await seeded.getByRole('button', { name: '삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: '배송지 삭제' });
    await confirm.getByText("'박준호' 배송지를 삭제할까요?").waitFor();
    await snap(page, 'management-deliveryAddress-delete-desktop');
    await confirm.getByRole('button', { name: '삭제' }).click();
    await page.getByText('총 1건').waitFor();
    expect(await seeded.count()).toBe(0);
    await context.close();
  });

  it('lets the user type postcode and address when the postcode widget cannot load', async () => {
    const { page, context } = await desktop(shop.browser, 'offline');
    await login(page, `${shop.server.base}/management/deliveryAddress`, 'other@partsmall.kr');
    await page.getByRole('button', { name: '배송지 추가' }).click();
    const form = page.getByRole('dialog', { name: '배송지 추가' });
    await form.getByText('주소 검색 서비스를 불러올 수 없습니다. 우편번호와 주소를 직접 입력하세요.').waitFor();
    expect(await form.getByRole('button', { name: '우편번호 찾기' }).isDisabled()).toBe(true);
    await form.getByLabel('받는 분 이름').fill('정우성');
    await form.getByLabel('받는 분 연락처').fill('01012345603');
    await form.getByLabel('우편번호').fill('46986');
    await form.getByLabel('주소', { exact: true }).fill('부산광역시 사상구 학감대로 100');
    await form.getByLabel('상세주소').fill('2층');
    await snap(page, 'management-deliveryAddress-offline-desktop');
    await form.getByRole('button', { name: '저장' }).click();
    await page
      .getByRole('table', { name: '배송지 관리' })
      .getByRole('row', { name: /학감대로 100/ })
      .waitFor();
    await context.close();
  });
});

describe('orders', () => {
  it('lists an order with its status and opens its detail window', async () => {
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const { products } = await import('../apps/server/src/db/schema.js');
    const rows = await shop.server.db.select().from(products);
    const product = rows.find((r) => r.hasAmount > 2 && r.storageId > 0)!;
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: 'mgmt-e2e-order-1',
        carts: [{ productId: product.id, qty: 2 }],
        shippingInfo: {
          name: '박준호',
          phone: '01012345601',
          postNum: '04790',
          address: '서울특별시 성동구 성수이로 77',
          addrSub: '3층 301호',
          shippingValue: 1,
          shippingPayType: 0,
        },
      },
      token,
    );
    expect(paid.body.code).toBe(201);
    const seq = paid.body.results!.orderSeq;

    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/orders`, 'demo@partsmall.kr');
    const row = page
      .getByRole('table', { name: '거래내역' })
      .getByRole('row', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.waitFor();
    // The product column has room for a name (it had 0 px), and neither the page nor the list scrolls
    // sideways at 1280 px: the three actions share one column, in sight with the rest.
    expect((await row.getByRole('cell').nth(2).boundingBox())!.width).toBeGreaterThan(120);
    const sideways = await page.evaluate(() => {
      const root = document.documentElement;
      const box = document.querySelector('.table-scroll')!;
      return { page: root.scrollWidth - root.clientWidth, list: box.scrollWidth - box.clientWidth };
    });
    expect(sideways).toEqual({ page: 0, list: 0 });
    // The three actions, stacked in the last column, end inside the list's box.
    const listRight = await page.locator('.table-scroll').evaluate((e) => e.getBoundingClientRect().right);
    for (const name of ['상세보기', '거래명세서', '다시 담기']) {
      const button = (await row.getByRole('button', { name }).boundingBox())!;
      expect(button.x + button.width, name).toBeLessThanOrEqual(listRight);
    }
    // Columns: 일자, 주문번호, 상품, 작업번호, 금액, 받는 분, 배송, 상태, ….
    expect(await row.getByRole('cell').nth(7).textContent()).toBe('구매요청');
    expect(await row.getByRole('cell').nth(0).textContent()).toBe(seoulToday());
    // Only one date: the alert; future days are not offered.
    expect(await page.getByLabel('시작일').getAttribute('max')).toBe(seoulToday());
    await page.getByLabel('종료일').fill(seoulToday());
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await closeAlert(page, '날짜구간을 지정하세요.');
    await page.getByRole('button', { name: '1주일' }).click();
    await row.waitFor();
    await snap(page, 'management-orders-list-desktop');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: '상세보기' }).click(),
    ]);
    expect((await opens(page)).at(-1)).toEqual([`/orderDetail?seq=${seq}`, 'orderDetail', 'width=800,height=600']);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe(`/orderDetail?seq=${seq}`);
    // A short detail fits its window under the demo banner: no scroll by the banner's height.
    await popup.getByTestId('order-status').waitFor();
    await popup.getByTestId('demo-banner').waitFor();
    expect(await popup.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBe(0);
    await context.close();
  });

  it('a cancel in the detail window changes the status in the list behind it', async () => {
    const token = await loginAs(shop.server, 'demo@partsmall.kr', 'demo1234');
    const product = await addProduct(shop.server, {
      name: '취소 시험 필터',
      prices: [8000, 7000, 6000, 5000],
      stock: 10,
    });
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      {
        clientRequestId: `mgmt-e2e-cancel-${product.id}`,
        carts: [{ productId: product.id, qty: 1 }],
        shippingInfo: {
          name: '박준호',
          phone: '01012345601',
          postNum: '04790',
          address: '서울특별시 성동구 성수이로 77',
          addrSub: '3층 301호',
          shippingValue: 1,
          shippingPayType: 0,
        },
      },
      token,
    );
    expect(paid.body.code).toBe(201);
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/orders`, 'demo@partsmall.kr');
    const row = page.getByRole('table', { name: '거래내역' }).getByRole('row', { name: new RegExp(product.name) });
    await row.waitFor();
    const status = row.getByRole('cell').nth(7);
    expect(await status.textContent()).toBe('구매요청');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: '상세보기' }).click(),
    ]);
    await popup.getByRole('button', { name: '주문 취소' }).click();
    await popup.getByRole('alertdialog').getByRole('button', { name: '주문 취소' }).click();
    await popup.getByTestId('order-status').getByText('출고취소').waitFor();
    // The list in the shop's window follows, without a reload.
    await expect.poll(() => status.textContent()).toBe('출고취소');
    await context.close();
  });
});

describe('withdrawal', () => {
  it('a second company withdraws with four confirmations and its name, and can no longer log in', async () => {
    // A company of this test's own, so that no other test loses its account.
    const leaving = await newCompany(shop.server, { id: 'leaving@partsmall.kr', name: '정우성', phone: '01077790001' });
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/memberDeactivation`, leaving.id, leaving.pw);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    await page.getByText('표시·광고에 관한 기록은 6개월', { exact: false }).waitFor();
    await page.getByText('남은 캐시는 환불되지 않으며', { exact: false }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe('네 가지 내용에 모두 동의하고 이름을 정확히 입력하세요.');
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('이름 확인').fill('정우');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('이름 확인').fill('정우성');
    expect(await submit.isDisabled()).toBe(false);
    await page.getByRole('checkbox', { name: '위 3번 내용을 확인했습니다.' }).uncheck();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '위 3번 내용을 확인했습니다.' }).check();
    await snap(page, 'management-memberDeactivation-ready-desktop');
    await submit.click();
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG_MEMBER.withdrawn).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.getByRole('link', { name: '회원가입' }).first().waitFor();

    // Not memberLogin: this login must fail, so there is no '로그인되었습니다.' to wait for.
    await page.goto(`${shop.server.base}/login`);
    await page.getByLabel('아이디 (메일 주소)').fill(leaving.id);
    await page.getByLabel('비밀번호').fill(leaving.pw);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    expect(await page.getByRole('alertdialog').textContent()).toContain(MSG.loginFailed);
    await context.close();
  });
});

describe('withdrawal with an order in progress', () => {
  it('the main account is told before it fills anything in and cannot withdraw; once the order is cancelled it can', async () => {
    const busy = await newCompany(shop.server, {
      id: 'leaving-busy@partsmall.kr',
      name: '이정재',
      phone: '01077790004',
    });
    await setCash(shop.server, busy.id, 100_000);
    const product = await addProduct(shop.server, { name: '탈퇴 전 주문', prices: [9000, 8000, 7000, 6000], stock: 5 });
    const token = await loginAs(shop.server, busy.id, busy.pw);
    const pickup = { name: '이정재', phone: '01077790004', shippingValue: 4, shippingPayType: 2 };
    const paid = await call<{ orderSeq: number }>(
      shop.server,
      'POST',
      'api/requestPaymentProduct',
      { clientRequestId: 'withdraw-busy-1', carts: [{ productId: product.id, qty: 1 }], shippingInfo: pickup },
      token,
    );
    expect(paid.body.code).toBe(201);

    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/memberDeactivation`, busy.id, busy.pw);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    const notice = page.getByRole('status').filter({ hasText: MSG_MEMBER.withdrawOrdersInProgress });
    await notice.waitFor();
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
    await page.getByLabel('이름 확인').fill('이정재');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe(MSG_MEMBER.withdrawOrdersInProgress);
    await snap(page, 'management-memberDeactivation-orders-in-progress-desktop');

    // The buyer cancels the order: nothing holds the withdrawal back any more.
    const seq = paid.body.results!.orderSeq;
    expect((await call(shop.server, 'POST', 'api/cancelMallOrder', { seq }, token)).body.code).toBe(201);
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/withdrawCheck'));
    await page.reload();
    expect(await (await checked).json()).toMatchObject({ results: { ordersInProgress: 0 } });
    await page.getByLabel('이름 확인').waitFor();
    expect(await notice.count()).toBe(0);
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
    await page.getByLabel('이름 확인').fill('이정재');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG_MEMBER.withdrawn).waitFor();
    await context.close();
  });
});

describe('withdrawal after ten minutes: the password again', () => {
  /** Moves every session of the member eleven minutes into the past (logged in 11 minutes ago). */
  async function ageSessions(loginId: string) {
    const [m] = await shop.server.db.select().from(members).where(eq(members.loginId, loginId));
    await shop.server.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.memberId, m!.id));
  }
  /** A company of the test's own that will withdraw, and its main account's number. */
  async function leavingCompany(id: string, name: string, phone: string) {
    const leaving = await newCompany(shop.server, { id, name, phone });
    const [joinedRow] = await shop.server.db.select().from(members).where(eq(members.loginId, leaving.id));
    return { leaving, leavingSeq: joinedRow!.id };
  }
  /** The account is withdrawn and its login id destroyed with it (docs/requirements.md#retention). */
  async function expectDestroyed(seq: number) {
    const [gone] = await shop.server.db.select().from(members).where(eq(members.id, seq));
    expect([gone!.status, gone!.loginId]).toEqual(['withdrawn', `withdrawn-${seq}@withdrawn.invalid`]);
  }
  const tick = async (page: Page) => {
    for (let i = 1; i <= 4; i++) await page.getByRole('checkbox', { name: `위 ${i}번 내용을 확인했습니다.` }).check();
  };

  it('desktop: an old session shows the password field; a wrong password is refused, the right one withdraws', async () => {
    const { leaving, leavingSeq } = await leavingCompany('leaving-old@partsmall.kr', '한지민', '01077790002');
    const { page, context } = await desktop(shop.browser);
    await login(page, `${shop.server.base}/management/profile`, leaving.id, leaving.pw);
    await ageSessions(leaving.id);
    await page.goto(`${shop.server.base}/management/memberDeactivation`);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    const password = page.getByLabel('비밀번호 확인');
    await password.waitFor();
    await page.getByText('로그인한 지 10분이 지나 본인 확인을 위해 비밀번호를 다시 입력해야 합니다.').waitFor();
    await tick(page);
    await page.getByLabel('이름 확인').fill('한지민');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe('네 가지 내용에 모두 동의하고 이름과 비밀번호를 입력하세요.');
    await password.fill('wrong-pass');
    expect(await submit.isDisabled()).toBe(false);
    await snap(page, 'management-memberDeactivation-password-desktop');
    await submit.click();
    await closeAlert(page, MSG_MEMBER.withdrawPasswordWrong);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await password.fill(leaving.pw);
    await submit.click();
    await page.waitForURL(/\/home$/);
    await page.getByText(MSG_MEMBER.withdrawn).waitFor();
    await expectDestroyed(leavingSeq);
    await context.close();
  });

  it('phone: a fresh session has no password field; once the session ages on the open page, the refusal brings the field', async () => {
    const { leaving, leavingSeq } = await leavingCompany('leaving-phone@partsmall.kr', '박보검', '01077790003');
    const { page, context } = await phone(shop.browser);
    await login(page, `${shop.server.base}/mobileManagement?menu=memberDeactivation`, leaving.id, leaving.pw);
    const submit = page.getByRole('button', { name: '회원 탈퇴', exact: true });
    await page.getByLabel('이름 확인').waitFor();
    await tick(page);
    await page.getByLabel('이름 확인').fill('박보검');
    expect(await page.getByLabel('비밀번호 확인').count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    await ageSessions(leaving.id);
    await submit.click();
    await closeAlert(page, MSG_MEMBER.withdrawPasswordRequired);
    const password = page.getByLabel('비밀번호 확인');
    await password.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await password.fill(leaving.pw);
    await snap(page, 'management-memberDeactivation-password-mobile');
    expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
    await submit.click();
    await page.waitForURL(/\/mobile$/);
    await expectDestroyed(leavingSeq);
    await context.close();
  });
});
