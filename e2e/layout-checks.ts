import type { Page } from 'playwright-core';
import { PHONE } from './browser.js';

/** The tour's phone (iPhone 13, e2e/browser.ts PHONE) in CSS pixels, when a test did not turn it. */
const PHONE_WIDTH = PHONE.viewport!.width;

/**
 * The smallest text a screen may draw, in CSS pixels: the shop's smallest type (a table's sort mark)
 * is 10 px, badges and captions 11 px. Text drawn inside a scaled SVG shrank with its box, to 5-7 px
 * (the dashboard's sales chart).
 */
export const SMALLEST_TEXT_PX = 10;

/** The shop's touch targets on a phone (docs/requirements.md#look-and-language), in CSS pixels. */
export const TOUCH_TARGET_PX = 44;

/**
 * What the accessibility walk checks of a screen's layout (docs/requirements.md#look-and-language),
 * read in one page evaluation: no visible text drawn smaller than SMALLEST_TEXT_PX; no table cell whose
 * text, wider than its column and not clipped, draws over the next one; no field left in Chromium's
 * own square box (a select or text field no rule styled); on a desktop, no table wider than its dialog or
 * its back office page (its last columns behind a scroll); on a phone, the
 * page laid out at the phone's width (content wider than that made the browser lay the whole page
 * out wider, and a dialog opened off the screen) and no column header whose text does not fit its
 * column (a column squeezed to nothing) and no link, button, select or text field shorter than
 * TOUCH_TARGET_PX, in the shop and the back office alike (a checkbox's and a file picker's target is its label; a link in a
 * sentence is text; a drawing's numbers zoom with it, and their rows are the full-size targets).
 * With `wholeTargets` (the tour's shop screens on a phone) a target is measured both ways, 44 × 44 px,
 * and a checkbox's or radio button's target too, its label or the box itself when no label holds it:
 * measured by height alone, the phone home's EPC and 검색 (36 px wide) and the cart's line boxes
 * (22 × 22 px, never measured) passed. Each finding is a sentence naming the screen.
 */
export async function layoutFindings(
  page: Page,
  where: string,
  device: { phone: boolean; wholeTargets?: boolean },
): Promise<string[]> {
  const { laidOut, content, squeezed, spilled, tiny, short, bare, wide } = await page.evaluate(
    ({ smallest, touch, target, whole }) => {
      // An element's text at its drawn size: its font size, times the scale of an SVG it is drawn in.
      const drawnSize = (el: Element): number => {
        const size = parseFloat(getComputedStyle(el).fontSize);
        const ctm = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
        return ctm ? size * Math.hypot(ctm.b, ctm.d) : size;
      };
      const visibleText = (el: Element) =>
        Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '') &&
        el.getClientRects().length > 0 &&
        getComputedStyle(el).visibility === 'visible' &&
        // Text for screen readers only, and an SVG's title (a tooltip, drawn at the system's size).
        !el.closest('.sr-only, title');
      const tiny = Array.from(document.body.querySelectorAll('*'))
        .filter(visibleText)
        .map((el) => ({ text: el.textContent!.trim().slice(0, 30), px: drawnSize(el) }))
        .filter((t) => t.px < smallest)
        .map((t) => `'${t.text}' (${t.px.toFixed(1)} px)`);
      // A link inside a sentence (its parent holds text of its own) is text, not a target.
      const inSentence = (el: Element) =>
        el.tagName === 'A' &&
        Array.from(el.parentElement?.childNodes ?? []).some(
          (n) => n !== el && n.nodeType === Node.TEXT_NODE && /[^\s|·,]/.test(n.textContent ?? ''),
        );
      // A select or a field one types into (a checkbox's or a file picker's target is its label).
      const fields =
        'select, textarea, input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"], [type="range"], [type="color"])';
      const named = (el: Element) => {
        const name = el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.getAttribute('placeholder'));
        return `${el.tagName.toLowerCase()} '${(name ?? '').slice(0, 20)}'`;
      };
      // A drawing's number (a hotspot) is as large as the drawing draws it, and zooms with it; its row
      // in the parts table, and that row's 위치, do the same at full size.
      const controls = `a[href], button:not(.epc-hotspot), ${fields}, label:has(input[type="file"])`;
      // A checkbox's or a radio button's target is its label, the box itself when no label holds it
      // (the cart's line boxes were 22 × 22 px and passed unmeasured).
      const boxTargets = Array.from(document.querySelectorAll('input[type="checkbox"], input[type="radio"]')).map(
        (input) =>
          input.closest('label') ??
          (input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null) ??
          input,
      );
      const targets = new Set([...Array.from(document.querySelectorAll(controls)), ...boxTargets]);
      // A target is 44 px each way: a short word's link or button drawn 44 px tall but 36 px wide (the
      // phone home's EPC and 검색) is as hard to hit as a low one.
      const size = (el: Element) => {
        const r = el.getBoundingClientRect();
        return `${Math.round(r.width)} × ${Math.round(r.height)} px`;
      };
      const short = !touch
        ? []
        : Array.from(whole ? targets : document.querySelectorAll(controls))
            .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible')
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return (
                !el.closest('.sr-only') &&
                !inSentence(el) &&
                (r.height < target - 0.5 || (whole && r.width < target - 0.5))
              );
            })
            .map((el) =>
              whole
                ? `${named(el)} (${size(el)})`
                : `${named(el)} (${Math.round(el.getBoundingClientRect().height)} px)`,
            );
      // Chromium draws a field nobody styled with its own grey border (#767676), square: a raw
      // control among the kit's rounded ones.
      const bare = Array.from(document.querySelectorAll(fields))
        .filter((el) => el.getClientRects().length > 0 && !el.closest('.sr-only'))
        .filter((el) => getComputedStyle(el).borderTopColor === 'rgb(118, 118, 118)')
        .map(named);
      // A dialog's table wider than the dialog hides its last columns (an order's 금액) behind a scroll,
      // and a back office list wider than its page its status and 상세 (the orders list at 1280 px).
      const wide = Array.from(document.querySelectorAll('[role="dialog"] table, .admin-main table'))
        .filter((t) => t.getClientRects().length > 0 && t.scrollWidth > t.parentElement!.clientWidth + 1)
        .map(
          (t) =>
            `${t.getAttribute('aria-label') ?? 'table'} (${t.scrollWidth} px in ${t.parentElement!.clientWidth} px)`,
        );
      return {
        short,
        bare,
        wide,
        laidOut: window.innerWidth,
        content: document.documentElement.scrollWidth,
        squeezed: Array.from(document.querySelectorAll('th'))
          .filter((th) => th.offsetParent !== null && th.innerText.trim() !== '' && th.scrollWidth > th.clientWidth + 1)
          .map((th) => `${th.innerText.trim()} (${th.clientWidth} px)`),
        // A cell whose one-line text is wider than its column and not clipped draws over the next one.
        spilled: Array.from(document.querySelectorAll('td'))
          .filter(
            (td) =>
              td.offsetParent !== null &&
              td.scrollWidth > td.clientWidth + 1 &&
              getComputedStyle(td).overflowX === 'visible',
          )
          .map((td) => `'${td.innerText.trim().slice(0, 30)}' (${td.scrollWidth} px in ${td.clientWidth} px)`),
        tiny,
      };
    },
    { smallest: SMALLEST_TEXT_PX, touch: device.phone, target: TOUCH_TARGET_PX, whole: device.wholeTargets === true },
  );
  const found: string[] = [];
  if (tiny.length > 0) found.push(`${where}: text smaller than ${SMALLEST_TEXT_PX} px: ${tiny.join(', ')}`);
  if (short.length > 0) found.push(`${where}: touch targets under ${TOUCH_TARGET_PX} px: ${short.join(', ')}`);
  if (spilled.length > 0) found.push(`${where}: cells drawn over the next column: ${spilled.join(', ')}`);
  if (bare.length > 0) found.push(`${where}: fields in the browser's own square box: ${bare.join(', ')}`);
  // A phone's dialogs and lists scroll their tables sideways by design (docs/requirements.md#look-and-language).
  if (!device.phone) {
    if (wide.length > 0) found.push(`${where}: tables wider than their dialog or page: ${wide.join(', ')}`);
    return found;
  }
  // The phone's width as the test holds it: the tour's iPhone upright, or turned on its side (844 px).
  const phoneWidth = page.viewportSize()?.width ?? PHONE_WIDTH;
  if (laidOut !== phoneWidth || content !== phoneWidth)
    found.push(`${where}: laid out ${laidOut} px wide, content ${content} px, on a ${phoneWidth} px phone`);
  if (squeezed.length > 0) found.push(`${where}: column headers cut off: ${squeezed.join(', ')}`);
  return found;
}

/**
 * The walk's checks of a shop screen on the phone (width, readable text, 44 px touch targets), for a
 * test that opens a phone screen the tour does not reach (docs/requirements.md#look-and-language).
 */
export function shopPhoneFindings(page: Page, where: string): Promise<string[]> {
  return layoutFindings(page, where, { phone: true });
}

/**
 * A word longer than its line breaks inside its box (docs/requirements.md#windows-and-sizes): with a
 * long name or keyword on the screen (a company's name, a search, written without spaces as Korean
 * names are), the page stays at the window's width and each box named by `boxes` (CSS selectors,
 * each present) holds its text. The member area's banner and the search's title and
 * '상품명에 없는 검색어' line kept such a word whole: the phone's page was drawn 411-918 px wide, the
 * desktop's title 1,944 px. Each finding is a sentence naming the screen.
 */
export async function longWordFindings(page: Page, where: string, boxes: string[]): Promise<string[]> {
  // The window's width as the test set it: a phone's browser widens its layout to content wider than that.
  const window = page.viewportSize()!.width;
  const { content, spilled, missing } = await page.evaluate((selectors) => {
    const found = selectors.map((s) => ({ s, els: Array.from(document.querySelectorAll(s)) }));
    return {
      content: document.documentElement.scrollWidth,
      missing: found.filter((f) => f.els.length === 0).map((f) => f.s),
      spilled: found.flatMap(({ s, els }) =>
        els
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${s} (${el.scrollWidth} px in ${el.clientWidth} px)`),
      ),
    };
  }, boxes);
  const found: string[] = [];
  if (missing.length > 0) found.push(`${where}: nothing to measure: ${missing.join(', ')}`);
  if (content > window) found.push(`${where}: content ${content} px wide in a ${window} px window`);
  if (spilled.length > 0) found.push(`${where}: text running out of its box: ${spilled.join(', ')}`);
  return found;
}
