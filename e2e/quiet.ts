import type { BrowserContext, Page, Request } from 'playwright-core';

/**
 * When a screen has finished loading: no request of the page in flight, and the page's main thread
 * idle after the last one ended without starting another. Playwright's 'networkidle' waits a fixed
 * 500 ms after the last request, which was about half of an accessibility leg's time alone
 * (docs/operations.md#tests); an idle callback comes as soon as the page has done what the answer
 * asked of it, later on a loaded machine, where a fixed wait could be too short.
 */

interface Requests {
  inFlight: Set<Request>;
  /** Requests started so far: a change across the idle wait means the answer asked for more. */
  started: number;
}

const tracked = new WeakMap<Page, Requests>();

function track(page: Page): void {
  const requests: Requests = { inFlight: new Set(), started: 0 };
  tracked.set(page, requests);
  page.on('request', (request) => {
    requests.inFlight.add(request);
    requests.started += 1;
  });
  const done = (request: Request) => requests.inFlight.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Follows the requests of every page of the context from its first one (before its first load). */
export function trackRequests(context: BrowserContext): void {
  context.on('page', track);
}

const QUIET_TIMEOUT_MS = 30_000;

/**
 * Waits until the page is quiet (above). A page whose requests were not followed from its start
 * (its context was not given to trackRequests) waits for Playwright's 'networkidle' instead.
 */
export async function waitForQuiet(page: Page): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + QUIET_TIMEOUT_MS;
  for (;;) {
    if (Date.now() > deadline)
      throw new Error(`still loading after ${QUIET_TIMEOUT_MS} ms: ${[...requests.inFlight].map((r) => r.url())}`);
    if (requests.inFlight.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const started = requests.started;
    if ((await mainThreadIdle(page)) && requests.inFlight.size === 0 && requests.started === started) return;
  }
}

/**
 * Resolves once the page's main thread is idle after its next frame; false when the page navigated
 * meanwhile (its document, and the wait with it, is gone: the caller waits for the new one).
 */
async function mainThreadIdle(page: Page): Promise<boolean> {
  try {
    // A function, not a string (the page's CSP refuses eval), typed by hand: bench/ is type-checked
    // without the DOM's types.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const win = globalThis as unknown as {
            requestAnimationFrame(f: () => void): void;
            requestIdleCallback(f: () => void, o: { timeout: number }): void;
          };
          win.requestAnimationFrame(() => win.requestIdleCallback(() => resolve(), { timeout: 2_000 }));
        }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && /context was destroyed|navigation/i.test(error.message)) return false;
    throw error;
  }
}
