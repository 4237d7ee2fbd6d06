import type { BrowserContext, Page } from 'playwright-core';

/**
 * Cumulative Layout Shift as the browser reports it (PerformanceObserver 'layout-shift'), summed
 * the way Core Web Vitals do: shifts without recent input, in session windows (gaps under 1 s,
 * at most 5 s long), the largest window counts. A shift names the elements that moved, so a
 * failing figure says what to fix.
 */
const RECORDER = `(() => {
  let cls = 0, win = 0, first = 0, last = 0;
  const shifts = [];
  const describe = (n) => {
    if (!n || n.nodeType !== 1) return n ? n.nodeName : '?';
    return n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).join('.') : '');
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        if (win > 0 && e.startTime - last < 1000 && e.startTime - first < 5000) { win += e.value; last = e.startTime; }
        else { win = e.value; first = last = e.startTime; }
        if (win > cls) cls = win;
        shifts.push({ value: e.value, at: Math.round(e.startTime), moved: (e.sources || []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (e) {}
  Object.defineProperty(window, '__layoutShift', { value: () => ({ cls, shifts }) });
})();`;

export interface LayoutShift {
  cls: number;
  shifts: { value: number; at: number; moved: string[] }[];
}

/** Every page of the context records its layout shifts from its first byte on. */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORDER);
}

/** The page's CLS so far, once two frames have been drawn (the observer reports after the frame). */
export async function layoutShiftOf(page: Page): Promise<LayoutShift> {
  // Strings, not functions: bench/ is type-checked without the DOM's types.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))))',
  );
  return page.evaluate<LayoutShift>('window.__layoutShift()');
}
