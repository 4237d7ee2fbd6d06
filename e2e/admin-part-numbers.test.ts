import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PART_ADMIN } from '@partsmall/contract';
import { queryRows } from '../apps/server/src/db/client.js';
import { addProduct } from './fixtures.js';
import { call, desktopPage, phonePage, shot, staffLogin, startShop } from './helpers.js';

/**
 * The back office's 호환품번 (cross-reference) and 동의어 (synonym) screens (docs/search.md#part-numbers,
 * docs/search.md#korean-name-search): staff add a relation and the shop finds the current product by
 * the old number; a CSV is previewed with its refused lines (a loop, a chain of more than 20 steps)
 * named by file and line and nothing is stored; a clean CSV is imported after its preview; a relation
 * and a synonym group are removed after a confirmation.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
const url = (path: string) => `${shop.server.base}${path}`;

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).first().waitFor();
const xrefCount = async () =>
  Number((await queryRows<{ n: number }>(shop.server.db, sql`select count(*)::int as n from part_xrefs`))[0]!.n);

/** The shop's part-number search, as the home search bar asks it. */
async function searchPid(keyword: string): Promise<string[]> {
  const res = await call<{ pid: string }[]>(shop.server, 'POST', 'api/getProductHome', {
    searchType: 'pid',
    keyword,
    page: 1,
    size: 20,
  });
  return (res.body.results ?? []).map((p) => p.pid);
}

describe('호환품번 in the back office', () => {
  it('adds a supersession the shop search follows, refuses a CSV with a loop and a long chain, imports a clean one, removes one', async () => {
    const current = await addProduct(shop.server, {
      name: '교차참조 현재 부품',
      pid: '6611-0000-0002',
      prices: [30_000, 29_000, 28_000, 27_000],
      stock: 10,
    });
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.getByRole('link', { name: '호환품번', exact: true }).click();
    await page.getByRole('heading', { name: '호환품번', exact: true }).waitFor();
    const table = page.getByRole('table', { name: '호환품번 목록' });

    // One relation typed in: old number → current one.
    const add = page.getByRole('form', { name: '호환품번 추가' });
    await add.getByLabel('품번 (대체: 이전 품번)').fill('66 11 0 000 001');
    await add.getByLabel('관계').selectOption('supersedes');
    await add.getByLabel('상대 품번 (대체: 현재 품번)').fill(current.pid);
    await add.getByLabel('비고').fill('2025년 변경');
    await add.getByRole('button', { name: '관계 추가' }).click();
    await toast(page, '대체품번 관계를 저장했습니다.');
    await table.getByRole('cell', { name: '66 11 0 000 001', exact: true }).waitFor();
    expect(await add.getByLabel('품번 (대체: 이전 품번)').inputValue()).toBe('');
    // The shop's search of the old number, typed another way, leads to the current product.
    expect(await searchPid('6611-0000-001')).toEqual([current.pid]);
    // The same relation again is refused in Korean.
    await add.getByLabel('품번 (대체: 이전 품번)').fill('661100000 01');
    await add.getByLabel('상대 품번 (대체: 현재 품번)').fill(current.pid);
    await add.getByRole('button', { name: '관계 추가' }).click();
    await page.getByRole('alertdialog').getByText(MSG_PART_ADMIN.duplicate).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    await shot(page, 'admin-xrefs-desktop');

    // A CSV with a loop and a chain of 21 steps: refused lines named by file and line, nothing stored.
    const stored = await xrefCount();
    const chain = Array.from({ length: 21 }, (_, i) => `LONG-${i},LONG-${i + 1},supersedes,`);
    const bad = ['pid,toPid,kind,remark', 'LOOP-A,LOOP-B,대체,', 'LOOP-B,LOOP-A,대체,', ...chain, 'AM-1,OE-1,호환,'];
    await page.getByRole('button', { name: 'CSV 가져오기' }).click();
    const modal = page.getByRole('dialog', { name: '호환품번 CSV 가져오기' });
    await modal
      .getByLabel('호환품번 CSV 파일')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad.join('\n')) });
    await modal.getByRole('button', { name: '미리보기' }).click();
    const refused = modal.getByRole('table', { name: '거부된 줄' });
    await refused.waitFor();
    const reasons = await refused.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^bad\.csv [23]행: 대체 관계가 순환합니다: LOOP-/);
    expect(reasons[1]).toMatch(/^bad\.csv \d+행: 대체 관계가 20단계를 넘습니다: LONG-0 → … → LONG-21 \(21단계\)$/);
    expect(await modal.getByRole('button', { name: /가져오기$/ }).isDisabled()).toBe(true);
    await shot(page, 'admin-xrefs-import-refused-desktop');
    expect(await xrefCount()).toBe(stored);

    // A clean file: the preview lists what will be added, then the import stores it.
    const good = ['pid,toPid,kind,remark', 'AM-77,OE-77,호환,사제품', `66110000003,${current.pid},supersedes,`];
    await modal
      .getByLabel('호환품번 CSV 파일')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good.join('\n')) });
    await modal.getByRole('button', { name: '미리보기' }).click();
    const preview = modal.getByRole('table', { name: '가져올 관계' });
    await expect
      .poll(() => preview.locator('tbody tr').allInnerTexts())
      .toEqual(['2\t추가\tAM-77\t호환\tOE-77', `3\t추가\t66110000003\t대체 (이전 → 현재)\t${current.pid}`]);
    expect(await modal.getByRole('table', { name: '거부된 줄' }).count()).toBe(0);
    expect(await xrefCount()).toBe(stored);
    await shot(page, 'admin-xrefs-import-preview-desktop');
    await modal.getByRole('button', { name: '2건 가져오기' }).click();
    await toast(page, MSG_PART_ADMIN.xrefImported(2));
    expect(await xrefCount()).toBe(stored + 2);
    await modal.getByRole('button', { name: '닫기' }).first().click();
    expect(await searchPid('6611 0000 003')).toEqual([current.pid]);

    // Search by the start of a number, then remove after the confirmation.
    await page.getByLabel('품번 검색어').fill('am-77');
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: 'AM-77 호환 OE-77 삭제' }).click();
    const confirm = page.getByRole('alertdialog', { name: '호환품번 삭제' });
    await confirm.getByText('AM-77 → OE-77 (호환) 관계를 지웁니다.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: '삭제' }).click();
    await toast(page, MSG_PART_ADMIN.xrefRemoved('interchangeable'));
    await table.getByText('검색된 정보가 없습니다.').waitFor();
    expect(await xrefCount()).toBe(stored + 1);
    await context.close();
  });
});

describe('동의어 in the back office', () => {
  it('adds a group, refuses a word of another group, changes and removes a group', async () => {
    const { page, context } = await desktopPage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.getByRole('link', { name: '동의어', exact: true }).click();
    await page.getByRole('heading', { name: '동의어', exact: true }).waitFor();
    const table = page.getByRole('table', { name: '동의어 목록' });
    // The seeded groups of the trade's words are listed (쇼바 = 쇼크업소버 among them).
    await page.getByLabel('동의어 찾기').fill('쇼바');
    await table.getByRole('cell', { name: /쇼바 = 쇼크업소버/ }).waitFor();
    await page.getByLabel('동의어 찾기').fill('');

    const form = page.getByRole('form', { name: '동의어 추가' });
    await form.getByLabel(/^새 묶음의 단어/).fill('와이퍼블레이드 = 와이퍼날, 윈도브러시');
    await form.getByRole('button', { name: '묶음 추가' }).click();
    await toast(page, MSG_PART_ADMIN.synonymSaved);
    await page.getByLabel('동의어 찾기').fill('와이퍼');
    await table.getByRole('cell', { name: '와이퍼블레이드 = 와이퍼날 = 윈도브러시', exact: true }).waitFor();
    await shot(page, 'admin-synonyms-desktop');

    // One word only: the contract's message; a word that is in another group: the server's.
    await form.getByLabel(/^새 묶음의 단어/).fill('외톨이');
    await form.getByRole('button', { name: '묶음 추가' }).click();
    await page.getByRole('alertdialog').getByText(MSG_PART_ADMIN.synonymTerms).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    await form.getByLabel(/^새 묶음의 단어/).fill('와이퍼날 = 닦개');
    await form.getByRole('button', { name: '묶음 추가' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/와이퍼날/)
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();

    // Change the group: a word less.
    await table.getByRole('button', { name: '와이퍼블레이드 묶음 수정' }).click();
    const edit = page.getByRole('form', { name: /^동의어 묶음 \d+ 수정$/ });
    await edit.getByLabel(/^묶음 \d+의 단어/).fill('와이퍼블레이드 = 와이퍼날');
    await edit.getByRole('button', { name: '묶음 저장' }).click();
    await toast(page, MSG_PART_ADMIN.synonymSaved);
    await table.getByRole('cell', { name: '와이퍼블레이드 = 와이퍼날', exact: true }).waitFor();
    const stored = await queryRows<{ terms: string[] }>(
      shop.server.db,
      sql`select terms from part_synonyms where '와이퍼날' = any(terms)`,
    );
    expect(stored.map((r) => r.terms)).toEqual([['와이퍼블레이드', '와이퍼날']]);

    // Remove after the confirmation.
    await table.getByRole('button', { name: '와이퍼블레이드 묶음 삭제' }).click();
    await page.getByRole('alertdialog', { name: '동의어 삭제' }).getByRole('button', { name: '삭제' }).click();
    await toast(page, MSG_PART_ADMIN.synonymRemoved);
    await table.getByText('검색된 정보가 없습니다.').waitFor();
    await context.close();
  });

  it('the screens do not break on a phone', async () => {
    const { page, context } = await phonePage(shop.browser);
    await staffLogin(page, shop.server.base);
    await page.goto(url('/admin/xrefs'));
    await page.getByRole('heading', { name: '호환품번', exact: true }).waitFor();
    await page.getByRole('table', { name: '호환품번 목록' }).waitFor();
    await shot(page, 'admin-xrefs-phone');
    await page.goto(url('/admin/synonyms'));
    await page
      .getByRole('table', { name: '동의어 목록' })
      .getByRole('cell', { name: /^벤츠 = 메르세데스/ })
      .waitFor();
    await shot(page, 'admin-synonyms-phone');
    await context.close();
  });
});
