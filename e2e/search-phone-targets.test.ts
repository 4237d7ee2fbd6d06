import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePage, shot, startShop } from './helpers.js';
import { TOUCH_TARGET_PX } from './layout-checks.js';

/**
 * The search suggestions on a phone are touch targets (docs/search.md#suggestions): each row is a
 * thumb's 44 px tall. They are options of a listbox, not links or buttons, so the walk's target
 * check (layout-checks.ts) does not measure them; they were 37 px.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('search suggestions on a phone', () => {
  it('are rows 44 px tall at least, across the screen', async () => {
    const { page, context } = await phonePage(shop.browser);
    await page.goto(`${shop.server.base}/mobile?search=1`);
    await page.getByRole('combobox', { name: '검색어' }).fill('쇼바');
    const list = page.getByRole('listbox', { name: '추천 검색' });
    await list.getByRole('option', { name: /분류 쇼바/ }).waitFor();
    const boxes = await list
      .getByRole('option')
      .evaluateAll((options) => options.map((o) => o.getBoundingClientRect()).map((r) => [r.height, r.width]));
    expect(boxes.length).toBeGreaterThan(1);
    const width = page.viewportSize()!.width;
    expect(boxes.filter(([height, w]) => height! < TOUCH_TARGET_PX - 0.5 || w! < width - 32)).toEqual([]);
    await shot(page, 'search-suggest-rows-phone');
    await context.close();
  });
});
