import type { Page } from 'playwright-core';
import { PHONE } from './browser.js';

/** The tour's phone (iPhone 13, e2e/browser.ts PHONE) in CSS pixels. */
const PHONE_WIDTH = PHONE.viewport!.width;

/**
 * The smallest text a screen may draw, in CSS pixels: the shop's smallest type (badges, captions) is
 * 11 px. Text drawn inside a scaled SVG shrank with its box, to 5-7 px (the dashboard's sales chart).
 */
export const SMALLEST_TEXT_PX = 10;

/**
 * What the accessibility walk checks of a screen's layout (docs/requirements.md#look-and-language),
 * read in one page evaluation: no visible text drawn smaller than SMALLEST_TEXT_PX; on a phone, the
 * page laid out at the phone's width (content wider than that made the browser lay the whole page
 * out wider, and a dialog opened off the screen) and no column header whose text does not fit its
 * column (a column squeezed to nothing). Each finding is a sentence naming the screen.
 */
export async function layoutFindings(page: Page, where: string, phone: boolean): Promise<string[]> {
  const { laidOut, content, squeezed, tiny } = await page.evaluate(
    ({ smallest }) => {
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
      return {
        laidOut: window.innerWidth,
        content: document.documentElement.scrollWidth,
        squeezed: Array.from(document.querySelectorAll('th'))
          .filter((th) => th.offsetParent !== null && th.innerText.trim() !== '' && th.scrollWidth > th.clientWidth + 1)
          .map((th) => `${th.innerText.trim()} (${th.clientWidth} px)`),
        tiny,
      };
    },
    { smallest: SMALLEST_TEXT_PX },
  );
  const found: string[] = [];
  if (tiny.length > 0) found.push(`${where}: text smaller than ${SMALLEST_TEXT_PX} px: ${tiny.join(', ')}`);
  if (!phone) return found;
  if (laidOut !== PHONE_WIDTH || content !== PHONE_WIDTH)
    found.push(`${where}: laid out ${laidOut} px wide, content ${content} px, on a ${PHONE_WIDTH} px phone`);
  if (squeezed.length > 0) found.push(`${where}: column headers cut off: ${squeezed.join(', ')}`);
  return found;
}
